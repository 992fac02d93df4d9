import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { elevationGainM } from '../climbing/elevation-gain.ts';
import { ftpFromBest20Min } from '../curve/ftp-estimates.ts';
import { meanMaxCurve } from '../curve/mean-max.ts';
import { minimumWPrimeBalanceJ, wPrimeBalanceDifferentialJ } from '../curve/w-prime-balance.ts';
import { aerobicDecouplingPct, heartRateDriftPct } from '../heart/decoupling.ts';
import { efficiencyFactor } from '../heart/efficiency-factor.ts';
import { averageHeartRateBpm, maxHeartRateBpm } from '../heart/heart-rate-summary.ts';
import { hrZonesPercentOfLthr, timeInHeartRateZonesS } from '../heart/hr-zones.ts';
import { leftRightBalance } from '../pedaling/balance.ts';
import { averageCadenceRpm } from '../pedaling/cadence.ts';
import {
  averagePedalSmoothnessPct,
  averageTorqueEffectivenessPct,
} from '../pedaling/torque-effectiveness.ts';
import { normalizedPowerW, xPowerW } from '../power/normalized-power.ts';
import { averagePowerW, maxPowerW, workKj } from '../power/power-summary.ts';
import { intensityFactor, trainingStressScore } from '../power/training-stress.ts';
import { variabilityIndex } from '../power/variability.ts';
import { cogganPowerZones, timeInPowerZonesS } from '../power/zones.ts';
import {
  type ActivityStreams,
  CHANNEL_NAMES,
  elapsedTimeS,
  movingTimeS,
  streamsFromSeconds,
} from '../streams/activity-streams.ts';
import { type RideContext, type RideSummary, summarizeRide } from './ride-summary.ts';

// Hundreds of generated rides: seconds on an idle machine, much longer on a loaded one. Only the
// time allowed grows; every case is still checked.
const PROPERTY_TIMEOUT_MS = 120_000;

/** Every metric straight from the function the registry names, each computing all it needs itself. */
function eachMetricOnItsOwn(streams: ActivityStreams, context: RideContext): RideSummary {
  const moving = movingTimeS(streams);
  const np = normalizedPowerW(streams);
  const { ftpW, criticalPower: cp, heartRateZones: zones } = context;
  const meanMax = meanMaxCurve(streams, { gaps: context.meanMaxGaps });
  return {
    movingTimeS: moving,
    elapsedTimeS: elapsedTimeS(streams),
    averagePowerW: averagePowerW(streams),
    maxPowerW: maxPowerW(streams),
    workKj: workKj(streams),
    normalizedPowerW: np,
    xPowerW: xPowerW(streams),
    variabilityIndex: variabilityIndex(streams),
    intensityFactor: ftpW === undefined ? undefined : intensityFactor({ npW: np, ftpW }),
    trainingStressScore:
      ftpW === undefined ? undefined : trainingStressScore({ durationS: moving, npW: np, ftpW }),
    timeInPowerZonesS:
      ftpW === undefined ? undefined : timeInPowerZonesS(streams, cogganPowerZones({ ftpW })),
    meanMax,
    ftpBest20MinW: meanMax === undefined ? undefined : ftpFromBest20Min(meanMax)?.ftpW,
    minWPrimeBalanceJ:
      cp === undefined ? undefined : minimumWPrimeBalanceJ(wPrimeBalanceDifferentialJ(streams, cp)),
    averageHeartRateBpm: averageHeartRateBpm(streams),
    maxHeartRateBpm: maxHeartRateBpm(streams),
    timeInHeartRateZonesS: zones === undefined ? undefined : timeInHeartRateZonesS(streams, zones),
    aerobicDecouplingPct: aerobicDecouplingPct(streams),
    heartRateDriftPct: heartRateDriftPct(streams),
    efficiencyFactor: efficiencyFactor(streams),
    averageCadenceRpm: averageCadenceRpm(streams, { includeZeros: false }),
    leftBalancePct: leftRightBalance(streams)?.leftPct,
    torqueEffectivenessPct: averageTorqueEffectivenessPct(streams),
    pedalSmoothnessPct: averagePedalSmoothnessPct(streams),
    elevationGainM: elevationGainM(streams),
  };
}

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
    // 3599/36 m climbed; GoldenCheetah's rule counts it in steps of 4 s (4/36 m > 0.1 m), so the last
    // 3 s (0.083 m) stay under the threshold.
    expect(summary.elevationGainM).toBeCloseTo(3596 / 36, 9);
  });

  it('leaves power metrics undefined for a ride without a power meter', () => {
    const summary = summarizeRide(streamsFromSeconds({ heartRateBpm: [120, 125, 130] }), {
      ftpW: 250,
      criticalPower: undefined,
      heartRateZones: undefined,
      meanMaxGaps: 'join',
    });
    expect(summary.normalizedPowerW).toBeUndefined();
    expect(summary.trainingStressScore).toBeUndefined();
    expect(summary.meanMax).toBeUndefined();
    expect(summary.averageHeartRateBpm).toBe(125);
  });

  it('gives every metric exactly as its own function does (property)', {
    timeout: PROPERTY_TIMEOUT_MS,
  }, () => {
    // Channels with gaps, missing values, zeros (0 bpm is no reading) and some channels absent.
    const reading = (max: number) =>
      fc.oneof(
        { weight: 12, arbitrary: fc.double({ min: 0, max, noNaN: true }) },
        { weight: 1, arbitrary: fc.constantFrom(0, Number.NaN) },
        // Values no sensor gives, which the functions still have rules for.
        {
          weight: 1,
          arbitrary: fc.constantFrom(
            -0,
            -5,
            1e308,
            -1e308,
            Number.POSITIVE_INFINITY,
            Number.NEGATIVE_INFINITY,
          ),
        },
      );
    const ride = fc.integer({ min: 0, max: 1500 }).chain((n) =>
      fc.record({
        gapMask: fc.array(
          fc.oneof({ weight: 30, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.constant(1) }),
          {
            minLength: n,
            maxLength: n,
          },
        ),
        powerW: fc.option(fc.array(reading(1500), { minLength: n, maxLength: n }), { nil: undefined }),
        heartRateBpm: fc.option(fc.array(reading(200), { minLength: n, maxLength: n }), { nil: undefined }),
        cadenceRpm: fc.option(fc.array(reading(130), { minLength: n, maxLength: n }), { nil: undefined }),
        altitudeM: fc.option(fc.array(reading(3000), { minLength: n, maxLength: n }), { nil: undefined }),
        leftRightBalancePct: fc.option(fc.array(reading(100), { minLength: n, maxLength: n }), {
          nil: undefined,
        }),
        torqueEffectivenessPct: fc.option(fc.array(reading(100), { minLength: n, maxLength: n }), {
          nil: undefined,
        }),
        pedalSmoothnessPct: fc.option(fc.array(reading(100), { minLength: n, maxLength: n }), {
          nil: undefined,
        }),
      }),
    );
    fc.assert(
      fc.property(
        ride,
        fc.boolean(),
        fc.constantFrom<'split' | 'join'>('split', 'join'),
        (r, withContext, gaps) => {
          const { gapMask, ...channels } = r;
          const base = streamsFromSeconds(channels);
          const streams: ActivityStreams = { ...base, gapMask: Uint8Array.from(gapMask) };
          for (const name of CHANNEL_NAMES)
            expect(streams[name]?.length ?? gapMask.length).toBe(gapMask.length);
          const context: RideContext = {
            ftpW: withContext ? 250 : undefined,
            criticalPower: withContext ? { cpW: 260, wPrimeJ: 18_000 } : undefined,
            heartRateZones: withContext ? hrZonesPercentOfLthr({ lthrBpm: 165 }) : undefined,
            meanMaxGaps: gaps,
          };
          expect(summarizeRide(streams, context)).toEqual(eachMetricOnItsOwn(streams, context));
          // A channel shorter or longer than the mask (not valid streams, but the functions take them).
          if (streams.powerW && streams.powerW.length > 0) {
            const cut = { ...streams, powerW: streams.powerW.subarray(1) };
            expect(summarizeRide(cut, context)).toEqual(eachMetricOnItsOwn(cut, context));
            const longer = { ...streams, heartRateBpm: Float64Array.from([...streams.powerW, 150]) };
            expect(summarizeRide(longer, context)).toEqual(eachMetricOnItsOwn(longer, context));
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it('gives every metric exactly as its own function does on a long ride with pauses', () => {
    // Long enough for every rolling window and W′ to matter, as the bench ride (4 h at 1 Hz).
    const n = 4 * 3600;
    const wave = (i: number, period: number, amplitude: number) =>
      amplitude * Math.sin((2 * Math.PI * i) / period);
    const series = (f: (i: number) => number) => Array.from({ length: n }, (_, i) => f(i));
    const streams = streamsFromSeconds({
      powerW: series((i) => Math.max(0, Math.round(200 + wave(i, 600, 120) + wave(i, 37, 60)))),
      heartRateBpm: series((i) => (i % 997 === 0 ? 0 : 130 + wave(i, 900, 20))),
      cadenceRpm: series((i) => (i % 300 < 20 ? 0 : 88 + wave(i, 50, 5))),
      altitudeM: series((i) => 400 + wave(i, 2400, 150)),
      leftRightBalancePct: series((i) => 50 + wave(i, 77, 3)),
      torqueEffectivenessPct: series((i) => (i % 500 < 3 ? Number.NaN : 75 + wave(i, 40, 10))),
      pedalSmoothnessPct: series((i) => 22 + wave(i, 60, 4)),
    });
    const ride = {
      ...streams,
      gapMask: Uint8Array.from({ length: n }, (_, i) => (i > 5000 && i < 5300 ? 1 : 0)),
    };
    const context: RideContext = {
      ftpW: 250,
      criticalPower: { cpW: 260, wPrimeJ: 18_000 },
      heartRateZones: hrZonesPercentOfLthr({ lthrBpm: 165 }),
      meanMaxGaps: 'split',
    };
    expect(summarizeRide(ride, context)).toEqual(eachMetricOnItsOwn(ride, context));
  });
});
