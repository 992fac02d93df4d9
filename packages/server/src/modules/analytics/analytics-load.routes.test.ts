import { join } from 'node:path';
import {
  DEFAULT_AIR_DENSITY,
  DEFAULT_CRR,
  EVENT_COURSES,
  predictEvent,
  streamsFromSeconds,
} from '@vatio/analysis';
import { predictiveResponseSchema, trainingLoadResponseSchema } from '@vatio/schemas';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Database } from '../../db/schema.ts';
import { FsBlobStore } from '../../storage/blob-store.ts';
import { encodeStreams, STREAM_CODEC_VERSION } from '../../storage/stream-codec.ts';
import { createHarness, type Harness, type SignedIn } from '../../test/harness.ts';
import { type KnownRide, storeRide } from '../dashboard/stored-rides.test-helper.ts';

// The server's clock: Wednesday 2030-01-16 12:00 UTC; every date below is UTC.
const NOW = Date.parse('2030-01-16T12:00:00Z');
const TODAY = '2030-01-16';
const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Curve of an exact Monod–Scherrer rider: P(t) = CP + W′/t at 3–20 min, a sprint and a minute. The
 * 12-min best is there as on every stored curve (Vatio's grid): GoldenCheetah's envelope reads CP
 * from the 12–20 min bests short of 20 min.
 */
const curveOf = (cpW: number, wPrimeJ: number, sprintW: number, minuteW: number) => ({
  durations: [5, 60, 180, 300, 600, 720, 1200],
  power: [sprintW, minuteW, ...[180, 300, 600, 720, 1200].map((t) => cpW + wPrimeJ / t)],
});

// Rider A. Base block: a ride every 3 days from 1 Sep to 1 Dec 2029 (IF 0.7, no curve).
const baseRides: KnownRide[] = [];
for (
  let t = Date.parse('2029-09-01T08:00:00Z'), k = 0;
  t <= Date.parse('2029-12-01T08:00:00Z');
  t += 3 * DAY_MS, k++
) {
  baseRides.push({
    start: new Date(t).toISOString(),
    movingS: 5400,
    avgPowerW: 180,
    ifactor: 0.7,
    tss: 50 + (k % 4) * 10,
    ftpW: 250,
    // The first ride's curve (an easy one, under every later best and outside every eFTP window the
    // trend reads) says the rider's history with power reaches back past those windows.
    ...(k === 0 ? { curve: curveOf(170, 8000, 500, 260) } : {}),
  });
}
// Six weekly hard rides (IF 0.9, 1 h) whose curves are exact with CP 240 + 3k W and W′ 20 kJ: each
// is the best so far at every duration, so the rider's eFTP at ride k is CP_k, a line of 3 W a week.
const hardDates = [0, 1, 2, 3, 4, 5].map((k) => Date.parse('2029-12-12T08:00:00Z') + 7 * k * DAY_MS);
const hardRides: KnownRide[] = hardDates.map((t, k) => ({
  start: new Date(t).toISOString(),
  movingS: 3600,
  avgPowerW: 230,
  ifactor: 0.9,
  tss: 90,
  ftpW: 250,
  curve: curveOf(240 + 3 * k, 20_000, 900 + 10 * k, 450 + 5 * k),
  // Two trustworthy outdoor virtual-elevation fits: the events use their median, 0.29 m².
  summary:
    k >= 4
      ? {
          aeroFit: {
            cdaM2: k === 4 ? 0.28 : 0.3,
            crr: 0.004,
            r2: 0.97,
            rmseM: 1,
            cdaSeM2: 0.004,
            trustworthy: true,
          },
        }
      : {},
}));
// Easy rides between them, below every best; and a second ride on 9 Jan (two rides, one day).
const easyRides: KnownRide[] = [0, 1, 2, 3, 4].map((k) => ({
  start: new Date(Date.parse('2029-12-15T08:00:00Z') + 7 * k * DAY_MS).toISOString(),
  movingS: 3600,
  avgPowerW: 150,
  ifactor: 0.65,
  tss: 40,
  ftpW: 250,
  curve: curveOf(200, 10_000, 600, 300),
}));
const extraRide: KnownRide = {
  start: '2030-01-09T17:00:00Z',
  movingS: 1800,
  avgPowerW: 140,
  ifactor: 0.6,
  tss: 25,
  ftpW: 250,
};
const riderRides = [...baseRides, ...hardRides, ...easyRides, extraRide];

/** An independent PMC: day by day from the first ride to today, rest days 0, TSB from yesterday. */
function expectedLoad(rides: readonly KnownRide[]) {
  const byDay = new Map<string, number>();
  for (const r of rides)
    byDay.set(r.start.slice(0, 10), (byDay.get(r.start.slice(0, 10)) ?? 0) + (r.tss ?? 0));
  const first = Math.min(...rides.map((r) => Date.parse(r.start.slice(0, 10))));
  let ctl = 0;
  let atl = 0;
  const out: { date: string; tss: number; ctl: number; atl: number; tsb: number }[] = [];
  for (let t = first; t <= Date.parse(TODAY); t += DAY_MS) {
    const tss = byDay.get(iso(t)) ?? 0;
    const tsb = ctl - atl;
    ctl += (tss - ctl) * (1 - Math.exp(-1 / 42));
    atl += (tss - atl) * (1 - Math.exp(-1 / 7));
    out.push({ date: iso(t), tss, ctl, atl, tsb });
  }
  return out;
}

/** The answers round to 0.1. */
const near = (actual: number, expected: number) =>
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(0.0501);

async function storeStream(
  db: Kysely<Database>,
  dataDir: string,
  userId: string,
  activityId: string,
  powerW: number[],
) {
  const streams = streamsFromSeconds({ powerW });
  const blobs = new FsBlobStore(join(dataDir, 'blobs'));
  const key = await blobs.put(encodeStreams(streams));
  await db
    .insertInto('activity_streams')
    .values({
      activity_id: activityId,
      user_id: userId,
      blob_key: key,
      sample_count: powerW.length,
      codec_version: STREAM_CODEC_VERSION,
    })
    .execute();
}

const seconds = (...parts: Array<[number, number]>) =>
  parts.flatMap(([n, w]) => new Array<number>(n).fill(w));

describe('GET /api/analytics/training-load and /api/analytics/predictive', () => {
  let h: Harness;
  let rider: SignedIn;
  let noPower: SignedIn;
  let few: SignedIn;
  let other: SignedIn;

  beforeAll(async () => {
    h = await createHarness({}, { workers: false });
    h.advance((NOW - Date.now()) / 1000);
    // One at a time: the harness reads each code from the shared SMTP sink.
    rider = await h.signIn({ email: 'load@example.org' });
    noPower = await h.signIn({ email: 'nopower@example.org' });
    few = await h.signIn({ email: 'few@example.org' });
    other = await h.signIn({ email: 'other-load@example.org' });
    const db = h.database.db;
    await db
      .insertInto('athlete_settings_history')
      .values({
        user_id: rider.user.id,
        effective_from: '2029-06-01',
        ftp_w: 250,
        weight_kg: 70,
        max_hr_bpm: null,
        lthr_bpm: null,
      })
      .execute();
    const ids: string[] = [];
    for (const ride of riderRides) ids.push(await storeRide(db, rider.user.id, ride));
    // The last hard ride (today) carries its stream: three 10-s jumps at 500 W a minute apart.
    const todayRide = ids[baseRides.length + 5]!;
    await storeStream(
      db,
      h.dataDir,
      rider.user.id,
      todayRide,
      seconds([600, 150], [10, 500], [60, 150], [10, 500], [60, 150], [10, 500], [60, 150], [600, 200]),
    );

    // A rider without a power meter: rides, no power, no TSS.
    for (let k = 0; k < 6; k++) {
      await storeRide(db, noPower.user.id, {
        start: new Date(NOW - (k + 1) * 2 * DAY_MS).toISOString(),
        movingS: 3600,
        avgHr: 140,
      });
    }
    // A rider with four rides with power, two of them hard, and an easy one 120 days ago (a history
    // longer than the 90 days every eFTP reads).
    await storeRide(db, few.user.id, {
      start: new Date(NOW - 120 * DAY_MS).toISOString(),
      movingS: 3600,
      avgPowerW: 150,
      ifactor: 0.65,
      tss: 40,
      ftpW: 230,
      curve: curveOf(180, 8000, 500, 260),
    });
    for (let k = 0; k < 4; k++) {
      await storeRide(db, few.user.id, {
        start: new Date(NOW - (k + 1) * 3 * DAY_MS).toISOString(),
        movingS: 3600,
        avgPowerW: 200,
        ifactor: k < 2 ? 0.9 : 0.7,
        tss: 60,
        ftpW: 230,
        curve: curveOf(230, 15_000, 800, 400),
      });
    }
    // Another rider on the same days with numbers that would show anywhere they leaked.
    for (const ride of hardRides) {
      const id = await storeRide(db, other.user.id, {
        ...ride,
        tss: 999,
        ifactor: 1.2,
        curve: curveOf(400, 40_000, 2000, 900),
        summary: {},
      });
      if (ride === hardRides.at(-1))
        await storeStream(db, h.dataDir, other.user.id, id, seconds([1200, 1000]));
    }
  }, 120_000);
  afterAll(async () => h?.close());

  const get = async (url: string, who: SignedIn = rider) => {
    const response = await h.app.inject({ url, headers: who.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  test('needs a signed-in rider and one of the offered ranges', async () => {
    expect((await h.app.inject({ url: '/api/analytics/training-load' })).statusCode).toBe(401);
    expect((await h.app.inject({ url: '/api/analytics/predictive' })).statusCode).toBe(401);
    const bad = await h.app.inject({ url: '/api/analytics/training-load?days=100', headers: rider.headers });
    expect(bad.statusCode).toBe(400);
    const badWeeks = await h.app.inject({ url: '/api/analytics/predictive?weeks=3', headers: rider.headers });
    expect(badWeeks.statusCode).toBe(400);
  });

  test('CTL, ATL and TSB equal a day-by-day computation of the rider’s own rides', async () => {
    const expected = expectedLoad(riderRides);
    for (const days of [90, 180, 365]) {
      const body = trainingLoadResponseSchema.parse(await get(`/api/analytics/training-load?days=${days}`));
      const tail = expected.slice(-days);
      expect(body.days.map((d) => d.date)).toEqual(tail.map((d) => d.date));
      body.days.forEach((d, k) => {
        near(d.tss, tail[k]!.tss);
        near(d.ctl, tail[k]!.ctl);
        near(d.atl, tail[k]!.atl);
        near(d.tsb, tail[k]!.tsb);
      });
    }
    const body = trainingLoadResponseSchema.parse(await get('/api/analytics/training-load'));
    expect(body.days).toHaveLength(90);
    // 9 Jan: the hard ride's 90 and the evening ride's 25.
    expect(body.days.find((d) => d.date === '2030-01-09')!.tss).toBe(115);
    const today = expected.at(-1)!;
    near(body.current!.ctl, today.ctl);
    near(body.current!.tsb, today.tsb);
  });

  test('projects 14 days of the recommended load, inside the safe ramp', async () => {
    const body = trainingLoadResponseSchema.parse(await get('/api/analytics/training-load?days=90'));
    const { projection, current, recommendations } = body;
    expect(projection).toHaveLength(14);
    expect(projection[0]!.date).toBe('2030-01-17');
    expect(projection.at(-1)!.date).toBe('2030-01-30');
    // The projection continues the same recurrence from today's CTL and ATL with the planned TSS.
    let ctl = current!.ctl;
    let atl = current!.atl;
    for (const day of projection) {
      near(day.tsb, ctl - atl);
      ctl += (day.tss - ctl) * (1 - Math.exp(-1 / 42));
      atl += (day.tss - atl) * (1 - Math.exp(-1 / 7));
      near(day.ctl, ctl);
      near(day.atl, atl);
    }
    const plan = recommendations!.next_7_days;
    expect(plan.days.map((d) => d.tss)).toEqual(projection.slice(0, 7).map((d) => d.tss));
    expect(plan.weekly_tss).toBe(plan.days.reduce((s, d) => s + d.tss, 0));
    expect(plan.ramp_limit_per_week).toBe(8);
    expect(projection[6]!.ctl - current!.ctl).toBeLessThanOrEqual(8.05);
    expect(plan.days.filter((d) => d.tss === 0)).toHaveLength(plan.rest_days);
    expect(recommendations!.advice_key).toBe(`load.recommendation.${recommendations!.form}`);
    expect(recommendations!.recovery.map((r) => r.category)).toEqual(['sleep', 'nutrition', 'active']);
    near(recommendations!.balance.value, current!.atl - current!.ctl);
  });

  test('a rider without power gets needs, never a made-up number', async () => {
    const load = trainingLoadResponseSchema.parse(await get('/api/analytics/training-load', noPower));
    expect(load).toMatchObject({
      needs: ['power'],
      days: [],
      projection: [],
      current: null,
      recommendations: null,
    });
    const predictive = predictiveResponseSchema.parse(await get('/api/analytics/predictive', noPower));
    expect(predictive.needs).toEqual(['power', 'rides', 'hard_efforts', 'weight']);
    expect(predictive).toMatchObject({
      predicted_ftp: null,
      confidence: null,
      confidence_basis: null,
      days_to_test: null,
      power_profile: null,
      events: [],
      tactical: null,
      current_ftp: null,
    });
  });

  test('refuses a prediction with fewer than 5 rides and 3 hard efforts', async () => {
    const body = predictiveResponseSchema.parse(await get('/api/analytics/predictive', few));
    expect(body.needs).toEqual(['rides', 'hard_efforts', 'weight']);
    expect(body.counts).toMatchObject({
      rides: 4,
      hard_efforts: 2,
      required_rides: 5,
      required_hard_efforts: 3,
    });
    expect(body.predicted_ftp).toBeNull();
    expect(body.confidence).toBeNull();
    expect(body.summary[0]).toEqual({
      key: 'predictive.summary.ftp.insufficient',
      values: { rides: 4, hard_efforts: 2 },
    });
  });

  test('predicts FTP from the trend of the rider’s eFTP, with its interval', async () => {
    const four = predictiveResponseSchema.parse(await get('/api/analytics/predictive?weeks=4'));
    expect(four.needs).toEqual([]);
    // Latest 20 rides with power of the last 90 days: the 12 since 12 Dec and 8 base rides; 6 hard.
    expect(four.counts).toMatchObject({ rides: 20, hard_efforts: 6 });
    // eFTP at the hard rides: 240, 243, … 255 W a week apart, exactly on a line of 3 W a week;
    // 28 days after today: 255 + 4 · 3 = 267 W, with no scatter to widen the interval.
    expect(four.predicted_ftp).toMatchObject({
      value: 267,
      low: 267,
      high: 267,
      in_days: 28,
      delta: 17,
      rate_w_per_week: 3,
      r2: 1,
    });
    expect(four.predicted_ftp!.points.map((p) => p.ftp)).toEqual([240, 243, 246, 249, 252, 255]);
    const two = predictiveResponseSchema.parse(await get('/api/analytics/predictive?weeks=2'));
    expect(two.predicted_ftp).toMatchObject({ value: 261, in_days: 14 });
    expect(four.current_ftp).toEqual({ value: 250, source: 'settings', from: '2029-06-01' });
    // Within 3 % of the 90-day best at 3 min: CP ≥ 244.1 W (rides 2–5); the last is today's.
    expect(four.counts.maximal_efforts).toBe(4);
    // 6 hard efforts (1 point), 4 maximal (2), interval 0 % (2): 5 points, high by the points; but the
    // line runs through only 6 estimates (fewer than 8), so at most medium, and the answer says why.
    expect(four.confidence).toBe('medium');
    expect(four.confidence_basis).toEqual({
      points: 5,
      fit_points: 6,
      r2: 1,
      interval_half_width_pct: 0,
      capped_by: 'few_points',
    });
    expect(four.days_to_test).toMatchObject({
      last_maximal_effort: TODAY,
      due_in_days: 28,
      days: 28,
      reason: 'recent-maximal-effort',
    });
    expect(four.plateau_risk).toMatchObject({ ftp_flat: false });
  });

  test('places the bests on the power profile and predicts the three events', async () => {
    const body = predictiveResponseSchema.parse(await get('/api/analytics/predictive'));
    // 90-day bests: 5 s 950 W, 1 min 475 W, 5 min 255 + 20000/300 = 321.7 W; FTP 250; 70 kg.
    expect(body.power_profile!.points.map((p) => [p.key, p.power_w, p.w_per_kg])).toEqual([
      ['5s', 950, 13.57],
      ['1min', 475, 6.79],
      ['5min', 322, 4.6],
      ['ftp', 250, 3.57],
    ]);
    expect(body.power_profile!.rider_type).not.toBeNull();
    expect(body.event_assumptions).toEqual({
      rider_kg: 70,
      bike_kg: 9,
      bike_weight_source: 'default',
      cda_m2: 0.29,
      cda_source: 'virtual_elevation',
      crr: DEFAULT_CRR,
      air_density: DEFAULT_AIR_DENSITY,
      model: { cp_w: 255, w_prime_j: 20_000, source: 'cp_2p' },
    });
    const physics = { massKg: 79, cdaM2: 0.29, crr: DEFAULT_CRR, airDensity: DEFAULT_AIR_DENSITY };
    const expected = EVENT_COURSES.map((c) => predictEvent(c, { cpW: 255, wPrimeJ: 20_000 }, physics));
    expect(body.events.map((e) => e.key)).toEqual([
      'gran_fondo_100km',
      'criterium_45min',
      'mountain_stage_85km',
    ]);
    body.events.forEach((e, k) => {
      expect(e.power_w).toBe(Math.round(expected[k]!.powerW));
      expect(e.time_s).toBe(Math.round(expected[k]!.timeS));
    });
    // The criterium: CP + W′/2700 s = 262.4 W for 45 minutes.
    expect(body.events[1]).toMatchObject({ power_w: 262, time_s: 2700 });
  });

  test("the power profile reads the women's table for a woman, the men's when not said, and says which", async () => {
    const profile = (sex: 'female' | null) => ({
      first_name: 'Ana',
      last_name: 'Ruiz',
      cycling_experience: 'advanced',
      sex,
    });
    const unsaid = predictiveResponseSchema.parse(await get('/api/analytics/predictive')).power_profile!;
    expect(unsaid).toMatchObject({ table: 'male', sex_said: false });
    const created = await h.app.inject({
      method: 'POST',
      url: '/api/profile',
      headers: rider.headers,
      payload: profile('female'),
    });
    expect(created.statusCode, created.body).toBe(201);
    const woman = predictiveResponseSchema.parse(await get('/api/analytics/predictive')).power_profile!;
    expect(woman).toMatchObject({ table: 'female', sex_said: true });
    const category = (p: typeof woman) => Object.fromEntries(p.points.map((x) => [x.key, x.category]));
    // 5 min 4.60 W/kg and FTP 3.57 W/kg: "good" on the men's table (4.19–4.91, 3.47–4.09), "very good"
    // on the women's (4.20–4.76, 3.55–4.05). Same W/kg, higher scores on the women's table.
    expect(category(unsaid)).toMatchObject({ '5min': 'good', ftp: 'good' });
    expect(category(woman)).toMatchObject({ '5min': 'very-good', ftp: 'very-good' });
    woman.points.forEach((p, k) => {
      expect(p.w_per_kg).toBe(unsaid.points[k]!.w_per_kg);
      expect(p.score).toBeGreaterThan(unsaid.points[k]!.score);
    });
    // Back to not said for the tests after this one.
    await h.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: rider.headers,
      payload: profile(null),
    });
    const again = predictiveResponseSchema.parse(await get('/api/analytics/predictive')).power_profile!;
    expect(again).toMatchObject({ table: 'male', sex_said: false });
  });

  test('tactical analysis from the period’s streams, and no other rider’s', async () => {
    const body = predictiveResponseSchema.parse(await get('/api/analytics/predictive?weeks=2'));
    // FTP 250: surges are 5-s power ≥ 300 W: three jumps a minute apart. 1,410 s recorded.
    // Energy: 150 W endurance (600 + 180 s) 117 kJ, 200 W tempo 600 s 120 kJ, 500 W 30 s 15 kJ.
    expect(body.tactical).toMatchObject({
      rides: 1,
      hours: 0.39,
      surges: 3,
      surges_per_hour: 7.7,
      // Each jump spends (500 − 255) · 10 = 2.45 kJ of W′, under a match (20 % of 20 kJ = 4 kJ) on
      // its own; a minute at 150 W wins back only part of it, so the third jump leaves W′bal at
      // 14.46 kJ, 5.5 kJ below full: the three together burn one match.
      matches_burned: 1,
      energy_kj: { endurance: 117, tempo: 120, threshold: 0, vo2max: 0, neuromuscular: 15 },
    });
    expect(body.tactical!.advice.map((a) => a.key)).toEqual([
      'tactical.advice.surges.rare',
      // 1 match in 0.39 h: 2.6 an hour.
      'tactical.advice.matches.some',
      'tactical.advice.energy.balanced',
    ]);
    expect(body.summary.map((l) => l.key)).toContain('predictive.summary.ftp.rising');
  });

  test('a new ride reaches the kept answers', async () => {
    const before = trainingLoadResponseSchema.parse(await get('/api/analytics/training-load', few));
    const predictiveBefore = predictiveResponseSchema.parse(await get('/api/analytics/predictive', few));
    expect(before.days.at(-1)!.tss).toBe(0);
    await storeRide(h.database.db, few.user.id, {
      start: '2030-01-16T07:00:00Z',
      movingS: 3600,
      avgPowerW: 210,
      ifactor: 0.9,
      tss: 81,
      ftpW: 230,
      curve: curveOf(232, 15_000, 800, 400),
    });
    const after = trainingLoadResponseSchema.parse(await get('/api/analytics/training-load', few));
    expect(after.days.at(-1)!.tss).toBe(81);
    const predictiveAfter = predictiveResponseSchema.parse(await get('/api/analytics/predictive', few));
    expect(predictiveBefore.counts).toMatchObject({ rides: 4, hard_efforts: 2 });
    expect(predictiveAfter.counts).toMatchObject({ rides: 5, hard_efforts: 3 });
    expect(predictiveAfter.needs).toEqual(['weight']);
    expect(predictiveAfter.predicted_ftp).not.toBeNull();
  });

  test('no FTP trend from estimates whose 90 days reach back before the rider’s first ride with power', async () => {
    // Six rides over five weeks, all hard, each the best so far: the eFTP at each rises only because
    // the window fills (no ride before the first), the artefact a newly imported history shows.
    const fresh = await h.signIn({ email: 'fresh-history@example.org' });
    for (let k = 0; k < 6; k++) {
      await storeRide(h.database.db, fresh.user.id, {
        start: new Date(NOW - (36 - 7 * k) * DAY_MS).toISOString(),
        movingS: 3600,
        avgPowerW: 230,
        ifactor: 0.9,
        tss: 90,
        ftpW: 250,
        curve: curveOf(230 + 5 * k, 20_000, 900, 450),
      });
    }
    const body = predictiveResponseSchema.parse(await get('/api/analytics/predictive', fresh));
    expect(body.counts).toMatchObject({ rides: 6, hard_efforts: 6 });
    expect(body.needs).toContain('history');
    expect(body.predicted_ftp).toBeNull();
    expect(body.confidence).toBeNull();
    expect(body.summary[0]).toEqual({ key: 'predictive.summary.ftp.history', values: {} });
  });
});
