/**
 * Structured workout model: the plain data a planned session is made of, shared by the planner, the
 * text form, the compliance check and the exporters (FIT/ZWO/ERG/MRC in packages/formats).
 * Pure data, no I/O. Fields may be added, never renamed or removed: other packages build on them.
 *
 * Range versus ramp (docs/formulas/training-plan.md):
 *  - a RANGE (`ramp` absent) asks the rider to hold any power between `low` and `high` for the whole
 *    step (e.g. sweet spot 88–94 % FTP); its planned power, for NP/TSS, is the middle of the range;
 *  - a RAMP (`ramp: true`) moves the target linearly from `low` at the start of the step to `high` at
 *    its end; `low` is the START value, so a descending ramp (cool-down 65 → 45 %) has low > high.
 */

/** Kinds of a plain step. A repeat block is separate (`RepeatBlock`). */
export type StepKind = 'warmup' | 'steady' | 'cooldown' | 'free';

/** Target in % of FTP: `low === high` for a single value. */
export interface FtpPercentTarget {
  readonly type: 'ftpPercent';
  readonly low: number;
  readonly high: number;
}

/** Target in watts: `low === high` for a single value. */
export interface WattsTarget {
  readonly type: 'watts';
  readonly low: number;
  readonly high: number;
}

/** Heart-rate zone 1–5 (Coggan's zones on LTHR, heart/hr-zones.ts). */
export interface HeartRateZoneTarget {
  readonly type: 'hrZone';
  readonly zone: number;
}

export type PowerTarget = FtpPercentTarget | WattsTarget;
export type Target = PowerTarget | HeartRateZoneTarget;

/** A step that is ridden once: a duration in whole seconds and (except for a free ride) a target. */
export interface PlainStep {
  readonly kind: StepKind;
  readonly durationS: number;
  /** Absent only for a free ride (no target: the rider rides as they like). */
  readonly target?: Target;
  /** Present (and true) only for a ramp: power moves linearly from `target.low` to `target.high`. */
  readonly ramp?: true;
  /** Cadence to ride the step at, rpm. */
  readonly cadenceRpm?: number;
}

/** `count` × the steps inside; nested one level only (a repeat never holds a repeat). */
export interface RepeatBlock {
  readonly kind: 'repeat';
  readonly count: number;
  readonly steps: readonly PlainStep[];
}

export type WorkoutStep = PlainStep | RepeatBlock;

export interface Workout {
  readonly steps: readonly WorkoutStep[];
}

/** Longest workout Vatio accepts: 6 hours (validation code `workoutTooLong`). */
export const MAX_WORKOUT_DURATION_S = 6 * 3600;
/** Highest target: 300 % of FTP (validation code `targetOutOfRange`); 400 % is a typo, not a sprint plan. */
export const MAX_TARGET_FTP_PERCENT = 300;
/** Most repeats of one block. */
export const MAX_REPEAT_COUNT = 50;

/**
 * Power bands in % FTP assumed for a heart-rate-zone step when a power figure is needed (NP, TSS,
 * the exported file): Allen & Coggan's table of training levels pairs power level k with heart-rate
 * zone k (level 2 endurance: 56–75 % FTP and 69–83 % LTHR; level 4: 91–105 % FTP and 95–105 % LTHR).
 * Zone 1 has no lower bound in Coggan's table; 45 % is Vatio's choice so recovery is not planned as 0 W.
 * Always flagged `powerEstimated` so the figure can say it is an estimate.
 */
export const HR_ZONE_POWER_BAND_PCT: Readonly<Record<number, readonly [number, number]>> = {
  1: [45, 55],
  2: [56, 75],
  3: [76, 90],
  4: [91, 105],
  5: [106, 120],
};

export function isRepeat(step: WorkoutStep): step is RepeatBlock {
  return step.kind === 'repeat';
}

/** Total duration in seconds, repeats expanded. */
export function workoutDurationS(workout: Workout): number {
  let total = 0;
  for (const step of workout.steps) {
    if (isRepeat(step)) {
      let block = 0;
      for (const inner of step.steps) block += inner.durationS;
      total += block * step.count;
    } else total += step.durationS;
  }
  return total;
}

/** One step after expanding repeats, placed on the workout's clock. */
export interface FlatStep {
  /** Position in the flattened list, 0-based. */
  readonly index: number;
  readonly kind: StepKind;
  readonly startS: number;
  /** Exclusive: the step covers seconds startS … endS − 1. */
  readonly endS: number;
  readonly durationS: number;
  readonly target?: Target;
  readonly ramp: boolean;
  readonly cadenceRpm?: number;
  /**
   * Target power band in watts, low ≤ high (for a ramp: the smaller and larger end). Undefined for a
   * free ride, or for a % FTP / heart-rate target without an FTP.
   */
  readonly powerLowW?: number;
  readonly powerHighW?: number;
  /** Power at the start and at the end of the step: equal ends except for a ramp. */
  readonly powerStartW?: number;
  readonly powerEndW?: number;
  /** True when the power comes from a heart-rate zone (HR_ZONE_POWER_BAND_PCT), not from the plan. */
  readonly powerEstimated: boolean;
  /** Where it came from: `[i]` for a top-level step, `[i, j]` for step j of repeat block i. */
  readonly sourcePath: readonly number[];
  /** For a step inside a repeat: which round (1-based) of how many. */
  readonly repeat?: { readonly round: number; readonly count: number };
}

/** Target band in watts, in the target's own order (`low` first: the start of a ramp). */
export function targetWatts(
  target: Target,
  ftpW: number | undefined,
): { lowW: number; highW: number; estimated: boolean } | undefined {
  if (target.type === 'watts') return { lowW: target.low, highW: target.high, estimated: false };
  if (ftpW === undefined || !(ftpW > 0)) return undefined;
  if (target.type === 'ftpPercent') {
    return { lowW: (target.low * ftpW) / 100, highW: (target.high * ftpW) / 100, estimated: false };
  }
  const band = HR_ZONE_POWER_BAND_PCT[target.zone];
  if (band === undefined) return undefined;
  return { lowW: (band[0] * ftpW) / 100, highW: (band[1] * ftpW) / 100, estimated: true };
}

function flatStep(
  step: PlainStep,
  ftpW: number | undefined,
  index: number,
  startS: number,
  sourcePath: readonly number[],
  repeat: FlatStep['repeat'],
): FlatStep {
  const watts = step.target === undefined ? undefined : targetWatts(step.target, ftpW);
  const ramp = step.ramp === true;
  const power =
    watts === undefined
      ? {}
      : {
          powerLowW: Math.min(watts.lowW, watts.highW),
          powerHighW: Math.max(watts.lowW, watts.highW),
          // A range is ridden anywhere inside: its start and end are its middle; a ramp runs low → high.
          powerStartW: ramp ? watts.lowW : (watts.lowW + watts.highW) / 2,
          powerEndW: ramp ? watts.highW : (watts.lowW + watts.highW) / 2,
        };
  return {
    index,
    kind: step.kind,
    startS,
    endS: startS + step.durationS,
    durationS: step.durationS,
    ...(step.target === undefined ? {} : { target: step.target }),
    ramp,
    ...(step.cadenceRpm === undefined ? {} : { cadenceRpm: step.cadenceRpm }),
    ...power,
    powerEstimated: watts?.estimated ?? false,
    sourcePath,
    ...(repeat === undefined ? {} : { repeat }),
  };
}

/**
 * Expands repeats into the plain steps a rider meets in order, with absolute start/end seconds and
 * target watts for the given FTP (undefined FTP: only watt targets get watts).
 */
export function flattenWorkout(workout: Workout, ftpW: number | undefined): FlatStep[] {
  const out: FlatStep[] = [];
  let clockS = 0;
  workout.steps.forEach((step, i) => {
    if (isRepeat(step)) {
      for (let round = 1; round <= step.count; round++) {
        step.steps.forEach((inner, j) => {
          out.push(flatStep(inner, ftpW, out.length, clockS, [i, j], { round, count: step.count }));
          clockS += inner.durationS;
        });
      }
    } else {
      out.push(flatStep(step, ftpW, out.length, clockS, [i], undefined));
      clockS += step.durationS;
    }
  });
  return out;
}
