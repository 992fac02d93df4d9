import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { createHarness, type Harness, type SignedIn } from '../../test/harness.ts';

// Issue 28 on PostgreSQL (skipped on the embedded database, whose path is api-key.routes.test.ts):
// a key's check is gathered per turn into one statement that reads its row, counts its rate window
// and reads its rider's write version (api-key-checks.ts), so its answers are kept as a session's
// are. The row is read on every request: a revocation by another server sharing the database, or
// an operator's UPDATE or DELETE made outside Vatio (which moves no write version), refuses the
// very next request, kept answer or not.
const LIMIT = 12;

let h: Harness;
let rider: SignedIn;
/** A second server on the same database, as behind a proxy (docs/DEPLOYMENT.md). */
let other: FastifyInstance;
/** The operator's own connection (psql): its writes go around Vatio's write versions. */
let operator: pg.Client;

/** The test database is PostgreSQL when DATABASE_URL is set (test/test-database.ts). */
const onPostgres = Boolean(process.env.DATABASE_URL);

beforeAll(async () => {
  if (!onPostgres) return;
  h = await createHarness({ API_KEY_REQUESTS_PER_10_MIN: String(LIMIT) });
  rider = await h.signIn({ email: 'keys-postgres@example.org' });
  other = await buildApp({
    config: loadConfig({
      DATA_DIR: h.dataDir,
      SECRET_KEY: 'a'.repeat(64),
      API_KEY_REQUESTS_PER_10_MIN: String(LIMIT),
    }),
    database: h.database,
    queue: h.queue,
    now: h.now,
    logger: false,
  });
  operator = new pg.Client({ connectionString: h.database.url });
  await operator.connect();
});
afterAll(async () => {
  await operator?.end();
  await other?.close();
  await h?.close();
});

async function newKey(name: string): Promise<{ id: string; secret: string }> {
  const created = await h.app.inject({
    method: 'POST',
    url: '/api/me/api-keys',
    headers: rider.headers,
    payload: { name },
  });
  expect(created.statusCode).toBe(201);
  return created.json() as { id: string; secret: string };
}

const stats = (app: FastifyInstance) => app.riderResponses?.stats() ?? { hits: 0, misses: 0 };
const keyGet = (app: FastifyInstance, secret: string, url = '/api/bikes') =>
  app.inject({ url, headers: { authorization: `Bearer ${secret}` } });

describe.skipIf(!onPostgres)('a personal API key on PostgreSQL', () => {
  test('its answers are kept as a session’s, and a write of the rider’s (on any server) is seen', async () => {
    const key = await newKey('kept');
    // The first use stamps the key's last use (a write of the rider's); the second answer is kept.
    expect((await keyGet(h.app, key.secret)).json()).toEqual([]);
    expect((await keyGet(h.app, key.secret)).json()).toEqual([]);
    const before = stats(h.app);
    expect((await keyGet(h.app, key.secret)).json()).toEqual([]);
    expect(stats(h.app).hits).toBe(before.hits + 1);
    // A bike added through the other server moves the rider's write version: answered anew.
    const bike = await other.inject({
      method: 'POST',
      url: '/api/bikes',
      headers: rider.headers,
      payload: { name: 'Seen', type: 'road' },
    });
    expect(bike.statusCode).toBe(201);
    expect((await keyGet(h.app, key.secret)).json().map((b: { name: string }) => b.name)).toEqual(['Seen']);
  });

  test('revoked on another server, it is refused at once here, though its answer was kept', async () => {
    const key = await newKey('revoked elsewhere');
    expect((await keyGet(h.app, key.secret)).statusCode).toBe(200);
    expect((await keyGet(h.app, key.secret)).statusCode).toBe(200);
    const revoked = await other.inject({
      method: 'DELETE',
      url: `/api/me/api-keys/${key.id}`,
      headers: rider.headers,
    });
    expect(revoked.statusCode).toBe(204);
    expect((await keyGet(h.app, key.secret)).statusCode).toBe(401);
    expect((await keyGet(other, key.secret)).statusCode).toBe(401);
  });

  test('an operator’s UPDATE or DELETE outside Vatio refuses the next request on every server', async () => {
    const updated = await newKey('updated by an operator');
    const deleted = await newKey('deleted by an operator');
    for (const app of [h.app, other, h.app]) {
      expect((await keyGet(app, updated.secret)).statusCode).toBe(200);
      expect((await keyGet(app, deleted.secret)).statusCode).toBe(200);
    }
    await operator.query('update api_keys set revoked_at = now() where id = $1', [updated.id]);
    await operator.query('delete from api_keys where id = $1', [deleted.id]);
    for (const app of [h.app, other]) {
      expect((await keyGet(app, updated.secret)).statusCode).toBe(401);
      expect((await keyGet(app, deleted.secret)).statusCode).toBe(401);
    }
  });

  test('requests arriving together are each counted once in the shared window', async () => {
    const key = await newKey('together');
    // Asked in one turn, on both servers: two statements, one per server, count them all.
    const answers = await Promise.all(
      Array.from({ length: LIMIT + 4 }, (_, i) => keyGet(i % 2 ? other : h.app, key.secret)),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(LIMIT);
    expect(codes.filter((c) => c === 429)).toHaveLength(4);
    const { rows } = await operator.query('select rate_window_count from api_keys where id = $1', [key.id]);
    expect(rows[0].rate_window_count).toBe(LIMIT + 4);
  });
});
