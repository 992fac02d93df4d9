import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test } from '../fixtures.ts';
import { signUpAndOnboard } from '../page-models/rider.ts';

// Real ride files from public repositories, read in place (never copied into the project).
const FIXTURES = resolve(
  process.env.VATIO_FIXTURES ?? join(import.meta.dirname, '../../../shared/fixtures/activities'),
);
const RIDES = [
  'garmin-edge-810-vector-road-1h18-power-laps.fit',
  'garmin-edge-1030plus-virtual-ride-46min-power.fit.gz',
  'garmin-edge-705-road-2h25-power.tcx',
];
const present = existsSync(FIXTURES) && RIDES.every((f) => existsSync(join(FIXTURES, f)));
if (!present) console.warn(`[e2e] ride fixtures not found at ${FIXTURES}: the import flow test is skipped`);

test.describe('importing rides', () => {
  test.skip(!present, `ride fixtures not found at ${FIXTURES}`);

  test('a rider uploads several rides and a broken file at once, sees each outcome, and studies a climb on the ride page', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await signUpAndOnboard(page, `importer-${Date.now()}@example.org`);
    await page.goto('/activities');
    const broken = Buffer.alloc(2048, 0x5a);
    broken.write('.FIT', 8, 'latin1');
    await page.getByTestId('upload-input').setInputFiles([
      ...RIDES.map((name) => ({
        name,
        mimeType: 'application/octet-stream',
        buffer: readFileSync(join(FIXTURES, name)),
      })),
      { name: 'broken.fit', mimeType: 'application/octet-stream', buffer: broken },
    ]);

    const progress = page.getByTestId('import-progress');
    await expect(progress).toBeVisible();
    const rows = progress.locator('[data-status]');
    await expect(rows).toHaveCount(4);
    // Every file reaches its own end: three rides stored, the broken one refused with a reason.
    await expect(progress.locator('[data-status="done"]')).toHaveCount(3, { timeout: 120_000 });
    const failed = progress.locator('[data-status="failed"]');
    await expect(failed).toHaveCount(1);
    await expect(failed).toContainText('broken.fit');
    await expect(failed).not.toHaveText(/^\s*broken\.fit\s*$/);

    const cards = page.getByTestId('activity-card');
    await expect(cards).toHaveCount(3, { timeout: 20_000 });
    // The Edge 810 ride: its device recorded NP 301 W.
    const edge810 = cards.filter({ hasText: '301' });
    await expect(edge810).toHaveCount(1);

    await edge810.getByRole('link').first().click();
    await expect(page).toHaveURL(/\/activities\/[0-9a-f-]+$/);
    await expect(page.getByTestId('ride-summary')).toBeVisible();
    await expect(page.getByTestId('stream-chart')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('power-curve-chart')).toBeVisible();
    await expect(page.getByTestId('ride-map')).toBeVisible();

    // The ride's own FTP estimates (spec 000 §9), beside the FTP it was measured against, each linked
    // to its formula, with the note that a ride's best 20 minutes is rarely a test.
    const estimates = page.getByTestId('ftp-estimates');
    await expect(estimates).toBeVisible();
    await expect(estimates.getByTestId('ftp-estimates-used')).toContainText(/\d+\s*W/);
    const best20 = estimates
      .getByTestId('ftp-estimate')
      .filter({ has: page.locator('[data-method="best-20-min-95"]') });
    await expect(best20.getByTestId('ftp-estimate-value')).toHaveText(/\d+\s*W/);
    await expect(best20.getByTestId('ftp-estimate-confidence')).toContainText('40');
    await expect(best20.locator('[data-method]')).toHaveAttribute(
      'href',
      '/formulas/critical-power#95--of-the-best-20-minutes',
    );
    await expect(estimates.locator('[data-method="cp-2p"]')).toBeVisible();
    await expect(estimates.getByTestId('ftp-estimates-note')).toBeVisible();

    const climb = page.getByTestId('climb-row').first();
    await expect(climb).toBeVisible();
    const start = await climb.getAttribute('data-start');
    const end = await climb.getAttribute('data-end');
    await climb.click();
    const selection = page.getByTestId('selection-stats');
    await expect(selection).toHaveAttribute('data-start', String(Math.round(Number(start))));
    await expect(selection).toHaveAttribute('data-end', String(Math.round(Number(end))));
    await expect(page.getByTestId('selection-np')).toHaveText(/\d+\s*W/);
  });
});
