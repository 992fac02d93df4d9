import { join } from 'node:path';
import { expect, test } from '../fixtures.ts';
import { E2E_STRAVA_URL } from '../playwright.config.ts';
import { signUpAndOnboard } from '../page-models/rider.ts';

const SHOTS = join(import.meta.dirname, '../../docs/screenshots/strava-storm');

// Issue 16 ("Faults"): while Strava does not answer (every API request a 503 from its load balancer),
// the import waits and the rider reads why and until when, in English and in Spanish; once Strava
// answers again the import ends by itself.
test.describe('Strava storm', () => {
  test('the sync page says Strava is not answering and when it tries again, then the import ends', async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000);
    const athleteId = 100_000 + (Date.now() % 800_000);
    await signUpAndOnboard(page, `strava-storm-${athleteId}@example.org`);
    expect((await request.post(`${E2E_STRAVA_URL}/__fake/athlete`, { data: { id: athleteId } })).ok()).toBe(
      true,
    );
    await page.goto('/profile');
    await page.getByTestId('strava-connect').click();
    await page.getByRole('button', { name: 'Authorize' }).click();
    await expect(page).toHaveURL(/\/profile\?strava=connected/);

    await page.goto('/sync');
    const storm = (data: object) => request.post(`${E2E_STRAVA_URL}/__fake/storm`, { data });
    expect((await storm({ seed: 1, probability: 1, weights: { unavailable: 1 } })).ok()).toBe(true);
    try {
      await page.getByTestId('strava-import-activities').click();
      const paused = page.getByTestId('strava-paused');
      await expect(paused).toContainText(/Strava is not answering right now: trying again at \d\d:\d\d/, {
        timeout: 30_000,
      });
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.screenshot({ path: join(SHOTS, 'paused-en-1280.png') });
      await page.getByTestId('language-switcher').first().selectOption('es');
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(page.getByTestId('strava-paused')).toContainText(
        /Strava no responde ahora mismo: se reintenta a las \d\d:\d\d/,
        { timeout: 30_000 },
      );
      await page.screenshot({ path: join(SHOTS, 'paused-es-390.png') });
    } finally {
      await storm({});
    }
    // Strava answers again: the next try (at most 20 s later by then) carries on to the end.
    await expect(page.getByTestId('strava-sync-status')).toHaveAttribute('data-state', 'completed', {
      timeout: 90_000,
    });
    await expect(page.getByTestId('strava-paused')).toHaveCount(0);
  });
});
