import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Database } from '../../db/schema.ts';
import { createHarness, type Harness, type SignedIn } from '../../test/harness.ts';
import { bestOfRideCurves } from '../activities/rider-best-curve.ts';
import { storeRide } from '../dashboard/stored-rides.test-helper.ts';

// Issue 28 (cold reads): GET /api/bikes/:id/performance reads each ride's trustworthy CdA from a
// column generated from its summary (migration 0035) and keeps the rides' parsed curves between
// answers (ride-curve-memo.ts). Its answer must stay what it was: here it is compared, after every
// kind of change to the bike's rides, with the answer built the way it was before issue 28 (every
// summary's JSON read, every curve read and merged), on the same data.

let h: Harness;
let rider: SignedIn;
let bike: string;
let other: string;

const get = (url: string) => h.app.inject({ method: 'GET', url, headers: rider.headers });
const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

/** The answer as it was computed before issue 28, straight from the database. */
async function answerBefore(db: Kysely<Database>, userId: string, bikeId: string) {
  const facts = await db
    .selectFrom('activities')
    .select([
      'id',
      'start_time',
      'distance_m',
      'moving_time_s',
      'average_power_w',
      'average_speed_mps',
      sql<number | null>`case when type <> 'VirtualRide'
          and coalesce((summary->'aeroFit'->>'trustworthy')::boolean, false)
          then (summary->'aeroFit'->>'cdaM2')::float8 end`.as('cda_m2'),
    ])
    .where('user_id', '=', userId)
    .where('bike_id', '=', bikeId)
    .orderBy('start_time')
    .orderBy('id')
    .execute();
  const curves = await db
    .selectFrom('activity_curves as c')
    .innerJoin('activities as a', 'a.id', 'c.activity_id')
    .select(['c.activity_id', 'c.start_time', 'c.durations_s', 'c.power_w'])
    .where('c.user_id', '=', userId)
    .where('a.user_id', '=', userId)
    .where('a.bike_id', '=', bikeId)
    .orderBy('c.start_time')
    .execute();
  const best = bestOfRideCurves(curves);
  return {
    curve: best.durationsS.map((duration, k) => ({
      duration_s: duration,
      power_w: round(Number(best.powerW[k]), 1),
      date: best.source[k]!.date,
    })),
    rides: facts.map((r) => ({
      id: r.id,
      start_time: r.start_time.toISOString(),
      average_speed_mps:
        r.average_speed_mps ??
        (r.distance_m && r.moving_time_s > 0 ? round(r.distance_m / r.moving_time_s, 3) : null),
      average_power_w: r.average_power_w === null ? null : round(r.average_power_w, 1),
      cda_m2: r.cda_m2 === null ? null : round(r.cda_m2, 3),
    })),
  };
}

async function expectSameAsBefore() {
  const response = await get(`/api/bikes/${bike}/performance`);
  expect(response.statusCode).toBe(200);
  const answer = response.json();
  expect(answer).toEqual(await answerBefore(h.database.db, rider.user.id, bike));
  return answer as Awaited<ReturnType<typeof answerBefore>>;
}

/** A curve on the grid [1, 5, 60, 300, 1200] (cut to the ride's length), power falling with duration. */
const curveOf = (k: number, points = 5) => {
  const durations = [1, 5, 60, 300, 1200].slice(0, points);
  // Ties on purpose: rides k and k+3 share their 1 s and 60 s powers.
  const power = [900 + (k % 3) * 25, 700 - k * 7, 420 + (k % 3) * 4, 310 + ((k * 5) % 11), 260 + k].slice(
    0,
    points,
  );
  return { durations, power };
};

const SUMMARIES: Record<string, unknown>[] = [
  { aeroFit: { cdaM2: 0.3214, trustworthy: true } },
  { aeroFit: { cdaM2: 0.29, trustworthy: false } },
  { aeroFit: null },
  {},
  { aeroFit: { cdaM2: 0.3377, trustworthy: true } },
  { aeroFit: { trustworthy: true } },
];

beforeAll(async () => {
  h = await createHarness();
  rider = await h.signIn({ email: 'bike-performance@example.org' });
  const create = async (name: string) =>
    (
      await h.app.inject({
        method: 'POST',
        url: '/api/bikes',
        headers: rider.headers,
        payload: { name, type: 'road' },
      })
    ).json().id as string;
  bike = await create('Bench');
  other = await create('Other');
  // Stored out of date order; one indoor ride (its CdA never counts), one without a curve.
  const days = [9, 2, 14, 5, 11, 1, 7, 12, 3, 8, 13, 4];
  for (const [k, day] of days.entries()) {
    await storeRide(h.database.db, rider.user.id, {
      start: `2026-03-${String(day).padStart(2, '0')}T07:30:00Z`,
      type: k === 4 ? 'VirtualRide' : 'Ride',
      distanceM: k === 6 ? null : 20_000 + k * 1_000,
      movingS: 3_600 + k * 60,
      avgPowerW: k === 3 ? null : 180.04 + k * 3.3,
      summary: SUMMARIES[k % SUMMARIES.length],
      ...(k === 7 ? {} : { curve: curveOf(k, k % 4 === 1 ? 3 : 5) }),
    });
  }
  const moved = await h.app.inject({
    method: 'POST',
    url: `/api/bikes/${bike}/rides`,
    headers: rider.headers,
    payload: { from: '2026-03-01', to: '2026-03-31' },
  });
  expect(moved.json()).toEqual({ moved: days.length });
}, 60_000);
afterAll(async () => h?.close());

test('the bike performance is the same answer as before, first and again', async () => {
  const first = await expectSameAsBefore();
  expect(first.rides).toHaveLength(12);
  // Oldest first: rides 6 and 0 (trustworthy 0.3214), 10 (0.3377); ride 4 is indoor.
  expect(first.rides.filter((r) => r.cda_m2 !== null).map((r) => r.cda_m2)).toEqual([0.321, 0.321, 0.338]);
  expect(first.curve[0]!.duration_s).toBe(1);
  expect(first.curve.at(-1)!.duration_s).toBe(1200);
  await expectSameAsBefore();
});

test('after a new ride (older than the others, tying their best), a re-analysis, a summary edit and a delete, still the same answer', async () => {
  // An older ride tying the bike's best 1 s power: the earlier ride holds the point.
  const best1s = (await expectSameAsBefore()).curve[0]!;
  const older = await storeRide(h.database.db, rider.user.id, {
    start: '2026-02-20T07:30:00Z',
    movingS: 5_000,
    distanceM: 40_000,
    avgPowerW: 210,
    summary: { aeroFit: { cdaM2: 0.301, trustworthy: true } },
    curve: { durations: [1, 5, 60], power: [best1s.power_w, 500, 400] },
  });
  await h.app.inject({
    method: 'POST',
    url: `/api/bikes/${bike}/rides`,
    headers: rider.headers,
    payload: { ids: [older] },
  });
  const withOlder = await expectSameAsBefore();
  expect(withOlder.curve[0]).toEqual({ ...best1s, date: '2026-02-20T07:30:00.000Z' });

  // A re-analysis rewrites a ride's curve and summary (and its updated_at): the new curve is read.
  const holder = withOlder.curve.find((p) => p.duration_s === 300)!;
  const { id: holderId } = await h.database.db
    .selectFrom('activities')
    .select('id')
    .where('user_id', '=', rider.user.id)
    .where('start_time', '=', new Date(holder.date))
    .executeTakeFirstOrThrow();
  await h.database.db
    .updateTable('activity_curves')
    .set({ power_w: [1000, 800, 500, 200, 150], durations_s: [1, 5, 60, 300, 1200] })
    .where('activity_id', '=', holderId)
    .execute();
  await h.database.db
    .updateTable('activities')
    .set({
      summary: JSON.stringify({ aeroFit: { cdaM2: 0.2888, trustworthy: true } }),
      // As a re-analysis does: later than every other write of the rider's rides (the versions' key).
      updated_at: new Date(Date.now() + 60_000),
    })
    .where('id', '=', holderId)
    .execute();
  const reanalysed = await expectSameAsBefore();
  expect(reanalysed.curve[0]!.power_w).toBe(1000);
  expect(reanalysed.rides.find((r) => r.id === holderId)!.cda_m2).toBe(0.289);

  // A ride moved to another bike leaves this bike's envelope and list.
  await h.app.inject({
    method: 'POST',
    url: `/api/bikes/${other}/rides`,
    headers: rider.headers,
    payload: { ids: [holderId] },
  });
  const moved = await expectSameAsBefore();
  expect(moved.rides.map((r) => r.id)).not.toContain(holderId);

  // Deleted through the API: gone from both.
  const deleted = await h.app.inject({
    method: 'DELETE',
    url: `/api/activities/${older}`,
    headers: rider.headers,
  });
  expect(deleted.statusCode).toBe(204);
  const afterDelete = await expectSameAsBefore();
  expect(afterDelete.rides.map((r) => r.id)).not.toContain(older);
});
