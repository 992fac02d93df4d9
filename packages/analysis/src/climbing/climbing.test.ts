import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { streamsFromSeconds } from '../streams/activity-streams.ts';
import { climbCategory, detectClimbs } from './climbs.ts';
import { turningPoints } from './turning-points.ts';
import { elevationGainM, vamMPerH } from './vam.ts';

/** 5 m/s: 1 km flat, 5 km at 6 %, 3 km down, a 3-m bump, 2.5 km at 4 %, 1 km flat. */
function hillyRide() {
  const segments: Array<[number, number]> = [
    [1000, 0],
    [5000, 0.06],
    [3000, -0.1],
    [100, 0.03],
    [100, -0.03],
    [2500, 0.04],
    [1000, 0],
  ];
  const altitude: number[] = [];
  const distance: number[] = [];
  let x = 0;
  let y = 200;
  for (const [lengthM, grade] of segments) {
    for (let s = 0; s < lengthM / 5; s++) {
      x += 5;
      y += 5 * grade;
      distance.push(x);
      altitude.push(y);
    }
  }
  return streamsFromSeconds({ altitudeM: altitude, distanceM: distance });
}

describe('climb detection', () => {
  it('finds the two climbs and ignores the bump', () => {
    const climbs = detectClimbs(hillyRide(), { hysteresisM: 5, minGainM: 30, minAverageGradePct: 3 })!;
    expect(climbs).toHaveLength(2);
    const [first, second] = climbs;
    expect(first?.gainM).toBeCloseTo(300, 6);
    expect(first?.lengthM).toBeCloseTo(5000, 6);
    expect(first?.averageGradePct).toBeCloseTo(6, 6);
    expect(first?.vamMPerH).toBeCloseTo(1080, 6);
    expect(first?.category).toBe('cat3');
    expect(second?.gainM).toBeCloseTo(100, 6);
    expect(second?.category).toBe('cat4');
  });

  it('does not take an altitude glitch steeper than any road for a climb', () => {
    const altitude = [...new Array(60).fill(100), ...new Array(60).fill(127)];
    const distance = altitude.map((_, t) => t * 0.25);
    const climbs = detectClimbs(streamsFromSeconds({ altitudeM: altitude, distanceM: distance }), {
      hysteresisM: 3,
      minGainM: 20,
      minAverageGradePct: 3,
    });
    expect(climbs).toEqual([]);
  });

  it('categorises by length × grade as Strava does', () => {
    expect(climbCategory({ lengthM: 10_000, averageGradePct: 8 })).toBe('hc');
    expect(climbCategory({ lengthM: 1000, averageGradePct: 7.9 })).toBe('uncategorized');
  });
});

describe('elevation gain and VAM', () => {
  it('sums real rises and ignores noise below the hysteresis', () => {
    const noisy = Array.from(
      { length: 600 },
      (_, t) => 100 + (t % 2 === 0 ? 0.8 : -0.8) + (t >= 300 ? 50 : 0),
    );
    expect(elevationGainM(streamsFromSeconds({ altitudeM: noisy }), { hysteresisM: 3 })).toBeCloseTo(51.6, 9);
    expect(elevationGainM(hillyRide(), { hysteresisM: 5 })).toBeCloseTo(400, 6);
  });

  it('gives 1080 m/h for 6 % at 5 m/s', () => {
    const climb = Array.from({ length: 601 }, (_, t) => 100 + 0.3 * t);
    expect(vamMPerH(streamsFromSeconds({ altitudeM: climb }))).toBeCloseTo(1080, 9);
  });
});

describe('turning points', () => {
  it('confirms a turn only after the hysteresis and keeps the final unconfirmed extreme', () => {
    const values = Float64Array.from([100, 104, 101, 112, 112, 108, 103, 106]);
    const turns = turningPoints(values, [0, 1, 2, 3, 4, 5, 6, 7], 5);
    expect(turns).toEqual([
      { kind: 'valley', i: 0 },
      { kind: 'peak', i: 3 },
      { kind: 'valley', i: 6 },
    ]);
  });
});

/** turningPoints as first written (each test reads the values again): the reference for the property. */
function referenceTurningPoints(values: Float64Array, indices: readonly number[], hysteresis: number) {
  const out: Array<{ kind: 'valley' | 'peak'; i: number }> = [];
  if (indices.length === 0) return out;
  const v = (i: number) => values[i]!;
  let trend = 0;
  let high = indices[0]!;
  let low = indices[0]!;
  for (const i of indices) {
    if (trend >= 0 && v(i) > v(high)) high = i;
    if (trend <= 0 && v(i) <= v(low)) low = i;
    if (trend <= 0 && v(i) - v(low) >= hysteresis) {
      out.push({ kind: 'valley', i: low });
      trend = 1;
      high = i;
    } else if (trend >= 0 && v(high) - v(i) >= hysteresis) {
      out.push({ kind: 'peak', i: high });
      trend = -1;
      low = i;
    }
  }
  if (trend === 1) out.push({ kind: 'peak', i: high });
  if (trend === -1) out.push({ kind: 'valley', i: low });
  return out;
}

describe('turning points ≡ the reference (property)', () => {
  it('finds the same turns on random profiles, index subsets and hystereses', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.integer({ min: -20, max: 20 }), fc.double({ min: -50, max: 50, noNaN: true })), {
          maxLength: 300,
        }),
        fc.array(fc.boolean(), { maxLength: 300 }),
        fc.constantFrom(0, 0.5, 3, 10),
        (steps, skip, hysteresis) => {
          let level = 0;
          const values = Float64Array.from(steps, (d) => (level += d));
          const indices = [...values.keys()].filter((i) => !skip[i]);
          const expected = referenceTurningPoints(values, indices, hysteresis);
          expect(turningPoints(values, indices, hysteresis)).toEqual(expected);
          expect(turningPoints(values, Int32Array.from(indices), hysteresis)).toEqual(expected);
        },
      ),
      { numRuns: 500 },
    );
  });
});
