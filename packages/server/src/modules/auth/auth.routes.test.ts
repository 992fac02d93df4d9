import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { codeFromMail } from '../../test/mail-sink.ts';
import { createHarness, type Harness } from '../../test/harness.ts';
import { REFRESH_REUSE_INTERVAL_S } from './auth.service.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ OTP_REQUESTS_PER_IP_PER_HOUR: '8' });
});
afterAll(async () => h?.close());

let n = 0;
const uniqueEmail = () => `rider${++n}@example.org`;
const post = (url: string, payload: unknown, headers: Record<string, string> = {}, remoteAddress?: string) =>
  h.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers,
    ...(remoteAddress ? { remoteAddress } : {}),
  });

describe('requesting a code', () => {
  test('answers 202 alike for a new and a known contact, and the e-mail carries the code and a sign-in link', async () => {
    const email = uniqueEmail();
    const code = await h.requestCode({ email });
    expect(code).toMatch(/^\d{6}$/);
    const mail = h.smtp.received.at(-1)!;
    expect(mail.to).toEqual([email]);
    expect(mail.raw.replace(/=\r?\n/g, '')).toContain('http://vatio.test/auth/callback?email=3Drider');
  });

  test('a login request for a contact with no account sends a sign-up notice, not a code, with the same answer', async () => {
    const email = uniqueEmail();
    const before = h.smtp.received.length;
    const response = await post('/api/auth/otp', { email, create_user: false });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ sent: true });
    const mail = h.smtp.received.slice(before).at(-1)!;
    expect(codeFromMail(mail.raw)).toBeUndefined();
    expect(mail.raw).toContain('/auth/signup');
  });

  test('rejects a malformed e-mail or phone with the spec messages', async () => {
    const badEmail = await post('/api/auth/otp', { email: 'not-an-email' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().error).toMatchObject({
      code: 'VALIDATION',
      message: 'Please enter a valid email address',
      fields: { email: 'email_invalid' },
    });
    for (const phone of ['600123123', '+0123456', '+1234567890123456', '+34 600 abc']) {
      const response = await post('/api/auth/otp', { phone });
      expect(response.statusCode, phone).toBe(400);
      expect(response.json().error.message).toBe('Please enter a valid phone number with country code');
    }
    expect((await post('/api/auth/otp', {})).statusCode).toBe(400);
    expect((await post('/api/auth/otp', { email: 'a@b.co', phone: '+34600000000' })).statusCode).toBe(400);
  });

  test('phone numbers are accepted with spaces, which are ignored, and codes arrive through the SMS provider', async () => {
    const code = await h.requestCode({ phone: '+34 611 222 333' });
    const sms = h.sms.received.at(-1)!;
    expect(sms.to).toBe('+34611222333');
    expect(sms.text).toContain(code);
    // Provider credentials from the URL travel as HTTP Basic auth.
    expect(sms.authorization).toBe(`Basic ${Buffer.from('sms-user:sms-key').toString('base64')}`);
  });

  // From the same address: a code asked from another address is another client's (issue 28).
  test('a code can be re-sent only after 60 s, and the new code replaces the old one', async () => {
    const email = uniqueEmail();
    const first = await h.requestCode({ email }, { ip: '10.9.0.1' });
    const tooSoon = await post('/api/auth/otp', { email, create_user: true }, {}, '10.9.0.1');
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().error.code).toBe('RATE_LIMITED');
    expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(0);
    h.advance(61);
    const second = await h.requestCode({ email }, { ip: '10.9.0.1' });
    const old = await post('/api/auth/verify', { email, token: first, type: 'email' });
    if (first !== second) expect(old.statusCode).toBe(400);
    const fresh = await post('/api/auth/verify', { email, token: second, type: 'email' });
    expect(fresh.statusCode).toBe(200);
  });

  test('at most 5 codes per contact per hour from one address, for unknown contacts exactly as for known ones', async () => {
    for (const createUser of [true, false]) {
      const email = uniqueEmail();
      const ip = `10.8.0.${createUser ? 1 : 2}`;
      for (let i = 0; i < 5; i++) {
        const ok = await post('/api/auth/otp', { email, create_user: createUser }, {}, ip);
        expect(ok.statusCode).toBe(202);
        h.advance(61);
      }
      const sixth = await post('/api/auth/otp', { email, create_user: createUser }, {}, ip);
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json().error.code).toBe('RATE_LIMITED');
      // Another address (the owner's) still gets a code: a stranger cannot lock the rider out.
      expect(
        (await post('/api/auth/otp', { email, create_user: createUser }, {}, '10.8.9.9')).statusCode,
      ).toBe(202);
      h.advance(3600);
      expect((await post('/api/auth/otp', { email, create_user: createUser }, {}, ip)).statusCode).toBe(202);
    }
  });

  test('a client address may ask for a configurable number of codes per hour', async () => {
    const ip = '10.7.7.7';
    for (let i = 0; i < 8; i++) {
      expect((await post('/api/auth/otp', { email: uniqueEmail() }, {}, ip)).statusCode).toBe(202);
    }
    const over = await post('/api/auth/otp', { email: uniqueEmail() }, {}, ip);
    expect(over.statusCode).toBe(429);
    h.advance(3601);
    expect((await post('/api/auth/otp', { email: uniqueEmail() }, {}, ip)).statusCode).toBe(202);
  });

  test('codes are stored hashed, never in clear', async () => {
    const email = uniqueEmail();
    const code = await h.requestCode({ email });
    const rows = await sql<{
      code_hash: string;
    }>`select code_hash from otp_codes where contact = ${email}`.execute(h.database.db);
    expect(rows.rows).toHaveLength(1);
    expect(rows.rows[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows.rows[0]!.code_hash).not.toContain(code);
  });

  test('an SMS provider failure is reported as a delivery failure, and the server stays up', async () => {
    h.sms.failNext(500);
    const response = await post('/api/auth/otp', { phone: '+44 7700 900123' });
    expect(response.statusCode).toBe(502);
    expect(response.json().error.code).toBe('DELIVERY_FAILED');
    expect((await h.app.inject('/api/health')).statusCode).toBe(200);
  });
});

describe('verifying a code', () => {
  test('a right code signs the rider in, creating the account, and works only once', async () => {
    const email = uniqueEmail();
    const code = await h.requestCode({ email });
    const response = await post('/api/auth/verify', { email, token: code, type: 'email' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ expires_in: 900, user: { email } });
    expect(body.access_token).toBeTruthy();
    expect(body.refresh_token).toBeTruthy();
    const me = await h.app.inject({
      url: '/api/me',
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ user: { email }, profile: null });
    const again = await post('/api/auth/verify', { email, token: code, type: 'email' });
    expect(again.statusCode).toBe(400);
  });

  test('a rider signing up in Spanish gets Spanish settings; a returning rider keeps their own', async () => {
    const email = uniqueEmail();
    const code = await h.requestCode({ email });
    const body = (
      await post('/api/auth/verify', { email, token: code, type: 'email', language: 'es' })
    ).json();
    const settings = async (token: string) =>
      (await h.app.inject({ url: '/api/settings', headers: { authorization: `Bearer ${token}` } })).json();
    expect((await settings(body.access_token)).language).toBe('es');
    // Signing in again from an English page does not overwrite the saved choice.
    h.advance(61);
    const again = await h.requestCode({ email });
    const back = (
      await post('/api/auth/verify', { email, token: again, type: 'email', language: 'en' })
    ).json();
    expect((await settings(back.access_token)).language).toBe('es');
    expect(
      (await post('/api/auth/verify', { email, token: '123456', type: 'email', language: 'fr' })).statusCode,
    ).toBe(400);
  });

  test('a wrong code is refused, and after 5 wrong tries even the right code is dead', async () => {
    const email = uniqueEmail();
    const code = await h.requestCode({ email });
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) {
      const response = await post('/api/auth/verify', { email, token: wrong, type: 'email' });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('OTP_INVALID');
    }
    const fifth = await post('/api/auth/verify', { email, token: wrong, type: 'email' });
    expect(fifth.json().error.code).toBe('OTP_TOO_MANY_ATTEMPTS');
    const right = await post('/api/auth/verify', { email, token: code, type: 'email' });
    expect(right.statusCode).toBe(400);
  });

  test('many guesses at once compare at most 5 times', async () => {
    const email = uniqueEmail();
    const code = await h.requestCode({ email });
    const guesses = Array.from({ length: 20 }, (_, i) => String(i).padStart(6, '9')).filter(
      (g) => g !== code,
    );
    await Promise.all(guesses.map((token) => post('/api/auth/verify', { email, token, type: 'email' })));
    const rows = await sql<{
      attempts: number;
    }>`select attempts from otp_codes where contact = ${email}`.execute(h.database.db);
    expect(rows.rows[0]!.attempts).toBeLessThanOrEqual(5);
    expect((await post('/api/auth/verify', { email, token: code, type: 'email' })).statusCode).toBe(400);
  });

  test('a code expires after 10 minutes', async () => {
    const email = uniqueEmail();
    const code = await h.requestCode({ email });
    h.advance(10 * 60 + 1);
    const response = await post('/api/auth/verify', { email, token: code, type: 'email' });
    expect(response.statusCode).toBe(400);
  });

  test('a code sent to one contact does not work for another', async () => {
    const code = await h.requestCode({ email: uniqueEmail() });
    const other = uniqueEmail();
    const otherCode = await h.requestCode({ email: other });
    if (otherCode === code) return; // one chance in a million: nothing to show
    const response = await post('/api/auth/verify', { email: other, token: code, type: 'email' });
    expect(response.statusCode).toBe(400);
    expect(
      (await post('/api/auth/verify', { email: other, token: otherCode, type: 'email' })).statusCode,
    ).toBe(200);
  });

  test('a malformed verification is a 400 with a clear message', async () => {
    const response = await post('/api/auth/verify', { email: 'a@b.co', token: '12ab', type: 'email' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ token: 'code_invalid' });
    const broken = await h.app.inject({
      method: 'POST',
      url: '/api/auth/verify',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.code).toBe('VALIDATION');
  });
});

describe('sessions', () => {
  test('GET /api/me needs a valid bearer token', async () => {
    expect((await h.app.inject('/api/me')).statusCode).toBe(401);
    const bad = await h.app.inject({ url: '/api/me', headers: { authorization: 'Bearer nonsense' } });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().error.code).toBe('UNAUTHORIZED');
  });

  test('an access token lives 15 minutes', async () => {
    const rider = await h.signIn({ email: uniqueEmail() });
    h.advance(14 * 60);
    expect((await h.app.inject({ url: '/api/me', headers: rider.headers })).statusCode).toBe(200);
    h.advance(61);
    expect((await h.app.inject({ url: '/api/me', headers: rider.headers })).statusCode).toBe(401);
  });

  test('a refresh token gives a new pair and works once; replaying it revokes the whole session', async () => {
    const rider = await h.signIn({ email: uniqueEmail() });
    const first = await post('/api/auth/refresh', { refresh_token: rider.refresh_token });
    expect(first.statusCode).toBe(200);
    const pair = first.json();
    expect(pair.refresh_token).not.toBe(rider.refresh_token);
    const newHeaders = { authorization: `Bearer ${pair.access_token}` };
    expect((await h.app.inject({ url: '/api/me', headers: newHeaders })).statusCode).toBe(200);

    // Past the reuse interval (sessions-everywhere.test.ts covers the replay within it).
    h.advance(REFRESH_REUSE_INTERVAL_S + 1);
    const replay = await post('/api/auth/refresh', { refresh_token: rider.refresh_token });
    expect(replay.statusCode).toBe(401);
    // The newer tokens of that session die with it.
    expect((await post('/api/auth/refresh', { refresh_token: pair.refresh_token })).statusCode).toBe(401);
    expect((await h.app.inject({ url: '/api/me', headers: newHeaders })).statusCode).toBe(401);
  });

  test('refresh tokens expire after 30 days', async () => {
    const rider = await h.signIn({ email: uniqueEmail() });
    h.advance(30 * 24 * 3600 + 1);
    expect((await post('/api/auth/refresh', { refresh_token: rider.refresh_token })).statusCode).toBe(401);
  });

  test('logout revokes the session: its access and refresh tokens stop working at once', async () => {
    const rider = await h.signIn({ email: uniqueEmail() });
    const other = await h.signIn({ email: uniqueEmail() });
    const out = await post('/api/auth/logout', {}, rider.headers);
    expect(out.statusCode).toBe(204);
    expect((await h.app.inject({ url: '/api/me', headers: rider.headers })).statusCode).toBe(401);
    expect((await post('/api/auth/refresh', { refresh_token: rider.refresh_token })).statusCode).toBe(401);
    expect((await h.app.inject({ url: '/api/me', headers: other.headers })).statusCode).toBe(200);
  });

  test('signing in again by the same contact reaches the same account', async () => {
    const email = uniqueEmail();
    const first = await h.signIn({ email });
    h.advance(61);
    const second = await h.signIn({ email });
    expect(second.user.id).toBe(first.user.id);
  });
});

describe('adding a sign-in contact', () => {
  test('a rider adds a phone after proving they own it, then signs in by phone to the same account', async () => {
    const rider = await h.signIn({ email: uniqueEmail() });
    const phone = '+34 622 333 444';
    const before = h.sms.received.length;
    const asked = await post('/api/me/contacts', { phone }, rider.headers, '10.6.0.1');
    expect(asked.statusCode).toBe(202);
    const code = /\b(\d{6})\b/.exec(h.sms.received.slice(before).at(-1)!.text)![1]!;
    // A link code is not a sign-in code.
    expect((await post('/api/auth/verify', { phone, token: code, type: 'sms' })).statusCode).toBe(400);
    const linked = await post('/api/me/contacts/verify', { phone, token: code, type: 'sms' }, rider.headers);
    expect(linked.statusCode).toBe(200);
    expect(linked.json().phone).toBe('+34622333444');
    h.advance(61);
    const byPhone = await h.signIn({ phone });
    expect(byPhone.user.id).toBe(rider.user.id);
  });

  test('a contact another account signs in with cannot be linked, and a wrong code links nothing', async () => {
    const owner = await h.signIn({ phone: '+34 633 000 111' });
    const rider = await h.signIn({ email: uniqueEmail() });
    h.advance(61);
    const before = h.sms.received.length;
    await post('/api/me/contacts', { phone: '+34633000111' }, rider.headers, '10.6.0.2');
    const code = /\b(\d{6})\b/.exec(h.sms.received.slice(before).at(-1)!.text)![1]!;
    const wrong = code === '000000' ? '111111' : '000000';
    const bad = await post(
      '/api/me/contacts/verify',
      { phone: '+34633000111', token: wrong, type: 'sms' },
      rider.headers,
    );
    expect(bad.statusCode).toBe(400);
    const taken = await post(
      '/api/me/contacts/verify',
      { phone: '+34633000111', token: code, type: 'sms' },
      rider.headers,
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('CONTACT_IN_USE');
    expect(owner.user.id).not.toBe(rider.user.id);
  });

  test('needs a signed-in rider', async () => {
    expect((await post('/api/me/contacts', { phone: '+34600000000' })).statusCode).toBe(401);
    expect(
      (await post('/api/me/contacts/verify', { phone: '+34600000000', token: '123456', type: 'sms' }))
        .statusCode,
    ).toBe(401);
  });
});
