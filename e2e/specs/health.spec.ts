import { join } from 'node:path';
import { expect, test } from '../fixtures.ts';
import { requestCode, submitCode } from '../page-models/auth-pages.ts';
import { addFirstBike, fillProfile } from '../page-models/onboarding-pages.ts';
import { signUpAndOnboard } from '../page-models/rider.ts';
import { accessToken } from '../page-models/session';
import { steady } from '../page-models/steady.ts';

const SHOTS = join(import.meta.dirname, '../../docs/screenshots/health');
const SERVICES = ['database', 'jobs', 'storage', 'mail', 'sms', 'strava', 'map_tiles'] as const;
const MISSING_RIDE = '00000000-0000-4000-8000-000000000000';

test.describe('system health', () => {
  test('a rider opens health from the header, sees the services, refreshes, and finds a failed request in Red', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await signUpAndOnboard(page, `health-${Date.now()}@example.org`, 'en');

    await page.getByTestId('nav-health').click();
    await expect(page).toHaveURL(/\/dashboard\/health$/);
    await expect(page.getByRole('heading', { name: 'System health' })).toBeVisible();
    for (const service of SERVICES) await expect(page.getByTestId(`health-service-${service}`)).toBeVisible();
    // The e2e server: database and jobs work; e-mail and texts go to the outbox (SMTP_URL and
    // SMS_PROVIDER_URL empty); Strava is the fake on loopback; the tile server is set.
    await expect(page.getByTestId('health-service-database')).toHaveAttribute('data-status', 'healthy');
    await expect(page.getByTestId('health-service-jobs')).toHaveAttribute('data-status', 'healthy');
    await expect(page.getByTestId('health-service-mail')).toHaveAttribute('data-status', 'warning');
    await expect(page.getByTestId('health-service-mail')).toContainText('outbox');
    await expect(page.getByTestId('health-service-strava')).toHaveAttribute('data-status', 'healthy');
    await expect(page.getByTestId('health-service-map_tiles')).toHaveAttribute('data-status', 'healthy');
    await expect(page.getByTestId('health-service-database')).toContainText(/Response: [\d.,]+ ms/);
    await expect(page.getByTestId('health-summary-network')).toContainText('Online');
    await expect(page.getByTestId('health-summary-services')).toContainText('of 7');

    // 'Refresh' asks the server again.
    const again = page.waitForResponse((r) => r.url().endsWith('/api/health/services') && r.status() === 200);
    await page.getByTestId('health-refresh').click();
    await again;

    // No failed request yet; then a ride that does not exist answers 404.
    await page.getByTestId('health-tab-network').click();
    await expect(page.getByText('No request has failed.')).toBeVisible();
    await page.goto(`/activities/${MISSING_RIDE}`);
    await page.waitForResponse(
      (r) => r.url().includes(`/api/activities/${MISSING_RIDE}`) && r.status() === 404,
    );
    await page.goto('/dashboard/health');
    await page.getByTestId('health-tab-network').click();
    const failed = page.getByTestId('health-failed-requests');
    await expect(failed).toContainText(`/api/activities/${MISSING_RIDE}`);
    await expect(failed).toContainText('404');
    await expect(page.getByTestId('health-summary-requests')).not.toContainText(/^Failed requests0/);
    // A rider who is not an operator sees their own requests under 'Recent logs'.
    await page.getByTestId('health-tab-logs').click();
    await expect(page.getByTestId('health-own-log')).toContainText('/api/health/services');

    // Offline, as the browser reports it.
    await page.context().setOffline(true);
    await expect(page.getByTestId('health-summary-network')).toContainText('Offline');
    await page.context().setOffline(false);
    await expect(page.getByTestId('health-summary-network')).toContainText('Online');

    await page.getByTestId('health-tab-network').click();
    for (const language of ['es', 'en'] as const) {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.getByTestId('language-switcher').selectOption(language);
      await expect(
        page.getByRole('heading', { name: language === 'es' ? 'Sistema de Salud' : 'System health' }),
      ).toBeVisible();
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
        await page.evaluate(() => {
          (document.activeElement as HTMLElement | null)?.blur();
          window.scrollTo(0, 0);
        });
        await steady(page);
        await page.screenshot({ path: join(SHOTS, `health-${width}-${language}.png`) });
        // The records card at the top, under the sticky header.
        await page.getByTestId('health-tab-network').evaluate((tab, phone) => {
          // A phone shows the records card under the sticky header; a desktop the whole page from the top.
          if (!phone) return window.scrollTo(0, 0);
          tab.scrollIntoView({ block: 'start' });
          window.scrollBy(0, -96);
        }, width < 500);
        await steady(page);
        // On a desktop the page is barely taller than the window: the whole page, so the list shows.
        await page.screenshot({
          path: join(SHOTS, `health-network-${width}-${language}.png`),
          fullPage: width > 500,
        });
      }
    }
  });

  test('an operator (ADMIN_EMAILS) reads the server logs; the API refuses everyone else', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    // A fixed address (ADMIN_EMAILS in playwright.config.ts): new on a fresh data folder, known on a rerun.
    await page.addInitScript(() => localStorage.setItem('vatio.language', 'en'));
    await page.goto('/auth/signup');
    await submitCode(page, await requestCode(page, { email: 'ops-e2e@example.org' }, { signup: true }));
    await expect(page).toHaveURL(/\/(onboarding\/profile|dashboard)$/);
    if (page.url().endsWith('/onboarding/profile')) {
      await fillProfile(page, { firstName: 'Olga', lastName: 'Ops', weightKg: '70' });
      await addFirstBike(page, { name: 'Ops bike', type: 'road' });
    }
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/dashboard/health');
    await page.getByTestId('health-tab-logs').click();
    await expect(page.getByText('Server log records (latest 20)')).toBeVisible();
    await expect(page.getByTestId('health-log-level')).toBeVisible();
    const tokens = { access_token: await accessToken(page) };
    const logs = await page.request.get('/api/health/logs', {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(logs.status()).toBe(200);
    expect((await page.request.get('/api/health/logs')).status()).toBe(401);
    await page.screenshot({ path: join(SHOTS, 'health-operator-logs-1280-en.png') });
  });
});
