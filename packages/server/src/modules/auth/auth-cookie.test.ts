// Issue 16: the web app's refresh token moves from localStorage to an HttpOnly, SameSite=Strict
// cookie scoped to the auth routes (Secure on https). Scripts keep the token in the JSON body.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.ts';
import { REFRESH_REUSE_INTERVAL_S } from './auth.service.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h?.close());

let n = 0;
const uniqueEmail = () => `cookie${++n}@example.org`;
const COOKIE_MODE = { 'x-vatio-session': 'cookie' };

function setCookie(response: { headers: Record<string, unknown> }): string {
  const header = response.headers['set-cookie'];
  const value = Array.isArray(header) ? header.join('\n') : String(header ?? '');
  expect(value).toMatch(/^vatio_refresh=/);
  return value;
}
const cookieValue = (header: string) => /^vatio_refresh=([^;]*)/.exec(header)![1]!;

async function browserSignIn(harness: Harness, email: string) {
  const code = await harness.requestCode({ email });
  const response = await harness.app.inject({
    method: 'POST',
    url: '/api/auth/verify',
    headers: COOKIE_MODE,
    payload: { email, token: code, type: 'email' },
  });
  expect(response.statusCode).toBe(200);
  return {
    response,
    cookie: cookieValue(setCookie(response)),
    access: response.json().access_token as string,
  };
}

const refreshWithCookie = (
  cookie: string,
  headers: Record<string, string> = COOKIE_MODE,
  payload: unknown = {},
) =>
  h.app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    headers: { ...headers, cookie: `other=1; vatio_refresh=${cookie}` },
    payload: payload as object,
  });
const me = (access: string) =>
  h.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${access}` } });

describe('the browser session cookie', () => {
  test('verify sets an HttpOnly, SameSite=Strict cookie for the auth routes only, and the body holds no refresh token', async () => {
    const { response, access } = await browserSignIn(h, uniqueEmail());
    const header = setCookie(response);
    expect(header).toContain('; HttpOnly');
    expect(header).toContain('; SameSite=Strict');
    expect(header).toContain('; Path=/api/auth');
    expect(header).toContain(`; Max-Age=${30 * 24 * 3600}`);
    // PUBLIC_URL is http:// here: not Secure (README: a browser would drop a Secure cookie on http).
    expect(header).not.toContain('Secure');
    expect(response.json()).not.toHaveProperty('refresh_token');
    expect((await me(access)).statusCode).toBe(200);
  });

  test('refresh through the cookie rotates it; replaying the old cookie revokes the whole session', async () => {
    const first = await browserSignIn(h, uniqueEmail());
    const rotated = await refreshWithCookie(first.cookie);
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json()).not.toHaveProperty('refresh_token');
    const second = cookieValue(setCookie(rotated));
    expect(second).not.toBe(first.cookie);
    const access2 = rotated.json().access_token as string;
    expect((await me(access2)).statusCode).toBe(200);

    // Past the reuse interval (sessions-everywhere.test.ts covers the replay within it).
    h.advance(REFRESH_REUSE_INTERVAL_S + 1);
    const replay = await refreshWithCookie(first.cookie);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.code).toBe('REFRESH_INVALID');
    // The dead cookie is cleared with the answer.
    expect(setCookie(replay)).toMatch(/^vatio_refresh=;.*Max-Age=0/);
    // Every token of the family dies: the rotated cookie and both access tokens.
    expect((await refreshWithCookie(second)).statusCode).toBe(401);
    expect((await me(access2)).statusCode).toBe(401);
    expect((await me(first.access)).statusCode).toBe(401);
  });

  test('a forged cross-site request cannot use the cookie: it needs the header and a JSON body', async () => {
    const { cookie } = await browserSignIn(h, uniqueEmail());
    // No X-Vatio-Session header (a plain form post or a no-cors fetch cannot add one).
    expect((await refreshWithCookie(cookie, {})).statusCode).toBe(401);
    // A form's content type.
    const form = await h.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: {
        ...COOKIE_MODE,
        cookie: `vatio_refresh=${cookie}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'a=1',
    });
    expect(form.statusCode).toBeGreaterThanOrEqual(400);
    expect(form.statusCode).toBeLessThan(500);
    // No body at all (a simple request).
    const bare = await h.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { ...COOKIE_MODE, cookie: `vatio_refresh=${cookie}` },
    });
    expect(bare.statusCode).toBe(401);
    // None of them spent the token: the real app still refreshes with it.
    expect((await refreshWithCookie(cookie)).statusCode).toBe(200);
  });

  test('logout clears the cookie and the session', async () => {
    const { cookie, access } = await browserSignIn(h, uniqueEmail());
    const out = await h.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${access}`, cookie: `vatio_refresh=${cookie}` },
      payload: {},
    });
    expect(out.statusCode).toBe(204);
    expect(setCookie(out)).toMatch(/^vatio_refresh=; Path=\/api\/auth; Max-Age=0; HttpOnly; SameSite=Strict/);
    expect((await refreshWithCookie(cookie)).statusCode).toBe(401);
  });

  test('scripts keep the token in the body: no cookie is set without the header', async () => {
    const rider = await h.signIn({ email: uniqueEmail() });
    expect(rider.refresh_token).toBeTruthy();
    const refreshed = await h.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refresh_token: rider.refresh_token },
    });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().refresh_token).toBeTruthy();
    expect(refreshed.headers['set-cookie']).toBeUndefined();
  });
});

describe('on https', () => {
  test('the cookie is Secure', async () => {
    const secure = await createHarness({ PUBLIC_URL: 'https://vatio.example.org' });
    try {
      const { response } = await browserSignIn(secure, 'secure@example.org');
      expect(setCookie(response)).toContain('; Secure');
    } finally {
      await secure.close();
    }
  });
});
