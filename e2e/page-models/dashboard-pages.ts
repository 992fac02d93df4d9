import { expect, type Page } from '@playwright/test';

/** The signed-in rider's dashboard JSON, read with their own token (to compare with the screen). */
export async function dashboardJson<T>(page: Page, path: string): Promise<T> {
  const tokens = await page.evaluate(() => localStorage.getItem('vatio.tokens'));
  const { access_token } = JSON.parse(tokens ?? '{}') as { access_token?: string };
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
    const imports = await page.evaluate(async () => {
      const t = JSON.parse(localStorage.getItem('vatio.tokens') ?? '{}') as { access_token?: string };
      const r = await fetch('/api/imports?limit=50', {
        headers: { authorization: `Bearer ${t.access_token}` },
      });
      return ((await r.json()) as { imports: { status: string }[] }).imports;
    });
    expect(total_activities).toBeGreaterThan(90);
    expect(imports.every((i) => i.status === 'done')).toBe(true);
  }).toPass({ timeout: 150_000, intervals: [2_000] });
  await page.goto('/dashboard');
}
