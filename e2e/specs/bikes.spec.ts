import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, test } from '../fixtures.ts';
import { loadDemoRidesByApi } from '../page-models/dashboard-pages.ts';
import { signUpAndOnboard } from '../page-models/rider.ts';
import { accessToken } from '../page-models/session.ts';
import { steady } from '../page-models/steady.ts';

const SHOTS = join(import.meta.dirname, '../../docs/screenshots/bikes');

/**
 * A GET of the rider's own API with their token, to compare the screen with the answer. The token is
 * renewed through the session cookie (page-models/session.ts): the app no longer keeps it in storage.
 */
async function apiJson<T>(page: Page, path: string): Promise<T> {
  const access_token = await accessToken(page);
  const response = await page.request.get(`/api/${path}`, {
    headers: { authorization: `Bearer ${access_token}` },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as T;
}

interface BikeJson {
  id: string;
  name: string;
  is_primary: boolean;
  stats: { rides: number; distance_m: number };
}
interface PartJson {
  kind: string;
  distance_m: number;
  wear_pct: number | null;
  wear_state: string;
}

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

test.describe('bikes, parts and maintenance', () => {
  test('a new rider creates a bike, adds parts, loads the demo, sees distance and wear, logs a service', async ({
    page,
  }) => {
    test.setTimeout(480_000);
    await signUpAndOnboard(page, `bikes-${Date.now()}@example.org`, 'es');

    // /bikes is a screen now, not the profile's list: the onboarding bike is there, without rides.
    await page.goto('/bikes');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Gestión de Bicicletas');
    await expect(page.getByTestId('bike-card')).toHaveCount(1);

    // 'Nueva Bicicleta': an empty name is refused in the field; then the bike is saved.
    await page.getByTestId('new-bike').click();
    await expect(page.getByRole('dialog', { name: 'Agregar Nueva Bicicleta' })).toBeVisible();
    await page.getByTestId('bike-submit').click();
    await expect(page.getByRole('dialog').getByRole('alert')).toContainText('nombre');
    await page.locator('[name=name]').fill('Tarmac');
    await page.locator('[name=type]').selectOption('road');
    await page.locator('[name=brand]').fill('Specialized');
    await page.locator('[name=model]').fill('SL7');
    await page.getByTestId('bike-weight').fill('7,8');
    await page.getByTestId('bike-submit').click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page.getByTestId('bike-card')).toHaveCount(2);
    await expect(page.getByTestId('bike-detail')).toContainText('Tarmac');
    // The new bike becomes the primary one, so the demo's rides are ridden on it.
    await page.getByRole('button', { name: 'Hacer principal' }).click();
    await expect(page.getByTestId('bike-detail')).toContainText('Principal');

    // Parts: a chain (a short interval, so the demo wears it out) and a rear tyre (the default interval).
    await page.getByTestId('bike-tab-components').click();
    await expect(page.getByTestId('components-empty')).toBeVisible();
    await page.getByTestId('add-component').click();
    await page.getByTestId('component-installed').fill('2099-01-01');
    await page.getByTestId('component-submit').click();
    await expect(page.getByTestId('component-form').getByRole('alert')).toContainText('instalación');
    await page.getByTestId('component-installed').fill(daysAgo(400));
    await page.locator('[name=brand]').fill('Shimano');
    await page.locator('[name=model]').fill('CN-M8100');
    await page.locator('[name=price]').fill('39,90');
    await page.getByTestId('component-service-km').fill('800');
    await page.getByTestId('component-submit').click();
    await expect(page.getByTestId('component-card')).toHaveCount(1);
    await page.getByTestId('add-component').click();
    await page.getByTestId('component-kind').selectOption('tyre_rear');
    await page.getByTestId('component-installed').fill(daysAgo(400));
    await page.getByTestId('component-submit').click();
    await expect(page.getByTestId('component-card')).toHaveCount(2);

    // The demo: six months of rides through the real import, on the primary bike.
    await page.goto('/dashboard');
    await loadDemoRidesByApi(page);
    // The dashboard tells that something is due (the chain is past its 800 km).
    await expect(page.getByTestId('maintenance-due-banner')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('maintenance-due-banner')).toContainText('Cadena de Tarmac');
    await page.getByTestId('maintenance-due-link').click();
    await expect(page).toHaveURL(/\/bikes\?bike=/);

    // The card and the overview show the API's distance, the sum over the bike's rides.
    const bikes = await apiJson<BikeJson[]>(page, 'bikes');
    const tarmac = bikes.find((b) => b.name === 'Tarmac')!;
    expect(tarmac.is_primary).toBe(true);
    expect(tarmac.stats.rides).toBeGreaterThan(90);
    const km = (tarmac.stats.distance_m / 1000).toLocaleString('es', {
      minimumFractionDigits: 1,
      maximumFractionDigits: 1,
    });
    await expect(page.getByTestId('bike-detail').getByTestId('stat-distance')).toContainText(km);
    await expect(page.getByTestId('bike-detail').getByTestId('stat-rides')).toContainText(
      tarmac.stats.rides.toLocaleString('es'),
    );

    // Parts: distance since installed (all the demo's rides) and wear.
    const parts = await apiJson<PartJson[]>(page, `bikes/${tarmac.id}/components`);
    const chain = parts.find((p) => p.kind === 'chain')!;
    expect(chain.distance_m).toBe(tarmac.stats.distance_m);
    expect(chain.wear_state).toBe('overdue');
    await page.getByTestId('bike-tab-components').click();
    const chainCard = page.getByTestId('component-card').filter({ hasText: 'Cadena' });
    await expect(chainCard.getByTestId('component-distance')).toContainText(km);
    await expect(chainCard.getByTestId('wear-bar')).toHaveAttribute('aria-valuenow', '100');
    await expect(chainCard).toContainText('Revisión vencida');

    // Rendimiento: the bike's power curve from its rides.
    await page.getByTestId('bike-tab-performance').click();
    await expect(page.getByTestId('power-curve-chart')).toBeVisible();
    await expect(page.getByTestId('bike-speed-trend')).toBeVisible();

    // Mantenimiento: the chain is due; a service of it restarts its interval.
    await page.getByTestId('bike-tab-maintenance').click();
    await expect(page.getByTestId('maintenance-due')).toContainText('Cadena');
    await expect(page.getByTestId('maintenance-empty')).toBeVisible();
    await page.getByTestId('add-service').click();
    await page.getByTestId('service-submit').click();
    await expect(page.getByTestId('maintenance-form').getByRole('alert')).toContainText('Indica qué se hizo');
    await page.getByTestId('service-what').fill('Cadena limpiada y encerada');
    await page.getByTestId('service-part').selectOption({ label: 'Cadena · Shimano · CN-M8100' });
    await page.getByTestId('service-date').fill(daysAgo(0));
    await page.getByTestId('service-cost').fill('12,5');
    await page.getByTestId('service-submit').click();
    await expect(page.getByTestId('maintenance-log')).toContainText('Cadena limpiada y encerada');
    await expect(page.getByTestId('maintenance-log')).toContainText('12,50');
    await expect(page.locator('[data-testid=maintenance-due] li', { hasText: 'Cadena' })).toHaveCount(0);
    const after = await apiJson<PartJson[]>(page, `bikes/${tarmac.id}/components`);
    expect(after.find((p) => p.kind === 'chain')!.wear_state).not.toBe('overdue');

    // A wrong cost is corrected from the log: the add form, prefilled, saved through PATCH.
    await page.getByTestId('service-edit').first().click();
    await expect(page.getByRole('dialog', { name: 'Editar servicio' })).toBeVisible();
    await expect(page.getByTestId('service-what')).toHaveValue('Cadena limpiada y encerada');
    await expect(page.getByTestId('service-cost')).toHaveValue('12.5');
    await page.getByTestId('service-cost').fill('abc');
    await page.getByTestId('service-submit').click();
    await expect(page.getByTestId('maintenance-form').getByRole('alert')).toBeVisible();
    await page.getByTestId('service-cost').fill('20');
    await page.getByTestId('service-submit').click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page.getByTestId('maintenance-log')).toContainText('20,00');
    await expect(page.getByTestId('maintenance-log')).not.toContainText('12,50');
    await expect(page.getByTestId('maintenance-log')).toContainText('Cadena limpiada y encerada');

    // A part's service interval corrected: ten times longer, so its wear is a tenth.
    const tyreBefore = after.find((p) => p.kind === 'tyre_rear')!;
    expect(tyreBefore.wear_pct).not.toBeNull();
    await page.getByTestId('bike-tab-components').click();
    const tyreCard = page.getByTestId('component-card').filter({ hasText: 'Neumático trasero' });
    await tyreCard.getByTestId('component-edit').click();
    await expect(page.getByRole('dialog', { name: 'Editar: Neumático trasero' })).toBeVisible();
    const oldKm = Number(await page.getByTestId('component-service-km').inputValue());
    expect(oldKm).toBe(4000);
    await page.getByTestId('component-service-km').fill(String(oldKm * 10));
    await page.getByTestId('component-submit').click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(async () => {
      const tyreAfter = (await apiJson<PartJson[]>(page, `bikes/${tarmac.id}/components`)).find(
        (p) => p.kind === 'tyre_rear',
      )!;
      expect(tyreAfter.wear_pct).toBeCloseTo(tyreBefore.wear_pct! / 10, 0);
    }).toPass({ timeout: 10_000 });
    const tyreWear = Math.round(tyreBefore.wear_pct! / 10);
    await expect(tyreCard.getByTestId('wear-bar')).toHaveAttribute('aria-valuenow', String(tyreWear));
    await expect(tyreCard).toContainText(`${tyreWear.toLocaleString('es')} %`);
    await expect(tyreCard).toContainText('40.000 km');

    // One ride moved from its ride page: it leaves Tarmac for Emonda, with its distance.
    await page.getByTestId('bike-tab-overview').click();
    await page.getByTestId('bike-rides').getByRole('link').first().click();
    await expect(page.getByTestId('ride-page')).toBeVisible();
    const moved = page.waitForResponse(
      (r) => r.url().includes('/api/activities/') && r.request().method() === 'PUT',
    );
    await page.getByTestId('ride-bike').selectOption({ label: 'Emonda' });
    expect((await moved).ok()).toBe(true);
    await expect(async () => {
      const now = await apiJson<BikeJson[]>(page, 'bikes');
      const emonda = now.find((b) => b.name === 'Emonda')!;
      const tarmacNow = now.find((b) => b.name === 'Tarmac')!;
      expect(emonda.stats.rides).toBe(1);
      expect(tarmacNow.stats.rides).toBe(tarmac.stats.rides - 1);
      expect(Math.round(emonda.stats.distance_m + tarmacNow.stats.distance_m)).toBe(
        Math.round(tarmac.stats.distance_m),
      );
    }).toPass({ timeout: 10_000 });

    // Screenshots for people to look at: 1280 and 390 px, Spanish and English.
    mkdirSync(SHOTS, { recursive: true });
    for (const language of ['es', 'en'] as const) {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.getByTestId('language-switcher').selectOption(language);
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
        await page.goto(`/bikes?bike=${tarmac.id}`);
        await expect(page.getByTestId('bike-detail')).toBeVisible();
        await page.evaluate(() => window.scrollTo(0, 0));
        await steady(page);
        await page.screenshot({ path: join(SHOTS, `bikes-cards-${width}-${language}.png`) });
        for (const tab of ['overview', 'performance', 'components', 'maintenance'] as const) {
          await page.getByTestId(`bike-tab-${tab}`).click();
          await page.getByTestId(`bike-tab-${tab}`).scrollIntoViewIfNeeded();
          await page.evaluate(() => window.scrollBy(0, -80));
          await steady(page);
          await page.screenshot({ path: join(SHOTS, `bikes-${tab}-${width}-${language}.png`) });
          // The edit dialog (the add form, prefilled): 1280 px in English, 390 px in Spanish.
          if (tab === 'components' && (width === 1280) === (language === 'en')) {
            await page.getByTestId('component-edit').first().click();
            await expect(page.getByTestId('component-form')).toBeVisible();
            await steady(page);
            await page.screenshot({ path: join(SHOTS, `bikes-component-edit-${width}-${language}.png`) });
            await page.keyboard.press('Escape');
            await expect(page.getByRole('dialog')).toBeHidden();
          }
        }
      }
    }
  });
});
