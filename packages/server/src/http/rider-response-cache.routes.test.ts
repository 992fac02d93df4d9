import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/database.ts';
import { runAsRider, runUnattributed } from '../db/write-scope.ts';
import { createHarness, type Harness, type SignedIn } from '../test/harness.ts';
import { syntheticRideFile, upload, waitForImport } from '../test/upload.ts';
import { RIDER_CACHED_ROUTES } from './rider-response-cache.ts';

/**
 * The kept answers of the rider's screens (http/rider-response-cache.ts), on both engines: a repeat is
 * answered from memory, and never once what it shows has changed: the rider's own write, a job of
 * theirs, the day turning over. Another rider's writes leave it kept. On PostgreSQL, also a write by
 * another process (its own pool and write counting, as a second server or a worker would have).
 */
let h: Harness;
let a: SignedIn;
let b: SignedIn;
const pglite = process.env.DATABASE_URL === undefined;

beforeAll(async () => {
  h = await createHarness();
  a = await h.signIn({ email: 'cache-a@example.com' });
  b = await h.signIn({ email: 'cache-b@example.com' });
}, 60_000);
afterAll(async () => h?.close());

const stats = () => h.app.riderResponses?.stats() ?? { entries: 0, bytes: 0, hits: 0, misses: 0 };
const get = (rider: SignedIn, url: string) => h.app.inject({ method: 'GET', url, headers: rider.headers });
const newBike = (rider: SignedIn, name: string) =>
  h.app.inject({
    method: 'POST',
    url: '/api/bikes',
    headers: rider.headers,
    payload: { name, type: 'road' },
  });

describe(`kept answers of the rider screens (${pglite ? 'PGlite' : 'PostgreSQL'})`, () => {
  test('a repeat is answered from memory, with the same body and type', async () => {
    const first = await get(a, '/api/bikes');
    const before = stats();
    const second = await get(a, '/api/bikes');
    expect(second.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    expect(stats().hits).toBe(before.hits + 1);
  });

  test("the rider's own write is seen at once; another rider's write leaves the answer kept", async () => {
    await get(a, '/api/bikes');
    expect((await newBike(b, 'B bike')).statusCode).toBe(201);
    const kept = stats();
    expect((await get(a, '/api/bikes')).json()).toEqual([]);
    expect(stats().hits).toBe(kept.hits + 1);

    expect((await newBike(a, 'A bike')).statusCode).toBe(201);
    const after = (await get(a, '/api/bikes')).json() as { name: string }[];
    expect(after.map((bike) => bike.name)).toEqual(['A bike']);
  });

  // Every 15 minutes per signed-in rider: it must not send everyone's answers to be computed again.
  // (A sign-in's code rows belong to no rider yet, so a sign-in counts for everyone: rarer, and safe.)
  test("another rider refreshing their token leaves a rider's answers kept", async () => {
    await get(a, '/api/me');
    const refreshed = await h.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refresh_token: b.refresh_token },
    });
    expect(refreshed.statusCode).toBe(200);
    b = { ...b, ...(refreshed.json() as { access_token: string; refresh_token: string }) };
    b.headers = { authorization: `Bearer ${b.access_token}` };
    const before = stats();
    expect((await get(a, '/api/me')).statusCode).toBe(200);
    expect(stats().hits).toBe(before.hits + 1);
  });

  test("a ride stored by the rider's import job shows in their list and dashboard at once", async () => {
    const listed = (await get(a, '/api/activities')).json() as { activities: unknown[] };
    const dashboard = (await get(a, '/api/dashboard?tz=UTC')).body;
    const uploaded = await upload(h.app, a.headers, [
      { name: 'ride.fit', bytes: syntheticRideFile(1, { durationS: 1800, ftpW: 250, seed: 3 }) },
    ]);
    expect(uploaded.statusCode).toBe(202);
    const done = await waitForImport(h.app, a.headers, (uploaded.json() as { import_id: string }).import_id);
    expect(done.files[0]?.status).toBe('done');
    const now = (await get(a, '/api/activities')).json() as { activities: unknown[] };
    expect(now.activities.length).toBe(listed.activities.length + 1);
    expect((await get(a, '/api/dashboard?tz=UTC')).body).not.toBe(dashboard);
  }, 60_000);

  test('the next day (or quarter hour) is computed anew, not served from the day before', async () => {
    await get(a, '/api/dashboard/overview?tz=UTC');
    const before = stats();
    h.advance(24 * 3600);
    // A rider's token lives 15 minutes: sign in again after the day has passed.
    const again = await h.signIn({ email: 'cache-a@example.com' });
    expect((await get(again, '/api/dashboard/overview?tz=UTC')).statusCode).toBe(200);
    expect(stats().misses).toBe(before.misses + 1);
  });

  test('a new quarter hour is computed anew, with the same session and nothing written', async () => {
    const quarterMs = 15 * 60 * 1000;
    // Signed in a few seconds into a quarter hour, the 15-minute token outlives the quarter's end.
    if (h.now().getTime() % quarterMs < 5_000) h.advance(10);
    const rider = await h.signIn({ email: 'cache-quarter@example.com' });
    await get(rider, '/api/dashboard/overview?tz=UTC');
    const kept = stats();
    expect((await get(rider, '/api/dashboard/overview?tz=UTC')).statusCode).toBe(200);
    expect(stats().hits).toBe(kept.hits + 1);
    h.advance((quarterMs - (h.now().getTime() % quarterMs)) / 1000 + 1);
    const next = stats();
    expect((await get(rider, '/api/dashboard/overview?tz=UTC')).statusCode).toBe(200);
    expect(stats().misses).toBe(next.misses + 1);
  });

  test("strangers asking for sign-in codes, and failing them, leave every rider's answers kept", async () => {
    const rider = await h.signIn({ email: 'cache-codes@example.com' });
    await get(rider, '/api/bikes');
    await h.requestCode({ email: 'someone-else@example.com' });
    const wrong = await h.app.inject({
      method: 'POST',
      url: '/api/auth/verify',
      payload: { email: 'someone-else@example.com', token: '000000', type: 'email' },
    });
    expect(wrong.statusCode).toBe(400);
    const kept = stats();
    expect((await get(rider, '/api/bikes')).statusCode).toBe(200);
    expect(stats().hits).toBe(kept.hits + 1);
  });

  test('errors are not kept, and a signed-out session gets no kept answer', async () => {
    b = await h.signIn({ email: 'cache-b@example.com' });
    const missing = '/api/activities/00000000-0000-4000-8000-000000000000';
    expect((await get(b, missing)).statusCode).toBe(404);
    const before = stats();
    expect((await get(b, missing)).statusCode).toBe(404);
    expect(stats().misses).toBe(before.misses + 1);

    const rider = await h.signIn({ email: 'cache-c@example.com' });
    expect((await get(rider, '/api/me')).statusCode).toBe(200);
    expect(
      (await h.app.inject({ method: 'POST', url: '/api/auth/logout', headers: rider.headers })).statusCode,
    ).toBe(204);
    expect((await get(rider, '/api/me')).statusCode).toBe(401);
  });

  test('every route on the list is a GET route of the API', () => {
    const routes = h.app.printRoutes({ commonPrefix: false });
    for (const route of RIDER_CACHED_ROUTES) expect(routes, route).toContain(route.split('/').pop()!);
  });
});

describe.runIf(!pglite)('on PostgreSQL, writes by another process', () => {
  let other: DatabaseHandle;
  beforeAll(async () => {
    other = await openDatabase({ databaseUrl: h.database.url! });
    // Past the wait between two codes for one address (the tests above signed A in a moment ago).
    h.advance(120);
    a = await h.signIn({ email: 'cache-a@example.com' });
    b = await h.signIn({ email: 'cache-b@example.com' });
  });
  afterAll(async () => other?.close());

  const bikeNames = async (rider: SignedIn) =>
    ((await get(rider, '/api/bikes')).json() as { name: string }[]).map((bike) => bike.name).sort();
  const insertBike = (db: DatabaseHandle['db'], userId: string, name: string) =>
    db
      .insertInto('bikes')
      .values({ user_id: userId, name, type: 'road', brand: null, model: null, year: null });

  test("the rider's write by another process is seen at once; another rider's leaves the answer kept", async () => {
    const before = await bikeNames(a);
    const kept = stats();
    expect(await bikeNames(a)).toEqual(before);
    expect(stats().hits).toBe(kept.hits + 1);

    await runAsRider(b.user.id, () => insertBike(other.db, b.user.id, 'B elsewhere').execute());
    const still = stats();
    expect(await bikeNames(a)).toEqual(before);
    expect(stats().hits).toBe(still.hits + 1);

    await runAsRider(a.user.id, () => insertBike(other.db, a.user.id, 'A elsewhere').execute());
    expect(await bikeNames(a)).toEqual([...before, 'A elsewhere'].sort());
  });

  test('a transaction of another process moves the version when it commits, not before; a rollback never', async () => {
    const before = await bikeNames(a);
    let seenInside: string[] = [];
    await runAsRider(a.user.id, () =>
      other.db.transaction().execute(async (trx) => {
        await insertBike(trx, a.user.id, 'A in a transaction').execute();
        const kept = stats();
        seenInside = await bikeNames(a);
        expect(stats().hits).toBe(kept.hits + 1);
      }),
    );
    expect(seenInside).toEqual(before);
    expect(await bikeNames(a)).toContain('A in a transaction');

    const committed = await bikeNames(a);
    await expect(
      runAsRider(a.user.id, () =>
        other.db.transaction().execute(async (trx) => {
          await insertBike(trx, a.user.id, 'A rolled back').execute();
          throw new Error('changed my mind');
        }),
      ),
    ).rejects.toThrow('changed my mind');
    const kept = stats();
    expect(await bikeNames(a)).toEqual(committed);
    expect(stats().hits).toBe(kept.hits + 1);
  });

  test('a write for nobody in particular counts for every rider', async () => {
    await bikeNames(a);
    await bikeNames(b);
    await runUnattributed(() => insertBike(other.db, a.user.id, 'A unattributed').execute());
    const before = stats();
    expect(await bikeNames(a)).toContain('A unattributed');
    await bikeNames(b);
    expect(stats().misses).toBe(before.misses + 2);
  });

  // The move of a version fails on purpose: a check no version number passes (added NOT VALID, so the
  // rows already there stay). Through a client of its own: DDL through Kysely would move '*' itself.
  const ddl = async (statement: string) => {
    const client = new pg.Client({ connectionString: h.database.url! });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  const failMoves = () =>
    ddl('alter table write_versions add constraint no_moves check (version < 0) not valid');
  const allowMoves = () => ddl('alter table write_versions drop constraint no_moves');

  test('a transaction whose version cannot move does not commit: the write goes with it', async () => {
    const before = await bikeNames(a);
    await failMoves();
    try {
      await expect(
        runAsRider(a.user.id, () =>
          other.db.transaction().execute((trx) => insertBike(trx, a.user.id, 'A never stored').execute()),
        ),
      ).rejects.toThrow();
    } finally {
      await allowMoves();
    }
    expect(await bikeNames(a)).toEqual(before);
    const stored = await other.db
      .selectFrom('bikes')
      .select('name')
      .where('name', '=', 'A never stored')
      .execute();
    expect(stored).toEqual([]);
  });

  test('an autocommitted write whose version cannot move yet: the caller is told, and it moves once it can', async () => {
    const before = await bikeNames(a);
    await failMoves();
    try {
      // Committed, but its version could not move on its own connection nor on a fresh one.
      await expect(
        runAsRider(a.user.id, () => insertBike(other.db, a.user.id, 'A stored, version late').execute()),
      ).rejects.toThrow();
    } finally {
      await allowMoves();
    }
    // Tried again every second in the background (LateVersionMoves).
    let names = before;
    for (let tries = 0; tries < 50 && !names.includes('A stored, version late'); tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      names = await bikeNames(a);
    }
    expect(names).toContain('A stored, version late');
  });

  test("a personal API key's requests are kept like a session's (issue 28), and its rate window leaves the rider's answers kept", async () => {
    const created = await h.app.inject({
      method: 'POST',
      url: '/api/me/api-keys',
      headers: a.headers,
      payload: { name: 'notebook' },
    });
    expect(created.statusCode).toBe(201);
    const keyHeaders = { authorization: `Bearer ${(created.json() as { secret: string }).secret}` };
    const byKey = () => h.app.inject({ method: 'GET', url: '/api/bikes', headers: keyHeaders });
    // A key's first use writes its "last used" (shown in Settings): a write of the rider's.
    expect((await byKey()).statusCode).toBe(200);
    await bikeNames(a);
    const before = stats();
    for (let n = 0; n < 3; n++)
      expect((await h.app.inject({ method: 'GET', url: '/api/bikes', headers: keyHeaders })).statusCode).toBe(
        200,
      );
    // The key's own answer: computed once, then kept (the rider's write version is read with the key).
    expect(stats().hits).toBe(before.hits + 2);
    expect(stats().misses).toBe(before.misses + 1);
    // The three requests' rate-window counts moved no version: the session's answer is still kept.
    await bikeNames(a);
    expect(stats().hits).toBe(before.hits + 3);
  });

  test('a version never repeats: concurrent transactions of one rider each end on a new one', async () => {
    const version = async () =>
      (
        await sql<{ version: number }>`select version from write_versions where scope = ${a.user.id}`.execute(
          other.db,
        )
      ).rows[0]!.version;
    const first = await version();
    const seen = new Set<number>([first]);
    await Promise.all(
      Array.from({ length: 8 }, (_, k) =>
        runAsRider(a.user.id, () =>
          other.db.transaction().execute(async (trx) => {
            await insertBike(trx, a.user.id, `A concurrent ${k}`).execute();
          }),
        ).then(async () => seen.add(await version())),
      ),
    );
    expect(await version()).toBeGreaterThan(first);
    expect(Math.max(...seen)).toBe(await version());
  });
});
