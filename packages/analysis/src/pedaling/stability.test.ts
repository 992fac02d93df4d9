import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { streamsFromSeconds } from '../streams/activity-streams.ts';
import { averageTorqueNm, pedallingStabilityIndexPct, torqueVariabilityPct } from './stability.ts';

const repeat = (n: number, f: (i: number) => number) => Array.from({ length: n }, (_, i) => f(i));
const torqueOf = (powerW: number, cadenceRpm: number) => powerW / ((2 * Math.PI * cadenceRpm) / 60);

describe('crank torque and pedalling stability', () => {
  it('turns power and cadence into crank torque (hand-worked: 250 W at 90 rpm = 26.5 N·m)', () => {
    const streams = streamsFromSeconds({ powerW: [250, 250, 0], cadenceRpm: [90, 90, 0] });
    // 250 / (2π · 90 / 60) = 250 / 9.4248 = 26.526 N·m; the coasting second is left out.
    expect(averageTorqueNm(streams)).toBeCloseTo(26.526, 3);
    expect(torqueVariabilityPct(streams)).toBe(0);
  });

  it('gives torque variability as a coefficient of variation', () => {
    const streams = streamsFromSeconds({ powerW: [200, 300], cadenceRpm: [90, 90] });
    const [a, b] = [torqueOf(200, 90), torqueOf(300, 90)];
    const mean = (a + b) / 2;
    expect(torqueVariabilityPct(streams)).toBeCloseTo((Math.abs(a - b) / Math.SQRT2 / mean) * 100, 9);
  });

  it('is 100 % for perfectly even pedalling, and a step in effort does not count as unsteady', () => {
    const even = streamsFromSeconds({ powerW: repeat(600, () => 220), cadenceRpm: repeat(600, () => 88) });
    expect(pedallingStabilityIndexPct(even)).toBe(100);
    // 300 s at 180 W then 300 s at 300 W: only the seconds whose 31-s window straddles the step can
    // stand more than 10 % from their local mean.
    const step = streamsFromSeconds({
      powerW: repeat(600, (i) => (i < 300 ? 180 : 300)),
      cadenceRpm: repeat(600, () => 90),
    });
    const index = pedallingStabilityIndexPct(step)!;
    expect(index).toBeGreaterThan(100 - (31 / 600) * 100);
    expect(index).toBeLessThan(100);
  });

  it('is 0 % when torque surges ±25 % every other second', () => {
    const streams = streamsFromSeconds({
      powerW: repeat(300, (i) => (i % 2 === 0 ? 250 : 150)),
      cadenceRpm: repeat(300, () => 90),
    });
    expect(pedallingStabilityIndexPct(streams)).toBe(0);
  });

  it('needs a minute of pedalling, and ignores gaps and coasting', () => {
    expect(
      pedallingStabilityIndexPct(
        streamsFromSeconds({ powerW: repeat(59, () => 200), cadenceRpm: repeat(59, () => 90) }),
      ),
    ).toBeUndefined();
    const withCoasting = streamsFromSeconds({
      powerW: repeat(200, (i) => (i % 10 === 0 ? 0 : 200)),
      cadenceRpm: repeat(200, (i) => (i % 10 === 0 ? 0 : 90)),
    });
    expect(pedallingStabilityIndexPct(withCoasting)).toBe(100);
  });

  it('stays between 0 and 100 (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ p: fc.integer({ min: 0, max: 1500 }), c: fc.integer({ min: 0, max: 150 }) }), {
          minLength: 0,
          maxLength: 400,
        }),
        (seconds) => {
          const index = pedallingStabilityIndexPct(
            streamsFromSeconds({ powerW: seconds.map((s) => s.p), cadenceRpm: seconds.map((s) => s.c) }),
          );
          if (index !== undefined) {
            expect(index).toBeGreaterThanOrEqual(0);
            expect(index).toBeLessThanOrEqual(100);
          }
        },
      ),
    );
  });
});
