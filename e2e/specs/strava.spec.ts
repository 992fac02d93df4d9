import { join } from 'node:path';
import { expect, test } from '../fixtures.ts';
import { E2E_STRAVA_URL } from '../playwright.config.ts';
import { signUpAndOnboard } from '../page-models/rider.ts';

const SHOTS = join(import.meta.dirname, '../../.test-output/strava-shots');

test.describe('Strava', () => {
  test('a new rider connects Strava from the profile, imports, and sees the rides and the progress on both sync pages', async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000);
    const athleteId = 100_000 + (Date.now() % 800_000);
    await signUpAndOnboard(page, `strava-${athleteId}@example.org`);
    // The rider's Strava account (on the fake Strava): rides, a run and a swim, two bikes.
    expect((await request.post(`${E2E_STRAVA_URL}/__fake/athlete`, { data: { id: athleteId } })).ok()).toBe(
      true,
    );

    await page.goto('/profile');
    await expect(page.getByTestId('strava-status')).toHaveText('Not connected');
    await page.getByTestId('strava-connect').click();
    // Strava's authorize page, then back to the profile.
    await expect(page).toHaveURL(new RegExp(`^${E2E_STRAVA_URL}/oauth/authorize`));
    await page.getByRole('button', { name: 'Authorize' }).click();
    await expect(page).toHaveURL(/\/profile\?strava=connected/);
    await expect(page.getByTestId('strava-outcome')).toHaveAttribute('data-outcome', 'connected');
    await expect(page.getByTestId('strava-status')).toHaveText('Connected as Rita Vega');

    await page.goto('/sync');
    await expect(page.getByTestId('strava-sync-none')).toBeVisible();
    await page.getByTestId('strava-import-bikes').click();
    await expect(page.getByTestId('strava-sync-status')).toHaveAttribute('data-state', 'completed');
    await page.getByTestId('strava-import-activities').click();
    await expect(page.getByTestId('strava-sync-status')).toHaveAttribute('data-state', 'completed', {
      timeout: 60_000,
    });
    await expect(page.getByTestId('strava-sync-percent')).toHaveText('100%'); // en: Intl's percent, no space (es reads "100 %")
    await expect(page.getByTestId('strava-sync-summary')).toContainText('4 new rides imported');
    await page.screenshot({ path: join(SHOTS, 'sync.png'), fullPage: true });

    await page.goto('/activities');
    for (const name of ['Tempo by the river', 'Zwift intervals', 'Gravel loop', 'Long ride'])
      await expect(page.getByText(name).first()).toBeVisible();
    await expect(page.getByText('Morning run')).toHaveCount(0);

    await page.goto('/activities/sync');
    await page.getByTestId('sync-period').selectOption('365');
    const rows = page.getByTestId('sync-row');
    await expect(rows).toHaveCount(6);
    await expect(page.locator('[data-testid="sync-row"][data-synced="true"]')).toHaveCount(4);
    await expect(page.getByTestId('sync-synced')).toHaveText('4');
    await expect(rows.filter({ hasText: 'Morning run' })).toContainText('Not cycling');
    await page.screenshot({ path: join(SHOTS, 'activities-sync.png'), fullPage: true });
  });
});
