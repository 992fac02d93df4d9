import { streamsFromSeconds } from '@vatio/analysis';
import { describe, expect, it } from 'vitest';
import type { ActivityStreams, Lap } from './activity.ts';
import { lapsWithinRide } from './laps.ts';

/**
 * 200 s: 200 W for the first 100 s, 300 W for the next 100; heart 120 then 140 bpm; 10 m/s, so the
 * cumulative distance is 10·t m; flat. Every expected figure below is worked by hand from that.
 */
function ride(): ActivityStreams {
  const n = 200;
  const at = (f: (i: number) => number) => Array.from({ length: n }, (_, i) => f(i));
  return streamsFromSeconds({
    powerW: at((i) => (i < 100 ? 200 : 300)),
    heartRateBpm: at((i) => (i < 100 ? 120 : 140)),
    distanceM: at((i) => 10 * i),
    altitudeM: at(() => 100),
  }) as ActivityStreams;
}

describe('lapsWithinRide', () => {
  it('clips a lap that outlasts the ride and measures its figures in the clipped window', () => {
    const warnings: string[] = [];
    // The 1030 Plus virtual ride's shape: overlapping laps, each longer than the ride, no figures.
    const laps: Lap[] = [
      { startTimeS: 0, elapsedTimeS: 3000, timerTimeS: 3000, trigger: 'time' },
      { startTimeS: 100, elapsedTimeS: 3300, timerTimeS: 3300, ascentM: 42 },
    ];
    const out = lapsWithinRide(laps, ride(), 200, warnings);
    expect(out).toHaveLength(2);
    expect(out[0]).toMatchObject({ startTimeS: 0, elapsedTimeS: 100, timerTimeS: 100, trigger: 'time' });
    expect(out[0]!.avgPowerW).toBe(200);
    expect(out[0]!.maxPowerW).toBe(200);
    // Constant 200 W over 100 s: every 30-s mean is 200 W, so NP is 200 W.
    expect(out[0]!.normalizedPowerW).toBeCloseTo(200, 9);
    expect(out[0]!.avgHeartRateBpm).toBe(120);
    // Readings 0…990 m in the window: 990 m, over 100 s moving.
    expect(out[0]!.distanceM).toBe(990);
    expect(out[0]!.avgSpeedMps).toBeCloseTo(9.9, 9);
    expect(out[1]).toMatchObject({ startTimeS: 100, elapsedTimeS: 100, timerTimeS: 100 });
    expect(out[1]!.avgPowerW).toBe(300);
    expect(out[1]!.maxHeartRateBpm).toBe(140);
    // The stated 42 m describes some other span; the flat window climbs nothing.
    expect(out[1]!.ascentM).toBe(0);
    expect(warnings.some((w) => w.includes('2 lap(s)'))).toBe(true);
  });

  it("keeps a consistent lap's own figures and fills only the missing ones", () => {
    const laps: Lap[] = [
      { startTimeS: 0, elapsedTimeS: 100.4, avgPowerW: 199, maxPowerW: 210 },
      { startTimeS: 100, elapsedTimeS: 50 },
    ];
    const out = lapsWithinRide(laps, ride(), 200, []);
    // 0.4 s of rounding past the next lap is trimmed, the device's figures stay.
    expect(out[0]).toMatchObject({ elapsedTimeS: 100, avgPowerW: 199, maxPowerW: 210 });
    expect(out[0]!.normalizedPowerW).toBeCloseTo(200, 9);
    // Its own 50 s, not up to the ride's end: 300 W, 1000…1490 m.
    expect(out[1]).toMatchObject({ startTimeS: 100, elapsedTimeS: 50, avgPowerW: 300, distanceM: 490 });
  });

  it('replaces figures that contradict each other, and a 0 bpm heart rate', () => {
    // o_synce: NP 975 W for a lap whose maximum is 446 W.
    const laps: Lap[] = [
      { startTimeS: 0, elapsedTimeS: 100, maxPowerW: 446, normalizedPowerW: 975, avgHeartRateBpm: 0 },
    ];
    const [lap] = lapsWithinRide(laps, ride(), 200, []);
    expect(lap!.maxPowerW).toBe(446);
    expect(lap!.normalizedPowerW).toBeCloseTo(200, 9);
    expect(lap!.avgHeartRateBpm).toBe(120);
  });

  it('drops laps that start after the ride, and measures a lap with no duration', () => {
    const warnings: string[] = [];
    const laps: Lap[] = [
      { startTimeS: 150, distanceM: 4.93 },
      { startTimeS: 250, elapsedTimeS: 10 },
    ];
    const out = lapsWithinRide(laps, ride(), 200, warnings);
    expect(out).toHaveLength(1);
    // The truncated Sigma file's shape: no duration, so its 4.93 m is not this window's (1500…1990 m).
    expect(out[0]).toMatchObject({ startTimeS: 150, elapsedTimeS: 50, distanceM: 490, avgPowerW: 300 });
    expect(warnings.some((w) => w.includes('start after the ride ends'))).toBe(true);
  });

  it('never lets laps add up to more than the ride', () => {
    const laps: Lap[] = [
      { startTimeS: -5, elapsedTimeS: 120 },
      { startTimeS: 60, elapsedTimeS: 120 },
      { startTimeS: 90, elapsedTimeS: 500 },
    ];
    const out = lapsWithinRide(laps, ride(), 200, []);
    expect(out.map((l) => [l.startTimeS, l.elapsedTimeS])).toEqual([
      [0, 60],
      [60, 30],
      [90, 110],
    ]);
  });
});
