import { elevationGainM } from '../climbing/elevation-gain.ts';
import { ftpFromBest20Min } from '../curve/ftp-estimates.ts';
import { type GapPolicy, type MeanMaxCurve, meanMaxCurve } from '../curve/mean-max.ts';
import { minimumWPrimeBalanceJ, wPrimeBalanceDifferentialJ } from '../curve/w-prime-balance.ts';
import { aerobicDecouplingOf, decouplingHalves, heartRateDriftOf } from '../heart/decoupling.ts';
import { efficiencyFactorOf } from '../heart/efficiency-factor.ts';
import { averageHeartRateBpm, maxHeartRateBpm } from '../heart/heart-rate-summary.ts';
import { type HeartRateZone, timeInHeartRateZonesS } from '../heart/hr-zones.ts';
import { leftRightBalance } from '../pedaling/balance.ts';
import { averageCadenceRpm } from '../pedaling/cadence.ts';
import {
  averagePedalSmoothnessPct,
  averageTorqueEffectivenessPct,
} from '../pedaling/torque-effectiveness.ts';
import { normalizedPowerW, xPowerW } from '../power/normalized-power.ts';
import { averagePowerW, maxPowerW, workKj } from '../power/power-summary.ts';
import { intensityFactor, trainingStressScore } from '../power/training-stress.ts';
import { variabilityIndexOf } from '../power/variability.ts';
import { cogganPowerZones, type PowerZone, timeInPowerZonesS } from '../power/zones.ts';
import { type ActivityStreams, elapsedTimeS, movingTimeS } from '../streams/activity-streams.ts';
import { type RidePass, ridePass } from './ride-pass.ts';

/** What the ride is measured against, as of the ride's date. Absent values leave their metrics undefined. */
export interface RideContext {
  readonly ftpW: number | undefined;
  readonly criticalPower: { readonly cpW: number; readonly wPrimeJ: number } | undefined;
  /** The rider's heart-rate zones (built with one of the `hrZones…` functions). */
  readonly heartRateZones: readonly HeartRateZone[] | undefined;
  readonly meanMaxGaps: GapPolicy;
}

/** The per-ride numbers an activity row stores; each is undefined when it cannot be computed. */
export interface RideSummary {
  readonly movingTimeS: number;
  readonly elapsedTimeS: number;
  readonly averagePowerW: number | undefined;
  readonly maxPowerW: number | undefined;
  readonly workKj: number | undefined;
  readonly normalizedPowerW: number | undefined;
  readonly xPowerW: number | undefined;
  readonly variabilityIndex: number | undefined;
  readonly intensityFactor: number | undefined;
  readonly trainingStressScore: number | undefined;
  readonly timeInPowerZonesS: number[] | undefined;
  readonly meanMax: MeanMaxCurve | undefined;
  readonly ftpBest20MinW: number | undefined;
  readonly minWPrimeBalanceJ: number | undefined;
  readonly averageHeartRateBpm: number | undefined;
  readonly maxHeartRateBpm: number | undefined;
  readonly timeInHeartRateZonesS: number[] | undefined;
  readonly aerobicDecouplingPct: number | undefined;
  readonly heartRateDriftPct: number | undefined;
  readonly efficiencyFactor: number | undefined;
  readonly averageCadenceRpm: number | undefined;
  readonly leftBalancePct: number | undefined;
  readonly torqueEffectivenessPct: number | undefined;
  readonly pedalSmoothnessPct: number | undefined;
  readonly elevationGainM: number | undefined;
}

/**
 * Every per-ride metric in one pass over the package, for the import job. A thin composition: each
 * number is the one the function the registry names gives, with the context passed explicitly. The
 * per-second sums, maxima and rolling figures come from one pass along the timeline (`ridePass`), and
 * what several metrics share (NP, average power and heart rate, the decoupling halves) is handed to the
 * `…Of` forms of the ones that would compute it again: the same numbers (ride-summary.test.ts).
 */
export function summarizeRide(streams: ActivityStreams, context: RideContext): RideSummary {
  const ftpW = context.ftpW;
  const cp = context.criticalPower;
  const zones = ftpW === undefined ? undefined : cogganPowerZones({ ftpW });
  const pass = ridePass(streams, { zones, criticalPower: cp }) ?? eachOnItsOwn(streams, zones, cp);
  const moving = pass.movingTimeS;
  const np = pass.normalizedPowerW;
  const halves = decouplingHalves(streams);
  const meanMax = meanMaxCurve(streams, { gaps: context.meanMaxGaps });
  return {
    movingTimeS: moving,
    elapsedTimeS: elapsedTimeS(streams),
    averagePowerW: pass.averagePowerW,
    maxPowerW: pass.maxPowerW,
    workKj: pass.workKj,
    normalizedPowerW: np,
    xPowerW: pass.xPowerW,
    variabilityIndex: variabilityIndexOf(np, pass.averagePowerW),
    intensityFactor: ftpW === undefined ? undefined : intensityFactor({ npW: np, ftpW }),
    trainingStressScore:
      ftpW === undefined ? undefined : trainingStressScore({ durationS: moving, npW: np, ftpW }),
    timeInPowerZonesS: pass.timeInPowerZonesS,
    meanMax,
    ftpBest20MinW: meanMax === undefined ? undefined : ftpFromBest20Min(meanMax)?.ftpW,
    minWPrimeBalanceJ: pass.minWPrimeBalanceJ,
    averageHeartRateBpm: pass.averageHeartRateBpm,
    maxHeartRateBpm: pass.maxHeartRateBpm,
    timeInHeartRateZonesS:
      context.heartRateZones === undefined
        ? undefined
        : timeInHeartRateZonesS(streams, context.heartRateZones),
    aerobicDecouplingPct: aerobicDecouplingOf(halves),
    heartRateDriftPct: heartRateDriftOf(halves),
    efficiencyFactor: efficiencyFactorOf(np, pass.averageHeartRateBpm),
    averageCadenceRpm: pass.averageCadenceRpm,
    leftBalancePct: pass.leftBalancePct,
    torqueEffectivenessPct: pass.torqueEffectivenessPct,
    pedalSmoothnessPct: pass.pedalSmoothnessPct,
    elevationGainM: elevationGainM(streams),
  };
}

/** `ridePass`'s figures from their own functions (streams whose channels differ in length). */
function eachOnItsOwn(
  streams: ActivityStreams,
  zones: readonly PowerZone[] | undefined,
  cp: RideContext['criticalPower'],
): RidePass {
  return {
    movingTimeS: movingTimeS(streams),
    averagePowerW: averagePowerW(streams),
    maxPowerW: maxPowerW(streams),
    workKj: workKj(streams),
    normalizedPowerW: normalizedPowerW(streams),
    xPowerW: xPowerW(streams),
    timeInPowerZonesS: zones === undefined ? undefined : timeInPowerZonesS(streams, zones),
    minWPrimeBalanceJ:
      cp === undefined ? undefined : minimumWPrimeBalanceJ(wPrimeBalanceDifferentialJ(streams, cp)),
    averageHeartRateBpm: averageHeartRateBpm(streams),
    maxHeartRateBpm: maxHeartRateBpm(streams),
    averageCadenceRpm: averageCadenceRpm(streams, { includeZeros: false }),
    leftBalancePct: leftRightBalance(streams)?.leftPct,
    torqueEffectivenessPct: averageTorqueEffectivenessPct(streams),
    pedalSmoothnessPct: averagePedalSmoothnessPct(streams),
  };
}
