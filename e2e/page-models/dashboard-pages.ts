import { expect, type Page } from '@playwright/test';
import { accessToken } from './session.ts';

/** The signed-in rider's dashboard JSON, read with their own token (to compare with the screen). */
export async function dashboardJson<T>(page: Page, path: string): Promise<T> {
  const access_token = await accessToken(page);
  const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const separator = path.includes('?') ? '&' : '?';
  const response = await page.request.get(`/api/dashboard${path}${separator}tz=${timeZone}&locale=en`, {
    headers: { authorization: `Bearer ${access_token}` },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as T;
}

/**
 * From the empty dashboard, as a rider does: the button, then the import page's real progress (rides
 * stored of the total, not "Idle"); then waits until the dashboard shows the rides. dashboards.spec
 * loads the demo this way; the specs about what a rider does with the demo use `loadDemoRidesByApi`.
 */
export async function loadDemoRides(page: Page) {
  await page.getByTestId('load-demo').click();
  await expect(page).toHaveURL(/\/sync\?demo=\d+$/);
  const progress = page.getByTestId('demo-progress');
  await expect(progress).toBeVisible();
  const total = Number(await progress.getAttribute('data-total'));
  expect(total).toBeGreaterThan(90);
  await expect(progress).toHaveAttribute('data-done', String(total), { timeout: 150_000 });
  await demoReady(page, total);
}

/**
 * The demo loaded through the API the dashboard's button calls (POST /api/demo), for specs about what
 * comes after (issue 27: the button and the import page are dashboards.spec's; here the page is not
 * redrawn and re-polled while six months of rides are imported). Waits as `loadDemoRides` does.
 */
export async function loadDemoRidesByApi(page: Page) {
  const token = await accessToken(page);
  const response = await page.request.post('/api/demo', {
    headers: { authorization: `Bearer ${token}` },
    data: {},
  });
  expect(response.status()).toBe(202);
  const { rides } = (await response.json()) as { rides: number };
  expect(rides).toBeGreaterThan(90);
  await demoReady(page, rides);
}

/**
 * Every demo ride stored and every import done, read from the API (issue 27: a page load of the
 * dashboard every 2 s before), then the dashboard shows them.
 */
async function demoReady(page: Page, total: number) {
  const token = await accessToken(page);
  const headers = { authorization: `Bearer ${token}` };
  const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  await expect(async () => {
    const stats = await page.request.get(`/api/dashboard/stats?tz=${timeZone}&locale=en`, { headers });
    expect(stats.ok()).toBe(true);
    const { total_activities } = (await stats.json()) as { total_activities: number };
    const list = await page.request.get('/api/imports?limit=50', { headers });
    expect(list.ok()).toBe(true);
    const { imports } = (await list.json()) as { imports: { status: string }[] };
    expect(total_activities).toBeGreaterThan(90);
    expect(total_activities).toBe(total);
    expect(imports.every((i) => i.status === 'done')).toBe(true);
  }).toPass({ timeout: 150_000, intervals: [1_000] });
  await page.goto('/dashboard');
  await expect(page.getByTestId('stat-this-week')).toBeVisible();
}
