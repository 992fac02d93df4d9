import { join } from 'node:path';
import { expect, test } from '../fixtures.ts';
import { loadDemoRidesByApi } from '../page-models/dashboard-pages.ts';
import { signUpAndOnboard } from '../page-models/rider.ts';
import { accessToken } from '../page-models/session.ts';
import { steady } from '../page-models/steady.ts';

const SHOTS = join(import.meta.dirname, '../../docs/screenshots/advanced');
const TABS = ['physiological', 'biomechanics', 'aero', 'specific', 'power'] as const;

interface Advanced {
  rides: number;
  summary: { overall: { score: number } | null; readiness: { score: number } | null };
  physiological: { vo2max: { ml_kg_min: number } | null; thresholds: { vt2: { power_w: number } } | null };
  aero: { rides: { activity_id: string }[] };
  power: { np_w: number | null; gradient: unknown | null };
  biomechanics: {
    platform_centre_offset_mm: { left_mm: number | null; right_mm: number | null } | null;
    power_phase_deg: { left: { start_deg: number; end_deg: number } | null } | null;
  };
  professional_summary: unknown[];
}

/** The rider's advanced answer, read with their own token (to compare with the screen). */
async function advancedJson(page: import('playwright-core').Page, period: string): Promise<Advanced> {
  const access_token = await accessToken(page);
  const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const response = await page.request.get(`/api/analytics/advanced?period=${period}&tz=${timeZone}`, {
    headers: { authorization: `Bearer ${access_token}` },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as Advanced;
}

test.describe('advanced metrics on real data', () => {
  test('a new rider loads the demo, opens /analytics/advanced from /analytics, every tab and period', async ({
    page,
  }) => {
    test.setTimeout(420_000);
    await signUpAndOnboard(page, `advanced-${Date.now()}@example.org`, 'en');
    await loadDemoRidesByApi(page);

    await page.goto('/analytics');
    await page.getByTestId('link-advanced').click();
    await expect(page).toHaveURL(/\/analytics\/advanced$/);
    await expect(page.getByRole('heading', { name: 'Advanced metrics' })).toBeVisible();

    const a = await advancedJson(page, '4w');
    expect(a.rides).toBeGreaterThan(0);
    // The summary cards show the API's numbers, each linked to its formula.
    const overall = page.getByTestId('card-overall');
    if (a.summary.overall) await expect(overall).toContainText(String(a.summary.overall.score));
    await expect(overall.locator('a[href^="/formulas/advanced-metrics#"]')).toHaveCount(1);
    if (a.summary.readiness)
      await expect(page.getByTestId('card-readiness')).toContainText(String(a.summary.readiness.score));

    // Fisiológico (default): VO2max and the thresholds.
    if (a.physiological.vo2max)
      await expect(page.getByTestId('phys-vo2max')).toContainText(
        a.physiological.vo2max.ml_kg_min.toLocaleString('en', { maximumFractionDigits: 1 }),
      );
    if (a.physiological.thresholds)
      await expect(page.getByTestId('phys-vt2')).toContainText(
        String(a.physiological.thresholds.vt2.power_w),
      );
    await expect(page.getByTestId('phys-method')).toBeVisible();

    await page.getByTestId('advanced-tab-biomechanics').click();
    // The demo rider's dual-sided pedals: platform centre offset and power phase, as the API says.
    const pco = a.biomechanics.platform_centre_offset_mm;
    const phase = a.biomechanics.power_phase_deg?.left;
    expect(pco?.left_mm).not.toBeNull();
    const one = (v: number) => v.toLocaleString('en', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    await expect(page.getByTestId('bio-pco')).toContainText(`${one(pco!.left_mm!)} / ${one(pco!.right_mm!)}`);
    await expect(page.getByTestId('bio-phase-left')).toContainText(
      `${Math.round(phase!.start_deg)}°–${Math.round(phase!.end_deg)}°`,
    );
    await expect(page.getByTestId('bio-phase-dial')).toBeVisible();
    await expect(page.getByTestId('bio-cadence-bars')).toBeVisible();

    await page.getByTestId('advanced-tab-aero').click();
    if (a.aero.rides.length > 0) {
      const link = page.getByTestId('aero-lab-link').first();
      await expect(link).toHaveAttribute(
        'href',
        `/analytics/aero-lab?activity=${a.aero.rides[0]!.activity_id}`,
      );
    } else {
      await expect(page.getByTestId('aero-needs')).toBeVisible();
    }

    await page.getByTestId('advanced-tab-specific').click();
    await expect(page.getByTestId('spec-efficiency')).toContainText('gas exchange');

    await page.getByTestId('advanced-tab-power').click();
    if (a.power.np_w !== null) await expect(page.getByTestId('power-np')).toContainText(String(a.power.np_w));
    if (a.power.gradient) await expect(page.getByTestId('power-curve-chart')).toBeVisible();
    await expect(page.getByTestId('advanced-summary').locator('li')).toHaveCount(
      a.professional_summary.length,
    );

    for (const period of ['12w', '1y'] as const) {
      const answer = page.waitForResponse((r) =>
        r.url().includes(`/api/analytics/advanced?period=${period}`),
      );
      await page.getByTestId(`advanced-period-${period}`).click();
      expect((await answer).ok()).toBe(true);
      await expect(page.getByTestId(`advanced-period-${period}`)).toHaveAttribute('aria-pressed', 'true');
    }

    // Screenshots for people to look at: every tab at 1280 and 390 px, in Spanish and English.
    await page.getByTestId('advanced-period-4w').click();
    for (const language of ['es', 'en'] as const) {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.getByTestId('language-switcher').selectOption(language);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        language === 'es' ? 'Métricas avanzadas' : 'Advanced metrics',
      );
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: width > 500 ? 800 : 844 });
        await page.goto('/analytics/advanced');
        await expect(page.getByTestId('card-overall')).toBeVisible();
        for (const tab of TABS) {
          await page.getByTestId(`advanced-tab-${tab}`).click();
          // From the top, so the sticky header is not captured mid-page.
          await page.evaluate(() => window.scrollTo(0, 0));
          await steady(page);
          await page.screenshot({
            path: join(SHOTS, `advanced-${tab}-${width}-${language}.png`),
            fullPage: true,
          });
        }
      }
    }
  });

  test('signed out, /analytics/advanced shows the example rider', async ({ page }) => {
    test.setTimeout(300_000);
    await page.goto('/analytics/advanced');
    await expect(page.getByTestId('example-banner')).toBeVisible();
    await expect(page.getByTestId('card-overall')).toBeVisible({ timeout: 240_000 });
  });
});
