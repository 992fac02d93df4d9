import {
  type FlatStep,
  flattenWorkout,
  TARGET_TOLERANCE,
  type Workout,
  workoutDurationS,
} from '@vatio/analysis';

/** A workout being ridden: its steps placed on the workout clock for the rider's FTP. */
export interface WorkoutPlan {
  /**
   * What was ridden, carried into the saved ride as `<source>:<id>` (fitWorkoutTag.ts): a library
   * session, one of the rider's own workouts, or the plan's workout of a day (`id` = its date).
   */
  ref: { source: 'library' | 'own' | 'plan'; id: string };
  /** Name in the rider's language, as the saved ride is named. */
  name: string;
  /** i18n key (namespace `plan`) of a library workout's name, so the view follows a language change. */
  nameKey?: string;
  ftpW: number;
  steps: FlatStep[];
  durationS: number;
}

export function workoutPlan(
  ref: WorkoutPlan['ref'],
  name: string,
  workout: Workout,
  ftpW: number,
  nameKey?: string,
): WorkoutPlan {
  return {
    ref,
    name,
    ...(nameKey === undefined ? {} : { nameKey }),
    ftpW,
    steps: flattenWorkout(workout, ftpW),
    durationS: workoutDurationS(workout),
  };
}

/** True when a step's target is power the trainer can hold (not a free ride, not a heart-rate zone). */
export const isPowerStep = (step: FlatStep): boolean =>
  step.powerStartW !== undefined && !step.powerEstimated && step.target?.type !== 'hrZone';

/**
 * Target power of second `k` of a step: for a range its middle, for a ramp the value at the middle of
 * the second (start + (end − start)·(k + ½)/duration), the same trace as analysis' workoutTargetPowerW,
 * so the trainer holds what the plan's TSS counted.
 */
export function stepPowerAtW(step: FlatStep, k: number): number | undefined {
  if (step.powerStartW === undefined || step.powerEndW === undefined) return undefined;
  return step.powerStartW + ((step.powerEndW - step.powerStartW) * (k + 0.5)) / step.durationS;
}

export interface WorkoutProgress {
  /** Undefined once the workout is over. */
  step: FlatStep | undefined;
  next: FlatStep | undefined;
  /** Seconds left in the current step. */
  stepLeftS: number;
  /** Seconds into the current step. */
  inStepS: number;
  /** Target power of this second, W; undefined for a free ride, a heart-rate step or after the end. */
  targetW: number | undefined;
  done: boolean;
}

/** Where the rider is after `workoutS` seconds of riding (paused seconds do not move the workout). */
export function progressAt(plan: WorkoutPlan, workoutS: number): WorkoutProgress {
  const i = plan.steps.findIndex((s) => workoutS >= s.startS && workoutS < s.endS);
  if (i < 0)
    return { step: undefined, next: undefined, stepLeftS: 0, inStepS: 0, targetW: undefined, done: true };
  const step = plan.steps[i]!;
  const inStepS = workoutS - step.startS;
  return {
    step,
    next: plan.steps[i + 1],
    stepLeftS: step.endS - workoutS,
    inStepS,
    targetW: stepPowerAtW(step, inStepS),
    done: false,
  };
}

/** The power an ERG trainer is set to in this second: a power step's target; undefined otherwise. */
export function ergTargetAt(plan: WorkoutPlan, workoutS: number): number | undefined {
  const p = progressAt(plan, workoutS);
  return p.step && isPowerStep(p.step) ? p.targetW : undefined;
}

/**
 * Where the rider's power sits against second `k` of a step, by the plan compliance's rule (analysis
 * workouts/compliance.ts): a range is met anywhere inside it, a single value or a ramp's value within
 * ±TARGET_TOLERANCE (5 %). Undefined without a power target or without power.
 */
export function targetStatus(
  step: FlatStep,
  k: number,
  powerW: number | undefined,
): 'below' | 'on' | 'above' | undefined {
  if (!isPowerStep(step) || powerW === undefined || !Number.isFinite(powerW)) return undefined;
  let low: number;
  let high: number;
  if (!step.ramp && step.powerLowW! < step.powerHighW!) {
    low = step.powerLowW!;
    high = step.powerHighW!;
  } else {
    const at = stepPowerAtW(step, k)!;
    low = at * (1 - TARGET_TOLERANCE);
    high = at * (1 + TARGET_TOLERANCE);
  }
  return powerW < low ? 'below' : powerW > high ? 'above' : 'on';
}
