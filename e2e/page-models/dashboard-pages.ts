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

/** From the empty dashboard: load six months of demo rides and wait until the dashboard shows them. */
export async function loadDemoRides(page: Page) {
  await page.getByTestId('load-demo').click();
  // The import page shows the demo's real progress (rides stored of the total), not "Idle".
  await expect(page).toHaveURL(/\/sync\?demo=\d+$/);
  const progress = page.getByTestId('demo-progress');
  await expect(progress).toBeVisible();
  const total = Number(await progress.getAttribute('data-total'));
  expect(total).toBeGreaterThan(90);
  await expect(progress).toHaveAttribute('data-done', String(total), { timeout: 150_000 });
  await expect(async () => {
    await page.goto('/dashboard');
    await expect(page.getByTestId('stat-this-week')).toBeVisible({ timeout: 3_000 });
    const { total_activities } = await dashboardJson<{ total_activities: number }>(page, '/stats');
    const token = await accessToken(page);
    const imports = await page.evaluate(async (access) => {
      const r = await fetch('/api/imports?limit=50', {
        headers: { authorization: `Bearer ${access}` },
      });
      return ((await r.json()) as { imports: { status: string }[] }).imports;
    }, token);
    expect(total_activities).toBeGreaterThan(90);
    expect(imports.every((i) => i.status === 'done')).toBe(true);
  }).toPass({ timeout: 150_000, intervals: [2_000] });
  await page.goto('/dashboard');
}
