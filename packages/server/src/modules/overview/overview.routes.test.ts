import { planWeek } from '@vatio/analysis';
import type { DashboardOverviewResponse } from '@vatio/schemas';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness, type SignedIn } from '../../test/harness.ts';
import { trainingZones } from '../dashboard/dashboard.service.ts';
import { storeRide } from '../dashboard/stored-rides.test-helper.ts';
import { liveModel } from './overview.service.ts';

// The server's clock: Wednesday 2030-01-16 12:00 UTC; weeks start on Monday (locale es), in UTC.
const NOW = Date.parse('2030-01-16T12:00:00Z');
const URL = '/api/dashboard/overview?tz=UTC&locale=es';

describe('GET /api/dashboard/overview', () => {
  let h: Harness;
  let rider: SignedIn;
  let other: SignedIn;
  const ids: Record<string, string> = {};

  const get = async (who: SignedIn = rider): Promise<DashboardOverviewResponse> => {
    const response = await h.app.inject({ url: URL, headers: who.headers });
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  beforeAll(async () => {
    h = await createHarness({}, { workers: false });
    h.advance((NOW - Date.now()) / 1000);
    rider = await h.signIn({ email: 'overview@example.org' });
    other = await h.signIn({ email: 'other-overview@example.org' });
    const db = h.database.db;
    await db
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
    // Last week's Wednesday: bests exactly on CP 240 W, W′ 18 kJ from 3 to 20 min (P = 240 + 18000/t).
    ids.lastWeek = await storeRide(db, rider.user.id, {
      start: '2030-01-08T09:00:00Z',
      movingS: 7200,
      distanceM: 60_000,
      tss: 100,
      curve: { durations: [5, 60, 180, 300, 600, 1200, 3600], power: [800, 380, 340, 300, 270, 255, 200] },
    });
    // This Monday, without a curve.
    ids.monday = await storeRide(db, rider.user.id, {
      start: '2030-01-14T09:00:00Z',
      movingS: 3600,
      tss: 50,
    });
    // Today twice: 1 h (TSS 80, EF 1.5) then 30 min (TSS 20, EF 1.2); each beats the best minute so far.
    ids.morning = await storeRide(db, rider.user.id, {
      start: '2030-01-16T07:00:00Z',
      movingS: 3600,
      distanceM: 30_000,
      avgPowerW: 220,
      tss: 80,
      ifactor: 0.9,
      summary: { efficiencyFactor: 1.5 },
      curve: { durations: [5, 60, 300, 1200], power: [700, 400, 290, 250] },
    });
    ids.late = await storeRide(db, rider.user.id, {
      start: '2030-01-16T10:00:00Z',
      movingS: 1800,
      distanceM: 12_000,
      elevationM: 150,
      avgPowerW: 240,
      avgHr: 150,
      tss: 20,
      summary: { efficiencyFactor: 1.2 },
      curve: { durations: [5, 60, 300], power: [600, 450, 280] },
    });
    // Another rider's huge day today: must never count.
    await storeRide(db, other.user.id, {
      start: '2030-01-16T08:00:00Z',
      movingS: 3600,
      tss: 500,
      summary: { efficiencyFactor: 3 },
      curve: { durations: [5, 60, 300, 1200], power: [2000, 1500, 900, 800] },
    });
  });

  afterAll(async () => h?.close());

  test('signed out: 401', async () => {
    expect((await h.app.inject({ url: URL })).statusCode).toBe(401);
  });

  test("today's performance is the sum of today's rides", async () => {
    const o = await get();
    expect(o.today).toBe('2030-01-16');
    expect(o.today_performance.rides).toBe(2);
    expect(o.today_performance.moving_time_s).toBe(5400);
    expect(o.today_performance.tss).toBe(100); // 80 + 20
    // √(100·3600 / (100·5400)) = 0.8165
    expect(o.today_performance.intensity_factor).toBe(0.82);
    // (1.5·3600 + 1.2·1800) / 5400 = 1.4
    expect(o.today_performance.efficiency_factor).toBe(1.4);
  });

  test('the latest ride is the newest one, with its stored values', async () => {
    const o = await get();
    expect(o.latest_ride?.id).toBe(ids.late);
    expect(o.latest_ride?.average_power).toBe(240);
    expect(o.latest_ride?.distance).toBe(12_000);
    expect(o.latest_ride?.total_elevation_gain).toBe(150);
    expect(o.latest_ride?.average_heartrate).toBe(150);
  });

  test('this week against the plan from CTL and ATL before it', async () => {
    const o = await get();
    expect(o.week.start_date).toBe('2030-01-14');
    expect(o.week.rides).toBe(3); // Monday, and today's two
    expect(o.week.tss).toBe(150); // 50 + 80 + 20
    const target = o.week.target!;
    // One ride of TSS 100 on the 8th, five empty days: CTL = 100·(1 − e^(−1/42))·e^(−5/42), ATL with τ 7.
    expect(target.ctl).toBeCloseTo(100 * (1 - Math.exp(-1 / 42)) * Math.exp(-5 / 42), 1);
    expect(target.atl).toBeCloseTo(100 * (1 - Math.exp(-1 / 7)) * Math.exp(-5 / 7), 1);
    const plan = planWeek({ ctl: target.ctl, atl: target.atl }, '2030-01-14');
    expect(target.tss).toBe(plan.days.reduce((s, d) => s + d.tss, 0));
    expect(target.tss_range).toEqual([...plan.weeklyTssRange]);
    expect(target.rides).toBe(7 - plan.restDays);
    expect(target.form).toBe(plan.form);
  });

  test('the latest record: the newest ride that beat every earlier one at a standard duration', async () => {
    const o = await get();
    expect(o.record).toMatchObject({
      activity_id: ids.late,
      duration_s: 60,
      power_w: 450,
      previous_best_w: 400, // this morning's minute, itself above last week's 380
      durations_s: [60],
    });
    expect(o.record!.name.length).toBeGreaterThan(0);
  });

  test('the live model: CP and W′ from the 90-day curve the chart shows, zones from the FTP', async () => {
    const o = await get();
    expect(o.live.ftp_w).toBe(280);
    expect(o.live.ftp_source).toBe('settings');
    expect(o.live.model_source).toBe('cp_2p');
    const curve = await h.app.inject({
      url: '/api/dashboard/power-curve?range=90d&tz=UTC&locale=es',
      headers: rider.headers,
    });
    const fit = liveModel(curve.json().points, 280);
    expect(o.live.cp_w).toBe(Math.round(fit.cpW));
    expect(o.live.w_prime_j).toBe(Math.round(fit.wPrimeJ));
    // The grid's steps between the rides' durations move the fit a little off the exact 240 W, 18 kJ.
    expect(Math.abs(o.live.cp_w - 240)).toBeLessThan(5);
    expect(o.live.zones).toEqual(trainingZones(280));
  });

  test('liveModel: the exact 2-parameter fit, else FTP with 20 kJ', () => {
    // GoldenCheetah's envelope reads the 2–3⅓ min and 12–20 min bests (the 20-min best itself is not
    // read), and stops when τ moves by ≤ 10⁻⁴ min: CP to ±0.005 W, W′ to ±5 J.
    const points = [180, 300, 600, 720, 1200].map((duration) => ({
      duration,
      power: 240 + 18_000 / duration,
    }));
    const fit = liveModel(points, 280);
    expect(fit.source).toBe('cp_2p');
    expect(fit.cpW).toBeCloseTo(240, 2);
    expect(fit.wPrimeJ).toBeCloseTo(18_000, -1);
    // Without a 12–20 min best there is no envelope: FTP and 20 kJ.
    const noLong = [180, 300, 600].map((duration) => ({ duration, power: 240 + 18_000 / duration }));
    expect(liveModel(noLong, 280)).toEqual({ cpW: 280, wPrimeJ: 20_000, source: 'ftp_default' });
    expect(liveModel([], 250)).toEqual({ cpW: 250, wPrimeJ: 20_000, source: 'ftp_default' });
  });

  test('a rider without rides: nothing to show, the default model', async () => {
    const empty = await h.signIn({ email: 'empty-overview@example.org' });
    const o = await get(empty);
    expect(o.latest_ride).toBeNull();
    expect(o.record).toBeNull();
    expect(o.week).toMatchObject({ rides: 0, tss: 0, target: null });
    expect(o.today_performance).toMatchObject({
      rides: 0,
      tss: 0,
      intensity_factor: null,
      efficiency_factor: null,
    });
    expect(o.live).toMatchObject({ ftp_w: 250, ftp_source: 'default', cp_w: 250, w_prime_j: 20_000 });
  });

  test("another rider sees only their own day, and never the first rider's", async () => {
    const o = await get(other);
    expect(o.today_performance.tss).toBe(500);
    expect(o.week.rides).toBe(1);
    expect(o.week.target).toBeNull(); // nothing before this week
    expect(o.latest_ride?.id).not.toBe(ids.late);
    // Its own only ride set every best; the longest duration is shown.
    expect(o.record).toMatchObject({ duration_s: 1200, power_w: 800, previous_best_w: null });
  });

  test('a new ride changes the kept answer', async () => {
    const before = await get();
    await storeRide(h.database.db, rider.user.id, {
      start: '2030-01-16T11:00:00Z',
      movingS: 600,
      tss: 10,
    });
    const after = await get();
    expect(after.today_performance.tss).toBe(before.today_performance.tss + 10);
    expect(after.today_performance.rides).toBe(3);
  });
});
