import { meanMaxDurationsS, STANDARD_DURATIONS_S } from '@vatio/analysis';
import { type Activity, encodeFit, generateRide } from '@vatio/formats';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness, type SignedIn } from '../../test/harness.ts';
import { uploadAndWait } from '../../test/upload.ts';
import { ANALYSIS_VERSION } from '../activities/ride-import-analysis.ts';
import { RiderBestCurve } from '../activities/rider-best-curve.ts';
import { waitUntil } from '../../test/wait.ts';

// Rides with bests worked by hand: synthetic rides (for speed, heart rate, position) whose power is
// replaced by blocks of constant watts, written as FIT and imported through the real pipeline.
// A gap in the gap mask is written as a timer stop/start pair, so it comes back as a pause.

/** `seconds` of [watts, count] blocks; NaN = paused. */
function ride(seed: number, start: string, ...blocks: [number, number][]): Activity {
  const power: number[] = [];
  for (const [w, count] of blocks) for (let k = 0; k < count; k++) power.push(w);
  const activity = generateRide({ seed, durationS: power.length, startTime: new Date(start), ftpW: 260 });
  activity.streams.powerW = Float64Array.from(power);
  activity.streams.gapMask = Uint8Array.from(power, (w) => (Number.isNaN(w) ? 1 : 0));
  return activity;
}

// A, 30 min: 200 W with 5 min at 400 W. Best 5 min 400 W; 10 min (300·400 + 300·200)/600 = 300 W;
// 20 min (300·400 + 900·200)/1200 = 250 W.
const rideA = ride(21, '2026-03-02T08:00:00Z', [200, 300], [400, 300], [200, 1200]);
// B, 60 min: 250 W with 30 s at 700 W. 30 s 700 W; 10 min (30·700 + 570·250)/600 = 272.5 W;
// 20 min (21,000 + 1170·250)/1200 = 261.25 W; 60 min (21,000 + 3570·250)/3600 = 253.75 W.
const rideB = ride(22, '2026-03-04T08:00:00Z', [250, 100], [700, 30], [250, 3470]);
// C: 10 min at 310 W, a 5-min stop, 10 min at 310 W. 10 min 310 W; every 20-min window holds the whole
// stop: 310·900/1200 = 232.5 W (joining the two halves would read 310 W); the whole 25 min 248 W.
const rideC = ride(23, '2026-03-06T08:00:00Z', [310, 600], [Number.NaN, 300], [310, 600]);

interface Point {
  duration: number;
  power: number;
  date: string;
  activity_id: string;
}

let h: Harness;
let rider: SignedIn;
const ids: Record<'a' | 'b' | 'c', string> = { a: '', b: '', c: '' };

async function allTime(): Promise<Point[]> {
  const response = await h.app.inject({
    url: '/api/dashboard/power-curve?range=all',
    headers: rider.headers,
  });
  expect(response.statusCode).toBe(200);
  return response.json().points;
}

const at = (points: Point[], d: number) => points.find((p) => p.duration === d);

function expectMonotone(points: Point[]) {
  for (let k = 1; k < points.length; k++) expect(points[k]!.power).toBeLessThanOrEqual(points[k - 1]!.power);
}

beforeAll(async () => {
  h = await createHarness();
  rider = await h.signIn({ email: 'best-curve@example.org' });
  const result = await uploadAndWait(h.app, rider.headers, [
    { name: 'a.fit', bytes: encodeFit(rideA) },
    { name: 'b.fit', bytes: encodeFit(rideB) },
    { name: 'c.fit', bytes: encodeFit(rideC) },
  ]);
  for (const file of result.files) {
    expect(file.status).toBe('done');
    ids[file.name[0] as 'a' | 'b' | 'c'] = file.activity_id!;
  }
}, 120_000);
afterAll(async () => h?.close());

describe('the all-time best-power curve', () => {
  test('is a monotone best-of on the shared grid, with every standard duration and the ride of each point', async () => {
    const points = await allTime();
    expect(points.map((p) => p.duration)).toEqual(meanMaxDurationsS(3600));
    for (const d of STANDARD_DURATIONS_S.filter((d) => d <= 3600)) expect(at(points, d)).toBeDefined();
    expectMonotone(points);
    const expectPoint = (d: number, powerW: number, ride: 'a' | 'b' | 'c', start: string) => {
      const point = at(points, d)!;
      expect(Math.abs(point.power - powerW)).toBeLessThanOrEqual(0.06);
      expect(point.activity_id).toBe(ids[ride]);
      expect(point.date).toBe(start);
    };
    expectPoint(30, 700, 'b', '2026-03-04T08:00:00.000Z');
    expectPoint(300, 400, 'a', '2026-03-02T08:00:00.000Z');
    expectPoint(600, 310, 'c', '2026-03-06T08:00:00.000Z');
    // C's 20 min counts its stop as 0 W (232.5 W), so B's 261.25 W is the best 20 min.
    expectPoint(1200, 261.25, 'b', '2026-03-04T08:00:00.000Z');
    expectPoint(3600, 253.75, 'b', '2026-03-04T08:00:00.000Z');
  });

  test("a ride's own curve counts a stop as 0 W, and its page compares it with the same all-time best", async () => {
    const analysis = (
      await h.app.inject({ url: `/api/activities/${ids.c}/analysis`, headers: rider.headers })
    ).json();
    const own = (d: number) =>
      analysis.power_curve.find((p: { duration_s: number }) => p.duration_s === d)?.power_w;
    expect(own(600)).toBeCloseTo(310, 1);
    expect(own(1200)).toBeCloseTo(232.5, 1);
    const points = await allTime();
    expect(analysis.best_power_curve).toEqual(
      points.map((p) => ({
        duration_s: p.duration,
        power_w: p.power,
        activity_id: p.activity_id,
        date: p.date,
      })),
    );
  });

  test('re-analysis replaces the ride curve and the envelope (an older analysis had joined the stop)', async () => {
    const db = h.database.db;
    // As version 2 stored ride C: the halves joined, 310 W held for 20 min.
    const joined = meanMaxDurationsS(1200);
    await db
      .updateTable('activity_curves')
      .set({ durations_s: joined, power_w: joined.map(() => 310) })
      .where('activity_id', '=', ids.c)
      .execute();
    await db.transaction().execute((trx) => new RiderBestCurve().rebuild(trx, rider.user.id, new Date()));
    // updated_at moves, as with any write to a ride, so the kept answers see it.
    await db
      .updateTable('activities')
      .set({ analysis_version: ANALYSIS_VERSION - 1, updated_at: new Date(Date.now() + 60_000) })
      .execute();
    expect(at(await allTime(), 1200)).toMatchObject({ power: 310, activity_id: ids.c });

    h.advance(300); // the re-analysis writes five minutes later
    expect(await h.services.reanalysis.scheduleOutdated()).toBe(3);
    const pending = await waitUntil(
      'the rides were not re-analysed',
      async () =>
        (await db.selectFrom('activities').select('id').where('reanalysis_pending', '=', true).execute())
          .length,
      (n) => n === 0,
      { timeoutMs: 30_000 },
    );
    expect(pending).toBe(0);
    const points = await allTime();
    expectMonotone(points);
    expect(at(points, 1200)).toMatchObject({ activity_id: ids.b });
    expect(Math.abs(at(points, 1200)!.power - 261.25)).toBeLessThanOrEqual(0.06);
    expect(at(points, 600)).toMatchObject({ power: 310, activity_id: ids.c });
  });

  test('deleting the ride that holds bests takes them out; the others take their place', async () => {
    const deleted = await h.app.inject({
      method: 'DELETE',
      url: `/api/activities/${ids.b}`,
      headers: rider.headers,
    });
    expect(deleted.statusCode).toBe(204);
    const points = await allTime();
    expect(points.some((p) => p.activity_id === ids.b)).toBe(false);
    // Now the longest ride is A (30 min).
    expect(points.map((p) => p.duration)).toEqual(meanMaxDurationsS(1800));
    expectMonotone(points);
    expect(at(points, 30)).toMatchObject({ power: 400, activity_id: ids.a });
    expect(at(points, 600)).toMatchObject({ power: 310, activity_id: ids.c });
    // 20 min: A's 250 W beats C's (C held 248 W over its whole 25 min, 232.5 W over 20).
    expect(at(points, 1200)).toMatchObject({ power: 250, activity_id: ids.a });
    const row = await h.database.db
      .selectFrom('rider_best_curves')
      .select('activity_ids')
      .where('user_id', '=', rider.user.id)
      .executeTakeFirstOrThrow();
    expect(row.activity_ids).not.toContain(ids.b);

    // The last rides gone: no curve, no row.
    for (const id of [ids.a, ids.c])
      await h.app.inject({ method: 'DELETE', url: `/api/activities/${id}`, headers: rider.headers });
    expect(await allTime()).toEqual([]);
  });
});
