import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { streamsFromSeconds } from '../streams/activity-streams.ts';
import {
  averageTorqueNm,
  pedallingStabilityIndexPct,
  torqueVariability,
  torqueVariabilityPct,
} from './stability.ts';

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

describe('torque only where it can be measured (issue 25)', () => {
  it('leaves out seconds under 30 rpm: a sensor reading 2 rpm at 200 W is not 955 N·m of torque', () => {
    // 200 W at 2 rpm: 200 / (2π · 2 / 60) = 954.9 N·m, four times a world-class sprinter's maximum.
    const even = repeat(120, () => 200);
    const cadence = repeat(120, (i) => (i % 40 === 0 ? 2 : 90));
    const streams = streamsFromSeconds({ powerW: even, cadenceRpm: cadence });
    expect(torqueVariabilityPct(streams)).toBeCloseTo(0, 9);
    expect(averageTorqueNm(streams)).toBeCloseTo(torqueOf(200, 90), 9);
    // At exactly 30 rpm a second counts: 200 W at 90 rpm and at 30 rpm are 21.22 and 63.66 N·m.
    const slow = streamsFromSeconds({ powerW: [200, 200], cadenceRpm: [90, 30] });
    expect(averageTorqueNm(slow)).toBeCloseTo((torqueOf(200, 90) + torqueOf(200, 30)) / 2, 9);
  });

  it('withholds a coefficient of variation above 100 % and says why', () => {
    // 99 seconds at 1 W and one at 2,000 W, all at 90 rpm: mean 20.99 W, sd 199.9 W, CV 952 %.
    const power = repeat(100, (i) => (i === 0 ? 2000 : 1));
    const streams = streamsFromSeconds({ powerW: power, cadenceRpm: repeat(100, () => 90) });
    const mean = (2000 + 99) / 100;
    const sd = Math.sqrt(((2000 - mean) ** 2 + 99 * (1 - mean) ** 2) / 99);
    const result = torqueVariability(streams);
    expect(result).toEqual({ gap: 'implausible', pct: expect.closeTo((sd / mean) * 100, 6) });
    expect(torqueVariabilityPct(streams)).toBeUndefined();
    expect(torqueVariability(streamsFromSeconds({ powerW: [200, 300] }))).toEqual({
      gap: 'no_cadence_or_power',
    });
  });
});
