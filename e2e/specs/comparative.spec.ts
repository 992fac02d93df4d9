import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '../fixtures.ts';
import { riderJson as apiJson } from '../page-models/analytics-pages.ts';
import { loadDemoRidesByApi } from '../page-models/dashboard-pages.ts';
import { signUpAndOnboard } from '../page-models/rider.ts';
import { steady } from '../page-models/steady.ts';

// Issue 14, /analytics/comparative, as a new rider would use it: sign up, load the demo, open every
// tab. COMPARATIVE_SHOTS=1 also writes the screenshots people look at (docs/screenshots/comparative).
const SHOTS = join(import.meta.dirname, '..', '..', 'docs', 'screenshots', 'comparative');

interface Comparative {
  summary: { rides: number };
  best: { id: string } | null;
  latest: { id: string } | null;
  rides: { id: string; name: string }[];
}

test.describe('comparative analysis', () => {
  test('a new rider loads the demo and uses every tab, the CSV export and the printable report', async ({
    page,
  }) => {
    test.setTimeout(360_000);
    await signUpAndOnboard(page, `comparative-${Date.now()}@example.org`, 'en');
    await loadDemoRidesByApi(page);

    await page.goto('/analytics');
    await page.getByTestId('link-comparative').click();
    await expect(page).toHaveURL(/\/analytics\/comparative$/);
    await expect(page.getByRole('heading', { name: 'Comparative analysis' })).toBeVisible();

    // Summary cards show what the API counted; each number links to its formula.
    const tz = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    const data = await apiJson<Comparative>(
      page,
      `/api/analytics/comparative?period=4w&metric=np&tz=${tz}&lang=en`,
    );
    expect(data.summary.rides).toBeGreaterThan(3);
    await expect(page.getByTestId('summary-rides')).toHaveText(String(data.summary.rides));
    await expect(
      page.getByTestId('summary-cards').locator('a[href^="/formulas/comparative-analysis#"]'),
    ).toHaveCount(4);

    // Mejor vs Reciente: the two rides' figures, the overlaid series (by time, then by distance) and the curves.
    const view = page.getByTestId('compare-view');
    await expect(view).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('compare-figures').locator('tbody tr')).toHaveCount(14);
    await expect(page.getByTestId('compare-ride-a')).toHaveAttribute('href', `/activities/${data.best!.id}`);
    await expect(page.getByTestId('compare-ride-b')).toHaveAttribute(
      'href',
      `/activities/${data.latest!.id}`,
    );
    await expect(page.getByTestId('overlay-chart')).toBeVisible();
    await page.getByTestId('channel-heart_rate_bpm').click();
    await page.getByTestId('axis-distance').click();
    await expect(page.getByTestId('axis-distance')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('overlay-chart').locator('canvas')).toBeVisible();
    await expect(page.getByTestId('power-curve-chart')).toBeVisible();
    const tss = page.waitForResponse((r) => r.url().includes('metric=tss'));
    await page.getByTestId('best-metric').selectOption('tss');
    expect((await tss).ok()).toBe(true);

    // Selección Manual: search, pick exactly two (a third cannot be picked), counter n/2.
    await page.getByTestId('mode-manual').click();
    await expect(page.getByTestId('pick-counter')).toHaveText('0/2 selected');
    const picks = page.getByTestId('ride-pick');
    await picks.nth(0).check();
    await expect(page.getByTestId('pick-counter')).toHaveText('1/2 selected');
    await page.getByTestId('ride-search').fill(data.rides[3]!.name.slice(0, 4));
    await expect(picks.first()).toBeVisible();
    await page.getByTestId('ride-search').fill('');
    await picks.nth(2).check();
    await expect(page.getByTestId('pick-counter')).toHaveText('2/2 selected');
    await expect(picks.nth(1)).toBeDisabled();
    await expect(page.getByTestId('compare-ride-a')).toHaveAttribute(
      'href',
      `/activities/${data.rides[0]!.id}`,
    );
    await expect(page.getByTestId('compare-ride-b')).toHaveAttribute(
      'href',
      `/activities/${data.rides[2]!.id}`,
    );

    // CSV export of what is shown.
    const download = page.waitForEvent('download');
    await page.getByTestId('export-csv').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('vatio-comparative-4w-compare.csv');
    const csv = readFileSync((await file.path())!, 'utf8');
    expect(csv).toContain('normalized_power_w');
    expect(csv).toContain('By ride type');

    // Evolución Temporal: default FTP over 6M, then VO2max over 1Y; each point opens its source.
    await page.getByTestId('tab-evolution').click();
    await expect(page.getByTestId('evolution-range-6m')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('evolution-summary')).toBeVisible();
    await page.getByTestId('evolution-metric-vo2max').click();
    await page.getByTestId('evolution-range-1y').click();
    const evolution = await apiJson<{ count: number }>(
      page,
      `/api/analytics/evolution?metric=vo2max&range=1y&tz=${tz}`,
    );
    expect(evolution.count).toBeGreaterThan(3);
    await expect(page.getByTestId('evolution-count')).toHaveText(String(evolution.count));
    await expect(page.getByTestId('evolution-chart')).toBeVisible();
    await expect(page.getByTestId('evolution-source')).toHaveCount(evolution.count);
    for (const metric of ['cda', 'weight', 'ftp'] as const) {
      await page.getByTestId(`evolution-metric-${metric}`).click();
      await expect(page.getByTestId('evolution-summary')).toBeVisible();
    }

    // Análisis Tendencias: six metrics of the last 10 rides, a sparkline each.
    await page.getByTestId('tab-trends').click();
    await expect(page.getByTestId('sparkline')).toHaveCount(6);
    await expect(page.getByTestId('recent-rides').locator('tbody tr')).toHaveCount(10);

    // By ride type and the weekday/hour patterns.
    await expect(page.getByTestId('by-type')).toBeVisible();
    await expect(page.getByTestId('patterns').locator('tbody tr').first()).toBeVisible();

    // The periods.
    for (const period of ['12w', '1y'] as const) {
      const answer = page.waitForResponse((r) => r.url().includes(`period=${period}`));
      await page.getByTestId(`period-${period}`).click();
      expect((await answer).ok()).toBe(true);
      await expect(page.getByTestId(`period-${period}`)).toHaveAttribute('aria-pressed', 'true');
    }

    // The printable report: no app header, no buttons; and a PDF.
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('header').first()).toBeHidden();
    await expect(page.getByTestId('export-csv')).toBeHidden();
    await expect(page.getByTestId('summary-cards')).toBeVisible();
    if (process.env.COMPARATIVE_SHOTS)
      await page.screenshot({ path: join(SHOTS, 'print-1280-en.png'), fullPage: true });
    await page.emulateMedia({ media: 'screen' });
    const pdf = await page.pdf({ format: 'A4' });
    expect(pdf.subarray(0, 4).toString()).toBe('%PDF');

    // A point opens its source.
    await page.getByTestId('tab-evolution').click();
    await page.getByTestId('evolution-metric-vo2max').click();
    await page.getByTestId('evolution-source').first().click();
    await expect(page).toHaveURL(/\/activities\/[0-9a-f-]{36}$/);

    if (process.env.COMPARATIVE_SHOTS) {
      for (const lang of ['es', 'en'] as const) {
        // The header's switcher: a signed-in rider's language is kept with their settings.
        await page.goto('/analytics/comparative');
        await page.getByTestId('language-switcher').first().selectOption(lang);
        await expect(page.getByTestId('tab-compare')).toHaveText(
          lang === 'es' ? 'Comparar Actividades' : 'Compare Activities',
        );
        for (const width of [1280, 390]) {
          await page.setViewportSize({ width, height: width > 500 ? 800 : 844 });
          for (const tab of ['compare', 'evolution', 'trends'] as const) {
            await page.goto('/analytics/comparative');
            await expect(page.getByTestId('summary-cards')).toBeVisible();
            await page.getByTestId(`tab-${tab}`).click();
            if (tab === 'compare')
              await expect(page.getByTestId('compare-view')).toBeVisible({ timeout: 20_000 });
            if (tab === 'evolution') await expect(page.getByTestId('evolution-summary')).toBeVisible();
            await steady(page);
            await page.screenshot({ path: join(SHOTS, `${tab}-${width}-${lang}.png`), fullPage: true });
          }
        }
      }
    }
  });

  test('signed out, the screen shows the example rider, said plainly', async ({ page }) => {
    await page.goto('/analytics/comparative');
    await expect(page.getByTestId('example-banner')).toBeVisible();
  });
});
