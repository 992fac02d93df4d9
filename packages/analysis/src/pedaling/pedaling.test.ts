import { describe, expect, it } from 'vitest';
import { streamsFromSeconds } from '../streams/activity-streams.ts';
import { leftRightBalance } from './balance.ts';
import { averageCadenceRpm, cadenceVariabilityPct } from './cadence.ts';
import { summarizeRide } from '../metrics/ride-summary.ts';
import {
  averagePedalSmoothnessPct,
  averageTorqueEffectivenessPct,
  pedalDynamicsGap,
} from './torque-effectiveness.ts';

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

  it('reads a 0 % at positive power as "not measured", not as 0 % (issue 25)', () => {
    // TE = net / positive torque and PS = mean / peak power: neither can be 0 while power is positive.
    // A head unit that writes 0 every second (the 2h20 Edge 1000 ride) has no torque effectiveness.
    const zeros = streamsFromSeconds({
      powerW: [200, 250, 0],
      torqueEffectivenessPct: [0, 0, 0],
      pedalSmoothnessPct: [21, 23, 0],
    });
    expect(averageTorqueEffectivenessPct(zeros)).toBeUndefined();
    expect(pedalDynamicsGap(zeros, 'torqueEffectivenessPct')).toBe('zeros_only');
    expect(averagePedalSmoothnessPct(zeros)).toBeCloseTo((200 * 21 + 250 * 23) / 450, 12);
    expect(pedalDynamicsGap(zeros, 'pedalSmoothnessPct')).toBeUndefined();
    // The one-pass ride summary agrees with the functions.
    const summary = summarizeRide(zeros, {
      ftpW: undefined,
      criticalPower: undefined,
      heartRateZones: undefined,
      meanMaxGaps: 'zero',
    });
    expect(summary.torqueEffectivenessPct).toBeUndefined();
    expect(summary.pedalSmoothnessPct).toBeCloseTo((200 * 21 + 250 * 23) / 450, 12);
    // A missing channel says so; a stray 0 among readings is left out of the mean.
    expect(pedalDynamicsGap(streamsFromSeconds({ powerW: [200] }), 'torqueEffectivenessPct')).toBe(
      'not_recorded',
    );
    const mixed = streamsFromSeconds({ powerW: [200, 200, 200], torqueEffectivenessPct: [70, 0, 80] });
    expect(averageTorqueEffectivenessPct(mixed)).toBe(75);
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
