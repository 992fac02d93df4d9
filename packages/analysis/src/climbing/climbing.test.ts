import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { streamsFromSeconds } from '../streams/activity-streams.ts';
import { climbCategory, detectClimbs } from './climbs.ts';
import { turningPoints } from './turning-points.ts';
import { elevationGainM } from './elevation-gain.ts';
import { vamMPerH } from './vam.ts';

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
  it("applies GoldenCheetah's threshold rule: a rise counts from the reference height, not from the valley", () => {
    // Raw readings (no smoothing), 3 m threshold, worked by hand: the reference starts at 100; 104 is
    // more than 3 m above it (+4, reference 104); 106.5 is not more than 3 m above 104, nor is 105 below.
    const raw = streamsFromSeconds({ altitudeM: [100, 104, 106.5, 106, 105] });
    expect(elevationGainM(raw, { smoothingS: 1, hysteresisM: 3 })).toBe(4);
    // 100 → 104 (+4), down to 100.5 (more than 3 m below 104: new reference), 106 (+5.5).
    const twice = streamsFromSeconds({ altitudeM: [100, 102, 104, 100.5, 106, 105] });
    expect(elevationGainM(twice, { smoothingS: 1, hysteresisM: 3 })).toBeCloseTo(9.5, 12);
  });

  it('keeps a steady climb whole and lets 0.2 m flicker add nothing', () => {
    // 0.3 m/s for 600 s: the centred mean of a straight line is the line (narrowed at the ends).
    const climb = Array.from({ length: 601 }, (_, t) => 100 + 0.3 * t);
    expect(elevationGainM(streamsFromSeconds({ altitudeM: climb }))).toBeCloseTo(180, 9);
    // A barometer flickering between two FIT steps: 11-s means swing 100.091 ↔ 100.109, under 0.1 m;
    // only where the window narrows at the very start does the profile climb to them from 100 (0.109 m).
    const flicker = Array.from({ length: 600 }, (_, t) => (t % 2 === 0 ? 100 : 100.2));
    expect(elevationGainM(streamsFromSeconds({ altitudeM: flicker }))).toBeCloseTo(0.2 - 1.0 / 11, 9);
    // Unsmoothed with no threshold, the same flicker would count 0.2 m every 2 s: 60 m.
    expect(
      elevationGainM(streamsFromSeconds({ altitudeM: flicker }), { smoothingS: 1, hysteresisM: 0 }),
    ).toBeCloseTo(60, 9);
  });

  it('counts a 50 m climb through ±0.25 m of sensor noise within 10 %', () => {
    let seed = 7;
    const noise = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648 - 0.5;
    };
    const altitude = Array.from({ length: 1800 }, (_, t) => {
      const road = t < 600 ? 100 : t < 1100 ? 100 + (t - 600) * 0.1 : 150;
      return Math.round((road + noise() / 2) * 5) / 5; // FIT resolution, 0.2 m
    });
    const streams = streamsFromSeconds({ altitudeM: altitude });
    expect(elevationGainM(streams)).toBeGreaterThan(45);
    expect(elevationGainM(streams)).toBeLessThan(55);
    // The raw readings rise and fall by a hundred metres and more in all.
    expect(elevationGainM(streams, { smoothingS: 1, hysteresisM: 0 })).toBeGreaterThan(100);
  });

  it('leaves pauses out but compares the readings on both sides of one', () => {
    const streams = streamsFromSeconds({ altitudeM: [100, 100, 100, 140, 120, 120, 120] });
    streams.gapMask[3] = 1; // a paused second: its reading is not used
    expect(elevationGainM(streams, { smoothingS: 1, hysteresisM: 3 })).toBe(20);
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
