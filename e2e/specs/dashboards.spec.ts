import { expect, test } from '../fixtures.ts';
import { dashboardJson, loadDemoRides } from '../page-models/dashboard-pages.ts';
import { signUpAndOnboard } from '../page-models/rider.ts';

interface Dashboard {
  weekly_stats: { activities: number; average_power: number | null; total_tss: number };
  recent_activities: { id: string; name: string }[];
  training_zones: { ftp: number; ftp_source: string };
}

test.describe('dashboards on real data', () => {
  test('a new rider loads the demo rides, reads all three dashboards, and reopens Your Progress offline', async ({
    page,
    context,
  }) => {
    test.setTimeout(240_000);
    await signUpAndOnboard(page, `dashboards-${Date.now()}@example.org`, 'en');
    await expect(page.getByTestId('dashboard-empty')).toBeVisible();
    await loadDemoRides(page);

    // Classic: the cards show the same numbers the API computed from the stored rides.
    const d = await dashboardJson<Dashboard>(page, '');
    const week = d.weekly_stats;
    await expect(page.getByTestId('stat-this-week')).toHaveText(
      week.activities === 1 ? '1 ride' : `${week.activities} rides`,
    );
    await expect(page.getByTestId('stat-avg-power')).toHaveText(
      week.average_power === null ? '—' : `${Math.round(week.average_power).toLocaleString('en')} W`,
    );
    await expect(page.getByTestId('stat-tss')).toHaveText(Math.round(week.total_tss).toLocaleString('en'));
    await expect(page.getByTestId('zones-ftp')).toContainText(`${d.training_zones.ftp} W`);
    await page.getByTestId('tab-performance').click();
    await expect(page.getByTestId('power-curve-chart')).toBeVisible();
    await expect(page.getByTestId('performance-trends')).toContainText('%');
    await page.getByTestId('tab-recent').click();
    const recent = page.getByTestId('recent-activities').locator('li');
    await expect(recent).toHaveCount(5);
    await expect(recent.first()).toContainText(d.recent_activities[0]!.name);

    // Period summary: cards, zones from the rides, and the training-load chart.
    await page.getByTestId('dashboard-view-summary').click();
    await expect(page).toHaveURL(/\/dashboard\/cycling$/);
    await expect(page.getByTestId('summary-ftp')).toHaveText(`${d.training_zones.ftp} W`);
    await expect(page.getByTestId('summary-power-zones')).toContainText('Endurance');
    await page.getByTestId('period-90d').click();
    const summary = await dashboardJson<{ stats: { activities: number } }>(page, '/summary?period=90d');
    await expect(page.getByTestId('summary-range')).toContainText(`${summary.stats.activities} rides`);
    await page.getByTestId('summary-tab-progress').click();
    await expect(page.getByTestId('training-load-chart')).toBeVisible();

    // Narrative: demo banner, hero, four cards, the coach and the next goal.
    await page.getByTestId('dashboard-view-narrative').click();
    await expect(page).toHaveURL(/\/dashboard\/narrative$/);
    await expect(page.getByTestId('source-demo')).toBeVisible();
    await expect(page.getByTestId('hero-strength')).toContainText('W/kg');
    await expect(page.locator('[data-testid^="narrative-metric-"]')).toHaveCount(4);
    const power = page.getByTestId('narrative-metric-power');
    await expect(power.getByTestId('sparkline')).toBeVisible();
    await power.getByRole('button').click();
    await expect(power).toContainText('What does this mean?');
    await expect(page.getByTestId('next-goal')).toContainText('W');
    const goal = (await page.getByTestId('next-goal').textContent()) ?? '';

    // Offline: the service worker serves the app, the page its saved narrative.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await expect(page.getByTestId('hero-strength')).toBeVisible();
    await context.setOffline(true);
    await page.reload();
    // Offline is decided from the failed call (no answer from the server), not from
    // navigator.onLine alone, which some Chromium builds leave `true` under emulated offline.
    await expect(page.getByTestId('banner-offline')).toBeVisible();
    await expect(page.getByTestId('source-error')).toHaveCount(0);
    await expect(page.getByTestId('narrative-title')).toHaveText('Your Progress');
    await expect(page.getByTestId('next-goal')).toHaveText(goal);
    await context.setOffline(false);
    // The page asks again on the browser's `online` event; sent here too, so the step does not
    // depend on whether (or when) this build fires it for emulated network changes.
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(page.getByTestId('banner-offline')).toBeHidden();
    await expect(page.getByTestId('source-error')).toHaveCount(0);

    // On a 375 px phone the ride page's stat values are whole, never cut ("132 b…").
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`/activities/${d.recent_activities[0]!.id}`);
    const values = page.getByTestId('ride-summary').getByTestId('stat-value');
    await expect(values.first()).toBeVisible();
    const cut = await values.evaluateAll((cells) =>
      cells.filter((c) => c.scrollWidth > c.clientWidth).map((c) => c.textContent),
    );
    expect(cut).toEqual([]);
  });
});
