import { segmentClimbsOf } from '@vatio/analysis';
import { encodeFit, generateRide, SYNTHETIC_ROUTES } from '@vatio/formats';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { connectThroughFakeStrava, type FakeStrava, startFakeStrava } from '../../test/fake-strava.ts';
import { createHarness, type Harness, type SignedIn } from '../../test/harness.ts';
import { uploadAndWait } from '../../test/upload.ts';
import { RIDE_TRIES } from '../strava/strava-sync.service.ts';
import { waitForSync as waitForStravaSync } from '../../test/wait.ts';

// Strava segment efforts join the segment list (issue 14): through the real app against the fake
// Strava on loopback, which describes each effort from the activity's own streams as Strava does.
let strava: FakeStrava;
let h: Harness;
let rider: SignedIn;
let other: SignedIn;
const ATHLETE = 9301;
const OTHER_ATHLETE = 9302;
const DAY_MS = 86_400_000;
const RIVER = 77; // a Strava segment on the fake's steady rides
const ONCE = 88; // ridden once: a candidate, not listed
const RIDGE = 99; // a Strava segment up the ridge route's first climb

const ridge = SYNTHETIC_ROUTES.find((r) => r.id === 'ridge')!;
const daysAgo = (d: number, hourUtc = 7) => {
  const t = new Date(Date.now() - d * DAY_MS);
  t.setUTCHours(hourUtc, 0, 0, 0);
  return t;
};
const iso = (t: Date) => t.toISOString().replace('.000', '');

interface Summary {
  id: string;
  name: string | null;
  source: string;
  strava_segment_id: number | null;
  attempts: number;
}

async function call(method: 'GET' | 'POST' | 'DELETE', url: string, who: SignedIn, payload?: object) {
  return h.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
}

const waitForSync = (who: SignedIn) =>
  waitForStravaSync(async () => (await call('GET', '/api/sync/status', who)).json(), { timeoutMs: 120_000 });

/** Vatio's authorize URL → the fake's page → approve → Vatio's callback. */
async function connect(who: SignedIn, athleteId: number) {
  const back = await connectThroughFakeStrava(h.app, strava, athleteId, who.headers);
  expect(back.searchParams.get('strava')).toBe('connected');
}

async function listed(who: SignedIn): Promise<Summary[]> {
  const response = await call('GET', '/api/analytics/segments', who);
  expect(response.statusCode).toBe(200);
  return response.json().segments;
}

/** A generated ride of the ridge route as Strava streams (1 s samples), without its altitude. */
function ridgeStreamsWithoutAltitude(seed: number, start: Date) {
  const activity = generateRide({ seed, startTime: start, durationS: 3600, ftpW: 250, route: ridge });
  const s = activity.streams;
  const n = s.timeS.length;
  const list = (a: Float64Array | undefined) =>
    Array.from({ length: n }, (_, i) => Math.round((a?.[i] ?? 0) * 100) / 100);
  const climb = segmentClimbsOf(s)[0]!;
  return {
    streams: {
      time: Array.from({ length: n }, (_, i) => i),
      distance: list(s.distanceM),
      latlng: Array.from({ length: n }, (_, i) => [s.latDeg![i]!, s.lngDeg![i]!]),
      watts: list(s.powerW).map(Math.round),
      heartrate: list(s.heartRateBpm).map(Math.round),
      velocity_smooth: list(s.speedMps),
    },
    climb,
    n,
  };
}

beforeAll(async () => {
  strava = await startFakeStrava();
  h = await createHarness({
    STRAVA_CLIENT_ID: strava.clientId,
    STRAVA_CLIENT_SECRET: strava.clientSecret,
    STRAVA_OAUTH_URL: strava.oauthUrl,
    STRAVA_API_URL: strava.apiUrl,
    // After Strava failed: tried again 0.2 s later, then 0.4 s, 0.8 s.
    STRAVA_RETRY_DELAY_MS: '200',
  });
  rider = await h.signIn({ email: 'strava-segments@example.org' });
  other = await h.signIn({ email: 'strava-segments-other@example.org' });
  strava.addAthlete({ id: ATHLETE });
  strava.addAthlete({ id: OTHER_ATHLETE });
  // Three steady rides along the fake's road, each up the river segment; the first also up another.
  for (const [i, d] of [5, 4, 3].entries()) {
    strava.addActivity(ATHLETE, {
      id: 7001 + i,
      name: `River ride ${i + 1}`,
      start_date: iso(daysAgo(d)),
      elapsed_time: 1500,
      device_watts: true,
      average_watts: 210 + i * 10,
      segments: [
        { segmentId: RIVER, name: 'Cuesta del Río', startIndex: 300, endIndex: 700, notable: i === 0 },
        ...(i === 0 ? [{ segmentId: ONCE, name: 'Sprint', startIndex: 900, endIndex: 960 }] : []),
      ],
    });
  }
  // The ridge route twice as uploaded files (its climbs become segments), then once from Strava
  // without altitude (no climb of its own) and with a Strava segment where its first climb is.
  for (const [i, d] of [20, 18].entries()) {
    const fit = encodeFit(
      generateRide({ seed: 11 + i, startTime: daysAgo(d, 17), durationS: 3600, ftpW: 250, route: ridge }),
    );
    expect(
      (await uploadAndWait(h.app, rider.headers, [{ name: `ridge-${i}.fit`, bytes: fit }])).files[0]!.status,
    ).toBe('done');
  }
  const ridgeStart = daysAgo(2, 17);
  const ridgeRide = ridgeStreamsWithoutAltitude(13, ridgeStart);
  strava.addActivity(ATHLETE, {
    id: 7101,
    name: 'Ridge from Strava',
    start_date: iso(ridgeStart),
    elapsed_time: ridgeRide.n - 1,
    device_watts: true,
    average_watts: 220,
    streams: ridgeRide.streams,
    segments: [
      {
        segmentId: RIDGE,
        name: 'Alto de la Cresta',
        startIndex: ridgeRide.climb.effort.startS,
        endIndex: ridgeRide.climb.effort.endS,
      },
    ],
  });
  // The other rider rides the river segment too, once.
  strava.addActivity(OTHER_ATHLETE, {
    id: 7201,
    start_date: iso(daysAgo(4, 9)),
    elapsed_time: 1500,
    device_watts: true,
    average_watts: 200,
    segments: [{ segmentId: RIVER, name: 'Cuesta del Río', startIndex: 300, endIndex: 700 }],
  });
  await connect(rider, ATHLETE);
  await call('POST', '/api/strava/sync', rider, { action: 'import_activities' });
  expect(await waitForSync(rider)).toMatchObject({ status: 'completed', failed_activities: 0 });
}, 240_000);
afterAll(async () => {
  await h?.close();
  await strava?.close();
});

describe('Strava segment efforts', () => {
  test('are fetched with include_all_efforts and listed with their source and Strava name', async () => {
    expect(
      strava.requests.filter((r) => /^\/api\/v3\/activities\/\d+$/.test(r.path) && r.status === 200).length,
    ).toBe(4);
    const segments = await listed(rider);
    const river = segments.find((s) => s.strava_segment_id === RIVER)!;
    expect(river).toMatchObject({ name: 'Cuesta del Río', source: 'strava', attempts: 3 });
    // Ridden once: a candidate, as a climb seen once.
    expect(segments.some((s) => s.strava_segment_id === ONCE)).toBe(false);
    const detail = (await call('GET', `/api/analytics/segments/${river.id}`, rider)).json();
    expect(detail.efforts).toHaveLength(3);
    for (const e of detail.efforts) {
      expect(e.source).toBe('strava');
      // Measured on the ride's own 1 Hz streams between start_index 300 and end_index 700.
      expect(e.elapsed_s).toBe(400);
      expect(e.splits_s).toHaveLength(13);
      expect(e.average_power_w).toBeGreaterThan(150);
    }
    // The fake's watts average the activity's average_watts: the efforts keep their order.
    expect(detail.efforts.map((e: { average_power_w: number }) => e.average_power_w)).toEqual(
      [...detail.efforts.map((e: { average_power_w: number }) => e.average_power_w)].sort((a, b) => a - b),
    );
    expect(detail.pacing).not.toBeNull();
  });

  test('a Strava segment where a climb segment is joins it: one segment, the Strava effort on it', async () => {
    const segments = await listed(rider);
    const joined = segments.filter((s) => s.strava_segment_id === RIDGE);
    expect(joined).toHaveLength(1);
    expect(joined[0]).toMatchObject({ source: 'climb', name: 'Alto de la Cresta', attempts: 3 });
    const detail = (await call('GET', `/api/analytics/segments/${joined[0]!.id}`, rider)).json();
    expect(detail.efforts.map((e: { source: string }) => e.source)).toEqual(['climb', 'climb', 'strava']);
    const rows = await h.database.db
      .selectFrom('segments')
      .select('id')
      .where('user_id', '=', rider.user.id)
      .where('strava_segment_id', '=', RIDGE)
      .execute();
    expect(rows).toHaveLength(1);
  });

  test('syncing again adds no effort twice', async () => {
    const count = async () =>
      (
        await h.database.db
          .selectFrom('segment_efforts')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', rider.user.id)
          .executeTakeFirstOrThrow()
      ).n;
    const before = Number(await count());
    await call('POST', '/api/strava/sync', rider, { action: 'import_activities' });
    expect((await waitForSync(rider)).status).toBe('completed');
    expect(Number(await count())).toBe(before);
    expect((await listed(rider)).find((s) => s.strava_segment_id === RIVER)!.attempts).toBe(3);
  });

  test('another rider never sees them', async () => {
    const river = (await listed(rider)).find((s) => s.strava_segment_id === RIVER)!;
    expect((await call('GET', `/api/analytics/segments/${river.id}`, other)).statusCode).toBe(404);
    await connect(other, OTHER_ATHLETE);
    await call('POST', '/api/strava/sync', other, { action: 'import_activities' });
    await waitForSync(other);
    // Their one effort on the same Strava segment is theirs alone: a candidate, not listed.
    expect(await listed(other)).toEqual([]);
    expect((await listed(rider)).find((s) => s.strava_segment_id === RIVER)!.attempts).toBe(3);
  });

  test('a Strava error on the detail at every try does not fail the ride import', async () => {
    strava.addActivity(ATHLETE, {
      id: 7301,
      name: 'Detail fails',
      start_date: iso(daysAgo(1)),
      elapsed_time: 1500,
      device_watts: true,
      average_watts: 240,
      segments: [{ segmentId: RIVER, name: 'Cuesta del Río', startIndex: 300, endIndex: 700 }],
    });
    // A passing one is tried again (strava-storm.routes.test.ts); one on every try leaves the ride without efforts.
    strava.failNext(/^\/activities\/7301$/, 500, RIDE_TRIES);
    await call('POST', '/api/strava/sync', rider, { action: 'import_activities' });
    expect(await waitForSync(rider)).toMatchObject({ status: 'completed', failed_activities: 0 });
    const ride = await h.database.db
      .selectFrom('activities')
      .select('id')
      .where('user_id', '=', rider.user.id)
      .where('strava_id', '=', 7301)
      .executeTakeFirst();
    expect(ride).toBeDefined();
    expect((await listed(rider)).find((s) => s.strava_segment_id === RIVER)!.attempts).toBe(3);
  });

  test('deleting a ride removes its efforts; disconnecting Strava keeps them', async () => {
    const ride = await h.database.db
      .selectFrom('activities')
      .select('id')
      .where('user_id', '=', rider.user.id)
      .where('strava_id', '=', 7001)
      .executeTakeFirstOrThrow();
    expect((await call('DELETE', `/api/activities/${ride.id}`, rider)).statusCode).toBe(204);
    expect((await listed(rider)).find((s) => s.strava_segment_id === RIVER)!.attempts).toBe(2);
    expect((await call('DELETE', '/api/strava/connection', rider)).statusCode).toBe(204);
    const after = await listed(rider);
    expect(after.find((s) => s.strava_segment_id === RIVER)!.attempts).toBe(2);
    expect(after.find((s) => s.strava_segment_id === RIDGE)!.attempts).toBe(3);
  });
});

// A rider who uploads from the head unit and connects Strava: each Strava activity is the same ride
// as a stored file, so it is linked, not stored twice; its segment efforts join that ride, placed on
// the file's own 1 Hz streams by time (Strava's indices address Strava's streams, not the file's).
describe('Strava segment efforts of a ride uploaded as a file', () => {
  const LINKED_ATHLETE = 9303;
  const LINKED = 111; // a Strava segment on the ridge route, not a climb of its own
  // Strava samples these rides every 2 s: its index 50 is second 100 of the file, index 350 second 700.
  const STRAVA_STEP_S = 2;
  const START_INDEX = 50;
  const END_INDEX = 350;
  let linked: SignedIn;
  const rides: { id: string; start: Date }[] = [];

  /** Uploads a ridge ride as a FIT file and describes the same ride on Strava, sampled every 2 s. */
  async function fileAndStrava(stravaId: number, seed: number, start: Date) {
    const activity = generateRide({ seed, startTime: start, durationS: 1800, ftpW: 250, route: ridge });
    expect(
      (
        await uploadAndWait(h.app, linked.headers, [
          { name: `ridge-${seed}.fit`, bytes: encodeFit(activity) },
        ])
      ).files[0]!.status,
    ).toBe('done');
    const s = activity.streams;
    const at = Array.from(
      { length: Math.floor(s.timeS.length / STRAVA_STEP_S) },
      (_, i) => i * STRAVA_STEP_S,
    );
    const round = (a: Float64Array | undefined) => at.map((i) => Math.round((a?.[i] ?? 0) * 100) / 100);
    strava.addActivity(LINKED_ATHLETE, {
      id: stravaId,
      name: `Ridge ${seed} on Strava`,
      start_date: iso(start),
      elapsed_time: s.timeS.length - 1,
      device_watts: true,
      average_watts: 220,
      streams: {
        time: at,
        distance: round(s.distanceM),
        latlng: at.map((i) => [s.latDeg![i]!, s.lngDeg![i]!]),
        watts: round(s.powerW).map(Math.round),
      },
      segments: [
        { segmentId: LINKED, name: 'Recta de la Cresta', startIndex: START_INDEX, endIndex: END_INDEX },
      ],
    });
  }

  async function sync() {
    await call('POST', '/api/strava/sync', linked, { action: 'import_activities' });
    expect(await waitForSync(linked)).toMatchObject({ status: 'completed', failed_activities: 0 });
  }

  const stravaEfforts = async (activityId: string) =>
    h.database.db
      .selectFrom('segment_efforts')
      .select(['strava_effort_id', 'start_offset_s', 'end_offset_s'])
      .where('user_id', '=', linked.user.id)
      .where('activity_id', '=', activityId)
      .where('source', '=', 'strava')
      .execute();

  beforeAll(async () => {
    linked = await h.signIn({ email: 'strava-segments-linked@example.org' });
    strava.addAthlete({ id: LINKED_ATHLETE });
    for (const [i, d] of [12, 10].entries()) {
      const start = daysAgo(d, 8);
      await fileAndStrava(7401 + i, 31 + i, start);
    }
    for (const r of await h.database.db
      .selectFrom('activities')
      .select(['id', 'start_time', 'source'])
      .where('user_id', '=', linked.user.id)
      .orderBy('start_time')
      .execute()) {
      expect(r.source).toBe('upload');
      rides.push({ id: r.id, start: new Date(r.start_time) });
    }
    await connect(linked, LINKED_ATHLETE);
    await sync();
  }, 240_000);

  test('the file rides are linked and get the Strava efforts, measured on their own streams', async () => {
    const stored = await h.database.db
      .selectFrom('activities')
      .select(['id', 'strava_id', 'source'])
      .where('user_id', '=', linked.user.id)
      .orderBy('start_time')
      .execute();
    // Linked, not stored twice.
    expect(stored.map((r) => [r.id, r.strava_id, r.source])).toEqual([
      [rides[0]!.id, 7401, 'upload'],
      [rides[1]!.id, 7402, 'upload'],
    ]);
    const segment = (await listed(linked)).find((s) => s.strava_segment_id === LINKED)!;
    expect(segment).toMatchObject({ name: 'Recta de la Cresta', source: 'strava', attempts: 2 });
    const detail = (await call('GET', `/api/analytics/segments/${segment.id}`, linked)).json();
    expect(detail.efforts).toHaveLength(2);
    for (const ride of rides) {
      const effort = detail.efforts.find((e: { activity_id: string }) => e.activity_id === ride.id);
      expect(effort).toMatchObject({ source: 'strava' });
      // Strava's indices 50 and 350 are seconds 100 and 700 of the file: mapped by start_date and
      // elapsed_time, the effort's time is the stored stream's over those seconds (not 300 s).
      const streams = (await call('GET', `/api/activities/${ride.id}/streams`, linked)).json();
      const startS = START_INDEX * STRAVA_STEP_S;
      const endS = END_INDEX * STRAVA_STEP_S;
      expect(effort.elapsed_s).toBe(streams.time[endS] - streams.time[startS]);
      expect(effort.elapsed_s).toBe(600);
      expect(Date.parse(effort.start_time)).toBe(ride.start.getTime() + streams.time[startS] * 1000);
      expect(effort.splits_s).toHaveLength(13);
      expect(effort.average_power_w).toBeGreaterThan(100);
      expect(await stravaEfforts(ride.id)).toEqual([
        { strava_effort_id: expect.any(String), start_offset_s: startS, end_offset_s: endS },
      ]);
    }
  });

  test('syncing again adds no effort twice and fetches no detail again', async () => {
    const details = () =>
      strava.requests.filter((r) => /^\/api\/v3\/activities\/74\d\d$/.test(r.path)).length;
    const before = details();
    await sync();
    expect(details()).toBe(before);
    for (const ride of rides) expect(await stravaEfforts(ride.id)).toHaveLength(1);
    expect((await listed(linked)).find((s) => s.strava_segment_id === LINKED)!.attempts).toBe(2);
  });

  test('a Strava error on the detail at every try still links the ride, without efforts', async () => {
    const start = daysAgo(8, 8);
    await fileAndStrava(7403, 33, start);
    strava.failNext(/^\/activities\/7403$/, 500, RIDE_TRIES);
    await sync();
    const ride = await h.database.db
      .selectFrom('activities')
      .select(['id', 'source'])
      .where('user_id', '=', linked.user.id)
      .where('strava_id', '=', 7403)
      .executeTakeFirstOrThrow();
    expect(ride.source).toBe('upload');
    expect(await stravaEfforts(ride.id)).toEqual([]);
    expect(strava.requests.some((r) => r.path === '/api/v3/activities/7403' && r.status === 500)).toBe(true);
    expect((await listed(linked)).find((s) => s.strava_segment_id === LINKED)!.attempts).toBe(2);
  });
});
