import { describe, expect, test } from 'vitest';
import { projectRoute } from '../../components/charts/RouteMap';
import { indexAtTime, selectionStats, toActivityStreams, wholeRideStats } from './rideStreams';

function ride(seconds: number, watts: (i: number) => number | null) {
  const time = Array.from({ length: seconds }, (_, i) => i);
  return {
    time,
    moving: time.map(() => true),
    watts: time.map(watts),
    heartrate: time.map(() => 140),
    cadence: time.map((i) => (i % 10 === 0 ? 0 : 90)),
    velocity: time.map(() => 10),
    distance: time.map((i) => i * 10),
    altitude: null,
    latlng: null,
    temp: null,
    left_right_balance: null,
    torque_effectiveness: null,
    pedal_smoothness: null,
  };
}

describe('selection readout', () => {
  test('constant power: NP equals the average', () => {
    const streams = toActivityStreams(ride(600, () => 250));
    const stats = selectionStats(streams, { startS: 100, endS: 400 });
    expect(stats.durationS).toBe(300);
    expect(stats.averagePowerW).toBeCloseTo(250, 6);
    expect(stats.normalizedPowerW).toBeCloseTo(250, 6);
    expect(stats.averageHeartRateBpm).toBe(140);
    expect(stats.averageCadenceRpm).toBe(90);
    expect(stats.distanceM).toBe(2990);
  });

  test('30 s at 600 W and 30 s at 0 W: NP uses the 30-second rolling mean, not raw P⁴', () => {
    const streams = toActivityStreams(ride(3600, (i) => (Math.floor(i / 30) % 2 === 0 ? 600 : 0)));
    const stats = selectionStats(streams, { startS: 0, endS: 3600 });
    expect(stats.averagePowerW).toBeCloseTo(300, 6);
    expect(stats.normalizedPowerW!).toBeGreaterThan(380);
    expect(stats.normalizedPowerW!).toBeLessThan(420);
  });

  test('nulls are gaps, never zeros', () => {
    const streams = toActivityStreams(ride(120, (i) => (i < 60 ? 200 : null)));
    expect(selectionStats(streams, { startS: 0, endS: 120 }).averagePowerW).toBeCloseTo(200, 6);
    expect(selectionStats(streams, { startS: 60, endS: 120 }).averagePowerW).toBeUndefined();
  });

  test('a paused second is a gap', () => {
    const json = ride(10, () => 100);
    json.moving[5] = false;
    expect(toActivityStreams(json).gapMask[5]).toBe(1);
  });

  test('index lookup', () => {
    expect(indexAtTime([0, 1, 2, 5, 6], 3)).toBe(3);
    expect(indexAtTime([0, 1, 2], 10)).toBe(3);
    expect(indexAtTime([0, 1, 2], -1)).toBe(0);
  });
});

describe('route projection', () => {
  test('a missing fix breaks the line; north is up', () => {
    const route = projectRoute([[40, -3], [40.01, -3], null, [40.01, -2.99], [40, -2.99]]);
    expect(route?.paths).toHaveLength(2);
    const [, yNorth] = route!.project([40.01, -3]);
    const [, ySouth] = route!.project([40, -3]);
    expect(yNorth).toBeLessThan(ySouth);
  });
  test('no GPS, no route', () => {
    expect(projectRoute([null, null])).toBeNull();
    expect(
      projectRoute([
        [0, 0],
        [0, 0],
      ]),
    ).toBeNull();
  });
});

describe('whole-ride readout', () => {
  test("repeats the header's elapsed time and average speed, not the streams' own count", () => {
    // 1 Hz streams of 1000 samples (0..999 s), 10 m/s, with the recording stopped for 100 of them:
    // the streams count 900 moving seconds over 9990 m (0 to 999 × 10 m), so 9990 / 900 = 11.1 m/s.
    // The device's session says elapsed 1065 s and a timer of 930 s: 9990 / 930 = 10.742 m/s is the
    // header's speed.
    const json = ride(1000, () => 200);
    for (let i = 400; i < 500; i++) json.moving[i] = false;
    const measured = selectionStats(toActivityStreams(json), { startS: 0, endS: 1000 });
    expect(measured.durationS).toBe(1000);
    expect(measured.averageSpeedMps).toBeCloseTo(11.1, 6);
    const whole = wholeRideStats(measured, { elapsedTimeS: 1065, averageSpeedMps: 9990 / 930 });
    expect(whole.durationS).toBe(1065);
    expect(whole.averageSpeedMps).toBeCloseTo(10.742, 3);
    // The rest is still measured on the streams.
    expect(whole.averagePowerW).toBeCloseTo(200, 6);
    expect(whole.distanceM).toBe(9990);
  });

  test('a ride without those figures keeps what the streams measure', () => {
    const measured = selectionStats(toActivityStreams(ride(60, () => 100)), { startS: 0, endS: 60 });
    expect(wholeRideStats(measured, { elapsedTimeS: null, averageSpeedMps: null })).toEqual(measured);
  });
});
