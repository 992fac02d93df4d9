import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.ts';
import { waitUntil } from '../../test/wait.ts';
import { type BestCurveRow, BestCurveRepository } from './best-curve.repository.ts';

// Issue 28 (trust): the rider's all-time best envelope is merged ride by ride, each store first
// locking the rider (best-curve.repository.ts). The lock and the read of the envelope (or of its
// version) had been joined into one statement to save a statement a ride; on PostgreSQL a statement
// reads the rows committed when it started, so a store that waited for the lock while another import
// of the rider's stored a ride read the envelope as it was before, and merged its ride over the other's
// points: a ride's bests went missing from the all-time curve (seen once in `npm test`'s PostgreSQL
// stage, best-curve.routes.test.ts, 300 W where a ride's 310 W belonged). The read now follows the lock.
//
// PostgreSQL only (DATABASE_URL): on the embedded database one transaction holds the one connection
// from its begin to its commit, so none can commit in between.

const databaseUrl = process.env.DATABASE_URL;
let h: Harness;

beforeAll(async () => {
  if (databaseUrl) h = await createHarness();
}, 60_000);
afterAll(async () => h?.close());

const envelope = (powerW: number): BestCurveRow => ({
  durations_s: [1, 5, 600],
  power_w: [powerW + 300, powerW + 100, powerW],
  activity_ids: [randomUUID(), randomUUID(), randomUUID()],
  start_times: ['2026-03-02T08:00:00.000Z', '2026-03-02T08:00:00.000Z', '2026-03-02T08:00:00.000Z'],
});

describe.skipIf(!databaseUrl)('the rider’s best envelope read after their lock (PostgreSQL)', () => {
  test('a store that waited for the lock reads what the holder committed, row and version', async () => {
    const rider = await h.signIn({ email: 'envelope-lock@example.org' });
    const userId = rider.user.id;
    const repository = new BestCurveRepository();
    const db = h.database.db;
    await db.transaction().execute((trx) => repository.save(trx, userId, envelope(200), new Date()));

    let commit!: () => void;
    const held = new Promise<void>((resolve) => {
      commit = resolve;
    });
    let holding!: () => void;
    const locked = new Promise<void>((resolve) => {
      holding = resolve;
    });
    // The holder: locks the rider, writes a new envelope, and commits only when told.
    const holder = db.transaction().execute(async (trx) => {
      await repository.lockRiderAndVersion(trx, userId);
      await repository.save(trx, userId, envelope(310), new Date());
      holding();
      await held;
    });
    await locked;
    // The waiter: its statements start while the holder holds the rider.
    const waiter = db.transaction().execute(async (trx) => {
      const version = await repository.lockRiderAndVersion(trx, userId);
      const row = await repository.lockRiderAndFind(trx, userId);
      return { version, row };
    });
    await waitUntil(
      'the second store is not waiting for the rider’s lock',
      async () =>
        (
          await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
            where wait_event_type = 'Lock' and datname = current_database()`.execute(db)
        ).rows[0]!.n,
      (n) => n > 0,
      { pollMs: 20, timeoutMs: 10_000 },
    );
    commit();
    await holder;
    const seen = await waiter;
    const committed = await db.transaction().execute(async (trx) => ({
      version: await repository.lockRiderAndVersion(trx, userId),
      row: await repository.find(trx, userId),
    }));
    expect(committed.row?.power_w).toEqual([610, 410, 310]);
    // The holder's envelope, not the one before it.
    expect(seen.version).toBe(committed.version);
    expect(seen.row?.power_w).toEqual([610, 410, 310]);
  }, 60_000);
});
