// Issue 16, "Found already": a stranger could lock a rider out by asking five codes for their
// address, and `POST /api/auth/verify` had no per-address limit.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { codeFromMail } from '../../test/mail-sink.ts';
import { createHarness, type Harness } from '../../test/harness.ts';
import { OTP_MAX_PER_CONTACT_PER_HOUR } from './auth.service.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ OTP_REQUESTS_PER_IP_PER_HOUR: '100', OTP_VERIFY_FAILURES_PER_IP_PER_HOUR: '6' });
});
afterAll(async () => h?.close());

let n = 0;
const uniqueEmail = () => `limits${++n}@example.org`;
const post = (url: string, payload: object, remoteAddress: string) =>
  h.app.inject({ method: 'POST', url, payload, remoteAddress });
const askCode = (email: string, ip: string, createUser = true) =>
  post('/api/auth/otp', { email, create_user: createUser }, ip);
const lastCodeTo = (email: string) =>
  codeFromMail(h.smtp.received.filter((m) => m.to.includes(email)).at(-1)?.raw ?? '');

describe('a stranger asking codes for a rider', () => {
  test('cannot lock the rider out: five codes from one address block that address, not the owner', async () => {
    const email = uniqueEmail();
    await h.signIn({ email });
    h.advance(61);
    for (let i = 0; i < 5; i++) {
      expect((await askCode(email, '10.20.0.66')).statusCode).toBe(202);
      h.advance(61);
    }
    const stranger = await askCode(email, '10.20.0.66');
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json().error.code).toBe('RATE_LIMITED');

    const owner = await askCode(email, '10.20.0.1');
    expect(owner.statusCode).toBe(202);
    const code = lastCodeTo(email)!;
    const signedIn = await post('/api/auth/verify', { email, token: code, type: 'email' }, '10.20.0.1');
    expect(signedIn.statusCode).toBe(200);
  });

  test('a ceiling per contact from all addresses; past it the latest code sent still works', async () => {
    for (const createUser of [true, false]) {
      const email = uniqueEmail();
      // A known rider asking to sign in (create_user false) and a new one signing up count alike.
      if (!createUser) await h.signIn({ email });
      h.advance(3601);
      for (let i = 0; i < OTP_MAX_PER_CONTACT_PER_HOUR; i++) {
        expect((await askCode(email, `10.21.${createUser ? 1 : 2}.${i + 1}`, createUser)).statusCode).toBe(
          202,
        );
        h.advance(61);
      }
      const over = await askCode(email, '10.21.3.1', createUser);
      expect(over.statusCode).toBe(429);
      expect(over.json().error.code).toBe('RATE_LIMITED');
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      // The refused request retired nothing: the rider signs in with the code already received.
      const latest = lastCodeTo(email)!;
      const verified = await post('/api/auth/verify', { email, token: latest, type: 'email' }, '10.21.3.2');
      expect(verified.statusCode).toBe(200);
      h.advance(3600);
    }
  });
});

describe('verifying codes from one address', () => {
  test('too many wrong codes from an address answer 429 with Retry-After, alike for known and unknown contacts', async () => {
    const known = uniqueEmail();
    await h.signIn({ email: known });
    h.advance(61);
    expect((await askCode(known, '10.22.0.9')).statusCode).toBe(202);
    const code = lastCodeTo(known)!;
    const wrong = code === '000000' ? '111111' : '000000';
    const attacker = '10.22.0.66';
    // Six failures over six contacts, most with no account at all (no single code is burnt).
    for (let i = 0; i < 6; i++) {
      const email = i === 0 ? known : uniqueEmail();
      const response = await post('/api/auth/verify', { email, token: wrong, type: 'email' }, attacker);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('OTP_INVALID');
    }
    // Now wrong codes are refused 429 from that address, alike for a known and an unknown contact.
    for (const email of [known, uniqueEmail()]) {
      const blocked = await post('/api/auth/verify', { email, token: wrong, type: 'email' }, attacker);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().error).toMatchObject({
        code: 'OTP_VERIFY_LIMITED',
        message: 'Too many wrong codes from this address. Try again later.',
      });
      const retryAfter = Number(blocked.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(3600);
    }
    // A right code is not refused by the address limit (issue 28: riders share addresses); it works
    // from the limited address too (sign-in-strangers.test.ts covers that), and here from the owner's.
    const owner = await post('/api/auth/verify', { email: known, token: code, type: 'email' }, '10.22.0.9');
    expect(owner.statusCode).toBe(200);

    // After the hour the address may try again.
    h.advance(3601);
    const later = await post('/api/auth/verify', { email: known, token: wrong, type: 'email' }, attacker);
    expect(later.statusCode).toBe(400);
  });

  test('right codes do not count towards the limit', async () => {
    const ip = '10.23.0.1';
    for (let i = 0; i < 8; i++) {
      const email = uniqueEmail();
      expect((await askCode(email, `10.23.1.${i + 1}`)).statusCode).toBe(202);
      const ok = await post('/api/auth/verify', { email, token: lastCodeTo(email)!, type: 'email' }, ip);
      expect(ok.statusCode).toBe(200);
    }
  });
});
