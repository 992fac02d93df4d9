// Issue 16, "Who gets in": forged access tokens and replayed refresh tokens, through the real server.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { deriveKey } from '../../lib/crypto.ts';
import { createHarness, type Harness } from '../../test/harness.ts';
import { signAccessToken } from './access-token.ts';
import { REFRESH_REUSE_INTERVAL_S } from './auth.service.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h?.close());

let n = 0;
const uniqueEmail = () => `forgery${++n}@example.org`;
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as {
    sub: string;
    sid: string;
    iat: number;
    exp: number;
  };
const get = (url: string, token: string) =>
  h.app.inject({ url, headers: { authorization: `Bearer ${token}` } });
const refresh = (refresh_token: string) =>
  h.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh_token } });

function expectRefused(response: { statusCode: number; json: () => { error: { code: string } } }) {
  expect(response.statusCode).toBe(401);
  expect(response.json().error.code).toBe('UNAUTHORIZED');
}

describe('forged access tokens are refused, and reveal nothing', () => {
  test('tampered claims, another key, alg: none, an extended expiry', async () => {
    const victim = await h.signIn({ email: uniqueEmail() });
    const attacker = await h.signIn({ email: uniqueEmail() });
    const [header, payload, signature] = attacker.access_token.split('.') as [string, string, string];
    const claims = claimsOf(attacker.access_token);
    const victimClaims = claimsOf(victim.access_token);

    // The victim's id (and session) in the attacker's signed token.
    const tampered = `${header}.${b64({ ...claims, sub: victimClaims.sub, sid: victimClaims.sid })}.${signature}`;
    // A correctly formed token for the victim, signed with a key that is not the server's.
    const otherKey = signAccessToken(deriveKey(randomBytes(32), 'access-token'), victimClaims);
    // The server's own secret used raw rather than through its key derivation.
    const rawSecret = signAccessToken(Buffer.from('a'.repeat(64), 'hex'), victimClaims);
    // An unsigned token, with and without a signature part.
    const none = b64({ alg: 'none', typ: 'JWT' });
    const unsignedA = `${none}.${b64(victimClaims)}.`;
    const unsignedB = `${none}.${b64(victimClaims)}`;
    // HS256 header but an empty signature.
    const emptySignature = `${header}.${b64(victimClaims)}.`;
    // The attacker's own token with its expiry pushed a year on.
    const extended = `${header}.${b64({ ...claims, exp: claims.exp + 365 * 86400 })}.${signature}`;
    // Another algorithm named in the header (algorithm confusion).
    const rs256 = `${b64({ alg: 'RS256', typ: 'JWT' })}.${payload}.${signature}`;

    for (const [what, token] of Object.entries({
      tampered,
      otherKey,
      rawSecret,
      unsignedA,
      unsignedB,
      emptySignature,
      extended,
      rs256,
    })) {
      const response = await get('/api/me', token);
      expect(response.statusCode, what).toBe(401);
      expectRefused(response);
      // Every failure reads the same: nothing says which check failed or whether the rider exists.
      expect(response.json().error.message, what).toBe(
        'Sign in first: the access token is missing, invalid or expired.',
      );
    }
    // The real tokens still work, each for its own rider.
    expect((await get('/api/me', victim.access_token)).json().user.id).toBe(victim.user.id);
    expect((await get('/api/me', attacker.access_token)).json().user.id).toBe(attacker.user.id);
  });

  test('an expired token is refused, even on a live session', async () => {
    const rider = await h.signIn({ email: uniqueEmail() });
    h.advance(15 * 60 + 1);
    expectRefused(await get('/api/me', rider.access_token));
    // The session itself lives on: its refresh token still gives a new access token.
    const renewed = await refresh(rider.refresh_token);
    expect(renewed.statusCode).toBe(200);
    expect((await get('/api/me', renewed.json().access_token)).statusCode).toBe(200);
  });
});

describe('a replayed refresh token', () => {
  test('revokes its whole family, and only that family: the rider’s other sessions live on', async () => {
    const email = uniqueEmail();
    const laptop = await h.signIn({ email });
    h.advance(61);
    const phone = await h.signIn({ email });
    expect(phone.user.id).toBe(laptop.user.id);

    // The laptop's session rotates twice; then its first refresh token is replayed (stolen copy).
    const second = (await refresh(laptop.refresh_token)).json();
    const third = (await refresh(second.refresh_token)).json();
    // Past the reuse interval (sessions-everywhere.test.ts covers the replay within it).
    h.advance(REFRESH_REUSE_INTERVAL_S + 1);
    const replay = await refresh(laptop.refresh_token);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.code).toBe('REFRESH_INVALID');

    // Every token of the laptop's family is dead, the newest included.
    expect((await refresh(third.refresh_token)).statusCode).toBe(401);
    for (const token of [laptop.access_token, second.access_token, third.access_token]) {
      expectRefused(await get('/api/me', token));
    }
    // The phone's session is another family: untouched.
    expect((await get('/api/me', phone.access_token)).statusCode).toBe(200);
    expect((await refresh(phone.refresh_token)).statusCode).toBe(200);
  });

  test('an unknown or malformed refresh token is refused without revoking anything', async () => {
    const rider = await h.signIn({ email: uniqueEmail() });
    expect((await refresh('x'.repeat(43))).statusCode).toBe(401);
    expect((await refresh('short')).statusCode).toBe(400);
    expect((await get('/api/me', rider.access_token)).statusCode).toBe(200);
    expect((await refresh(rider.refresh_token)).statusCode).toBe(200);
  });
});
