import { describe, expect, it } from 'vitest';
import { streamsFromSeconds } from '../streams/activity-streams.ts';
import { leftRightBalance } from './balance.ts';
import { averageCadenceRpm, cadenceVariabilityPct } from './cadence.ts';
import { averagePedalSmoothnessPct, averageTorqueEffectivenessPct } from './torque-effectiveness.ts';

describe('pedalling metrics', () => {
  it('weights left/right balance by power and skips coasting', () => {
    const streams = streamsFromSeconds({ powerW: [100, 300, 0], leftRightBalancePct: [50, 54, 10] });
    const balance = leftRightBalance(streams)!;
    expect(balance.leftPct).toBeCloseTo((100 * 50 + 300 * 54) / 400, 12);
    expect(balance.rightPct).toBeCloseTo(100 - balance.leftPct, 12);
  });

  it('averages torque effectiveness and pedal smoothness by power', () => {
    const streams = streamsFromSeconds({
      powerW: [200, 200, 0],
      torqueEffectivenessPct: [70, 80, 10],
      pedalSmoothnessPct: [20, Number.NaN, 90],
    });
    expect(averageTorqueEffectivenessPct(streams)).toBe(75);
    expect(averagePedalSmoothnessPct(streams)).toBe(20);
  });

  it('averages cadence with or without coasting zeros', () => {
    const streams = streamsFromSeconds({ cadenceRpm: [90, 0, 90, 0] });
    expect(averageCadenceRpm(streams, { includeZeros: false })).toBe(90);
    expect(averageCadenceRpm(streams, { includeZeros: true })).toBe(45);
  });

  it('gives cadence variability as a coefficient of variation, undefined with too little data', () => {
    expect(cadenceVariabilityPct(streamsFromSeconds({ cadenceRpm: [80, 100] }))).toBeCloseTo(
      (Math.sqrt(200) / 90) * 100,
      9,
    );
    expect(cadenceVariabilityPct(streamsFromSeconds({ cadenceRpm: [90] }))).toBeUndefined();
  });
});
