import { encodeFit, generateRide } from '@vatio/formats';
import type { ComparativeResponse, CompareResponse, EvolutionResponse } from '@vatio/schemas';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness, type SignedIn } from '../../test/harness.ts';
import { uploadAndWait } from '../../test/upload.ts';

// Issue 14, comparative analysis, through the real server: rides imported through the real pipeline,
// and every figure checked against the ride pages' own answers (GET /api/activities/:id, /analysis).

let h: Harness;
let rider: SignedIn;
let other: SignedIn;
const ids: string[] = [];
let otherId: string;
const DAY_MS = 86_400_000;

const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

async function importRide(
  who: SignedIn,
  name: string,
  seed: number,
  start: Date,
  durationS: number,
  ftpW = 250,
) {
  const activity = generateRide({ seed, durationS, startTime: start, ftpW });
  const result = await uploadAndWait(h.app, who.headers, [{ name, bytes: encodeFit(activity) }]);
  expect(result.files[0]!.status).toBe('done');
  return result.files[0]!.activity_id! as string;
}

const get = async <T>(url: string, who: SignedIn = rider): Promise<T> => {
  const response = await h.app.inject({ url, headers: who.headers });
  expect(response.statusCode, url).toBe(200);
  return response.json() as T;
};

beforeAll(async () => {
  h = await createHarness();
  rider = await h.signIn({ email: 'comparative@example.org' });
  other = await h.signIn({ email: 'comparative-other@example.org' });
  const today = new Date().toISOString().slice(0, 10);
  await h.database.db
    .insertInto('athlete_settings_history')
    .values([
      {
        user_id: rider.user.id,
        effective_from: '2020-01-01',
        ftp_w: 240,
        weight_kg: 74,
        max_hr_bpm: null,
        lthr_bpm: null,
      },
      {
        user_id: rider.user.id,
        effective_from: today,
        ftp_w: null,
        weight_kg: 72.5,
        max_hr_bpm: null,
        lthr_bpm: null,
      },
    ])
    .execute();
  ids.push(await importRide(rider, 'a.fit', 31, daysAgo(20), 2400));
  ids.push(await importRide(rider, 'b.fit', 32, daysAgo(9), 1800));
  // A rider who rides far above the FTP set (240 W): a 20-minute test.
  ids.push(await importRide(rider, 'c.fit', 33, daysAgo(2), 3000, 340));
  otherId = await importRide(other, 'x.fit', 34, daysAgo(1), 1800);
}, 240_000);
afterAll(async () => h?.close());

describe('GET /api/analytics/comparative', () => {
  test("counts the period's rides, their sums, best vs latest and patterns from the stored values", async () => {
    const answer = await get<ComparativeResponse>('/api/analytics/comparative?period=4w&metric=np&tz=UTC');
    const details = await Promise.all(ids.map((id) => get<Record<string, number>>(`/api/activities/${id}`)));
    expect(answer.summary.rides).toBe(3);
    expect(answer.rides.map((r) => r.id)).toEqual([...ids].reverse());
    expect(answer.recent.map((r) => r.id)).toEqual(ids);
    expect(answer.latest?.id).toBe(ids[2]);
    const sum = (pick: (d: Record<string, number>) => number) => details.reduce((s, d) => s + pick(d), 0);
    expect(answer.summary.total_tss).toBeCloseTo(
      sum((d) => d.training_stress_score!),
      1,
    );
    expect(answer.summary.total_distance_m).toBe(Math.round(sum((d) => d.distance!)));
    expect(answer.summary.mean_power_w).toBeCloseTo(
      sum((d) => d.average_power! * d.moving_time!) / sum((d) => d.moving_time!),
      1,
    );
    for (const r of answer.rides) {
      const d = details[ids.indexOf(r.id)]!;
      expect(r).toMatchObject({
        np: d.normalized_power,
        avg_power: d.average_power,
        tss: d.training_stress_score,
        if: d.intensity_factor,
        speed: d.average_speed,
        distance_m: d.distance,
      });
      const analysis = await get<{ summary: { efficiency_factor: number | null } }>(
        `/api/activities/${r.id}/analysis`,
      );
      expect(r.ef).toBe(analysis.summary.efficiency_factor);
    }
    const bestNp = Math.max(...details.map((d) => d.normalized_power!));
    expect(answer.best?.np).toBe(bestNp);
    const tssBest = await get<ComparativeResponse>('/api/analytics/comparative?period=4w&metric=tss&tz=UTC');
    expect(tssBest.best?.tss).toBe(Math.max(...details.map((d) => d.training_stress_score!)));
    expect(answer.by_type.reduce((s, t) => s + t.rides, 0)).toBe(3);
    expect(answer.patterns.weekday).toHaveLength(7);
    expect(answer.patterns.hour).toHaveLength(24);
    expect(answer.patterns.weekday.reduce((s, b) => s + b.rides, 0)).toBe(3);
    expect(answer.patterns.hour.reduce((s, b) => s + b.rides, 0)).toBe(3);
    // Each ride sits in its own local weekday and hour.
    for (const d of details) {
      const start = new Date(d.start_date as unknown as string);
      const weekday = start.getUTCDay() === 0 ? 7 : start.getUTCDay();
      expect(answer.patterns.weekday[weekday - 1]!.rides).toBeGreaterThan(0);
      expect(answer.patterns.hour[start.getUTCHours()]!.rides).toBeGreaterThan(0);
    }
  });

  test("another rider's rides are never counted", async () => {
    const mine = await get<ComparativeResponse>('/api/analytics/comparative?period=1y');
    expect(mine.rides.map((r) => r.id)).not.toContain(otherId);
    const theirs = await get<ComparativeResponse>('/api/analytics/comparative?period=1y', other);
    expect(theirs.rides.map((r) => r.id)).toEqual([otherId]);
  });

  test('rejects an unknown period and needs a session', async () => {
    const bad = await h.app.inject({ url: '/api/analytics/comparative?period=2w', headers: rider.headers });
    expect(bad.statusCode).toBe(400);
    expect((await h.app.inject({ url: '/api/analytics/comparative' })).statusCode).toBe(401);
  });
});

describe('GET /api/analytics/compare', () => {
  test("both rides' figures equal their ride pages', with the differences b − a", async () => {
    const [a, b] = [ids[0]!, ids[2]!];
    const answer = await get<CompareResponse>(`/api/analytics/compare?a=${a}&b=${b}`);
    for (const [side, id] of [
      ['a', a],
      ['b', b],
    ] as const) {
      // The ride page's laps and plan compliance belong to its detail answer, not to the ride.
      const {
        laps: _laps,
        plan_compliance: _compliance,
        ...detail
      } = await get<Record<string, unknown>>(`/api/activities/${id}`);
      const analysis = await get<{ summary: unknown; power_curve: unknown }>(
        `/api/activities/${id}/analysis`,
      );
      expect(answer[side].ride).toEqual(detail);
      expect(answer[side].summary).toEqual(analysis.summary);
      expect(answer[side].power_curve).toEqual(analysis.power_curve);
      expect(answer[side].by_time.time_s.length).toBeGreaterThan(100);
      expect(answer[side].by_time.time_s.length).toBeLessThanOrEqual(600);
      expect(answer[side].by_distance.distance_m.length).toBeGreaterThan(100);
    }
    const np = answer.figures.find((f) => f.key === 'normalized_power_w')!;
    expect(np.a).toBe(answer.a.summary.normalized_power_w);
    expect(np.b).toBe(answer.b.summary.normalized_power_w);
    expect(np.difference).toBeCloseTo(np.b! - np.a!, 3);
    const distance = answer.figures.find((f) => f.key === 'distance_m')!;
    expect(distance.a).toBe(answer.a.ride.distance);
    // Bucket means of power stay within the ride's own range.
    const powers = answer.a.by_time.power_w.filter((p): p is number => p !== null);
    expect(Math.max(...powers)).toBeLessThanOrEqual(answer.a.summary.max_power_w!);
  });

  test("another rider's ride is 404, and so is an id that is not one", async () => {
    const theirs = await h.app.inject({
      url: `/api/analytics/compare?a=${ids[0]}&b=${otherId}`,
      headers: rider.headers,
    });
    expect(theirs.statusCode).toBe(404);
    const junk = await h.app.inject({
      url: `/api/analytics/compare?a=${ids[0]}&b=nope`,
      headers: rider.headers,
    });
    expect(junk.statusCode).toBe(404);
    const missing = await h.app.inject({ url: `/api/analytics/compare?a=${ids[0]}`, headers: rider.headers });
    expect(missing.statusCode).toBe(400);
  });
});

describe('GET /api/analytics/evolution', () => {
  test('FTP points: the settings entry and the 20-minute tests, each equal to its source', async () => {
    const answer = await get<EvolutionResponse>('/api/analytics/evolution?metric=ftp&range=all');
    const settings = (await get<{ history: { id: string; ftp_w: number | null }[] }>('/api/athlete-settings'))
      .history;
    const set = answer.points.filter((p) => p.source.kind === 'setting');
    expect(set).toEqual([
      {
        date: '2020-01-01',
        value: 240,
        basis: 'set',
        source: { kind: 'setting', id: settings.find((s) => s.ftp_w)!.id },
      },
    ]);
    const tests = answer.points.filter((x) => x.source.kind === 'test');
    expect(tests.length).toBeGreaterThan(0);
    for (const p of tests) {
      const analysis = await get<{
        power_curve: { duration_s: number; power_w: number }[];
        settings_used: { ftp_w: number };
      }>(`/api/activities/${p.source.id}/analysis`);
      const p20 = analysis.power_curve.find((c) => c.duration_s === 1200)!.power_w;
      expect(p.value).toBe(Math.round(0.95 * p20));
      expect(p.value).toBeGreaterThanOrEqual(analysis.settings_used.ftp_w);
    }
    expect(answer.count).toBe(answer.points.length);
    expect(answer.current).toBe(answer.points.at(-1)!.value);
    // 6 months hides the 2020 setting.
    const recent = await get<EvolutionResponse>('/api/analytics/evolution?metric=ftp&range=6m');
    expect(recent.points.every((p) => p.source.kind !== 'setting')).toBe(true);
  });

  test('weight points are the settings entries; change is newest minus oldest', async () => {
    const answer = await get<EvolutionResponse>('/api/analytics/evolution?metric=weight&range=all');
    expect(answer.points.map((p) => p.value)).toEqual([74, 72.5]);
    expect(answer.current).toBe(72.5);
    expect(answer.change).toBe(-1.5);
    expect(answer.trend).toBe('improving'); // −2.0 %: lighter is better
    expect(answer.unit).toBe('kg');
  });

  test('VO2max and CdA points equal their rides’ analyses; no other rider’s ride appears', async () => {
    const vo2 = await get<EvolutionResponse>('/api/analytics/evolution?metric=vo2max&range=3m');
    expect(vo2.points.length).toBeGreaterThan(0);
    for (const p of vo2.points) {
      expect(ids).toContain(p.source.id);
      const analysis = await get<{
        power_curve: { duration_s: number; power_w: number }[];
        settings_used: { weight_kg: number };
      }>(`/api/activities/${p.source.id}/analysis`);
      const p5 = analysis.power_curve.find((c) => c.duration_s === 300)!.power_w;
      // ACSM leg cycling: 1.8 · work rate (kg·m/min, 1 W = 6.12) / kg + 7.
      expect(p.value).toBe(Number(((1.8 * 6.12 * p5) / analysis.settings_used.weight_kg + 7).toFixed(1)));
    }
    const cda = await get<EvolutionResponse>('/api/analytics/evolution?metric=cda&range=all');
    expect(cda.points.length).toBeGreaterThan(0);
    for (const p of cda.points) {
      expect(ids).toContain(p.source.id);
      const analysis = await get<{ aero: { cda_m2: number } | null }>(
        `/api/activities/${p.source.id}/analysis`,
      );
      expect(p.value).toBe(analysis.aero!.cda_m2);
    }
    const theirs = await get<EvolutionResponse>('/api/analytics/evolution?metric=vo2max&range=all', other);
    expect(theirs.points.every((p) => p.source.id === otherId)).toBe(true);
  });
});
