import { streamsFromSeconds } from '@vatio/analysis';
import { describe, expect, test } from 'vitest';
import { seriesByDistance, seriesByTime } from './compare-series.ts';
import { evolutionAnswer, ftpPoints } from './evolution.ts';
import { relativeChangePct } from './relative-change.ts';

describe('compare series', () => {
  test('equal-time buckets average recorded seconds only; a paused second is no zero', () => {
    const n = 1200;
    const streams = streamsFromSeconds({
      powerW: Array.from({ length: n }, (_, i) => (i < 600 ? 100 : 300)),
      distanceM: Array.from({ length: n }, (_, i) => i * 10),
    });
    (streams.gapMask as Uint8Array)[0] = 1; // paused
    (streams.powerW as Float64Array)[1] = Number.NaN; // sensor gap
    const s = seriesByTime(streams, 600);
    expect(s.time_s).toHaveLength(600);
    expect(s.power_w[0]).toBeNull(); // both seconds of the first bucket have no power
    expect(s.power_w[1]).toBe(100);
    expect(s.power_w[599]).toBe(300);
    const d = seriesByDistance(streams, 100);
    expect(d.distance_m).toHaveLength(100);
    expect(d.power_w.at(-1)).toBe(300);
    expect(d.distance_m.every((v, i, all) => i === 0 || v! >= all[i - 1]!)).toBe(true);
  });

  test('no distance channel: no distance series', () => {
    expect(seriesByDistance(streamsFromSeconds({ powerW: [1, 2, 3] })).time_s).toEqual([]);
  });
});

describe('evolution answer', () => {
  const point = (date: string, value: number) => ({
    date,
    value,
    basis: 'set' as const,
    source: { kind: 'setting' as const, id: date },
  });
  test('range, current, change and the direction that is better (spec 001 §4: stable under 2 %)', () => {
    const all = [point('2026-01-01', 250), point('2026-06-01', 260), point('2026-09-01', 270)];
    const six = evolutionAnswer('ftp', '6m', '2026-05-01', all);
    expect(six).toMatchObject({ count: 2, current: 270, change: 10, trend: 'improving' });
    expect(
      evolutionAnswer('weight', 'all', null, [point('2026-01-01', 70), point('2026-02-01', 72)]).trend,
    ).toBe('declining');
    expect(
      evolutionAnswer('ftp', 'all', null, [point('2026-01-01', 250), point('2026-02-01', 254)]).trend,
    ).toBe('stable');
    expect(evolutionAnswer('cda', 'all', null, [])).toMatchObject({
      current: null,
      change: null,
      trend: null,
      count: 0,
    });
  });
});

describe('FTP evolution: 20-minute tests', () => {
  const ride = (id: string, ftp_w: number, ftp_source: string, best_20min_w: number) => ({
    id,
    start_time: new Date(`2024-0${id}-10T08:00:00Z`),
    ftp_w,
    ftp_source,
    best_20min_w,
  });

  test('a ride tests the FTP the rider or the device set, never an eFTP fitted on its own curve', () => {
    // 0.95 · 135 = 128.25 → 128 W: at or above both FTPs, but only the device's 120 W was a real bar.
    const points = ftpPoints([], [ride('1', 128, 'estimated', 135), ride('2', 120, 'file', 135)]);
    const tests = points.filter((p) => p.basis === 'test_20min');
    expect(tests).toEqual([
      { date: '2024-02-10', value: 128, basis: 'test_20min', source: { kind: 'test', id: '2' } },
    ]);
    // The eFTP itself is still a point, labelled as such.
    expect(points.filter((p) => p.basis === 'eftp').map((p) => p.value)).toEqual([128]);
  });
});

describe('relative change between two rides', () => {
  test('(b − a) / a in percent, to 0.1', () => {
    // 250 → 275 W is +10 %; 40 → 30 km/h is −25 %; 300 → 3000 (ten times) is +900 %.
    expect(relativeChangePct(250, 275)).toBe(10);
    expect(relativeChangePct(40, 30)).toBe(-25);
    expect(relativeChangePct(300, 3000)).toBe(900);
    expect(relativeChangePct(200, 20)).toBe(-90);
  });

  test('no percentage without a base, across a sign change, or past ten times either way', () => {
    expect(relativeChangePct(1, 198)).toBeNull(); // a 1 m climb against 198 m: 19,700 %
    expect(relativeChangePct(200, 19)).toBeNull();
    expect(relativeChangePct(0, 5)).toBeNull();
    expect(relativeChangePct(null, 5)).toBeNull();
    expect(relativeChangePct(5, null)).toBeNull();
    expect(relativeChangePct(-2, 3)).toBeNull();
  });
});
