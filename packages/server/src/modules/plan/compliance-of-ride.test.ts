// Issue 28: the ride page's compliance (PlanService.complianceOfRide) is computed for its one ride,
// without the whole plan's answer. It must be the compliance the plan's answer gives the same ride, on
// a plan with a bit of everything: a zone east of UTC with rides across local midnight, past days of
// the plan as made and today's from the re-plan, skipped, moved, swapped and edited days (a library
// session and an own workout), rides naming a planned day or a workout, a ride without power before a
// ride with, two rides on one day, two FTPs in the settings history. Both ways round: measured by one
// and kept for the other (the stored key must agree, or the other would read the ride again).
import { encodeFit, generateRide } from '@vatio/formats';
import type { WorkoutComplianceResponse } from '@vatio/schemas';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { tagFitWithWorkout } from '../../../../web/src/screens/Live/fitWorkoutTag.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import { FsBlobStore } from '../../storage/blob-store.ts';
import { createHarness, type Harness, type SignedIn } from '../../test/harness.ts';
import { statementsDuring } from '../../test/statements.ts';
import { uploadAndWait } from '../../test/upload.ts';
import type { PredictiveService } from '../analytics/predictive.service.ts';
import { PlanRepository } from './plan.repository.ts';
import { PlanService } from './plan.service.ts';
import { join } from 'node:path';

/** Statements are counted on the embedded database, where each waits its turn on one connection. */
const onPostgres = Boolean(process.env.DATABASE_URL);
let h: Harness;
let rider: SignedIn;
const DAY_MS = 86_400_000;
/** Days the plan has run before today (its start is moved back after it is made). */
const LIVED_DAYS = 9;
const isoDay = (offsetDays: number) =>
  new Date(h.now().getTime() + offsetDays * DAY_MS).toISOString().slice(0, 10);
const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  h.app.inject({ method, url, headers: rider.headers, ...(payload ? { payload } : {}) });

let seed = 2800;
/** A ride starting `hourUtc` hours into the UTC day `offsetDays` from today; its activity id. */
async function uploadRide(
  offsetDays: number,
  hourUtc: number,
  durationS: number,
  options: { ref?: string; gpx?: boolean } = {},
): Promise<string> {
  const startTime = new Date(Date.parse(`${isoDay(offsetDays)}T00:00:00Z`) + hourUtc * 3_600_000);
  let bytes: Uint8Array;
  if (options.gpx) {
    const points: string[] = [];
    for (let i = 0; i <= durationS; i += 1) {
      const time = new Date(startTime.getTime() + i * 1000).toISOString();
      points.push(`<trkpt lat="${(40 + i * 0.00005).toFixed(6)}" lon="-3.7"><time>${time}</time></trkpt>`);
    }
    bytes = new TextEncoder().encode(
      `<?xml version="1.0"?><gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><trk><type>cycling</type><trkseg>${points.join('')}</trkseg></trk></gpx>`,
    );
  } else {
    const plain = encodeFit(generateRide({ seed: seed++, startTime, durationS, ftpW: 250 }));
    bytes = options.ref === undefined ? plain : tagFitWithWorkout(plain, 'Workout', options.ref);
  }
  const status = await uploadAndWait(h.app, rider.headers, [
    { name: `ride-${seed++}.${options.gpx ? 'gpx' : 'fit'}`, bytes },
  ]);
  expect(status.files[0]?.status, JSON.stringify(status.files)).toBe('done');
  return status.files[0]!.activity_id!;
}

function planService(blobs: BlobStore): PlanService {
  return new PlanService({
    repo: new PlanRepository(h.database.db),
    athleteSettings: h.services.athleteSettings,
    predictive: {} as PredictiveService,
    blobs,
    now: h.now,
    writes: h.database.writes,
  });
}

/** A blob store that fails the test if a ride's streams are read (the compliance should be kept). */
const noReads: BlobStore = new Proxy({} as BlobStore, {
  get: () => async () => {
    throw new Error('the stored compliance should have been read');
  },
});

let rideIds: string[] = [];

beforeAll(async () => {
  h = await createHarness();
  // Noon UTC or later, so every ride of "today" below has started already.
  const now = h.now();
  const noon = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 13, 0);
  if (now.getTime() < noon) h.advance(Math.ceil((noon - now.getTime()) / 1000));
  rider = await h.signIn({ email: 'compliance-of-ride@example.org' });
  for (const [from, ftp] of [
    [-400, 240],
    [-4, 262],
  ] as const) {
    const set = await call('POST', '/api/athlete-settings', {
      effective_from: isoDay(from),
      ftp_w: ftp,
      weight_kg: 70,
    });
    expect(set.statusCode, set.body).toBe(201);
  }
  for (const goal of [
    { name: 'A race', date: isoDay(70), priority: 'A', kind: 'road_race' },
    { name: 'B test', date: isoDay(30), priority: 'B', kind: 'time_trial' },
  ]) {
    const created = await call('POST', '/api/goals', goal);
    expect(created.statusCode, created.body).toBe(201);
  }
  const own = await call('POST', '/api/workouts', {
    name: 'Over-unders',
    text: 'wu 10m 55%, 3x(4m 95%, 2m 105%), cd 8m 50%',
  });
  expect(own.statusCode, own.body).toBe(201);
  const ownId = own.json().id as string;
  const plan = await call('POST', '/api/plan', {
    time_zone: 'Europe/Madrid',
    training_weekdays: [1, 2, 3, 4, 5, 6, 7],
  });
  expect(plan.statusCode, plan.body).toBe(201);
  // The plan as if made LIVED_DAYS ago, with day changes made then (each on a day of it).
  const userId = rider.user.id;
  await h.database.db
    .updateTable('training_plans')
    .set({ start_date: isoDay(-LIVED_DAYS) })
    .where('user_id', '=', userId)
    .execute();
  const change = (day: number, values: object, minutesAgo: number) => ({
    user_id: userId,
    day: isoDay(day),
    action: 'edit' as const,
    other_day: null,
    library_workout_id: null,
    workout_id: null,
    tss: null,
    note: null,
    created_at: new Date(h.now().getTime() - minutesAgo * 60_000),
    ...values,
  });
  await h.database.db
    .insertInto('plan_day_overrides')
    .values([
      change(-8, { action: 'skip' }, 50),
      change(-7, { workout_id: ownId }, 40),
      change(-6, { action: 'swap', other_day: isoDay(-3) }, 30),
      change(-5, { action: 'move', other_day: isoDay(-2) }, 20),
      change(0, { workout_id: ownId, tss: 70 }, 10),
    ])
    .execute();
  const days = (await call('GET', '/api/plan')).json().days as {
    date: string;
    workout: { id: string } | null;
  }[];
  const planned = (offset: number) => days.find((d) => d.date === isoDay(offset))?.workout;
  const library = planned(-4) ?? planned(-1);
  rideIds = [
    await uploadRide(-9, 8, 2400),
    await uploadRide(-8, 9, 1800),
    // Named by its workout, on the day that plans it.
    await uploadRide(-7, 7, 3000, { ref: `own:${ownId}` }),
    // Without power first, then two with: the first with power is the day's ride.
    await uploadRide(-6, 6, 1200, { gpx: true }),
    await uploadRide(-6, 10, 2700),
    await uploadRide(-6, 15, 1800),
    // 23:30 UTC is 00:30 the next day in Madrid.
    await uploadRide(-5, 23.5, 2400),
    // Naming another planned day than the one it was ridden on.
    await uploadRide(-3, 9, 3600, { ref: `plan:${isoDay(-2)}` }),
    await uploadRide(-2, 18, 2000),
    // A library session named on a day that plans another one: linked to nothing, nor is the day.
    ...(library ? [await uploadRide(-1, 8, 2500, { ref: `library:${library.id}x` })] : []),
    await uploadRide(0, 7, 3600, { ref: `own:${ownId}` }),
  ];
}, 600_000);
afterAll(async () => h?.close());

async function planCompliance(service: PlanService, id: string): Promise<WorkoutComplianceResponse | null> {
  const answer = await service.plan(rider.user.id);
  return answer.days.find((d) => d.compliance?.activity_id === id)?.compliance ?? null;
}

describe("a ride's compliance on its own and in the plan", () => {
  test('measured for the ride alone first: the plan then keeps the same, without reading a ride', async () => {
    const alone = new Map<string, WorkoutComplianceResponse | null>();
    for (const id of rideIds)
      alone.set(
        id,
        await planService(new FsBlobStore(join(h.dataDir, 'blobs'))).complianceOfRide(rider.user.id, id),
      );
    const linked = [...alone.values()].filter((c) => c !== null);
    // Enough of the plan's days are measured for the comparison to mean something.
    expect(linked.length).toBeGreaterThanOrEqual(5);
    expect(linked.some((c) => c.unavailable === null && c.score !== null)).toBe(true);
    expect([...alone.values()].filter((c) => c === null).length).toBeGreaterThanOrEqual(2);
    const plan = planService(noReads);
    for (const id of rideIds) expect(await planCompliance(plan, id), id).toEqual(alone.get(id));
  });

  test('measured by the plan first: the ride alone gives the same, kept, without reading it', async () => {
    await h.database.db.deleteFrom('ride_compliance').where('user_id', '=', rider.user.id).execute();
    const plan = planService(new FsBlobStore(join(h.dataDir, 'blobs')));
    for (const id of rideIds) {
      const whole = await planCompliance(plan, id);
      expect(await planService(noReads).complianceOfRide(rider.user.id, id), id).toEqual(whole);
    }
  });

  test.skipIf(onPostgres)(
    "the ride page after an upload: the session's statement and two more, with the plan's compliance",
    async () => {
      const id = rideIds[2]!;
      // The server has seen the rider's plan (a ride page of theirs before).
      expect((await call('GET', `/api/activities/${rideIds[0]}`)).statusCode).toBe(200);
      // A new ride of today's (not the day's linked one): every answer of the rider's kept before is stale.
      await uploadRide(0, 10, 1500);
      let body: { plan_compliance: unknown } | undefined;
      const statements = await statementsDuring(h.database, async () => {
        const response = await call('GET', `/api/activities/${id}`);
        expect(response.statusCode).toBe(200);
        body = response.json();
      });
      const ours = statements.filter((s) => !/from "sessions"/.test(s));
      expect(ours, statements.join('\n')).toHaveLength(2);
      expect(body?.plan_compliance).not.toBeNull();
      expect(body?.plan_compliance).toEqual(await planCompliance(planService(noReads), id));
    },
  );

  test.skipIf(onPostgres)(
    'a rider without a plan is asked again only once something of theirs changed',
    async () => {
      const other = await h.signIn({ email: 'compliance-of-ride-no-plan@example.org' });
      const service = planService(noReads);
      const reads = async () =>
        (
          await statementsDuring(h.database, async () =>
            expect(await service.complianceOfRide(other.user.id, rideIds[0]!)).toBeNull(),
          )
        ).length;
      expect(await reads()).toBe(1);
      expect(await reads()).toBe(0);
      // A write of the rider's (as making a plan is) moves their epoch: the plan is looked for again.
      const ftp = await h.app.inject({
        method: 'POST',
        url: '/api/athlete-settings',
        headers: other.headers,
        payload: { effective_from: isoDay(-10), ftp_w: 250, weight_kg: 70 },
      });
      expect(ftp.statusCode, ftp.body).toBe(201);
      expect(await reads()).toBe(1);
    },
  );

  test("another rider's ride, or a rider without a plan: none", async () => {
    const other = await h.signIn({ email: 'compliance-of-ride-other@example.org' });
    const service = planService(noReads);
    expect(await service.complianceOfRide(other.user.id, rideIds[2]!)).toBeNull();
    expect(await service.complianceOfRide(rider.user.id, '00000000-0000-4000-8000-000000000000')).toBeNull();
  });

  test('a plan deleted since the server saw it: no compliance', async () => {
    const compliance = async () =>
      ((await call('GET', `/api/activities/${rideIds[2]}`)).json() as { plan_compliance: unknown })
        .plan_compliance;
    expect(await compliance()).not.toBeNull();
    const deleted = await h.app.inject({ method: 'DELETE', url: '/api/plan', headers: rider.headers });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await compliance()).toBeNull();
  });
});
