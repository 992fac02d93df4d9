import { describe, expect, it } from 'vitest';
import { createActivityStreams, streamsFromSeconds } from '../streams/activity-streams.ts';
import { averagePowerW, maxPowerW, workKj } from './power-summary.ts';
import { intensityFactor, rideTrainingStress, trainingStressScore } from './training-stress.ts';
import { variabilityIndex } from './variability.ts';

describe('training stress', () => {
  it('scores one hour at FTP as exactly 100 TSS with IF 1', () => {
    const streams = streamsFromSeconds({ powerW: new Array(3600).fill(250) });
    expect(rideTrainingStress(streams, { ftpW: 250 })).toBeCloseTo(100, 9);
    expect(intensityFactor({ npW: 250, ftpW: 250 })).toBe(1);
  });

  it('equals hours · IF² · 100', () => {
    expect(trainingStressScore({ durationS: 5400, npW: 210, ftpW: 280 })).toBeCloseTo(
      1.5 * 0.75 ** 2 * 100,
      9,
    );
  });

  it('is undefined without NP or without a positive FTP', () => {
    expect(trainingStressScore({ durationS: 3600, npW: undefined, ftpW: 250 })).toBeUndefined();
    expect(trainingStressScore({ durationS: 3600, npW: 200, ftpW: 0 })).toBeUndefined();
  });
});

describe('power summary', () => {
  const gapMask = Uint8Array.from([0, 0, 1, 1, 0, 0]);
  const power = Float64Array.from([100, 0, Number.NaN, Number.NaN, 300, Number.NaN]);
  const streams = createActivityStreams(Float64Array.from([0, 1, 2, 3, 4, 5]), gapMask, { powerW: power });

  it('averages over moving time with zeros included and gaps and missing values left out', () => {
    expect(averagePowerW(streams)).toBeCloseTo(400 / 3, 9);
  });

  it('finds the highest recorded second', () => {
    expect(maxPowerW(streams)).toBe(300);
  });

  it('sums work in kJ over recorded seconds', () => {
    expect(workKj(streams)).toBeCloseTo(0.4, 12);
  });

  it('gives a variability index of 1 for steady power and more for surges', () => {
    expect(variabilityIndex(streamsFromSeconds({ powerW: new Array(600).fill(200) }))).toBe(1);
    const surges = Array.from({ length: 1200 }, (_, i) => (i % 120 < 30 ? 500 : 150));
    expect(variabilityIndex(streamsFromSeconds({ powerW: surges }))).toBeGreaterThan(1.1);
  });

  it('is undefined when the ride has no power channel', () => {
    const noPower = streamsFromSeconds({ heartRateBpm: [120, 130] });
    expect(averagePowerW(noPower)).toBeUndefined();
    expect(maxPowerW(noPower)).toBeUndefined();
    expect(workKj(noPower)).toBeUndefined();
    expect(variabilityIndex(noPower)).toBeUndefined();
  });
});
