import { meanMaxDurationsS } from '@vatio/analysis';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { DatabaseHandle } from '../../db/database.ts';
import { openTestDatabase } from '../../test/test-database.ts';
import { BestCurveRepository } from './best-curve.repository.ts';
import { RiderBestCurve } from './rider-best-curve.ts';

// Issue 28: a ride stored reads only the version of the rider's envelope row, and the row itself only
// when the envelope this RiderBestCurve kept is not that version. Whatever wrote the row meanwhile (an
// other instance, as another process would; a run rolled back), the merge starts from the row as it is.

let database: DatabaseHandle;
let userId: string;
beforeAll(async () => {
  database = await openTestDatabase();
  const user = await database.db
    .insertInto('users')
    .values({ email: 'envelope@example.org', phone: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  userId = user.id;
});
afterAll(async () => database.close());

// Every curve on the same grid, so the envelope is the pointwise maximum (no two curves tie).
const durationsS = meanMaxDurationsS(120);
const curve = (id: number, wattsAt: (k: number) => number) => ({
  activity_id: `00000000-0000-4000-8000-00000000000${id}`,
  start_time: new Date(Date.UTC(2026, 2, id, 8)),
  durations_s: durationsS,
  power_w: durationsS.map((_, k) => wattsAt(k)),
});
// 1: the envelope at first. 2: below it everywhere. 3: above it everywhere. 4: above 1 at its first
// point only, below 3 everywhere.
const first = curve(1, (k) => 400 - k);
const below = curve(2, (k) => 300 - k);
const above = curve(3, (k) => 500 - k);
const mid = curve(4, (k) => (k === 0 ? 450 : 300 - k));

const now = new Date('2026-11-29T12:00:00Z');
const repository = new BestCurveRepository();
const read = () => repository.find(database.db, userId);
const envelopeOf = (...rides: (typeof first)[]) => ({
  durations_s: durationsS,
  power_w: durationsS.map((_, k) => Math.max(...rides.map((r) => r.power_w[k]!))),
  activity_ids: durationsS.map(
    (_, k) => rides.reduce((a, b) => (b.power_w[k]! > a.power_w[k]! ? b : a)).activity_id,
  ),
});
const shape = (row: Awaited<ReturnType<typeof read>>) => ({
  durations_s: row?.durations_s.map(Number),
  power_w: row?.power_w.map(Number),
  activity_ids: row?.activity_ids,
});
const store = (curves: RiderBestCurve, ride: typeof first) =>
  database.db.transaction().execute((trx) => curves.rideStored(trx, userId, ride, now));

describe('the rider best curve kept between rides', () => {
  test('merges into the row as another writer left it, not into the envelope it read before', async () => {
    const start = first.start_time.toISOString();
    await database.db
      .transaction()
      .execute((trx) =>
        repository.save(trx, userId, { ...envelopeOf(first), start_times: durationsS.map(() => start) }, now),
      );
    const curves = new RiderBestCurve();
    await store(curves, below); // reads the envelope of ride 1 and keeps it
    expect(shape(await read())).toEqual(envelopeOf(first));
    // Another process's import stores ride 3: every point is now ride 3's.
    await store(new RiderBestCurve(), above);
    expect(shape(await read())).toEqual(envelopeOf(first, above));
    // Ride 4 beats ride 1's first point, not ride 3's: nothing changes.
    await store(curves, mid);
    expect(shape(await read())).toEqual(envelopeOf(first, above));
  });

  test('a run rolled back leaves no envelope of its own behind', async () => {
    const curves = new RiderBestCurve();
    const before = shape(await read());
    const rolledBack = new Error('rolled back');
    await expect(
      database.db.transaction().execute(async (trx) => {
        // Ride 5 above everything, written and read back (kept) in a run that then fails.
        await curves.rideStored(
          trx,
          userId,
          curve(5, (k) => 600 - k),
          now,
        );
        await curves.rideStored(trx, userId, below, now);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(shape(await read())).toEqual(before);
    // Ride 6 beats ride 3 at its first point only: merged into the committed envelope.
    const six = curve(6, (k) => (k === 0 ? 550 : 100));
    await store(curves, six);
    expect(shape(await read())).toEqual(envelopeOf(first, above, mid, six));
  });
});
