// Issue 26 over HTTP: a ride uploaded from a FIT file that names the workout it was ridden from
// (the live ride's `vatio-workout:<kind>:<ref>`, written by the web's own writer) is the ride its
// planned day is measured with, before the day's first ride; a reference to another rider's workout
// links nothing; a damaged or unknown reference is ignored and the ride still imported. Compliance is
// kept in ride_compliance: a new server process answers without decoding the ride again.
import { encodeFit, generateRide } from '@vatio/formats';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { tagFitWithWorkout } from '../../../../web/src/screens/Live/fitWorkoutTag.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import { createHarness, type Harness, type SignedIn } from '../../test/harness.ts';
import { uploadAndWait } from '../../test/upload.ts';
import type { PredictiveService } from '../analytics/predictive.service.ts';
import { PlanRepository } from './plan.repository.ts';
import { PlanService } from './plan.service.ts';

let h: Harness;
const DAY_MS = 86_400_000;
const isoDay = (offsetDays: number) =>
  new Date(h.now().getTime() + offsetDays * DAY_MS).toISOString().slice(0, 10);

beforeAll(async () => {
  h = await createHarness();
  // Rides early today (UTC) must be in the past: the clock goes to 12:00 UTC when it is earlier.
  const now = h.now();
  const noon = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 12, 1);
  if (now.getTime() < noon) h.advance(Math.ceil((noon - now.getTime()) / 1000));
}, 120_000);
afterAll(async () => h?.close());

type Who = SignedIn;
const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: Who, payload?: object) =>
  h.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

/** A rider with an FTP of 260 W, an A event 12 weeks ahead and a plan made today (UTC). */
async function riderWithPlan(email: string): Promise<Who> {
  const who = await h.signIn({ email });
  const ftp = await call('POST', '/api/athlete-settings', who, {
    effective_from: isoDay(-400),
    ftp_w: 260,
    weight_kg: 70,
  });
  expect(ftp.statusCode, ftp.body).toBe(201);
  const goal = await call('POST', '/api/goals', who, {
    name: 'A race',
    date: isoDay(84),
    priority: 'A',
    kind: 'road_race',
  });
  expect(goal.statusCode, goal.body).toBe(201);
  const plan = await call('POST', '/api/plan', who, { time_zone: 'UTC' });
  expect(plan.statusCode, plan.body).toBe(201);
  return who;
}

async function ownWorkout(who: Who, name: string, text: string): Promise<string> {
  const response = await call('POST', '/api/workouts', who, { name, text });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

async function planDay(who: Who, date: string, edit: object) {
  const response = await call('PUT', `/api/plan/days/${date}`, who, { action: 'edit', ...edit });
  expect(response.statusCode, response.body).toBe(200);
}

let seed = 2600;
/**
 * A ride today from `hourUtc`, uploaded as the live ride uploads it: the formats writer's FIT file,
 * tagged by the web's fitWorkoutTag with `ref` (`<kind>:<ref>`) when given. Its activity id.
 */
async function uploadRide(who: Who, hourUtc: number, durationS: number, ref?: string): Promise<string> {
  const startTime = new Date(Date.parse(`${isoDay(0)}T00:00:00Z`) + hourUtc * 3_600_000);
  const plain = encodeFit(generateRide({ seed: seed++, startTime, durationS, ftpW: 260 }));
  const bytes = ref === undefined ? plain : tagFitWithWorkout(plain, 'Workout', ref);
  const status = await uploadAndWait(h.app, who.headers, [{ name: `ride-${seed}.fit`, bytes }]);
  expect(status.files[0]?.status, JSON.stringify(status.files)).toBe('done');
  return status.files[0]!.activity_id!;
}

type Day = {
  date: string;
  ride_ids: string[];
  compliance: { activity_id: string; workout_ref: object } | null;
};
async function dayOf(who: Who, date: string): Promise<Day> {
  const plan = (await call('GET', '/api/plan', who)).json() as { days: Day[] };
  const day = plan.days.find((d) => d.date === date);
  if (!day) throw new Error(`no plan day ${date}`);
  return day;
}
const complianceOfRide = async (who: Who, id: string) =>
  (await call('GET', `/api/activities/${id}`, who)).json().plan_compliance as Day['compliance'];

async function storedRef(id: string): Promise<string | null> {
  const row = await h.database.db
    .selectFrom('activities')
    .select('workout_ref')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.workout_ref;
}

describe('a ride linked to the workout it was ridden from', () => {
  let rider: Who;
  let linked: string;
  test('two rides on a day whose plan was changed to an own workout: the one that names it is measured', async () => {
    rider = await riderWithPlan('link-rider@example.org');
    const sweetSpot = await ownWorkout(rider, 'Sweet spot 40', 'wu 10m 55%, 20m 90%, cd 10m 50%');
    await planDay(rider, isoDay(0), { workout_id: sweetSpot });
    // First a ride with no reference (a head unit's), then the workout ridden in the browser.
    const first = await uploadRide(rider, 0.5, 3600);
    linked = await uploadRide(rider, 2.5, 2400, `own:${sweetSpot}`);
    expect(await storedRef(linked)).toBe(`own:${sweetSpot}`);
    expect(await storedRef(first)).toBeNull();

    const day = await dayOf(rider, isoDay(0));
    expect(day.ride_ids).toEqual([first, linked]);
    expect(day.compliance).toMatchObject({
      activity_id: linked,
      workout_ref: { source: 'own', id: sweetSpot },
      planned_duration_s: 2400,
      unavailable: null,
    });
    expect(await complianceOfRide(rider, linked)).toEqual(day.compliance);
    expect(await complianceOfRide(rider, first)).toBeNull();
  });

  test('kept: a new server process answers from ride_compliance without reading the ride again', async () => {
    const stored = await h.database.db
      .selectFrom('ride_compliance')
      .select(['activity_id', 'user_id'])
      .where('activity_id', '=', linked)
      .execute();
    expect(stored).toEqual([{ activity_id: linked, user_id: rider.user.id }]);
    let reads = 0;
    const blobs = {
      get: async () => {
        reads++;
        throw new Error('the stored compliance should have been read');
      },
    } as unknown as BlobStore;
    const fresh = new PlanService({
      repo: new PlanRepository(h.database.db),
      athleteSettings: h.services.athleteSettings,
      predictive: {} as PredictiveService,
      blobs,
      now: h.now,
      writes: h.database.writes,
    });
    const answer = await fresh.plan(rider.user.id);
    const day = answer.days.find((d) => d.date === isoDay(0));
    expect(day?.compliance).toEqual(await complianceOfRide(rider, linked));
    expect(reads).toBe(0);
  });

  test('a ride naming a planned day is measured against that day, whichever day it was ridden on', async () => {
    const who = await riderWithPlan('link-day@example.org');
    const tomorrow = isoDay(1);
    await planDay(who, tomorrow, { library_workout_id: 'endurance-60' });
    const early = await uploadRide(who, 1, 3600, `plan:${tomorrow}`);
    const day = await dayOf(who, tomorrow);
    expect(day.compliance).toMatchObject({
      activity_id: early,
      workout_ref: { source: 'library', id: 'endurance-60' },
    });
    expect(await complianceOfRide(who, early)).toEqual(day.compliance);
  });

  test("a reference to another rider's workout links nothing; the ride is imported", async () => {
    const stranger = await h.signIn({ email: 'link-stranger@example.org' });
    const theirs = await ownWorkout(stranger, 'Not yours', '1h 70%');
    const who = await riderWithPlan('link-foreign@example.org');
    await planDay(who, isoDay(0), { library_workout_id: 'endurance-60' });
    const ride = await uploadRide(who, 1, 3600, `own:${theirs}`);
    const day = await dayOf(who, isoDay(0));
    expect(day.ride_ids).toEqual([ride]);
    expect(day.compliance).toBeNull();
    expect(await complianceOfRide(who, ride)).toBeNull();
  });

  test('a damaged or unknown reference is ignored: the rides are imported and the day falls back to its first ride', async () => {
    const who = await riderWithPlan('link-damaged@example.org');
    await planDay(who, isoDay(0), { library_workout_id: 'endurance-60' });
    const damaged = await uploadRide(who, 0.5, 3600, 'library: two words');
    const unknown = await uploadRide(who, 2.5, 3600, 'zz9:plural-z-alpha');
    expect(await storedRef(damaged)).toBeNull();
    const day = await dayOf(who, isoDay(0));
    expect(day.ride_ids).toEqual([damaged, unknown]);
    expect(day.compliance).toMatchObject({
      activity_id: damaged,
      workout_ref: { source: 'library', id: 'endurance-60' },
    });
  });
});
