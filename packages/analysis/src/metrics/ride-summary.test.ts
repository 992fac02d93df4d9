import { describe, expect, it } from 'vitest';
import { hrZonesPercentOfLthr } from '../heart/hr-zones.ts';
import { streamsFromSeconds } from '../streams/activity-streams.ts';
import { summarizeRide } from './ride-summary.ts';

describe('summarizeRide', () => {
  it('computes one hour at FTP as 100 TSS with steady heart rate and no decoupling', () => {
    const summary = summarizeRide(
      streamsFromSeconds({
        powerW: new Array(3600).fill(250),
        heartRateBpm: new Array(3600).fill(160),
        cadenceRpm: new Array(3600).fill(90),
        altitudeM: Array.from({ length: 3600 }, (_, t) => 100 + t / 36),
      }),
      {
        ftpW: 250,
        criticalPower: { cpW: 260, wPrimeJ: 20_000 },
        heartRateZones: hrZonesPercentOfLthr({ lthrBpm: 165 }),
        meanMaxGaps: 'join',
        elevationHysteresisM: 3,
      },
    );
    expect(summary).toMatchObject({
      movingTimeS: 3600,
      averagePowerW: 250,
      normalizedPowerW: 250,
      intensityFactor: 1,
      averageHeartRateBpm: 160,
      aerobicDecouplingPct: 0,
      averageCadenceRpm: 90,
      minWPrimeBalanceJ: 20_000,
    });
    expect(summary.trainingStressScore).toBeCloseTo(100, 9);
    expect(summary.workKj).toBe(900);
    expect(summary.ftpBest20MinW).toBeCloseTo(237.5, 9);
    expect(summary.timeInPowerZonesS).toEqual([0, 0, 0, 3600, 0, 0, 0]);
    expect(summary.timeInHeartRateZonesS).toEqual([0, 0, 0, 3600, 0]);
    expect(summary.elevationGainM).toBeCloseTo(99.97, 2);
  });

  it('leaves power metrics undefined for a ride without a power meter', () => {
    const summary = summarizeRide(streamsFromSeconds({ heartRateBpm: [120, 125, 130] }), {
      ftpW: 250,
      criticalPower: undefined,
      heartRateZones: undefined,
      meanMaxGaps: 'join',
      elevationHysteresisM: 3,
    });
    expect(summary.normalizedPowerW).toBeUndefined();
    expect(summary.trainingStressScore).toBeUndefined();
    expect(summary.meanMax).toBeUndefined();
    expect(summary.averageHeartRateBpm).toBe(125);
  });
});
