import type { Page } from '@playwright/test';

/**
 * A fresh access token of the signed-in rider of `page`, for tests that compare the screen with the
 * API. The web app keeps its access token in memory and its refresh token in an HttpOnly cookie
 * (issue 16), so the test renews the session through that cookie, from the page, under the same Web
 * Lock the app takes: the two never present the same refresh token twice (which would revoke it).
 */
export async function accessToken(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const rotate = async () => {
      const response = await fetch('/api/auth/refresh', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-vatio-session': 'cookie' },
        body: '{}',
      });
      if (!response.ok) throw new Error(`refresh failed: ${response.status}`);
      return ((await response.json()) as { access_token: string }).access_token;
    };
    return navigator.locks.request('vatio.refresh', rotate);
  });
}
