import { randomBytes } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { signAccessToken, verifyAccessToken } from './access-token.ts';

const key = randomBytes(32);
const claims = { sub: 'user-1', sid: 'session-1', iat: 1000, exp: 1900 };

describe('access tokens', () => {
  test('a token signed with the key verifies until it expires', () => {
    const token = signAccessToken(key, claims);
    expect(verifyAccessToken(key, token, 1899)).toEqual(claims);
    expect(verifyAccessToken(key, token, 1900)).toBeNull();
  });

  test('a token signed with another key, or with a changed payload, is refused', () => {
    const token = signAccessToken(key, claims);
    expect(verifyAccessToken(randomBytes(32), token, 1000)).toBeNull();
    const [header, , signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: 'user-2' })).toString('base64url');
    expect(verifyAccessToken(key, `${header}.${forged}.${signature}`, 1000)).toBeNull();
  });

  test('an unsigned "alg: none" token and garbage are refused', () => {
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
    expect(verifyAccessToken(key, `${none}.${payload}.`, 1000)).toBeNull();
    expect(verifyAccessToken(key, 'not-a-token', 1000)).toBeNull();
    expect(verifyAccessToken(key, '', 1000)).toBeNull();
  });
});
