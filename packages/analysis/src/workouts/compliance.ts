import { HEART_RATE_ZONE_UPPER_PCT } from '../heart/hr-zones.ts';
import { rideTrainingStress } from '../power/training-stress.ts';
import { workoutLoad } from './metrics.ts';
import { type FlatStep, flattenWorkout, type Workout, workoutDurationS } from './workout.ts';

/**
 * How closely a ride followed a planned workout. The ride is aligned with the plan by its start
 * (ride second i ↔ workout second i, the way a smart trainer in ERG mode runs it), so an early stop
 * simply leaves the last steps unridden instead of shifting everything.
 */

/**
 * A single-value target counts as met within ±5 % of it (a range: anywhere inside it). Judged on
 * 1-s power: on the fixture rides that follow laps (Edge 800 indoor, Wahoo rollers) only 37–39 % of
 * seconds sit within ±5 % of their lap's own mean, 63 % within ±10 %; callers may pass a wider one.
 */
export const TARGET_TOLERANCE = 0.05;

/**
 * Weights of the score, Vatio's choice: following the steps matters most (that is what a structured
 * workout is for); duration and TSS, the two figures a planned-versus-completed check compares
 * (TrainingPeaks' compliance colours use them), share the rest.
 */
export const COMPLIANCE_WEIGHTS = { inTarget: 0.5, duration: 0.25, tss: 0.25 } as const;

export interface StepCompliance {
  readonly index: number;
  readonly durationS: number;
  /** Seconds of the step the ride covered with a value to judge (not a gap, not missing). */
  readonly riddenS: number;
  /** Seconds inside the target band. */
  readonly inTargetS: number;
  /** inTargetS / durationS: unridden seconds count as missed. Undefined for a step without a band. */
  readonly inTargetFraction?: number;
  readonly meanPowerW?: number;
}

export interface WorkoutCompliance {
  readonly plannedDurationS: number;
  /** Recorded (non-gap) seconds of the ride. */
  readonly rideDurationS: number;
  /** Ride seconds / planned seconds. */
  readonly durationRatio: number;
  readonly plannedTss?: number;
  readonly rideTss?: number;
  readonly tssRatio?: number;
  /** Seconds in target / seconds of the steps that have a band. */
  readonly inTargetFraction?: number;
  /** 0–100, COMPLIANCE_WEIGHTS over the parts that could be measured. */
  readonly score: number;
  readonly steps: readonly StepCompliance[];
}

export type WorkoutComplianceResult =
  | { readonly ok: true; readonly compliance: WorkoutCompliance }
  | { readonly ok: false; readonly reason: 'noPower' | 'emptyWorkout' };

/** 1 at a ratio of 1, falling linearly to 0 at 0 and at 2: 80 % or 120 % both give 0.8. */
export function ratioScore(ratio: number): number {
  return Math.max(0, 1 - Math.abs(ratio - 1));
}

/** Heart-rate zone k in bpm on LTHR (Coggan: 68/83/94/105 %); zone 5 open above. */
function heartRateBand(zone: number, lthrBpm: number): [number, number] | undefined {
  const bounds = [0, ...HEART_RATE_ZONE_UPPER_PCT.map((p) => (p * lthrBpm) / 100), Number.POSITIVE_INFINITY];
  if (!(Number.isInteger(zone) && zone >= 1 && zone <= 5)) return undefined;
  return [bounds[zone - 1]!, bounds[zone]!];
}

/** The band a second of the step is judged against: power or heart rate, low ≤ value ≤ high. */
function bandAt(
  step: FlatStep,
  k: number,
  lthrBpm: number | undefined,
  tolerance: number,
): { channel: 'power' | 'heart'; low: number; high: number } | undefined {
  const target = step.target;
  if (target === undefined) return undefined;
  if (target.type === 'hrZone') {
    if (lthrBpm === undefined || !(lthrBpm > 0)) return undefined;
    const band = heartRateBand(target.zone, lthrBpm);
    return band === undefined ? undefined : { channel: 'heart', low: band[0], high: band[1] };
  }
  if (step.powerStartW === undefined || step.powerEndW === undefined) return undefined;
  if (step.ramp) {
    const at = step.powerStartW + ((step.powerEndW - step.powerStartW) * (k + 0.5)) / step.durationS;
    return { channel: 'power', low: at * (1 - tolerance), high: at * (1 + tolerance) };
  }
  if (step.powerLowW! < step.powerHighW!)
    return { channel: 'power', low: step.powerLowW!, high: step.powerHighW! };
  return {
    channel: 'power',
    low: step.powerLowW! * (1 - tolerance),
    high: step.powerHighW! * (1 + tolerance),
  };
}

/**
 * Compares a ride's 1 Hz power (and heart rate, for heart-rate-zone steps when LTHR is known) with a
 * planned workout: per-step time in target, duration ratio, TSS ratio (Coggan TSS of both), and a score.
 * Free-ride steps and steps whose target cannot be judged have no band and are left out of time in target.
 */
export function workoutCompliance(input: {
  readonly workout: Workout;
  readonly ftpW: number | undefined;
  /** The ride from its first second, 1 Hz; NaN for a missing value. */
  readonly powerW: Float64Array | undefined;
  readonly gapMask?: Uint8Array;
  readonly heartRateBpm?: Float64Array;
  readonly lthrBpm?: number;
  /** ± fraction around a single target; default TARGET_TOLERANCE. */
  readonly tolerance?: number;
}): WorkoutComplianceResult {
  const { workout, ftpW, powerW, heartRateBpm, lthrBpm } = input;
  const tolerance = input.tolerance ?? TARGET_TOLERANCE;
  const plannedDurationS = workoutDurationS(workout);
  if (plannedDurationS === 0) return { ok: false, reason: 'emptyWorkout' };
  if (powerW === undefined || !powerW.some((p) => Number.isFinite(p)))
    return { ok: false, reason: 'noPower' };
  const gapMask = input.gapMask ?? new Uint8Array(powerW.length);
  const usable = (i: number, series: Float64Array | undefined) =>
    series !== undefined && i < series.length && gapMask[i] === 0 && Number.isFinite(series[i]!);

  const steps: StepCompliance[] = [];
  let bandSeconds = 0;
  let inTargetTotal = 0;
  for (const step of flattenWorkout(workout, ftpW)) {
    let riddenS = 0;
    let inTargetS = 0;
    let powerSum = 0;
    let powerCount = 0;
    let judged = false;
    for (let k = 0; k < step.durationS; k++) {
      const i = step.startS + k;
      if (usable(i, powerW)) {
        powerSum += powerW[i]!;
        powerCount++;
      }
      const band = bandAt(step, k, lthrBpm, tolerance);
      if (band === undefined) continue;
      judged = true;
      const series = band.channel === 'power' ? powerW : heartRateBpm;
      if (!usable(i, series)) continue;
      riddenS++;
      const v = series![i]!;
      if (v >= band.low && v <= band.high) inTargetS++;
    }
    if (judged) {
      bandSeconds += step.durationS;
      inTargetTotal += inTargetS;
    }
    steps.push({
      index: step.index,
      durationS: step.durationS,
      riddenS: judged ? riddenS : powerCount,
      inTargetS,
      ...(judged ? { inTargetFraction: inTargetS / step.durationS } : {}),
      ...(powerCount > 0 ? { meanPowerW: powerSum / powerCount } : {}),
    });
  }

  let rideDurationS = 0;
  for (let i = 0; i < powerW.length; i++) if (gapMask[i] === 0) rideDurationS++;
  const durationRatio = rideDurationS / plannedDurationS;
  const plannedTss = ftpW === undefined ? undefined : workoutLoad(workout, ftpW).tss;
  const rideTss = ftpW === undefined ? undefined : rideTrainingStress({ powerW, gapMask }, { ftpW });
  const tssRatio =
    plannedTss !== undefined && plannedTss > 0 && rideTss !== undefined ? rideTss / plannedTss : undefined;
  const inTargetFraction = bandSeconds > 0 ? inTargetTotal / bandSeconds : undefined;

  // Weighted mean of the parts that could be measured (a part that cannot be is left out, not zeroed).
  const parts: [number, number][] = [[COMPLIANCE_WEIGHTS.duration, ratioScore(durationRatio)]];
  if (tssRatio !== undefined) parts.push([COMPLIANCE_WEIGHTS.tss, ratioScore(tssRatio)]);
  if (inTargetFraction !== undefined) parts.push([COMPLIANCE_WEIGHTS.inTarget, inTargetFraction]);
  const weight = parts.reduce((s, [w]) => s + w, 0);
  const score = (100 * parts.reduce((s, [w, v]) => s + w * v, 0)) / weight;

  return {
    ok: true,
    compliance: {
      plannedDurationS,
      rideDurationS,
      durationRatio,
      ...(plannedTss === undefined ? {} : { plannedTss }),
      ...(rideTss === undefined ? {} : { rideTss }),
      ...(tssRatio === undefined ? {} : { tssRatio }),
      ...(inTargetFraction === undefined ? {} : { inTargetFraction }),
      score,
      steps,
    },
  };
}
