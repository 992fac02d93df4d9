// Issue 28: strangers who cannot read a rider's mailbox must not keep the rider from signing in,
// and riders sharing one address (a club, an office, a carrier's NAT) must not be locked out by
// whoever failed codes behind it.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { codeFromMail } from '../../test/mail-sink.ts';
import { createHarness, type Harness } from '../../test/harness.ts';
import { OTP_MAX_PER_CONTACT_AND_ADDRESS_PER_HOUR, OTP_MAX_PER_CONTACT_PER_HOUR } from './auth.service.ts';

const FAILURES_PER_ADDRESS = 6;
let h: Harness;
beforeAll(async () => {
  h = await createHarness({
    OTP_REQUESTS_PER_IP_PER_HOUR: '100',
    OTP_VERIFY_FAILURES_PER_IP_PER_HOUR: String(FAILURES_PER_ADDRESS),
  });
});
afterAll(async () => h?.close());

let n = 0;
const uniqueEmail = () => `strangers${++n}@example.org`;
const post = (url: string, payload: object, remoteAddress: string) =>
  h.app.inject({ method: 'POST', url, payload, remoteAddress });
const askCode = (email: string, ip: string) => post('/api/auth/otp', { email, create_user: true }, ip);
const verify = (email: string, token: string, ip: string) =>
  post('/api/auth/verify', { email, token, type: 'email' }, ip);
const lastCodeTo = (email: string) =>
  codeFromMail(h.smtp.received.filter((m) => m.to.includes(email)).at(-1)?.raw ?? '');
const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');

describe('one shared address', () => {
  test('after the address failed too many codes, a right code from it still signs in; a wrong one is 429', async () => {
    const shared = '10.30.0.1';
    // Strangers behind the shared address fail codes for contacts of their own.
    for (let i = 0; i < FAILURES_PER_ADDRESS; i++) {
      expect((await verify(uniqueEmail(), '000000', shared)).statusCode).toBe(400);
    }
    expect((await verify(uniqueEmail(), '000000', shared)).statusCode).toBe(429);

    const rider = uniqueEmail();
    expect((await askCode(rider, shared)).statusCode).toBe(202);
    const code = lastCodeTo(rider)!;
    const wrong = await verify(rider, wrongFor(code), shared);
    expect(wrong.statusCode).toBe(429);
    expect(wrong.json().error.code).toBe('OTP_VERIFY_LIMITED');
    expect(Number(wrong.headers['retry-after'])).toBeGreaterThan(0);
    const right = await verify(rider, code, shared);
    expect(right.statusCode).toBe(200);
  });
});

describe('strangers on other addresses', () => {
  test('wrong codes from other addresses do not kill the code the rider asked for from theirs', async () => {
    const rider = uniqueEmail();
    const home = '10.31.0.1';
    expect((await askCode(rider, home)).statusCode).toBe(202);
    const code = lastCodeTo(rider)!;
    // Three strangers, three wrong codes each: more than a code's five tries.
    let last = 0;
    for (let s = 0; s < 3; s++) {
      for (let i = 0; i < 3; i++) {
        const response = await verify(
          rider,
          String(100000 + s * 10 + i) === code ? '999999' : String(100000 + s * 10 + i),
          `10.31.1.${s + 1}`,
        );
        expect(response.statusCode).toBe(400);
        last = response.statusCode;
      }
    }
    expect(last).toBe(400);
    const signedIn = await verify(rider, code, home);
    expect(signedIn.statusCode).toBe(200);
  });

  test('a stranger asking for a new code does not retire the one the rider asked for', async () => {
    const rider = uniqueEmail();
    expect((await askCode(rider, '10.32.0.1')).statusCode).toBe(202);
    const riders = lastCodeTo(rider)!;
    h.advance(61);
    expect((await askCode(rider, '10.32.0.66')).statusCode).toBe(202);
    expect((await verify(rider, riders, '10.32.0.1')).statusCode).toBe(200);
  });

  test('after strangers used up the hour of codes, the rider can still ask for and use one', async () => {
    const rider = uniqueEmail();
    const home = '10.33.0.1';
    // The rider signed in from home before.
    expect((await askCode(rider, home)).statusCode).toBe(202);
    expect((await verify(rider, lastCodeTo(rider)!, home)).statusCode).toBe(200);
    h.advance(3601);

    const strangers = OTP_MAX_PER_CONTACT_PER_HOUR / OTP_MAX_PER_CONTACT_AND_ADDRESS_PER_HOUR;
    for (let s = 0; s < strangers; s++) {
      for (let i = 0; i < OTP_MAX_PER_CONTACT_AND_ADDRESS_PER_HOUR; i++) {
        expect((await askCode(rider, `10.33.1.${s + 1}`)).statusCode).toBe(202);
        h.advance(61);
      }
    }
    // The ceiling still holds for a new address: nobody floods the mailbox.
    const fifth = await askCode(rider, '10.33.1.99');
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().error.code).toBe('RATE_LIMITED');
    // Strangers also fail codes from yet other addresses.
    for (let s = 0; s < 3; s++) {
      expect((await verify(rider, '000000', `10.33.2.${s + 1}`)).statusCode).toBe(400);
      expect((await verify(rider, '111111', `10.33.2.${s + 1}`)).statusCode).toBe(400);
    }
    // The rider, from home, asks and signs in.
    const ask = await askCode(rider, home);
    expect(ask.statusCode).toBe(202);
    const code = lastCodeTo(rider)!;
    expect((await verify(rider, code, home)).statusCode).toBe(200);
  });

  test('still at most five tries from strangers per code: the right code from elsewhere is then refused', async () => {
    const rider = uniqueEmail();
    expect((await askCode(rider, '10.34.0.1')).statusCode).toBe(202);
    const code = lastCodeTo(rider)!;
    const wrong = wrongFor(code);
    const answers: string[] = [];
    for (let i = 0; i < 5; i++)
      answers.push((await verify(rider, wrong, `10.34.1.${i + 1}`)).json().error.code);
    expect(answers).toEqual([
      'OTP_INVALID',
      'OTP_INVALID',
      'OTP_INVALID',
      'OTP_INVALID',
      'OTP_TOO_MANY_ATTEMPTS',
    ]);
    expect((await verify(rider, code, '10.34.1.9')).statusCode).toBe(400);
    // The address that asked still has its own five.
    expect((await verify(rider, code, '10.34.0.1')).statusCode).toBe(200);
  });
});
