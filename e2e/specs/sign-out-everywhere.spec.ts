import { join } from 'node:path';
import { expect, test } from '../fixtures.ts';
import { requestCode, submitCode } from '../page-models/auth-pages.ts';
import { signUpAndOnboard } from '../page-models/rider.ts';
import { accessToken } from '../page-models/session.ts';

const SHOTS = join(import.meta.dirname, '../../docs/screenshots/auth');

// Issue 16: a rider signed in on two devices signs out everywhere from one; the other is out too.
test('sign out everywhere from one browser ends the session of another', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const email = `everywhere-${Date.now()}@example.org`;
  await signUpAndOnboard(page, email, 'en');

  // Two refreshes of one cookie at once, outside the app's Web Lock (a second tab of a browser without
  // Web Locks, or a reload while a refresh was on the wire): within the reuse interval both succeed
  // with the same new token, and the session lives on.
  const before = (await page.context().cookies()).find((c) => c.name === 'vatio_refresh')?.value;
  const overlapping = await page.evaluate(async () => {
    const refresh = () =>
      fetch('/api/auth/refresh', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-vatio-session': 'cookie' },
        body: '{}',
      }).then((r) => r.status);
    return Promise.all([refresh(), refresh()]);
  });
  expect(overlapping).toEqual([200, 200]);
  const after = (await page.context().cookies()).find((c) => c.name === 'vatio_refresh')?.value;
  expect(after).toBeTruthy();
  expect(after).not.toBe(before);

  // The section and its confirmation, in both languages and both widths.
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/settings$/);
  const section = page.getByTestId('logout-everywhere');
  for (const language of ['es', 'en'] as const) {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByTestId('language-switcher').selectOption(language);
    await expect(section).toHaveText(
      language === 'es' ? 'Cerrar sesión en todos los dispositivos' : 'Sign out everywhere',
    );
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width > 500 ? 800 : 844 });
      await section.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SHOTS, `sessions-${width}-${language}.png`) });
      await section.click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toContainText(
        language === 'es' ? '¿Cerrar sesión en todos los dispositivos?' : 'Sign out everywhere?',
      );
      await page.screenshot({ path: join(SHOTS, `sessions-confirm-${width}-${language}.png`) });
      // Cancel ends nothing.
      await dialog.getByRole('button', { name: language === 'es' ? 'Cancelar' : 'Cancel' }).click();
      await expect(dialog).toHaveCount(0);
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // A second device: another browser context (its own cookies and storage) on another network (its
  // own address, believed through the e2e server's TRUST_PROXY) signs in to the same account. From
  // the first browser's address it would wait out the minute between two codes to one contact
  // (tested in the server suite, auth-limits.test.ts).
  const phone = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '198.51.100.24' } });
  try {
    const other = await phone.newPage();
    await other.addInitScript(() => localStorage.setItem('vatio.language', 'en'));
    await other.goto('/auth/login');
    await submitCode(other, await requestCode(other, { email }, { signup: false }));
    await expect(other).toHaveURL(/\/dashboard$/);
    const otherAccess = await accessToken(other);
    expect(
      (await other.request.get('/api/me', { headers: { authorization: `Bearer ${otherAccess}` } })).status(),
    ).toBe(200);

    // The first browser signs out everywhere, after confirming.
    await section.click();
    await page.getByTestId('logout-everywhere-confirm').click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/auth\/login$/);

    // The other device: its access token answers 401, its refresh cookie is refused, and its next
    // page load lands on the login form.
    expect(
      (await other.request.get('/api/me', { headers: { authorization: `Bearer ${otherAccess}` } })).status(),
    ).toBe(401);
    const refreshed = await other.evaluate(async () => {
      const response = await fetch('/api/auth/refresh', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-vatio-session': 'cookie' },
        body: '{}',
      });
      return response.status;
    });
    expect(refreshed).toBe(401);
    await other.goto('/settings');
    await expect(other).toHaveURL(/\/auth\/login$/);
  } finally {
    await phone.close();
  }
});
