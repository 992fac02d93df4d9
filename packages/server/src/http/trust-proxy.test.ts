import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { createHarness, type Harness } from '../test/harness.ts';
import { isPrivateAddress } from './trust-proxy.ts';

// Behind a reverse proxy (docs/DEPLOYMENT.md) the per-address sign-in limits must count the address
// the proxy saw, never one the client wrote into its own X-Forwarded-For: nginx's
// $proxy_add_x_forwarded_for keeps what the client sent and appends the real address at the right.
const PROXY = '127.0.0.1';

describe('TRUST_PROXY settings', () => {
  const read = (value: string | undefined) => loadConfig({ SECRET_KEY: 'a'.repeat(64), TRUST_PROXY: value });
  test('off by default; true is one proxy in front, never every hop', () => {
    expect(read(undefined).trustProxy).toBe(false);
    expect(read('false').trustProxy).toBe(false);
    expect(read('true').trustProxy).toBe(1);
    expect(read('1').trustProxy).toBe(1);
    expect(read('2').trustProxy).toBe(2);
    expect(read('127.0.0.1, 10.0.0.0/8').trustProxy).toBe('127.0.0.1,10.0.0.0/8');
    expect(read('loopback').trustProxy).toBe('loopback');
    expect(() => read('yes please')).toThrow(ConfigError);
  });
});

function limits(trustProxy: string) {
  let h: Harness;
  const ask = (email: string, forwardedFor?: string, remoteAddress = PROXY) =>
    h.app.inject({
      method: 'POST',
      url: '/api/auth/otp',
      remoteAddress,
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
      payload: { email, create_user: true },
    });
  return {
    ask,
    before: async () => {
      h = await createHarness({ TRUST_PROXY: trustProxy, OTP_REQUESTS_PER_IP_PER_HOUR: '2' });
    },
    after: () => h?.close(),
  };
}

describe.each(['true', '127.0.0.1'])('behind one proxy (TRUST_PROXY=%s)', (setting) => {
  const l = limits(setting);
  beforeAll(l.before);
  afterAll(l.after);

  test('a client rotating a forged X-Forwarded-For still meets its own address limit', async () => {
    // The proxy appended the real client (203.0.113.7) after whatever the client claimed.
    expect((await l.ask('p1@example.org', '198.51.100.1, 203.0.113.7')).statusCode).toBe(202);
    expect((await l.ask('p2@example.org', '198.51.100.2, 203.0.113.7')).statusCode).toBe(202);
    const third = await l.ask('p3@example.org', '198.51.100.3, 203.0.113.7');
    expect(third.statusCode).toBe(429);
    expect(third.json().error.code).toBe('RATE_LIMITED');
  });

  test('another real client behind the same proxy has its own allowance', async () => {
    const other = await l.ask('p4@example.org', '198.51.100.1, 203.0.113.8');
    expect(other.statusCode, other.body).toBe(202);
  });

  test('a client reaching the port directly from a public address: its X-Forwarded-For is not believed', async () => {
    expect((await l.ask('d1@example.org', '203.0.113.1', '198.51.100.9')).statusCode).toBe(202);
    expect((await l.ask('d2@example.org', '203.0.113.2', '198.51.100.9')).statusCode).toBe(202);
    expect((await l.ask('d3@example.org', '203.0.113.3', '198.51.100.9')).statusCode).toBe(429);
  });
});

describe('without TRUST_PROXY', () => {
  const l = limits('false');
  beforeAll(l.before);
  afterAll(l.after);

  test('X-Forwarded-For is ignored: the socket address counts', async () => {
    expect((await l.ask('n1@example.org', '203.0.113.1', '192.0.2.5')).statusCode).toBe(202);
    expect((await l.ask('n2@example.org', '203.0.113.2', '192.0.2.5')).statusCode).toBe(202);
    expect((await l.ask('n3@example.org', '203.0.113.3', '192.0.2.5')).statusCode).toBe(429);
  });
});

test('private networks are where a proxy connects from', () => {
  for (const a of [
    '127.0.0.1',
    '::1',
    '::ffff:127.0.0.1',
    '10.1.2.3',
    '172.18.0.5',
    '192.168.1.1',
    'fd00::1',
  ])
    expect(isPrivateAddress(a), a).toBe(true);
  for (const a of ['203.0.113.7', '172.32.0.1', '8.8.8.8', '2001:db8::1', 'not an address'])
    expect(isPrivateAddress(a), a).toBe(false);
});
