import { meanMaxDurationsS } from '@vatio/analysis';
import { performanceResponseSchema, type PerformanceMetric, type PerformanceResponse } from '@vatio/schemas';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness, type SignedIn } from '../../test/harness.ts';
import { storeRide } from '../dashboard/stored-rides.test-helper.ts';

// The server's clock is Wednesday 2030-01-16 12:00 UTC; times in UTC. With weeks=4 the window is
// 2029-12-20 … 2030-01-16 and the one before 2029-11-22 … 2029-12-19. Every expected number is
// computed here from the rides as they are stored, independently of the server's code.
const NOW = Date.parse('2030-01-16T12:00:00Z');
const UTC = 'tz=UTC';

interface Ride {
  start: string;
  movingS: number;
  elevationM: number | null;
  avgPowerW: number | null;
  npW: number | null;
  ifactor: number | null;
  tss: number | null;
  vi: number | null;
  avgHr: number | null;
  cadence: number | null;
  summary: Record<string, unknown>;
}

const powered = (start: string, movingS: number, p: number, extra: Partial<Ride> = {}): Ride => ({
  start,
  movingS,
  elevationM: 400,
  avgPowerW: p,
  npW: p + 15,
  ifactor: (p + 15) / 280,
  tss: (movingS / 3600) * ((p + 15) / 280) ** 2 * 100,
  vi: (p + 15) / p,
  avgHr: 140,
  cadence: 88,
  summary: {
    aerobicDecouplingPct: 4,
    leftBalancePct: 49,
    torqueEffectivenessPct: 75,
    pedalSmoothnessPct: 22,
    climbing: { count: 2, timeS: 1200, gainM: 250, workKj: 300 },
  },
  ...extra,
});

const CURRENT: Ride[] = [
  powered('2029-12-22T08:00:00Z', 7200, 200),
  powered('2030-01-02T08:00:00Z', 3600, 230, { elevationM: 150, cadence: 92 }),
  powered('2030-01-15T08:00:00Z', 10800, 180, { elevationM: 1200 }),
];
const PREVIOUS: Ride[] = [
  powered('2029-11-25T08:00:00Z', 5400, 190),
  powered('2029-12-10T08:00:00Z', 3600, 170, { elevationM: 100 }),
];
/** Before both windows: counts for CTL only. */
const OLDER: Ride[] = [powered('2029-10-01T08:00:00Z', 7200, 210)];

const sum = (rides: Ride[], pick: (r: Ride) => number) => rides.reduce((s, r) => s + pick(r), 0);
const timeMean = (rides: Ride[], pick: (r: Ride) => number) =>
  sum(rides, (r) => pick(r) * r.movingS) / sum(rides, (r) => r.movingS);

async function store(h: Harness, userId: string, ride: Ride) {
  const id = await storeRide(h.database.db, userId, {
    start: ride.start,
    movingS: ride.movingS,
    elevationM: ride.elevationM,
    avgPowerW: ride.avgPowerW,
    tss: ride.tss,
    ifactor: ride.ifactor,
    avgHr: ride.avgHr,
    ftpW: ride.avgPowerW === null ? null : 280,
    summary: ride.summary,
  });
  // Columns the shared helper leaves empty.
  await h.database.db
    .updateTable('activities')
    .set({ normalized_power_w: ride.npW, variability_index: ride.vi, average_cadence_rpm: ride.cadence })
    .where('id', '=', id)
    .execute();
}

/** CTL/ATL/TSB by hand, day by day from the first ride (spec 001 as corrected in DESIGN.md). */
function pmcOn(rides: Ride[], date: string) {
  const byDay = new Map<string, number>();
  for (const r of rides)
    byDay.set(r.start.slice(0, 10), (byDay.get(r.start.slice(0, 10)) ?? 0) + (r.tss ?? 0));
  const first = [...byDay.keys()].sort()[0]!;
  const kCtl = 1 - Math.exp(-1 / 42);
  const kAtl = 1 - Math.exp(-1 / 7);
  let ctl = 0;
  let atl = 0;
  let tsb = 0;
  for (let d = Date.parse(`${first}T00:00:00Z`); d <= Date.parse(`${date}T00:00:00Z`); d += 86_400_000) {
    tsb = ctl - atl; // yesterday's
    const tss = byDay.get(new Date(d).toISOString().slice(0, 10)) ?? 0;
    ctl += (tss - ctl) * kCtl;
    atl += (tss - atl) * kAtl;
  }
  return { ctl, atl, tsb };
}

describe('GET /api/analytics/performance', () => {
  let h: Harness;
  let rider: SignedIn;
  let other: SignedIn;
  let bare: SignedIn;

  beforeAll(async () => {
    h = await createHarness({}, { workers: false });
    h.advance((NOW - Date.now()) / 1000);
    rider = await h.signIn({ email: 'panel@example.org' });
    other = await h.signIn({ email: 'other-panel@example.org' });
    bare = await h.signIn({ email: 'bare-panel@example.org' });
    await h.database.db
      .insertInto('athlete_settings_history')
      .values({
        user_id: rider.user.id,
        effective_from: '2029-01-01',
        ftp_w: 280,
        weight_kg: 70,
        max_hr_bpm: null,
        lthr_bpm: null,
      })
      .execute();
    for (const ride of [...OLDER, ...PREVIOUS, ...CURRENT]) await store(h, rider.user.id, ride);
    // Another rider's big rides in the same weeks never reach the first rider's panel.
    await store(h, other.user.id, powered('2030-01-10T08:00:00Z', 18000, 350, { elevationM: 5000 }));
    // A rider who rides with neither power meter nor heart-rate monitor (GPS only).
    for (const start of ['2030-01-05T08:00:00Z', '2030-01-12T08:00:00Z'])
      await store(h, bare.user.id, {
        start,
        movingS: 5400,
        elevationM: 300,
        avgPowerW: null,
        npW: null,
        ifactor: null,
        tss: null,
        vi: null,
        avgHr: null,
        cadence: null,
        summary: { climbing: { count: 1, timeS: 600, gainM: 90, workKj: null } },
      });
  });
  afterAll(async () => h?.close());

  const get = async (url: string, who: SignedIn = rider): Promise<PerformanceResponse> => {
    const response = await h.app.inject({ url, headers: who.headers });
    expect(response.statusCode, response.body).toBe(200);
    return performanceResponseSchema.parse(response.json());
  };
  const metric = (panel: PerformanceResponse, key: string): PerformanceMetric => {
    const found = Object.values(panel.tabs)
      .flat()
      .find((m) => m.key === key);
    if (!found) throw new Error(key);
    return found;
  };

  test('needs a signed-in rider and a period of 4, 8 or 12 weeks', async () => {
    expect((await h.app.inject({ url: '/api/analytics/performance' })).statusCode).toBe(401);
    const bad = await h.app.inject({ url: '/api/analytics/performance?weeks=5', headers: rider.headers });
    expect(bad.statusCode).toBe(400);
  });

  test('the windows and the five tabs of four metrics, parsed with the shared schema', async () => {
    const panel = await get(`/api/analytics/performance?weeks=4&${UTC}`);
    expect(panel.weeks).toBe(4);
    expect(panel.window).toEqual({ from: '2029-12-20', to: '2030-01-16' });
    expect(panel.previous).toEqual({ from: '2029-11-22', to: '2029-12-19' });
    expect(Object.values(panel.tabs).map((t) => t.length)).toEqual([4, 4, 4, 4, 4]);
    // 12 weeks: 84 local days up to today, and the 84 before.
    const twelve = await get(`/api/analytics/performance?weeks=12&${UTC}`);
    expect(twelve.weeks).toBe(12);
    expect(twelve.window).toEqual({ from: '2029-10-25', to: '2030-01-16' });
    expect(twelve.previous).toEqual({ from: '2029-08-02', to: '2029-10-24' });
    expect(metric(twelve, 'elevation_gain').value).toBe(sum([...PREVIOUS, ...CURRENT], (r) => r.elevationM!));
    // The default period is 4 weeks.
    expect((await get(`/api/analytics/performance?${UTC}`)).window).toEqual(panel.window);
  });

  test('sums and averages equal those computed from the stored rides', async () => {
    const panel = await get(`/api/analytics/performance?weeks=4&${UTC}`);
    expect(metric(panel, 'weekly_tss').value).toBe(Math.round(sum(CURRENT, (r) => r.tss!) / 4));
    expect(metric(panel, 'weekly_tss').previous_value).toBe(Math.round(sum(PREVIOUS, (r) => r.tss!) / 4));
    expect(metric(panel, 'elevation_gain').value).toBe(sum(CURRENT, (r) => r.elevationM!));
    expect(metric(panel, 'elevation_gain').previous_value).toBe(sum(PREVIOUS, (r) => r.elevationM!));
    expect(metric(panel, 'average_duration').value).toBe(sum(CURRENT, (r) => r.movingS) / CURRENT.length);
    expect(metric(panel, 'average_power').value).toBe(Math.round(timeMean(CURRENT, (r) => r.avgPowerW!)));
    expect(metric(panel, 'normalized_power').value).toBe(Math.round(timeMean(CURRENT, (r) => r.npW!)));
    expect(metric(panel, 'intensity_factor').value).toBeCloseTo(
      timeMean(CURRENT, (r) => r.ifactor!),
      2,
    );
    expect(metric(panel, 'power_consistency').value).toBeCloseTo(100 / timeMean(CURRENT, (r) => r.vi!), 1);
    // Each ride's climbs: 250 m in 1,200 s → VAM 750 m/h.
    expect(metric(panel, 'vam').value).toBe(750);
    // (70 kg + 9 kg of bike) · g · 750 m / 900 kJ.
    expect(metric(panel, 'climbing_efficiency').value).toBeCloseTo(((79 * 9.80665 * 750) / 900_000) * 100, 1);
    expect(metric(panel, 'ftp')).toMatchObject({ value: 280, source: 'set', trend: 'stable' });
    expect(metric(panel, 'power_to_weight').value).toBe(4);
    expect(metric(panel, 'lr_balance')).toMatchObject({ value: 49, status: 'excellent' });
    // Steady rides (VI ≤ 1.10) of at least an hour: all three, each 4 %.
    expect(metric(panel, 'cardiac_drift')).toMatchObject({ value: 4, status: 'excellent' });
    const { counts } = panel.summary;
    expect(counts.excellent + counts.good + counts.warning + counts.critical + counts.unavailable).toBe(20);
  });

  test('CTL, ATL and TSB equal an independent day-by-day computation', async () => {
    const panel = await get(`/api/analytics/performance?weeks=4&${UTC}`);
    const all = [...OLDER, ...PREVIOUS, ...CURRENT];
    const today = pmcOn(all, '2030-01-16');
    const before = pmcOn(all, '2029-12-19');
    for (const key of ['ctl', 'atl', 'tsb'] as const) {
      expect(metric(panel, key).value, key).toBeCloseTo(today[key], 1);
      expect(metric(panel, key).previous_value, key).toBeCloseTo(before[key], 1);
    }
  });

  test("another rider's rides never count, and that rider sees only their own", async () => {
    const mine = await get(`/api/analytics/performance?weeks=4&${UTC}`);
    expect(metric(mine, 'elevation_gain').value).toBe(1750);
    const theirs = await get(`/api/analytics/performance?weeks=4&${UTC}`, other);
    expect(metric(theirs, 'elevation_gain').value).toBe(5000);
    expect(metric(theirs, 'average_duration').value).toBe(18000);
    expect(metric(theirs, 'average_power').previous_value).toBeNull();
  });

  test('a rider without power or heart rate gets what each card needs, never a number', async () => {
    const panel = await get(`/api/analytics/performance?weeks=4&${UTC}`, bare);
    for (const key of [
      'ftp',
      'average_power',
      'normalized_power',
      'intensity_factor',
      'power_to_weight',
      'climbing_efficiency',
      'power_consistency',
      'endurance_factor',
      'weekly_tss',
      'ctl',
      'atl',
      'tsb',
    ])
      expect(metric(panel, key), key).toMatchObject({ value: null, needs: 'power_meter', status: null });
    expect(metric(panel, 'cardiac_drift')).toMatchObject({ value: null, needs: 'heart_rate_monitor' });
    expect(metric(panel, 'pedaling_efficiency')).toMatchObject({ value: null, needs: 'pedaling_dynamics' });
    expect(metric(panel, 'cadence_consistency')).toMatchObject({ value: null, needs: 'cadence_sensor' });
    expect(metric(panel, 'elevation_gain').value).toBe(600);
    expect(metric(panel, 'vam').value).toBe(540);
    expect(panel.summary.insights).toContainEqual({
      key: 'missing_sensor',
      params: { sensor: 'power_meter', metrics: 12 },
    });
  });

  test('endurance factor: best hour over best 5 min from the stored curves; FTP estimated when none is set', async () => {
    const curved = await h.signIn({ email: 'curve-panel@example.org' });
    // Two rides on the shared grid, power = CP + W′/d (CP 250 W, W′ 20 kJ / 15 kJ).
    const grid = meanMaxDurationsS(7200);
    const curveOf = (cp: number, wPrime: number) => ({
      durations: grid,
      power: grid.map((d) => Math.min(1000, cp + wPrime / d)),
    });
    const a = curveOf(250, 20_000);
    const b = curveOf(240, 15_000);
    for (const [start, curve] of [
      ['2030-01-06T08:00:00Z', a],
      ['2030-01-13T08:00:00Z', b],
    ] as const)
      await storeRide(h.database.db, curved.user.id, {
        start,
        movingS: 7200,
        avgPowerW: 200,
        ftpW: null,
        summary: { ftpSource: 'estimated' },
        curve,
      });
    const panel = await get(`/api/analytics/performance?weeks=4&${UTC}`, curved);
    const at = (c: typeof a, d: number) => c.power[c.durations.indexOf(d)]!;
    const best5 = Math.max(at(a, 300), at(b, 300));
    const best60 = Math.max(at(a, 3600), at(b, 3600));
    expect(metric(panel, 'endurance_factor').value).toBeCloseTo((best60 / best5) * 100, 1);
    // No FTP entry and no device FTP: the critical power of the rides' merged curve (CP 250 W).
    const ftp = metric(panel, 'ftp');
    expect(ftp.source).toBe('estimated');
    expect(ftp.value).toBeGreaterThan(245);
    expect(ftp.value).toBeLessThan(255);
  });

  test('one tiny ride in the previous weeks gives no percent: the card says so, the absolute change stays', async () => {
    const short = await h.signIn({ email: 'short-plan-panel@example.org' });
    // Issue 13: +2137 % elevation on a short plan. One 20-min ride with 40 m before, three real rides now.
    await store(h, short.user.id, powered('2029-12-01T08:00:00Z', 1200, 150, { elevationM: 40 }));
    for (const ride of CURRENT) await store(h, short.user.id, ride);
    const panel = await get(`/api/analytics/performance?weeks=4&${UTC}`, short);
    expect(metric(panel, 'elevation_gain')).toMatchObject({
      value: 1750,
      previous_value: 40,
      change_abs: 1710,
      change_pct: null,
      trend: null,
      previous_too_little: true,
    });
    for (const key of ['average_power', 'weekly_tss', 'average_duration', 'vam'])
      expect(metric(panel, key), key).toMatchObject({ change_pct: null, previous_too_little: true });
    // The insights never quote a percent that is not there.
    expect(panel.summary.insights.filter((i) => i.key === 'improved' || i.key === 'declined')).toEqual([]);
    // The rider with two real rides before gets percents as before.
    const full = await get(`/api/analytics/performance?weeks=4&${UTC}`);
    expect(metric(full, 'elevation_gain')).toMatchObject({ previous_too_little: false, change_pct: 250 });
  });

  test("power-to-weight is judged on the women's table for a woman, the men's when not said (and says so)", async () => {
    const she = await h.signIn({ email: 'woman-panel@example.org' });
    await h.app.inject({
      method: 'POST',
      url: '/api/profile',
      headers: she.headers,
      payload: { first_name: 'Ana', last_name: 'Ruiz', cycling_experience: 'advanced' },
    });
    // 224 W at 70 kg = 3.2 W/kg: "moderate" on the men's FTP column (2.93–3.47), "good" on the women's
    // (2.98–3.55), so status good against excellent.
    await h.database.db
      .insertInto('athlete_settings_history')
      .values({
        user_id: she.user.id,
        effective_from: '2029-01-01',
        ftp_w: 224,
        weight_kg: 70,
        max_hr_bpm: null,
        lthr_bpm: null,
      })
      .execute();
    await store(h, she.user.id, powered('2030-01-10T08:00:00Z', 3600, 180));
    const url = `/api/analytics/performance?weeks=4&${UTC}`;
    const unsaid = await get(url, she);
    expect(unsaid.profile_table).toEqual({ table: 'male', sex_said: false });
    expect(metric(unsaid, 'power_to_weight')).toMatchObject({
      value: 3.2,
      status: 'good',
      optimal_range: [3.47, 5.69],
    });
    const put = async (sex: 'female' | 'male' | null) =>
      h.app.inject({
        method: 'PUT',
        url: '/api/profile',
        headers: she.headers,
        payload: { first_name: 'Ana', last_name: 'Ruiz', cycling_experience: 'advanced', sex },
      });
    // Same clock tick as the answer kept above: the kept answer must still change with the sex.
    expect((await put('female')).statusCode).toBe(200);
    const woman = await get(url, she);
    expect(woman.profile_table).toEqual({ table: 'female', sex_said: true });
    expect(metric(woman, 'power_to_weight')).toMatchObject({
      value: 3.2,
      status: 'excellent',
      optimal_range: [2.98, 5.03],
    });
    await put('male');
    const man = await get(url, she);
    expect(man.profile_table).toEqual({ table: 'male', sex_said: true });
    expect(metric(man, 'power_to_weight').status).toBe('good');
  });

  test('a new ride changes the kept answer', async () => {
    const fresh = await h.signIn({ email: 'fresh-panel@example.org' });
    const before = await get(`/api/analytics/performance?weeks=8&${UTC}`, fresh);
    expect(metric(before, 'average_duration').needs).toBe('rides');
    await store(h, fresh.user.id, powered('2030-01-14T08:00:00Z', 3600, 200));
    const after = await get(`/api/analytics/performance?weeks=8&${UTC}`, fresh);
    expect(metric(after, 'average_duration').value).toBe(3600);
    // No FTP entry: the ride's device-recorded 280 W, said as a ride's (the predictive screen's word).
    expect(metric(after, 'ftp')).toMatchObject({ value: 280, source: 'ride' });
  });
});
