import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { createHarness, type Harness, type SignedIn } from '../../test/harness.ts';

const RATE_LIMIT = 25;

let h: Harness;
let rider: SignedIn;
let stranger: SignedIn;
beforeAll(async () => {
  h = await createHarness({ API_KEY_REQUESTS_PER_10_MIN: String(RATE_LIMIT) });
  rider = await h.signIn({ email: 'keys@example.org' });
  stranger = await h.signIn({ phone: '+15555550177' });
});
afterAll(async () => h?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'HEAD';
const call = (method: Method, url: string, authorization: string | null, payload?: object) =>
  h.app.inject({
    method,
    url,
    headers: authorization ? { authorization } : {},
    ...(payload ? { payload } : {}),
  });
const bearer = (secret: string) => `Bearer ${secret}`;

interface CreatedKey {
  id: string;
  name: string;
  prefix: string;
  scope: 'read' | 'write';
  created_at: string;
  last_used_at: string | null;
  secret: string;
}

async function createKey(who: SignedIn, payload: object): Promise<CreatedKey> {
  const response = await call('POST', '/api/me/api-keys', who.headers.authorization, payload);
  expect(response.statusCode).toBe(201);
  return response.json() as CreatedKey;
}

describe('personal API keys', () => {
  test('need a signed-in rider', async () => {
    expect((await call('GET', '/api/me/api-keys', null)).statusCode).toBe(401);
    expect((await call('POST', '/api/me/api-keys', null, { name: 'x' })).statusCode).toBe(401);
  });

  test('created read-only by default, shown once, usable on GET /api/activities, listed with last use', async () => {
    const created = await createKey(rider, { name: '  Analysis notebook ' });
    expect(created).toMatchObject({ name: 'Analysis notebook', scope: 'read', last_used_at: null });
    expect(created.secret).toMatch(/^vatio_[A-Za-z0-9_-]{43}$/);
    expect(created.secret.startsWith(created.prefix)).toBe(true);
    expect(created.prefix.length).toBeLessThan(16);

    const before = (await call('GET', '/api/me/api-keys', rider.headers.authorization)).json();
    expect(before).toEqual([
      {
        id: created.id,
        name: 'Analysis notebook',
        prefix: created.prefix,
        scope: 'read',
        created_at: created.created_at,
        last_used_at: null,
      },
    ]);
    // The list never carries the secret again.
    expect(JSON.stringify(before)).not.toContain(created.secret);

    h.advance(5);
    const rides = await call('GET', '/api/activities', bearer(created.secret));
    expect(rides.statusCode).toBe(200);
    const listed = (await call('GET', '/api/me/api-keys', rider.headers.authorization)).json();
    expect(listed[0].last_used_at).toBe(h.now().toISOString());
  });

  test('last use is written at most once a minute per key', async () => {
    const key = await createKey(rider, { name: 'once a minute' });
    const lastUsed = async () => {
      const list = (await call('GET', '/api/me/api-keys', rider.headers.authorization)).json();
      return list.find((k: { id: string }) => k.id === key.id).last_used_at as string;
    };
    await call('GET', '/api/bikes', bearer(key.secret));
    const first = await lastUsed();
    h.advance(30);
    await call('GET', '/api/bikes', bearer(key.secret));
    expect(await lastUsed()).toBe(first);
    h.advance(31);
    await call('GET', '/api/bikes', bearer(key.secret));
    expect(await lastUsed()).toBe(h.now().toISOString());
  });

  test('a read key may only GET/HEAD: POST, PUT and DELETE answer 403 with a clear message', async () => {
    const key = await createKey(rider, { name: 'reader' });
    expect((await call('HEAD', '/api/bikes', bearer(key.secret))).statusCode).toBe(200);
    const post = await call('POST', '/api/bikes', bearer(key.secret), { name: 'Nope', type: 'road' });
    expect(post.statusCode).toBe(403);
    expect(post.json().error.code).toBe('API_KEY_READ_ONLY');
    expect(post.json().error.message).toMatch(/read-only/);
    const id = '00000000-0000-4000-8000-000000000000';
    const put = await call('PUT', `/api/bikes/${id}`, bearer(key.secret), { name: 'x' });
    expect(put.statusCode).toBe(403);
    expect((await call('DELETE', `/api/bikes/${id}`, bearer(key.secret))).statusCode).toBe(403);
    // Nothing was written.
    const bikes = (await call('GET', '/api/bikes', rider.headers.authorization)).json();
    expect(bikes).toEqual([]);
  });

  test('a write key may write', async () => {
    const key = await createKey(rider, { name: 'writer', scope: 'write' });
    expect(key.scope).toBe('write');
    const post = await call('POST', '/api/bikes', bearer(key.secret), { name: 'Scripted', type: 'road' });
    expect(post.statusCode).toBe(201);
    const deleted = await call('DELETE', `/api/bikes/${post.json().id}`, bearer(key.secret));
    expect(deleted.statusCode).toBe(204);
  });

  test('a revoked key is refused with 401 and leaves the list', async () => {
    const key = await createKey(rider, { name: 'to revoke' });
    expect((await call('GET', '/api/activities', bearer(key.secret))).statusCode).toBe(200);
    const revoked = await call('DELETE', `/api/me/api-keys/${key.id}`, rider.headers.authorization);
    expect(revoked.statusCode).toBe(204);
    expect((await call('GET', '/api/activities', bearer(key.secret))).statusCode).toBe(401);
    const list = (await call('GET', '/api/me/api-keys', rider.headers.authorization)).json();
    expect(list.map((k: { id: string }) => k.id)).not.toContain(key.id);
    // Revoking twice: it is gone.
    expect((await call('DELETE', `/api/me/api-keys/${key.id}`, rider.headers.authorization)).statusCode).toBe(
      404,
    );
  });

  test('a key used again from memory is still refused at once once revoked, by the rider or by any other write', async () => {
    // Issue 28: the key's row is remembered between requests; the second use within the minute writes
    // nothing (no last-use touch), so its row is the remembered one.
    const key = await createKey(rider, { name: 'remembered' });
    expect((await call('GET', '/api/activities', bearer(key.secret))).statusCode).toBe(200);
    expect((await call('GET', '/api/activities', bearer(key.secret))).statusCode).toBe(200);
    const revoked = await call('DELETE', `/api/me/api-keys/${key.id}`, rider.headers.authorization);
    expect(revoked.statusCode).toBe(204);
    expect((await call('GET', '/api/activities', bearer(key.secret))).statusCode).toBe(401);

    const other = await createKey(rider, { name: 'revoked by an operator' });
    expect((await call('GET', '/api/activities', bearer(other.secret))).statusCode).toBe(200);
    expect((await call('GET', '/api/activities', bearer(other.secret))).statusCode).toBe(200);
    // A write outside any rider's request (an operator's statement, a job for nobody in particular).
    await sql`update api_keys set revoked_at = now() where id = ${other.id}`.execute(h.database.db);
    expect((await call('GET', '/api/activities', bearer(other.secret))).statusCode).toBe(401);
  });

  test('unknown or malformed keys are refused with 401', async () => {
    expect((await call('GET', '/api/activities', bearer('vatio_nope'))).statusCode).toBe(401);
    const key = await createKey(rider, { name: 'tampered' });
    const tampered = `${key.secret.slice(0, -1)}${key.secret.endsWith('A') ? 'B' : 'A'}`;
    expect((await call('GET', '/api/activities', bearer(tampered))).statusCode).toBe(401);
  });

  test('another rider can neither list nor revoke them (404), and their key reads only their rides', async () => {
    const key = await createKey(rider, { name: 'private' });
    const theirs = (await call('GET', '/api/me/api-keys', stranger.headers.authorization)).json();
    expect(theirs).toEqual([]);
    const revoke = await call('DELETE', `/api/me/api-keys/${key.id}`, stranger.headers.authorization);
    expect(revoke.statusCode).toBe(404);
    expect((await call('GET', '/api/activities', bearer(key.secret))).statusCode).toBe(200);
    expect(
      (await call('DELETE', '/api/me/api-keys/not-a-uuid', rider.headers.authorization)).statusCode,
    ).toBe(404);
  });

  test('the secret is stored hashed: no row holds it', async () => {
    const key = await createKey(rider, { name: 'hashed' });
    const rows = await sql<{
      prefix: string;
      secret_hash: string;
    }>`select prefix, secret_hash from api_keys where id = ${key.id}`.execute(h.database.db);
    expect(rows.rows).toHaveLength(1);
    expect(rows.rows[0]!.secret_hash).toMatch(/^[0-9a-f]{64}$/);
    const all = await sql`select * from api_keys`.execute(h.database.db);
    expect(JSON.stringify(all.rows)).not.toContain(key.secret);
    expect(JSON.stringify(all.rows)).not.toContain(key.secret.slice(key.prefix.length));
  });

  test('a key cannot create, list or revoke keys, nor log out or add contacts', async () => {
    const key = await createKey(rider, { name: 'cannot manage', scope: 'write' });
    const create = await call('POST', '/api/me/api-keys', bearer(key.secret), { name: 'child' });
    expect(create.statusCode).toBe(403);
    expect(create.json().error.code).toBe('API_KEY_NOT_ALLOWED');
    expect((await call('GET', '/api/me/api-keys', bearer(key.secret))).statusCode).toBe(403);
    expect((await call('DELETE', `/api/me/api-keys/${key.id}`, bearer(key.secret))).statusCode).toBe(403);
    expect((await call('POST', '/api/auth/logout', bearer(key.secret), {})).statusCode).toBe(403);
    const contact = await call('POST', '/api/me/contacts', bearer(key.secret), { phone: '+15555550999' });
    expect(contact.statusCode).toBe(403);
    // The key still works where keys are allowed.
    expect((await call('GET', '/api/activities', bearer(key.secret))).statusCode).toBe(200);
  });

  test('bodies are validated: a name is needed, the scope is read or write', async () => {
    const noName = await call('POST', '/api/me/api-keys', rider.headers.authorization, { name: ' ' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().error.fields).toEqual({ name: 'api_key_name_required' });
    const badScope = await call('POST', '/api/me/api-keys', rider.headers.authorization, {
      name: 'x',
      scope: 'admin',
    });
    expect(badScope.json().error.fields).toEqual({ scope: 'api_key_scope_invalid' });
  });

  test('each key is rate limited: 429 with Retry-After, other keys unaffected, the window resets', async () => {
    const busy = await createKey(rider, { name: 'busy' });
    const calm = await createKey(rider, { name: 'calm' });
    for (let i = 0; i < RATE_LIMIT; i++) {
      expect((await call('GET', '/api/bikes', bearer(busy.secret))).statusCode).toBe(200);
    }
    h.advance(60);
    const limited = await call('GET', '/api/bikes', bearer(busy.secret));
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect(limited.headers['retry-after']).toBe(String(10 * 60 - 60));
    expect((await call('GET', '/api/bikes', bearer(calm.secret))).statusCode).toBe(200);
    // The rider's own session is not limited by the key.
    expect((await call('GET', '/api/bikes', rider.headers.authorization)).statusCode).toBe(200);
    h.advance(10 * 60);
    expect((await call('GET', '/api/bikes', bearer(busy.secret))).statusCode).toBe(200);
  });

  test('the log never holds a key', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const config = loadConfig({ DATA_DIR: h.dataDir, SECRET_KEY: 'a'.repeat(64) });
    const app = await buildApp({
      config,
      database: h.database,
      queue: h.queue,
      now: h.now,
      logger: { level: 'trace', stream } as never,
    });
    try {
      const created = await app.inject({
        method: 'POST',
        url: '/api/me/api-keys',
        headers: rider.headers,
        payload: { name: 'logged?', scope: 'read' },
      });
      expect(created.statusCode).toBe(201);
      const { secret } = created.json() as CreatedKey;
      const headers = { authorization: bearer(secret) };
      expect((await app.inject({ url: '/api/activities', headers })).statusCode).toBe(200);
      expect((await app.inject({ url: `/api/activities?key=${secret}`, headers })).statusCode).toBe(200);
      const refused = await app.inject({
        method: 'POST',
        url: '/api/bikes',
        headers,
        payload: { name: 'x', type: 'road' },
      });
      expect(refused.statusCode).toBe(403);
      const log = lines.join('');
      expect(log).toContain('/api/activities');
      expect(log).not.toContain(secret);
      expect(log).not.toContain(secret.slice(12));
    } finally {
      await app.close();
    }
  });
});
