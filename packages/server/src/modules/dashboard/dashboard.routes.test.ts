import { meanMaxDurationsS } from '@vatio/analysis';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness, type SignedIn } from '../../test/harness.ts';
import { storeRide } from './stored-rides.test-helper.ts';

// The server's clock is set to Wednesday 2030-01-16 12:00 UTC (13:00 in Madrid). Every number
// below is worked by hand from the rides stored here; comments show the sums.
const NOW = Date.parse('2030-01-16T12:00:00Z');
const MADRID = 'tz=Europe/Madrid&locale=es';

describe('GET /api/dashboard/*', () => {
  let h: Harness;
  let rider: SignedIn;
  let other: SignedIn;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    h = await createHarness({}, { workers: false });
    h.advance((NOW - Date.now()) / 1000);
    rider = await h.signIn({ email: 'dash@example.org' });
    other = await h.signIn({ email: 'other-dash@example.org' });
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
    // Monday 09:00 in Madrid.
    ids.mon = await storeRide(db, rider.user.id, {
      start: '2030-01-14T08:00:00Z',
      distanceM: 40_000,
      movingS: 3600,
      elevationM: 300,
      avgPowerW: 200,
      maxPowerW: 600,
      tss: 70,
      ifactor: 0.84,
      avgHr: 140,
      maxHr: 170,
      summary: {
        ftpBest20MinW: 209,
        efficiencyFactor: 1.5,
        pedalSmoothnessPct: 21,
        aeroFit: { cdaM2: 0.3, crr: 0.004, r2: 0.97, rmseM: 1.2, cdaSeM2: 0.004, trustworthy: true },
        timeInPowerZonesS: [600, 1200, 1200, 600, 0, 0, 0],
        timeInHeartRateZonesS: [600, 2400, 600, 0, 0],
      },
      curve: { durations: [1, 5, 60, 1200], power: [600, 450, 300, 220] },
    });
    // Sunday 23:30 UTC is Monday 00:30 in Madrid: this week there, last week in UTC.
    ids.midnight = await storeRide(db, rider.user.id, {
      start: '2030-01-13T23:30:00Z',
      distanceM: 20_000,
      movingS: 1800,
      elevationM: 100,
      avgPowerW: 150,
      maxPowerW: 400,
      tss: 30,
      summary: {
        aeroFit: { cdaM2: 0.34, crr: 0.004, r2: 0.97, rmseM: 1.2, cdaSeM2: 0.004, trustworthy: true },
      },
      curve: { durations: [1, 5, 60], power: [400, 380, 320] },
    });
    // Thursday of the week before.
    ids.thu = await storeRide(db, rider.user.id, {
      start: '2030-01-10T09:00:00Z',
      distanceM: 60_000,
      movingS: 7200,
      elevationM: 800,
      avgPowerW: 180,
      maxPowerW: 900,
      tss: 120,
      ifactor: 0.7,
      avgHr: 130,
      maxHr: 180,
      summary: {
        ftpBest20MinW: 228,
        efficiencyFactor: 1.4,
        pedalSmoothnessPct: 21,
        aeroFit: { cdaM2: 0.36, crr: 0.004, r2: 0.97, rmseM: 1.2, cdaSeM2: 0.004, trustworthy: true },
        timeInPowerZonesS: [1200, 3000, 2000, 800, 200, 0, 0],
        timeInHeartRateZonesS: [1200, 4800, 1200, 0, 0],
      },
      curve: { durations: [1, 5, 60, 1200, 3600], power: [900, 500, 280, 240, 200] },
    });
    // December, no power meter.
    ids.dec = await storeRide(db, rider.user.id, {
      start: '2029-12-20T10:00:00Z',
      distanceM: 50_000,
      movingS: 5400,
      elevationM: 500,
      // A fit too poor to follow (a windy group ride): never part of the aerodynamics trend.
      summary: {
        aeroFit: { cdaM2: 0.9, crr: 0.004, r2: 0.4, rmseM: 1.2, cdaSeM2: 0.004, trustworthy: false },
      },
    });
    // October: older than 90 days; only the all-time curve sees it.
    ids.oct = await storeRide(db, rider.user.id, {
      start: '2029-10-01T10:00:00Z',
      distanceM: 30_000,
      movingS: 3600,
      elevationM: 200,
      avgPowerW: 250,
      maxPowerW: 1200,
      tss: 80,
      curve: { durations: [1, 5, 60], power: [1200, 700, 350] },
    });
    // Another rider, with numbers that would show anywhere they leaked.
    await storeRide(db, other.user.id, {
      start: '2030-01-15T08:00:00Z',
      source: 'demo',
      distanceM: 999_000,
      movingS: 36_000,
      elevationM: 9_999,
      avgPowerW: 999,
      maxPowerW: 2_000,
      tss: 999,
      summary: { ftpBest20MinW: 900 },
      curve: { durations: [1, 5, 60, 1200, 3600], power: [2000, 1900, 1500, 950, 900] },
    });
  }, 120_000);
  afterAll(async () => h?.close());

  const get = async (url: string, who: SignedIn = rider) => {
    const response = await h.app.inject({ url, headers: who.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  test('needs a signed-in rider', async () => {
    const response = await h.app.inject({ url: '/api/dashboard' });
    expect(response.statusCode).toBe(401);
  });

  test('all-time stats add up every ride of the rider and none of the other', async () => {
    expect(await get(`/api/dashboard/stats?${MADRID}`)).toEqual({
      total_activities: 5,
      total_distance: 200_000, // 40 + 20 + 60 + 50 + 30 km
      total_elevation: 1_900, // 300 + 100 + 800 + 500 + 200
      total_time: 21_600, // 3600 + 1800 + 7200 + 5400 + 3600
    });
    expect((await get('/api/dashboard/stats', other)).total_activities).toBe(1);
  });

  test('this week and this month follow the rider’s time zone and locale', async () => {
    const d = await get(`/api/dashboard?${MADRID}`);
    expect(d.today).toBe('2030-01-16');
    expect(d.weekly_stats).toMatchObject({
      start_date: '2030-01-14',
      end_date: '2030-01-20',
      activities: 2,
      total_distance: 60_000,
      total_time: 5_400,
      total_elevation: 400,
      total_tss: 100,
      max_power: 600,
    });
    // (200 W × 3600 s + 150 W × 1800 s) / 5400 s
    expect(d.weekly_stats.average_power).toBeCloseTo(183.333, 2);
    expect(d.previous_week_stats).toMatchObject({
      start_date: '2030-01-07',
      activities: 1,
      total_distance: 60_000,
    });
    expect(d.monthly_stats).toMatchObject({
      start_date: '2030-01-01',
      end_date: '2030-01-31',
      activities: 3,
      total_distance: 120_000,
      total_time: 12_600,
      total_tss: 220,
    });
    // (200·3600 + 150·1800 + 180·7200) / 12600
    expect(d.monthly_stats.average_power).toBeCloseTo(181.429, 2);
    expect(d.previous_month_stats).toMatchObject({
      start_date: '2029-12-01',
      activities: 1,
      average_power: null,
    });

    // In UTC the midnight ride is on Sunday: last week for a Monday locale, this week for en-US.
    expect((await get('/api/dashboard?tz=UTC&locale=es')).weekly_stats.activities).toBe(1);
    const us = await get('/api/dashboard?tz=UTC&locale=en-US');
    expect(us.weekly_stats).toMatchObject({ start_date: '2030-01-13', activities: 2 });
  });

  test('trends compare the last 30 days with the 30 before; zones come from the rider’s FTP', async () => {
    const d = await get(`/api/dashboard?${MADRID}`);
    // 2029-12-18 … 2030-01-16 holds the four newest rides; the 30 days before hold none.
    expect(d.performance_trends.activities).toMatchObject({ current: 4, previous: 0, change_pct: null });
    expect(d.performance_trends.distance.current).toBe(170_000);
    expect(d.training_zones.ftp).toBe(280);
    expect(d.training_zones.ftp_source).toBe('settings');
    expect(d.training_zones.zones.map((z: { minPower: number }) => z.minPower)).toEqual([
      0, 154, 210, 252, 294,
    ]);
    expect(d.training_zones.zones[4].maxPower).toBe(336); // 120 % of 280
    expect(d.user).toEqual({ id: rider.user.id, firstname: null, ftp: 280 });
    expect(d.recent_activities.map((a: { id: string }) => a.id)).toEqual([
      ids.mon,
      ids.midnight,
      ids.thu,
      ids.dec,
      ids.oct,
    ]);
  });

  test('a rider without an FTP gets the 250 W zones, marked as the default', async () => {
    const d = await get('/api/dashboard', other);
    expect(d.training_zones).toMatchObject({ ftp: 250, ftp_source: 'default' });
    expect(d.training_zones.zones[1]).toMatchObject({ minPower: 138, maxPower: 188 });
    expect(d.user.ftp).toBeNull();
  });

  test('the power curve is the true best of each duration in the range, with the ride that set it', async () => {
    const recent = await get(`/api/dashboard/power-curve?range=90d&${MADRID}`);
    const at = (points: { duration: number; power: number }[], d: number) =>
      points.find((p) => p.duration === d);
    expect(at(recent.points, 1)).toMatchObject({ power: 900, activity_id: ids.thu });
    expect(at(recent.points, 60)).toMatchObject({ power: 320, activity_id: ids.midnight });
    expect(at(recent.points, 1200)).toMatchObject({ power: 240, activity_id: ids.thu });
    expect(at(recent.points, 3600)).toMatchObject({ power: 200, date: '2030-01-10T09:00:00.000Z' });

    const all = await get(`/api/dashboard/power-curve?range=all&${MADRID}`);
    // On the shared grid up to the longest ride, every point the best held for at least that long.
    expect(all.points.map((p: { duration: number }) => p.duration)).toEqual(meanMaxDurationsS(3600));
    expect([1, 5, 60, 1200, 3600].map((d) => at(all.points, d)!.power)).toEqual([1200, 700, 350, 240, 200]);
    expect(at(all.points, 5)).toMatchObject({ activity_id: ids.oct });
    // 2 s: October held 700 W for 5 s, so for at least 2 s; 63 s: Thursday's 240 W over 20 min.
    expect(at(all.points, 2)).toMatchObject({ power: 700, activity_id: ids.oct });
    expect(at(all.points, 63)).toMatchObject({ power: 240, activity_id: ids.thu });

    const month = await get(`/api/dashboard/power-curve?range=30d&${MADRID}`);
    expect(at(month.points, 1)!).toMatchObject({ power: 900 });

    // The other rider's 2,000 W never shows.
    expect(Math.max(...all.points.map((p: { power: number }) => p.power))).toBe(1200);
    const theirs = await get('/api/dashboard/power-curve?range=all', other);
    expect(theirs.points[0].power).toBe(2000);

    const bad = await h.app.inject({ url: '/api/dashboard/power-curve?range=2d', headers: rider.headers });
    expect(bad.statusCode).toBe(400);
  });

  test('curves on the analysis grid merge from their chart points to the same true bests', async () => {
    const grid = await h.signIn({ email: 'grid-dash@example.org' });
    const long = meanMaxDurationsS(5000);
    const short = meanMaxDurationsS(900);
    const powerLong = (d: number) => 300 + 30_000 / d;
    const powerShort = (d: number) => 350 + 20_000 / d;
    const idLong = await storeRide(h.database.db, grid.user.id, {
      start: '2030-01-12T08:00:00Z',
      movingS: 5000,
      curve: { durations: long, power: long.map(powerLong) },
    });
    await storeRide(h.database.db, grid.user.id, {
      start: '2030-01-15T08:00:00Z',
      movingS: 900,
      curve: { durations: short, power: short.map(powerShort) },
    });
    const { points } = await get('/api/dashboard/power-curve?range=all', grid);
    const durations = points.map((p: { duration: number }) => p.duration);
    // Every second to 1 min, then the shared log grid up to the longest ride.
    expect(durations.slice(0, 60)).toEqual(Array.from({ length: 60 }, (_, k) => k + 1));
    expect(durations).toEqual(meanMaxDurationsS(5000));
    expect(durations.length).toBeLessThan(200);
    expect(durations.at(-1)).toBeLessThanOrEqual(5000);
    expect(durations.at(-1)).toBeGreaterThan(4500);
    for (const p of points) {
      const best = Math.max(powerLong(p.duration), p.duration <= 900 ? powerShort(p.duration) : 0);
      expect(Math.abs(p.power - best)).toBeLessThan(0.1);
    }
    // Beyond 15 min only the long ride has a value.
    expect(points.at(-1).activity_id).toBe(idLong);
  });

  test('weekly and monthly summaries bucket rides by local week and month, oldest first', async () => {
    const { weeks } = await get(`/api/dashboard/weekly-summary?${MADRID}`);
    expect(weeks).toHaveLength(12);
    expect(weeks.at(-1)).toMatchObject({ start_date: '2030-01-14', activities: 2, total_distance: 60_000 });
    expect(weeks.at(-2)).toMatchObject({ start_date: '2030-01-07', activities: 1 });
    expect(weeks.at(-5)).toMatchObject({ start_date: '2029-12-17', activities: 1, total_distance: 50_000 });
    expect(weeks.reduce((n: number, w: { activities: number }) => n + w.activities, 0)).toBe(4);

    const { months } = await get(`/api/dashboard/monthly-summary?${MADRID}`);
    expect(months).toHaveLength(12);
    expect(months[0].start_date).toBe('2029-02-01');
    expect(months.at(-1)).toMatchObject({ start_date: '2030-01-01', activities: 3 });
    expect(months.at(-2)).toMatchObject({ start_date: '2029-12-01', activities: 1 });
    expect(months.at(-4)).toMatchObject({ start_date: '2029-10-01', activities: 1, total_tss: 80 });
  });

  test('the period summary sums zones and loads from stored rides, with CTL/ATL/TSB per local day', async () => {
    const s = await get(`/api/dashboard/summary?period=30d&${MADRID}`);
    expect(s).toMatchObject({ period: '30d', start_date: '2029-12-18', end_date: '2030-01-16' });
    expect(s.stats).toMatchObject({ activities: 4, total_tss: 220, max_power: 900, max_heartrate: 180 });
    expect(s.cards.ftp).toEqual({ value: 280, source: 'settings', from: '2029-01-01' });
    // IF weighted by moving time: (0.84·3600 + 0.7·7200) / 10800
    expect(s.cards.tss.average_intensity_factor).toBeCloseTo(0.74667, 4);
    expect(s.power_zones.map((z: { time_s: number }) => z.time_s)).toEqual([
      1800, 4200, 3200, 1400, 200, 0, 0,
    ]);
    expect(s.heart_rate_zones.map((z: { time_s: number }) => z.time_s)).toEqual([1800, 7200, 1800, 0, 0]);
    expect(s.heart_rate_zones[1].pct).toBe(66.7);
    // Rolling 7 days: 2030-01-10 … 16 (Thursday, midnight and Monday rides) against 01-03 … 09.
    expect(s.comparison.week.metrics.activities).toMatchObject({ current: 3, previous: 0 });
    expect(s.comparison.week.current_start).toBe('2030-01-10');
    expect(s.ftp_history).toEqual([{ date: '2029-01-01', ftp: 280 }]);
    expect(s.training_load).toHaveLength(30);

    // Independent PMC: a plain daily loop from the first ride (2029-10-01) to today.
    const daily = new Map([
      ['2029-10-01', 80],
      ['2030-01-10', 120],
      ['2030-01-14', 100], // 70 + the midnight ride's 30, both on Madrid's Monday
    ]);
    let ctl = 0;
    let atl = 0;
    let tsbToday = 0;
    for (let t = Date.UTC(2029, 9, 1); t <= Date.UTC(2030, 0, 16); t += 86_400_000) {
      tsbToday = ctl - atl;
      const tss = daily.get(new Date(t).toISOString().slice(0, 10)) ?? 0;
      ctl += (tss - ctl) * (1 - Math.exp(-1 / 42));
      atl += (tss - atl) * (1 - Math.exp(-1 / 7));
    }
    const today = s.training_load.at(-1);
    expect(today.date).toBe('2030-01-16');
    expect(today.ctl).toBeCloseTo(ctl, 1);
    expect(today.atl).toBeCloseTo(atl, 1);
    expect(today.tsb).toBeCloseTo(tsbToday, 1);
    expect(s.training_load.find((p: { date: string }) => p.date === '2030-01-14').tss).toBe(100);

    const empty = await get('/api/dashboard/summary?period=7d&tz=UTC', other);
    expect(empty.stats.activities).toBe(1);
    expect(empty.alerts.map((a: { key: string }) => a.key)).toContain('ftpDefault');
  });

  test('the narrative reads eight local weeks of stored summaries and applies the coach rules', async () => {
    const n = await get(`/api/dashboard/narrative?${MADRID}`);
    expect(n.data_source).toBe('real');
    expect(n.syncing).toBe(false);
    const power = n.metrics.find((m: { type: string }) => m.type === 'power');
    expect(power.history).toHaveLength(8);
    expect(power.history[0].week_start).toBe('2029-11-26');
    expect(power.history.map((w: { value: number | null }) => w.value)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
      228,
      209,
    ]);
    // (209 − 228) / 228 = −8.3 %: down, and the FTP-recovery advice (below −3 %, high priority).
    expect(power).toMatchObject({ value: 209, change_pct: -8.3, trend: 'down' });
    const efficiency = n.metrics.find((m: { type: string }) => m.type === 'efficiency');
    expect(efficiency).toMatchObject({ change_pct: 7.1, trend: 'up' }); // 1.4 → 1.5
    // CdA: the week's median of the trustworthy fits (0.30 and 0.34 this week, 0.36 the week before);
    // December's poor fit is left out. (0.32 − 0.36) / 0.36 = −11.1 %: a smaller CdA, the coach says keep it.
    const aero = n.metrics.find((m: { type: string }) => m.type === 'aerodynamics');
    expect(aero.available).toBe(true);
    expect(aero.history.map((w: { value: number | null }) => w.value)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
      0.36,
      0.32,
    ]);
    expect(aero).toMatchObject({ value: 0.32, change_pct: -11.1, trend: 'down' });
    expect(n.recommendations.map((r: { id: string }) => r.id)).toEqual([
      'ftp-recovery',
      'technique-refine',
      'aero-maintain',
    ]);
    expect(n.hero.strength).toEqual({
      ftp_w: 280,
      ftp_source: 'settings',
      ftp_from: '2029-01-01',
      w_per_kg: 4,
    });
    expect(n.next_goal).toMatchObject({ current_w: 280, target_w: 295, target_w_per_kg: 4.21 });

    const theirs = await get('/api/dashboard/narrative', other);
    expect(theirs.data_source).toBe('demo');
  });

  test('a ride the rider marked indoor after import leaves the CdA trend alone', async () => {
    // Its fit was made from the file's own type, before the rider said it was on a trainer.
    const trainer = await storeRide(h.database.db, rider.user.id, {
      start: '2030-01-15T18:00:00Z',
      type: 'VirtualRide',
      movingS: 3600,
      summary: {
        aeroFit: { cdaM2: 0.5, crr: 0.004, r2: 0.97, rmseM: 1.2, cdaSeM2: 0.004, trustworthy: true },
      },
    });
    try {
      const n = await get(`/api/dashboard/narrative?${MADRID}`);
      const aero = n.metrics.find((m: { type: string }) => m.type === 'aerodynamics');
      expect(aero.value).toBe(0.32);
    } finally {
      await h.database.db.deleteFrom('activities').where('id', '=', trainer).execute();
    }
  });

  test('the narrative says it is syncing while a Strava import runs, not only while files upload', async () => {
    const db = h.database.db;
    // The database stamps updated_at with its own clock (not this test's 2030), so the run is kept
    // alive the way a rate-limited one is: paused until a minute from the server's now.
    await db
      .insertInto('sync_status')
      .values({
        user_id: other.user.id,
        status: 'importing',
        action: 'import_activities',
        paused_until: new Date(NOW + 60_000),
      })
      .execute();
    expect((await get('/api/dashboard/narrative', other)).syncing).toBe(true);
    await db
      .updateTable('sync_status')
      .set({ status: 'completed' })
      .where('user_id', '=', other.user.id)
      .execute();
    expect((await get('/api/dashboard/narrative', other)).syncing).toBe(false);
    expect((await get(`/api/dashboard/narrative?${MADRID}`)).syncing).toBe(false);
  });

  test('a kept dashboard is recomputed as soon as a ride, the FTP or the name changes', async () => {
    const db = h.database.db;
    expect((await get(`/api/dashboard?${MADRID}`)).weekly_stats.activities).toBe(2);
    const extra = await storeRide(db, rider.user.id, {
      start: '2030-01-15T08:00:00Z',
      movingS: 600,
      distanceM: 5000,
    });
    expect((await get(`/api/dashboard?${MADRID}`)).weekly_stats.activities).toBe(3);
    await db
      .updateTable('athlete_settings_history')
      .set({ ftp_w: 300 })
      .where('user_id', '=', rider.user.id)
      .execute();
    expect((await get(`/api/dashboard?${MADRID}`)).training_zones.ftp).toBe(300);
    await db.deleteFrom('activities').where('id', '=', extra).execute();
    await db
      .updateTable('athlete_settings_history')
      .set({ ftp_w: 280 })
      .where('user_id', '=', rider.user.id)
      .execute();
    const after = await get(`/api/dashboard?${MADRID}`);
    expect(after.weekly_stats.activities).toBe(2);
    expect(after.training_zones.ftp).toBe(280);
  });

  test('a bad time zone is a 400, not a silent UTC', async () => {
    const response = await h.app.inject({ url: '/api/dashboard?tz=Mars/Olympus', headers: rider.headers });
    expect(response.statusCode).toBe(400);
  });
});
