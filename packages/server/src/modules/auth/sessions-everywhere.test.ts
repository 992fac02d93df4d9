// Issue 16, "Who gets in": sign out everywhere, the refresh reuse interval, and answers that do not
// tell whether an account exists. Through the real server, each JSON answer checked by its contract.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { codeFromMail } from '../../test/mail-sink.ts';
import { createHarness, type Harness } from '../../test/harness.ts';
import { REFRESH_REUSE_INTERVAL_S } from './auth.service.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ OTP_REQUESTS_PER_IP_PER_HOUR: '100' });
});
afterAll(async () => h?.close());

let n = 0;
const uniqueEmail = () => `everywhere${++n}@example.org`;
const COOKIE_MODE = { 'x-vatio-session': 'cookie' };
const me = (access: string) =>
  h.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${access}` } });
const refresh = (refresh_token: string) =>
  h.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh_token } });
const refreshWithCookie = (cookie: string) =>
  h.app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    headers: { ...COOKIE_MODE, cookie: `vatio_refresh=${cookie}` },
    payload: {},
  });
const logoutAll = (access: string, headers: Record<string, string> = {}) =>
  h.app.inject({
    method: 'POST',
    url: '/api/auth/logout-all',
    headers: { authorization: `Bearer ${access}`, ...headers },
    payload: {},
  });
function cookieOf(response: { headers: Record<string, unknown> }): string {
  const header = response.headers['set-cookie'];
  const value = Array.isArray(header) ? header.join('\n') : String(header ?? '');
  return /^vatio_refresh=([^;]*)/.exec(value)?.[1] ?? '';
}

async function browserSignIn(email: string) {
  const code = await h.requestCode({ email });
  const response = await h.app.inject({
    method: 'POST',
    url: '/api/auth/verify',
    headers: COOKIE_MODE,
    payload: { email, token: code, type: 'email' },
  });
  expect(response.statusCode).toBe(200);
  return { cookie: cookieOf(response), access: response.json().access_token as string };
}

describe('sign out everywhere', () => {
  test('ends every session of the rider: every refresh token and every access token already issued stop working', async () => {
    const email = uniqueEmail();
    // A laptop browser (cookie session) and a phone script (tokens in the body), same rider.
    const laptop = await browserSignIn(email);
    h.advance(61);
    const phone = await h.signIn({ email });
    // The phone has rotated once: its family has a spent and a live token.
    const phone2 = (await refresh(phone.refresh_token)).json();
    const stranger = await h.signIn({ email: uniqueEmail() });
    // Every access token is used first, so each sits in the server's verified-token and live-session memories.
    for (const access of [laptop.access, phone.access_token, phone2.access_token, stranger.access_token]) {
      expect((await me(access)).statusCode).toBe(200);
    }

    const out = await logoutAll(laptop.access, { cookie: `vatio_refresh=${laptop.cookie}` });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ sessions_ended: 2 });
    // The browser's cookie is cleared with the answer.
    expect(String(out.headers['set-cookie'])).toMatch(/^vatio_refresh=;.*Max-Age=0/);

    // Old access tokens answer 401 at once, from both devices.
    for (const access of [laptop.access, phone.access_token, phone2.access_token]) {
      const refused = await me(access);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().error.code).toBe('UNAUTHORIZED');
    }
    // Both families' refresh tokens are dead, the spent one included (even within the reuse interval).
    expect((await refreshWithCookie(laptop.cookie)).statusCode).toBe(401);
    expect((await refresh(phone2.refresh_token)).statusCode).toBe(401);
    expect((await refresh(phone.refresh_token)).statusCode).toBe(401);
    // Another rider is untouched.
    expect((await me(stranger.access_token)).statusCode).toBe(200);
    expect((await refresh(stranger.refresh_token)).statusCode).toBe(200);

    // The rider signs in again as usual, with a new session.
    h.advance(61);
    const again = await h.signIn({ email });
    expect(again.user.id).toBe(phone.user.id);
    expect((await me(again.access_token)).statusCode).toBe(200);
    // A second sign-out everywhere ends only what is live now: the new session.
    expect((await logoutAll(again.access_token)).json()).toEqual({ sessions_ended: 1 });
  });

  test('needs a signed-in session: no bearer is 401, a personal API key is refused and stays valid', async () => {
    const rider = await h.signIn({ email: uniqueEmail() });
    const noBearer = await h.app.inject({ method: 'POST', url: '/api/auth/logout-all', payload: {} });
    expect(noBearer.statusCode).toBe(401);

    const created = await h.app.inject({
      method: 'POST',
      url: '/api/me/api-keys',
      headers: rider.headers,
      payload: { name: 'script', scope: 'read' },
    });
    expect(created.statusCode).toBe(201);
    const secret = created.json().secret as string;
    const viaKey = await logoutAll(secret);
    expect(viaKey.statusCode).toBe(403);
    expect(viaKey.json().error.code).toBe('API_KEY_NOT_ALLOWED');
    expect((await me(rider.access_token)).statusCode).toBe(200);

    // Personal API keys are separate credentials (revoked one by one): signing out leaves them.
    expect((await logoutAll(rider.access_token)).statusCode).toBe(200);
    expect((await me(rider.access_token)).statusCode).toBe(401);
    expect((await me(secret)).statusCode).toBe(200);
  });

  test('refuses a body with unknown fields', async () => {
    const rider = await h.signIn({ email: uniqueEmail() });
    const bad = await h.app.inject({
      method: 'POST',
      url: '/api/auth/logout-all',
      headers: rider.headers,
      payload: { everything: true },
    });
    expect(bad.statusCode).toBe(400);
    expect((await me(rider.access_token)).statusCode).toBe(200);
  });
});

describe('the refresh reuse interval', () => {
  test(`within ${REFRESH_REUSE_INTERVAL_S} s the token just rotated gets the same new refresh token, and nothing is revoked`, async () => {
    const rider = await h.signIn({ email: uniqueEmail() });
    const first = await refresh(rider.refresh_token);
    expect(first.statusCode).toBe(200);
    const pair = first.json();

    // A second tab, or a page reloaded while the first answer was on the wire, presents the old token.
    h.advance(REFRESH_REUSE_INTERVAL_S - 1);
    const late = await refresh(rider.refresh_token);
    expect(late.statusCode).toBe(200);
    expect(late.json().refresh_token).toBe(pair.refresh_token);
    expect((await me(late.json().access_token)).statusCode).toBe(200);
    expect((await me(pair.access_token)).statusCode).toBe(200);

    // The session goes on: the shared new token rotates as usual, once.
    const next = await refresh(pair.refresh_token);
    expect(next.statusCode).toBe(200);
    expect(next.json().refresh_token).not.toBe(pair.refresh_token);
    expect((await me(next.json().access_token)).statusCode).toBe(200);
  });

  test('overlapping refreshes of one token both succeed with the same new token (cookie and body)', async () => {
    const browser = await browserSignIn(uniqueEmail());
    const answers = await Promise.all([refreshWithCookie(browser.cookie), refreshWithCookie(browser.cookie)]);
    for (const answer of answers) expect(answer.statusCode).toBe(200);
    const cookies = answers.map(cookieOf);
    expect(cookies[0]).not.toBe(browser.cookie);
    // Whichever Set-Cookie lands last, the browser keeps the session's one live token.
    expect(cookies[1]).toBe(cookies[0]);
    expect((await refreshWithCookie(cookies[0]!)).statusCode).toBe(200);

    const script = await h.signIn({ email: uniqueEmail() });
    const three = await Promise.all([1, 2, 3].map(() => refresh(script.refresh_token)));
    expect(three.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(three.map((r) => r.json().refresh_token)).size).toBe(1);
  });

  test('reloads in a row: a token rotated twice within the interval gets the current token', async () => {
    const rider = await h.signIn({ email: uniqueEmail() });
    const second = (await refresh(rider.refresh_token)).json();
    h.advance(5);
    const third = (await refresh(second.refresh_token)).json();
    h.advance(5);
    const late = await refresh(rider.refresh_token);
    expect(late.statusCode).toBe(200);
    expect(late.json().refresh_token).toBe(third.refresh_token);
    expect((await refresh(third.refresh_token)).statusCode).toBe(200);
  });

  test('after the interval the same replay is reuse: the whole family is revoked', async () => {
    const email = uniqueEmail();
    const rider = await h.signIn({ email });
    h.advance(61);
    const otherDevice = await h.signIn({ email });
    const pair = (await refresh(rider.refresh_token)).json();
    h.advance(REFRESH_REUSE_INTERVAL_S + 1);
    const replay = await refresh(rider.refresh_token);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error).toMatchObject({
      code: 'REFRESH_INVALID',
      message: 'The refresh token was already used; the session has been revoked.',
    });
    expect((await refresh(pair.refresh_token)).statusCode).toBe(401);
    expect((await me(pair.access_token)).statusCode).toBe(401);
    // Only that family: the rider's other device lives on.
    expect((await me(otherDevice.access_token)).statusCode).toBe(200);
  });

  test('the interval counts from the rotation, and gives nothing for a signed-out session or an expired token', async () => {
    // A rotation, then a replay just past the interval, although the new token was never used.
    const rider = await h.signIn({ email: uniqueEmail() });
    await refresh(rider.refresh_token);
    h.advance(REFRESH_REUSE_INTERVAL_S);
    expect((await refresh(rider.refresh_token)).statusCode).toBe(401);

    // Signed out right after a rotation: the old token gets nothing within the interval either.
    const leaving = await h.signIn({ email: uniqueEmail() });
    const pair = (await refresh(leaving.refresh_token)).json();
    const out = await h.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${pair.access_token}` },
      payload: {},
    });
    expect(out.statusCode).toBe(204);
    expect((await refresh(leaving.refresh_token)).statusCode).toBe(401);

    // An expired token is refused and spends nothing.
    const idle = await h.signIn({ email: uniqueEmail() });
    h.advance(30 * 24 * 3600 + 1);
    expect((await refresh(idle.refresh_token)).statusCode).toBe(401);
    expect((await refresh(idle.refresh_token)).statusCode).toBe(401);
  });

  test('the database keeps only hashes: neither the presented token nor its successor is stored in clear', async () => {
    const rider = await h.signIn({ email: uniqueEmail() });
    const pair = (await refresh(rider.refresh_token)).json();
    const rows = await h.database.db
      .selectFrom('refresh_tokens')
      .selectAll()
      .where('user_id', '=', rider.user.id)
      .execute();
    expect(rows).toHaveLength(2);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(rider.refresh_token);
    expect(stored).not.toContain(pair.refresh_token);
  });
});

describe('no answer tells whether an account exists', () => {
  const ask = (email: string, create_user: boolean, ip: string) =>
    h.app.inject({
      method: 'POST',
      url: '/api/auth/otp',
      payload: { email, create_user },
      remoteAddress: ip,
    });
  const shape = (response: { statusCode: number; headers: Record<string, unknown>; body: string }) => ({
    status: response.statusCode,
    body: response.body,
    type: response.headers['content-type'],
    retryAfter: response.headers['retry-after'],
  });

  test('asking a code: same status, body and headers, and the same work (one message sent), for a known and an unknown address', async () => {
    const known = uniqueEmail();
    await h.signIn({ email: known });
    h.advance(61);
    for (const createUser of [false, true]) {
      const unknown = uniqueEmail();
      const sent = h.smtp.received.length;
      const a = await ask(known, createUser, '10.31.0.1');
      const b = await ask(unknown, createUser, '10.31.0.2');
      expect(shape(a)).toEqual(shape(b));
      expect(a.statusCode).toBe(202);
      // Both answers wait for a message to be delivered (a code, or the sign-up notice): no shortcut
      // for an unknown address to be timed.
      const mails = h.smtp.received.slice(sent);
      expect(mails.map((m) => m.to[0])).toEqual([known, unknown]);
      // Asking again at once is refused alike (the resend wait), unknown address included.
      expect(shape(await ask(known, createUser, '10.31.0.1'))).toEqual(
        shape(await ask(unknown, createUser, '10.31.0.2')),
      );
      h.advance(61);
    }
  });

  test('verifying a wrong code: the same refusal for a known address with a live code and for an unknown one', async () => {
    const known = uniqueEmail();
    await h.signIn({ email: known });
    h.advance(61);
    expect((await ask(known, false, '10.32.0.1')).statusCode).toBe(202);
    const code = codeFromMail(h.smtp.received.filter((m) => m.to.includes(known)).at(-1)!.raw)!;
    const wrong = code === '000000' ? '111111' : '000000';
    const verify = (email: string) =>
      h.app.inject({
        method: 'POST',
        url: '/api/auth/verify',
        payload: { email, token: wrong, type: 'email' },
        remoteAddress: '10.32.0.9',
      });
    const a = await verify(known);
    const b = await verify(uniqueEmail());
    expect(shape(a)).toEqual(shape(b));
    expect(a.json().error.code).toBe('OTP_INVALID');
  });
});
