import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness, type SignedIn } from '../../test/harness.ts';

// Issue 28: a write-scope API key answered 204 to DELETE /api/account. Whatever takes the whole
// account out, copies all of it, or changes who can sign in or ends sessions needs the rider
// signed in, never a key (a key leaks more easily than a session: notebooks, scripts, CI logs).
let h: Harness;
let rider: SignedIn;
let writeKey: string;
let readKey: string;
beforeAll(async () => {
  h = await createHarness();
  rider = await h.signIn({ email: 'key-holder@example.org' });
  const make = async (scope: 'read' | 'write') => {
    const response = await h.app.inject({
      method: 'POST',
      url: '/api/me/api-keys',
      headers: rider.headers,
      payload: { name: `${scope} key`, scope },
    });
    expect(response.statusCode).toBe(201);
    return (response.json() as { secret: string }).secret;
  };
  writeKey = await make('write');
  readKey = await make('read');
});
afterAll(async () => h?.close());

type Method = 'GET' | 'POST' | 'DELETE';
const SESSION_ONLY: Array<[Method, string, object | undefined]> = [
  ['DELETE', '/api/account', undefined],
  ['GET', '/api/export', undefined],
  ['POST', '/api/me/contacts', { email: 'other@example.org' }],
  ['POST', '/api/me/contacts/verify', { email: 'other@example.org', token: '123456', type: 'email' }],
  ['POST', '/api/auth/logout', {}],
  ['POST', '/api/auth/logout-all', {}],
  ['GET', '/api/me/api-keys', undefined],
  ['POST', '/api/me/api-keys', { name: 'child', scope: 'write' }],
];

describe('an API key cannot take the account out or change who signs in', () => {
  test.each(SESSION_ONLY)(
    '%s %s answers 403 API_KEY_NOT_ALLOWED to a write key and a read key',
    async (method, url, payload) => {
      for (const secret of [writeKey, readKey]) {
        const response = await h.app.inject({
          method,
          url,
          headers: { authorization: `Bearer ${secret}` },
          ...(payload ? { payload } : {}),
        });
        expect(response.statusCode).toBe(403);
        expect(response.json().error.code).toBe('API_KEY_NOT_ALLOWED');
      }
    },
  );

  test('the account is still there after the key tried, and the signed-in rider can export and delete it', async () => {
    expect((await h.app.inject({ method: 'GET', url: '/api/me', headers: rider.headers })).statusCode).toBe(
      200,
    );
    const exported = await h.app.inject({ method: 'GET', url: '/api/export', headers: rider.headers });
    expect(exported.statusCode).toBe(200);
    const deleted = await h.app.inject({ method: 'DELETE', url: '/api/account', headers: rider.headers });
    expect(deleted.statusCode).toBe(204);
  });
});
