/**
 * One ride's report: every per-ride number Vatio shows, computed in one place for the import
 * pipeline (what a ride row stores), the ride page (`/api/activities/:id/analysis`) and
 * `vatio analyze`. Pure: the caller decodes the file and looks up the rider (FTP already resolved
 * with `resolveFtp`, weight, bike, heart-rate limits, critical power); the named choices are in
 * `options.ts`. Each number is the one its metric's tested function gives (metrics/registry.ts).
 */
import { type Climb, detectClimbs } from '../climbing/climbs.ts';
import { type AscentSource, rideAscent } from '../climbing/ride-ascent.ts';
import { curvePowerAtW, type MeanMaxCurve } from '../curve/mean-max.ts';
import { implausibleReasons } from '../curve/cp-plausibility.ts';
import { fitTwoParameterEnvelope } from '../curve/power-duration-models.ts';
import {
  minimumWPrimeBalanceJ,
  type WPrimeBalanceParameters,
  wPrimeBalanceDifferentialJ,
  wPrimeBalanceParameters,
} from '../curve/w-prime-balance.ts';
import {
  aerobicDecouplingOf,
  DECOUPLING_MIN_S,
  type DecouplingGap,
  decouplingGap,
  decouplingHalves,
  heartRateDriftOf,
} from '../heart/decoupling.ts';
import { type HeartRateZone, hrZonesPercentOfLthr, hrZonesPercentOfMax } from '../heart/hr-zones.ts';
import { type RideSummary, summarizeRide } from '../metrics/ride-summary.ts';
import { cadenceVariabilityPct } from '../pedaling/cadence.ts';
import { type LegPowerPhase, pedalPhaseSummary } from '../pedaling/power-phase.ts';
import {
  pedallingStabilityIndexPct,
  type TorqueVariabilityGap,
  torqueVariability,
} from '../pedaling/stability.ts';
import { type PedalDynamicsGap, pedalDynamicsGap } from '../pedaling/torque-effectiveness.ts';
import { averagePowerW } from '../power/power-summary.ts';
import { cogganPowerZones, type PowerZone } from '../power/zones.ts';
import { vo2maxFromFiveMinutePower } from '../rider/vo2max.ts';
import { type ActivityStreams, sliceStreams } from '../streams/activity-streams.ts';
import { CLIMB_OPTIONS, MEAN_MAX_GAPS, VIRTUAL_SUB_SPORTS } from './options.ts';
import { fitRideAero, type RideAero, type WeightSource } from './ride-aero.ts';
import { ftpEstimates, type RatedFtpEstimate } from './ride-ftp-estimates.ts';

/** The ride as decoded: its 1 Hz streams and what the device summarised that the streams may lack. */
export interface RideReportInput {
  readonly streams: ActivityStreams;
  /** A ride on a trainer or in a game (`isVirtualRide`): no real road, so no aero fit. */
  readonly virtual: boolean;
  /** The device's own total ascent, m (FIT session total_ascent): shown when plausible (`rideAscent`). */
  readonly deviceAscentM?: number | undefined;
}

/** The rider as of the ride's date, as the caller found them. Absent values leave their metrics out. */
export interface RiderContext {
  /** The FTP the ride is measured against (`resolveFtp`). */
  readonly ftpW: number | undefined;
  readonly weightKg: number | undefined;
  readonly weightSource?: Exclude<WeightSource, 'default'> | undefined;
  readonly bikeKg: number | undefined;
  readonly maxHrBpm: number | undefined;
  readonly lthrBpm: number | undefined;
  /** Critical power and W′ for the W′ balance (`criticalPowerOf` on the rider's recent bests). */
  readonly criticalPower: { readonly cpW: number; readonly wPrimeJ: number } | undefined;
}

export interface RideReportOptions {
  /**
   * 'fit' fits CdA and Crr (import, `vatio analyze`); 'skip' leaves the aero fit out (the ride page
   * shows the fit stored at import and never fits again on view).
   */
  readonly aero: 'fit' | 'skip';
}

export interface ZoneTime<Z> {
  readonly zone: Z;
  readonly timeS: number;
}

export interface ReportClimb extends Climb {
  readonly averagePowerW: number | undefined;
}

export interface ReportDecoupling {
  /** Aerobic decoupling Pw:Hr, % (Friel). */
  readonly pct: number | undefined;
  /** Heart-rate drift, %. */
  readonly driftPct: number | undefined;
  /** Mean power over mean heart rate of each half. */
  readonly firstHalfEf: number;
  readonly secondHalfEf: number;
}

/** Why the ride has no decoupling, with the seconds it had and the seconds it needs. */
export interface ReportDecouplingGap {
  readonly reason: DecouplingGap;
  readonly seconds: number;
  readonly requiredS: number;
}

export interface ReportWPrimeBalance {
  /**
   * The CP and W′ the series is drawn with, the rider's fitted ones, and why they differ
   * (`wPrimeBalanceParameters`: GoldenCheetah's minimum CP when the fitted ones would go below zero).
   */
  readonly parameters: WPrimeBalanceParameters;
  readonly cpW: number;
  readonly wPrimeJ: number;
  /** Undefined when `parameters.status` is 'unsupported' (no balance is shown). */
  readonly minJ: number | undefined;
  /** Per second, J (Skiba 2015 differential form); undefined when unsupported. */
  readonly seriesJ: Float64Array | undefined;
}

export interface ReportPedaling {
  readonly leftBalancePct: number | undefined;
  readonly torqueEffectivenessPct: number | undefined;
  readonly pedalSmoothnessPct: number | undefined;
  readonly cadenceVariabilityPct: number | undefined;
  readonly torqueVariabilityPct: number | undefined;
  readonly stabilityIndexPct: number | undefined;
  /** Platform centre offset and power phase per leg (`pedalPhaseSummary`), undefined where not recorded. */
  readonly platformCentreOffsetLeftMm: number | undefined;
  readonly platformCentreOffsetRightMm: number | undefined;
  readonly powerPhaseLeft: LegPowerPhase | undefined;
  readonly powerPhaseRight: LegPowerPhase | undefined;
  /** Why a figure above is undefined, for the figures that have a reason to give. */
  readonly gaps: {
    readonly torqueEffectiveness: PedalDynamicsGap | undefined;
    readonly pedalSmoothness: PedalDynamicsGap | undefined;
    /** `implausibleTorqueVariabilityPct` is the value withheld, when the reason is `implausible`. */
    readonly torqueVariability: TorqueVariabilityGap | undefined;
    readonly implausibleTorqueVariabilityPct: number | undefined;
  };
}

export interface RideReport {
  /** Every number a ride row stores (`summarizeRide`), the best-power curve among them. */
  readonly summary: RideSummary;
  /** The ascent shown: the device's own when the file has one, else the estimate (`rideAscent`). */
  readonly elevationGainM: number | undefined;
  /** Where `elevationGainM` comes from; the estimate alone stays in `summary.elevationGainM`. */
  readonly elevationGainSource: AscentSource | undefined;
  /** Average power over the rider's weight, when the rider gave one. */
  readonly wattsPerKg: number | undefined;
  readonly vo2maxMlKgMin: number | undefined;
  readonly heartRateZones: readonly HeartRateZone[] | undefined;
  readonly zones: {
    readonly power: ReadonlyArray<ZoneTime<PowerZone>>;
    readonly heartRate: ReadonlyArray<ZoneTime<HeartRateZone>>;
  };
  readonly climbs: readonly ReportClimb[];
  readonly decoupling: ReportDecoupling | undefined;
  /** Why `decoupling.pct` is undefined (no power or heart rate, or under an hour of both). */
  readonly decouplingGap: ReportDecouplingGap | undefined;
  readonly wPrimeBalance: ReportWPrimeBalance | undefined;
  readonly aero: RideAero | undefined;
  readonly pedaling: ReportPedaling;
  /**
   * Every FTP estimate the ride's own bests support, most trusted first (`ftpEstimates`): what this
   * ride alone says, beside the FTP it is measured against (`rider.ftpW`).
   */
  readonly ftpEstimates: readonly RatedFtpEstimate[];
}

/** Whether a file's sub-sport is a ride on a trainer or in a game (`VIRTUAL_SUB_SPORTS`). */
export function isVirtualRide(subSport: string | undefined): boolean {
  return subSport !== undefined && VIRTUAL_SUB_SPORTS.has(subSport);
}

/** LTHR zones when the rider set an LTHR (coaches use it), else the spec's % of max HR, else none. */
export function heartRateZonesFor(rider: {
  readonly lthrBpm?: number | undefined;
  readonly maxHrBpm?: number | undefined;
}): HeartRateZone[] | undefined {
  if (rider.lthrBpm) return hrZonesPercentOfLthr({ lthrBpm: rider.lthrBpm });
  if (rider.maxHrBpm) return hrZonesPercentOfMax({ maxHrBpm: rider.maxHrBpm });
  return undefined;
}

/**
 * Critical power and W′ of a best-power curve (Monod–Scherrer by GoldenCheetah's envelope,
 * `fitTwoParameterEnvelope`, over the bests of `CP_FIT_RANGE`), or undefined when the fit is unusable
 * (no best in a window, CP or W′ outside the physiological bounds of `implausibleReasons`).
 */
export function criticalPowerOf(curve: MeanMaxCurve): { cpW: number; wPrimeJ: number } | undefined {
  if (curve.durationsS.length === 0) return undefined;
  const fit = fitTwoParameterEnvelope(curve);
  if (!fit || !(fit.cpW > 0) || !(fit.wPrimeJ > 0) || implausibleReasons(fit, undefined).length > 0) {
    return undefined;
  }
  return { cpW: fit.cpW, wPrimeJ: fit.wPrimeJ };
}

function climbsOf(streams: ActivityStreams): ReportClimb[] {
  return (detectClimbs(streams, CLIMB_OPTIONS) ?? []).map((c) => ({
    ...c,
    averagePowerW: averagePowerW(sliceStreams(streams, c.startS, c.endS)),
  }));
}

function decouplingOf(streams: ActivityStreams): {
  decoupling: ReportDecoupling | undefined;
  decouplingGap: ReportDecouplingGap | undefined;
} {
  const halves = decouplingHalves(streams);
  const reason = decouplingGap(halves);
  const gap = reason && { reason, seconds: halves?.seconds ?? 0, requiredS: DECOUPLING_MIN_S };
  // Under the minimum the halves' efficiencies are not shown either: the ride page and `vatio analyze`
  // give no decoupling figure at all, and the reason.
  return { decoupling: gap ? undefined : decouplingFigures(halves), decouplingGap: gap };
}

function decouplingFigures(halves: ReturnType<typeof decouplingHalves>): ReportDecoupling | undefined {
  if (halves === undefined) return undefined;
  const firstHalfEf = halves.powerW[0] / halves.heartRateBpm[0];
  const secondHalfEf = halves.powerW[1] / halves.heartRateBpm[1];
  if (!Number.isFinite(firstHalfEf) || !Number.isFinite(secondHalfEf)) return undefined;
  return {
    pct: aerobicDecouplingOf(halves),
    driftPct: heartRateDriftOf(halves),
    firstHalfEf,
    secondHalfEf,
  };
}

function wPrimeBalanceOf(
  streams: ActivityStreams,
  cp: RiderContext['criticalPower'],
): ReportWPrimeBalance | undefined {
  if (cp === undefined) return undefined;
  const parameters = wPrimeBalanceParameters(streams, cp);
  if (parameters === undefined) return undefined;
  const { cpW, wPrimeJ } = parameters;
  if (parameters.status === 'unsupported') {
    return { parameters, cpW, wPrimeJ, minJ: undefined, seriesJ: undefined };
  }
  const seriesJ = wPrimeBalanceDifferentialJ(streams, { cpW, wPrimeJ });
  if (seriesJ === undefined) return undefined;
  return { parameters, cpW, wPrimeJ, minJ: minimumWPrimeBalanceJ(seriesJ), seriesJ };
}

function zoneTimes<Z>(
  zones: readonly Z[] | undefined,
  seconds: readonly number[] | undefined,
): ZoneTime<Z>[] {
  if (zones === undefined || seconds === undefined) return [];
  return zones.map((zone, k) => ({ zone, timeS: seconds[k] ?? 0 }));
}

/** The part of a ride's report an import stores (`rideReportStoredPart`). */
export type RideReportStoredPart = Pick<
  RideReport,
  'summary' | 'elevationGainM' | 'elevationGainSource' | 'climbs' | 'aero'
>;

/**
 * The figures of `rideReport` a ride row stores (the summary, the ascent shown, the climbs and the
 * aero fit), computed as `rideReport` computes them, which builds on this: an import measures only
 * these, not the figures the ride page and `vatio analyze` show on view (zones, decoupling, pedalling
 * variability, FTP estimates: issue 28, a tenth of an import's analysis went to figures it dropped).
 */
export function rideReportStoredPart(
  ride: RideReportInput,
  rider: RiderContext,
  options: RideReportOptions,
): RideReportStoredPart {
  const { streams } = ride;
  const summary = summarizeRide(streams, {
    ftpW: rider.ftpW,
    criticalPower: rider.criticalPower,
    heartRateZones: heartRateZonesFor(rider),
    meanMaxGaps: MEAN_MAX_GAPS,
  });
  const weightKg = riderWeightKg(rider);
  const ascent = rideAscent({
    deviceM: ride.deviceAscentM,
    estimatedM: summary.elevationGainM,
    elapsedS: summary.elapsedTimeS,
  });
  return {
    summary,
    elevationGainM: ascent.ascentM,
    elevationGainSource: ascent.source,
    climbs: climbsOf(streams),
    aero:
      options.aero === 'fit' && !ride.virtual
        ? fitRideAero(streams, {
            riderKg: weightKg,
            riderKgSource: rider.weightSource,
            bikeKg: rider.bikeKg,
          })
        : undefined,
  };
}

/** The rider's weight when it is one (positive), for every per-kilogram figure. */
const riderWeightKg = (rider: RiderContext): number | undefined =>
  rider.weightKg !== undefined && rider.weightKg > 0 ? rider.weightKg : undefined;

/** Every per-ride number of one ride, measured against the rider as the caller found them. */
export function rideReport(
  ride: RideReportInput,
  rider: RiderContext,
  options: RideReportOptions,
): RideReport {
  const { streams } = ride;
  const heartRateZones = heartRateZonesFor(rider);
  const stored = rideReportStoredPart(ride, rider, options);
  const { summary } = stored;
  const powerZones = rider.ftpW === undefined ? undefined : cogganPowerZones({ ftpW: rider.ftpW });
  const weightKg = riderWeightKg(rider);
  const best5MinW = summary.meanMax === undefined ? undefined : curvePowerAtW(summary.meanMax, 300);
  const torque = torqueVariability(streams);
  return {
    summary,
    elevationGainM: stored.elevationGainM,
    elevationGainSource: stored.elevationGainSource,
    wattsPerKg:
      weightKg === undefined || summary.averagePowerW === undefined
        ? undefined
        : summary.averagePowerW / weightKg,
    vo2maxMlKgMin:
      weightKg === undefined || best5MinW === undefined
        ? undefined
        : vo2maxFromFiveMinutePower({ power5MinW: best5MinW, massKg: weightKg }),
    heartRateZones,
    zones: {
      power: zoneTimes(powerZones, summary.timeInPowerZonesS),
      heartRate: zoneTimes(heartRateZones, summary.timeInHeartRateZonesS),
    },
    climbs: stored.climbs,
    ...decouplingOf(streams),
    wPrimeBalance: wPrimeBalanceOf(streams, rider.criticalPower),
    aero: stored.aero,
    pedaling: {
      ...pedalPhaseSummary(streams),
      leftBalancePct: summary.leftBalancePct,
      torqueEffectivenessPct: summary.torqueEffectivenessPct,
      pedalSmoothnessPct: summary.pedalSmoothnessPct,
      cadenceVariabilityPct: cadenceVariabilityPct(streams),
      torqueVariabilityPct: 'gap' in torque ? undefined : torque.pct,
      stabilityIndexPct: pedallingStabilityIndexPct(streams),
      gaps: {
        torqueEffectiveness:
          summary.torqueEffectivenessPct === undefined
            ? pedalDynamicsGap(streams, 'torqueEffectivenessPct')
            : undefined,
        pedalSmoothness:
          summary.pedalSmoothnessPct === undefined
            ? pedalDynamicsGap(streams, 'pedalSmoothnessPct')
            : undefined,
        torqueVariability: 'gap' in torque ? torque.gap : undefined,
        implausibleTorqueVariabilityPct: 'gap' in torque ? torque.pct : undefined,
      },
    },
    ftpEstimates: ftpEstimates({
      curve: summary.meanMax,
      maxPowerW: summary.maxPowerW,
      averagePowerW: summary.averagePowerW,
    }),
  };
}
