import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '../fixtures.ts';
import { loadDemoRidesByApi } from '../page-models/dashboard-pages.ts';
import { signUpAndOnboard } from '../page-models/rider.ts';

// Issue 14: the demo rider repeats routes (Thursday and Saturday), so the segment card on /analytics
// fills; every view as a new rider would use it, with screenshots at 1280 and 390 px in both languages.
const SHOTS = join(import.meta.dirname, '..', '..', 'docs', 'screenshots', 'segments');

test('a new rider loads the demo and uses the segment card: performance, pacing, comparison, star and rename', async ({
  page,
}) => {
  test.setTimeout(420_000);
  await signUpAndOnboard(page, `segments-${Date.now()}@example.org`, 'en');
  await loadDemoRidesByApi(page);
  await page.goto('/analytics');
  const card = page.getByTestId('segment-card');
  await expect(card.getByRole('heading', { name: 'Segments' })).toBeVisible();
  await expect(card.getByTestId('segment-select')).toBeVisible({ timeout: 30_000 });
  expect(await card.getByTestId('segment-select').locator('option').count()).toBeGreaterThan(1);

  // Rendimiento: PB time m:ss linked to its formula, attempts, mean power, consistency, PB flag, chart.
  await expect(card.getByTestId('segment-pb')).toContainText(/\d+:\d\d/);
  await expect(card.getByTestId('segment-pb').locator('a[href^="/formulas/segments#"]')).toHaveCount(1);
  await expect(card.getByTestId('segment-attempts')).toBeVisible();
  await expect(card.getByTestId('segment-pb-flag')).toHaveText(/PB!|No PB/);
  await expect(card.getByTestId('segment-efforts-chart').locator('canvas')).toBeVisible();

  // Pacing: strategy, efficiency, advice, bars current vs recommended.
  await card.getByTestId('segment-view-pacing').click();
  await expect(card.getByTestId('pacing-strategy')).toContainText(/Even|Negative split|Fast start|Surging/);
  await expect(card.getByTestId('pacing-advice').locator('li').first()).toBeVisible();
  await expect(card.getByTestId('pacing-bars')).toContainText('Recommended');

  // Comparison: two efforts, the table, power and speed over distance, the thirds and the gap chart.
  await card.getByTestId('segment-view-compare').click();
  await expect(card.getByTestId('compare-table')).toContainText('Speed');
  const effortA = card.getByTestId('compare-a');
  const choices = await effortA
    .locator('option')
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  await effortA.selectOption(choices[1]!);
  await expect(card.getByTestId('compare-power-chart').locator('canvas')).toBeVisible();
  await expect(card.getByTestId('compare-speed-chart').locator('canvas')).toBeVisible();
  await expect(card.getByTestId('compare-section')).toHaveCount(3);
  await expect(card.getByTestId('compare-sections')).toContainText('Third 1');
  await expect(card.getByTestId('compare-sections')).toContainText(/\d+ W/);
  await expect(card.getByTestId('compare-gap-chart').locator('canvas')).toBeVisible();

  // Star and rename: the list shows it.
  await card.getByTestId('segment-star').click();
  await expect(card.getByTestId('segment-star')).toHaveAttribute('aria-pressed', 'true');
  await card.getByTestId('segment-rename').click();
  await card.getByTestId('segment-name-input').fill('Ridge climb');
  await card.getByTestId('segment-name-save').click();
  await expect(card.getByTestId('segment-select')).toContainText('Ridge climb');

  // The predictive screen's segments tab links here.
  await page.goto('/analytics/predictive');
  await page.getByTestId('predictive-tab-segments').click();
  await page.getByTestId('link-segments').click();
  await expect(page).toHaveURL(/\/analytics#segments$/);

  mkdirSync(SHOTS, { recursive: true });
  for (const lang of ['es', 'en'] as const) {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/analytics');
    await page.getByTestId('language-switcher').first().selectOption(lang);
    await expect(page.getByTestId('segment-card').getByRole('heading', { level: 2 })).toHaveText(
      lang === 'es' ? 'Segmentos' : 'Segments',
    );
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      for (const view of ['performance', 'pacing', 'compare'] as const) {
        await page.goto('/analytics');
        const c = page.getByTestId('segment-card');
        await expect(c.getByTestId('segment-select')).toBeVisible({ timeout: 30_000 });
        await c.getByTestId(`segment-view-${view}`).click();
        if (view !== 'pacing') await expect(c.locator('canvas').first()).toBeVisible();
        if (view === 'compare')
          await expect(c.getByTestId('compare-speed-chart').locator('canvas')).toBeVisible();
        // The app's sticky header would cover the card's top in an element screenshot.
        await page.addStyleTag({ content: 'header { position: static !important; }' });
        await c.screenshot({ path: join(SHOTS, `segments-${view}-${width}-${lang}.png`) });
      }
    }
  }
});
