import { join } from 'node:path';
import { type ChannelName, streamsFromSeconds } from '@vatio/analysis';
import { advancedResponseSchema } from '@vatio/schemas';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Database } from '../../db/schema.ts';
import { FsBlobStore } from '../../storage/blob-store.ts';
import { encodeStreams, STREAM_CODEC_VERSION } from '../../storage/stream-codec.ts';
import { createHarness, type Harness, type SignedIn } from '../../test/harness.ts';
import { type KnownRide, storeRide } from '../dashboard/stored-rides.test-helper.ts';

// The server's clock: Wednesday 2030-01-16 12:00 UTC; every date below is UTC.
const NOW = Date.parse('2030-01-16T12:00:00Z');
const DAY_MS = 86_400_000;
const daysAgo = (d: number) => new Date(NOW - d * DAY_MS - 4 * 3600_000).toISOString();
const fill = (...parts: Array<[number, number]>) => parts.flatMap(([n, v]) => new Array<number>(n).fill(v));

/**
 * Curve of an exact Monod–Scherrer rider: P(t) = CP + W′/t at 3–20 min. The 12-min best is there as
 * on every stored curve (Vatio's grid): GoldenCheetah's envelope reads CP from the 12–20 min bests
 * short of 20 min.
 */
const curveOf = (cpW: number, wPrimeJ: number) => ({
  durations: [5, 60, 180, 300, 600, 720, 1200],
  power: [900, 450, ...[180, 300, 600, 720, 1200].map((t) => cpW + wPrimeJ / t)],
});

/**
 * A hill ride at 10 m/s: 20 min flat at 200 W, 10 min up 6 % at 300 W, 10 min down 5 % at 100 W,
 * then a 10-s sprint at 1,000 W and 120 rpm with the speed rising 1 m/s a second; heart rate
 * 60 + 0.4 · P; cadence 90; left balance 48 %, torque effectiveness 75 %, smoothness 22 %;
 * platform centre offset −3 mm left, 4 mm right; left power phase starting 350° and 10° by turns
 * (a mean of 0°, not 180°) and ending at 210°, its peak 80–120°; right power phase 355–215°, no peak.
 */
function hillRide(): Record<string, number[]> {
  const power = [...fill([1200, 200], [600, 300], [600, 100], [60, 150], [10, 1000], [60, 150])];
  const n = power.length;
  const grade = fill([1200, 0], [600, 0.06], [600, -0.05], [130, 0]);
  const speed = [...fill([2460, 10]), ...Array.from({ length: 10 }, (_, k) => 11 + k), ...fill([60, 20])];
  const distance: number[] = [];
  const altitude: number[] = [];
  let d = 0;
  let a = 100;
  for (let i = 0; i < n; i++) {
    distance.push(d);
    altitude.push(a);
    d += speed[i]!;
    a += grade[i]! * speed[i]!;
  }
  return {
    powerW: power,
    speedMps: speed,
    distanceM: distance,
    altitudeM: altitude,
    heartRateBpm: power.map((p) => 60 + 0.4 * Math.min(p, 400)),
    cadenceRpm: [...fill([2460, 90], [10, 120], [60, 90])],
    leftRightBalancePct: fill([n, 48]),
    torqueEffectivenessPct: fill([n, 75]),
    pedalSmoothnessPct: fill([n, 22]),
    platformCentreOffsetLeftMm: fill([n, -3]),
    platformCentreOffsetRightMm: fill([n, 4]),
    powerPhaseStartLeftDeg: power.map((_, i) => (i % 2 === 0 ? 350 : 10)),
    powerPhaseEndLeftDeg: fill([n, 210]),
    powerPhasePeakStartLeftDeg: fill([n, 80]),
    powerPhasePeakEndLeftDeg: fill([n, 120]),
    powerPhaseStartRightDeg: fill([n, 355]),
    powerPhaseEndRightDeg: fill([n, 215]),
  };
}

async function storeStream(
  db: Kysely<Database>,
  dataDir: string,
  userId: string,
  activityId: string,
  channels: Record<string, number[]>,
) {
  const streams = streamsFromSeconds(channels as { [K in ChannelName]?: number[] });
  const key = await new FsBlobStore(join(dataDir, 'blobs')).put(encodeStreams(streams));
  await db
    .insertInto('activity_streams')
    .values({
      activity_id: activityId,
      user_id: userId,
      blob_key: key,
      sample_count: streams.timeS.length,
      codec_version: STREAM_CODEC_VERSION,
    })
    .execute();
}

const aeroFit = (cdaM2: number) => ({
  aeroFit: { cdaM2, crr: 0.004, r2: 0.97, rmseM: 1, cdaSeM2: 0.004, trustworthy: true },
});

describe('GET /api/analytics/advanced', () => {
  let h: Harness;
  let rider: SignedIn;
  let noPower: SignedIn;
  let other: SignedIn;
  let strongFinish: SignedIn;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    h = await createHarness({}, { workers: false });
    h.advance((NOW - Date.now()) / 1000);
    rider = await h.signIn({ email: 'advanced@example.org' });
    noPower = await h.signIn({ email: 'advanced-nopower@example.org' });
    other = await h.signIn({ email: 'advanced-other@example.org' });
    strongFinish = await h.signIn({ email: 'advanced-strong-finish@example.org' });
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
    const store = async (name: string, who: SignedIn, ride: KnownRide, npW?: number) => {
      const id = await storeRide(db, who.user.id, ride);
      if (npW)
        await db.updateTable('activities').set({ normalized_power_w: npW }).where('id', '=', id).execute();
      ids[name] = id;
      return id;
    };
    // The previous 4 weeks: CP 240 W. This period: CP 252 W (+5 %), best 5 min 252 + 18000/300 = 312 W.
    await store('before', rider, {
      start: daysAgo(40),
      movingS: 3600,
      avgPowerW: 200,
      tss: 60,
      ftpW: 250,
      curve: curveOf(240, 18_000),
    });
    await store(
      'best',
      rider,
      {
        start: daysAgo(10),
        movingS: 3600,
        avgPowerW: 210,
        tss: 70,
        ftpW: 250,
        curve: curveOf(252, 18_000),
        summary: aeroFit(0.3),
      },
      200,
    );
    await store(
      'aero2',
      rider,
      { start: daysAgo(6), movingS: 1800, avgPowerW: 230, tss: 40, ftpW: 250, summary: aeroFit(0.28) },
      250,
    );
    const hill = await store('hill', rider, {
      start: daysAgo(3),
      movingS: 2530,
      avgPowerW: 190,
      tss: 50,
      ftpW: 250,
    });
    await storeStream(db, h.dataDir, rider.user.id, hill, hillRide());
    // 70 min at 250 W is 1,050 kJ (15 kJ/kg at 70 kg); then 10 min at 240 W: durability 96 %.
    const long = await store('long', rider, {
      start: daysAgo(2),
      movingS: 4800,
      avgPowerW: 249,
      tss: 100,
      ftpW: 250,
    });
    await storeStream(db, h.dataDir, rider.user.id, long, { powerW: fill([4200, 250], [600, 240]) });

    // A rider whose best 5 minutes came after the work: 70 min at 250 W (1,050 kJ at 70 kg), then
    // 10 min at 264 W, 105.6 % "retained" (issue 25: 361 W after 1,080 kJ against 342 W scored 100).
    await db
      .insertInto('athlete_settings_history')
      .values({
        user_id: strongFinish.user.id,
        effective_from: '2029-06-01',
        ftp_w: 250,
        weight_kg: 70,
        max_hr_bpm: null,
        lthr_bpm: null,
      })
      .execute();
    const finish = await store('strongFinish', strongFinish, {
      start: daysAgo(2),
      movingS: 4800,
      avgPowerW: 252,
      tss: 100,
      ftpW: 250,
    });
    await storeStream(db, h.dataDir, strongFinish.user.id, finish, { powerW: fill([4200, 250], [600, 264]) });

    // A rider without a power meter.
    for (let k = 0; k < 3; k++) {
      const id = await store(`hr${k}`, noPower, { start: daysAgo(2 + k), movingS: 3600, avgHr: 140 });
      if (k === 0) await storeStream(db, h.dataDir, noPower.user.id, id, { heartRateBpm: fill([600, 140]) });
    }
    // Another rider on the same days, with numbers that would show anywhere they leaked.
    const leak = await store(
      'leak',
      other,
      {
        start: daysAgo(3),
        movingS: 3600,
        avgPowerW: 400,
        tss: 300,
        ftpW: 400,
        curve: curveOf(500, 40_000),
        summary: aeroFit(0.5),
      },
      450,
    );
    await storeStream(db, h.dataDir, other.user.id, leak, { powerW: fill([3600, 1000]) });
  }, 120_000);
  afterAll(async () => h?.close());

  const get = async (url: string, who: SignedIn = rider) => {
    const response = await h.app.inject({ url, headers: who.headers });
    expect(response.statusCode, response.body).toBe(200);
    return advancedResponseSchema.parse(response.json());
  };

  test('fatigue resistance above 100 % is shown unscored: the fresh best was not maximal (issue 25)', async () => {
    const body = await get('/api/analytics/advanced?period=4w', strongFinish);
    // 264 / 250 = 105.6 %: the numbers stay, the score does not, and the reason says why.
    expect(body.summary.fatigue_resistance).toEqual({
      score: null,
      unscored_reason: 'fresh_not_maximal',
      retained_pct: 105.6,
      fresh_w: 250,
      fatigued_w: 264,
      work_kj: 1050,
      rides: 1,
    });
    expect(body.summary.overall?.components.map((c) => c.key) ?? []).not.toContain('fatigue_resistance');
    const keys = body.professional_summary.map((l) => l.key);
    expect(keys).toContain('advanced.summary.durability.fresh_not_maximal');
    expect(keys).not.toContain('advanced.summary.durability.high');
  });

  test('needs a signed-in rider and one of the offered periods', async () => {
    expect((await h.app.inject({ url: '/api/analytics/advanced' })).statusCode).toBe(401);
    const bad = await h.app.inject({ url: '/api/analytics/advanced?period=2w', headers: rider.headers });
    expect(bad.statusCode).toBe(400);
  });

  test('the public variant answers for the example rider, 503 EXAMPLE_PREPARING while it is generated', async () => {
    const response = await h.app.inject({ url: '/api/public/analytics/advanced?period=12w' });
    expect(response.statusCode).toBe(503);
    expect(response.json().error.code).toBe('EXAMPLE_PREPARING');
    const bad = await h.app.inject({ url: '/api/public/analytics/advanced?period=2w' });
    expect(bad.statusCode).toBe(400);
  });

  test('VO2max from the best 5 minutes per kilogram (ACSM), improvement of eFTP over the period before', async () => {
    const body = await get('/api/analytics/advanced?period=4w');
    expect(body.rides).toBe(4);
    expect(body.ftp).toEqual({ value: 250, source: 'settings' });
    // ACSM: 1.8 · (6.12 · 312) / 70 + 7 = 56.10 ml/kg/min.
    expect(body.physiological.vo2max).toMatchObject({
      power_5min_w: 312,
      w_per_kg: 4.46,
      ml_kg_min: 56.1,
      capacity: 'excellent',
    });
    // VT2 = FTP: 1.8 · (6.12 · 250) / 70 + 7 = 46.34.
    expect(body.physiological.vo2max!.at_vt2_ml_kg_min).toBe(46.3);
    expect(body.summary.improvement).toMatchObject({
      method: 'cp_2p',
      now_w: 252,
      before_w: 240,
      change_pct: 5,
    });
  });

  test('the power curve split by gradient, sprints, pedalling and durability from the streams', async () => {
    const body = await get('/api/analytics/advanced?period=4w');
    const g = body.power.gradient!;
    const at = (key: string, d: number) =>
      g.curves.find((c) => c.key === key)!.power_w[g.durations_s.indexOf(d)];
    expect(at('climbing', 300)).toBe(300);
    expect(at('climbing', 600)).toBeNull();
    // The centred 30-s gradient calls the first seconds after the descent (at 150 W) descending too.
    expect(at('descending', 300)).toBeGreaterThanOrEqual(100);
    expect(at('descending', 300)).toBeLessThanOrEqual(102);
    // The long ride has no altitude (unclassified): the flat best 20 min is the hill ride's 200 W.
    // (plus the climb's first blurred seconds: 200–201 W).
    expect(at('flat', 1200)).toBeGreaterThanOrEqual(200);
    expect(at('flat', 1200)).toBeLessThanOrEqual(201);
    expect(body.specific.sprints).toMatchObject({ count: 1, peak_power_w: 1000, peak_acceleration_mps2: 1 });
    expect(body.specific.sprints!.peak_torque_nm).toBeCloseTo(1000 / (4 * Math.PI), 1);
    expect(body.specific.mechanical_efficiency).toBeNull();
    expect(body.specific.needs).toContain('gas_exchange');
    expect(body.biomechanics).toMatchObject({
      left_balance_pct: 48,
      torque_effectiveness_pct: 75,
      pedal_smoothness_pct: 22,
      rides_with_dynamics: 1,
    });
    // Platform centre offset and power phase from the one ride with dual-sided pedal dynamics.
    expect(body.biomechanics.needs).not.toContain('pco_power_phase');
    expect(body.biomechanics.platform_centre_offset_mm).toEqual({ rides: 1, left_mm: -3, right_mm: 4 });
    expect(body.biomechanics.power_phase_deg).toEqual({
      rides: 1,
      left: {
        start_deg: 0,
        end_deg: 210,
        arc_deg: 210,
        peak_start_deg: 80,
        peak_end_deg: 120,
        peak_arc_deg: 40,
      },
      right: {
        start_deg: 355,
        end_deg: 215,
        arc_deg: 220,
        peak_start_deg: null,
        peak_end_deg: null,
        peak_arc_deg: null,
      },
    });
    expect(body.biomechanics.cadence!.bins.find((b) => b.from_rpm === 90)!.time_s).toBe(2520);
    // Fresh: the best 5 min before 1,050 kJ of any ride (the hill ride's 300 W climb); fatigued: the
    // long ride's 240 W after 1,050 kJ: 80 %, a score of (80 − 70) / 30 · 100 = 33.
    expect(body.summary.fatigue_resistance).toMatchObject({
      score: 33,
      fresh_w: 300,
      fatigued_w: 240,
      retained_pct: 80,
      work_kj: 1050,
      rides: 1,
    });
    // Thresholds: the hill ride's eight steady 5-min segments (100–300 W) lie on HR = 60 + 0.4 · P:
    // VT1 = 75 % FTP = 187.5 W at 135 bpm, VT2 = FTP = 250 W at 160 bpm.
    expect(body.physiological.thresholds).toMatchObject({
      method: 'power_hr_line',
      confidence: 'medium',
      segments: 8,
      r2: 1,
      vt1: { power_w: 188, heart_rate_bpm: 135 },
      vt2: { power_w: 250, heart_rate_bpm: 160 },
    });
  });

  test('NP, IF and TSS of the period; CdA per ride with the aero lab link', async () => {
    const body = await get('/api/analytics/advanced?period=4w');
    const np = ((200 ** 4 * 3600 + 250 ** 4 * 1800) / 5400) ** 0.25;
    expect(body.power.np_w).toBe(Math.round(np));
    expect(body.power.intensity_factor).toBe(Number((np / 250).toFixed(2)));
    expect(body.power.tss).toBe(260);
    expect(body.aero.rides.map((r) => r.cda_m2)).toEqual([0.28, 0.3]);
    expect(body.aero.rides[0]!.aero_lab).toBe(`/analytics/aero-lab?activity=${ids.aero2}`);
    expect(body.aero.by_bike).toEqual([
      { bike_id: null, bike_name: null, rides: 2, median_cda_m2: 0.29, trend_m2_per_30d: null },
    ]);
    expect(body.summary.overall!.components.map((c) => c.key).sort()).toEqual(
      ['fatigue_resistance', 'improvement', 'readiness', 'vo2max'].sort(),
    );
    expect(body.professional_summary.map((l) => l.key)).toContain('advanced.summary.vo2max.excellent');
    // Another rider's 1,000 W hour, 0.5 m² and 450 W NP count nowhere.
    expect(JSON.stringify(body)).not.toContain('0.5,');
    expect(body.power.gradient!.curves.every((c) => c.power_w.every((w) => w === null || w <= 1000))).toBe(
      true,
    );
    expect(body.summary.fatigue_resistance!.fresh_w).toBe(300);
  });

  test('the year counts the rides before the 4 weeks; a rider without power gets needs, no numbers', async () => {
    const year = await get('/api/analytics/advanced?period=1y');
    expect(year.rides).toBe(5);
    const body = await get('/api/analytics/advanced?period=4w', noPower);
    expect(body.needs).toEqual(expect.arrayContaining(['power', 'weight', 'ftp']));
    expect(body.summary).toEqual({
      overall: null,
      readiness: null,
      fatigue_resistance: null,
      improvement: null,
    });
    expect(body.physiological.vo2max).toBeNull();
    expect(body.power.np_w).toBeNull();
    expect(body.specific.sprints).toBeNull();
    expect(body.professional_summary).toEqual([{ key: 'advanced.summary.no_power', values: {} }]);
  });

  test('a period without rides does not say the rider has no power meter', async () => {
    // Its one ride, with power, is 400 days old: the last 4 weeks hold none.
    const empty = await h.signIn({ email: 'advanced-empty@example.org' });
    await storeRide(h.database.db, empty.user.id, { start: daysAgo(400), movingS: 3600, avgPowerW: 200 });
    const body = await get('/api/analytics/advanced?period=4w', empty);
    expect(body.rides).toBe(0);
    expect(body.needs).toContain('rides');
    expect(body.professional_summary.map((l) => l.key)).not.toContain('advanced.summary.no_power');
  });

  test('improvement compares the two periods by one estimator, never CP against 95 % of 20 min', async () => {
    // Before: W′ 60 kJ, over the plausible 50 kJ, so that period's eFTP falls back to 95 % of the best
    // 20 min (240 + 60,000/1,200 = 290 W → 275.5 → 276 W); now a plausible CP 250 W fit.
    const mixed = await h.signIn({ email: 'advanced-mixed@example.org' });
    const db = h.database.db;
    await storeRide(db, mixed.user.id, {
      start: daysAgo(40),
      movingS: 3600,
      avgPowerW: 200,
      curve: curveOf(240, 60_000),
    });
    await storeRide(db, mixed.user.id, {
      start: daysAgo(10),
      movingS: 3600,
      avgPowerW: 200,
      curve: curveOf(250, 18_000),
    });
    const body = await get('/api/analytics/advanced?period=4w', mixed);
    // Both by 95 % of 20 min: now 0.95 · (250 + 18,000/1,200) = 251.75 → 252 W; (252 − 276)/276 = −8.7 %.
    expect(body.summary.improvement).toMatchObject({
      method: 'eftp',
      now_w: 252,
      before_w: 276,
      change_pct: -8.7,
    });
  });
});
