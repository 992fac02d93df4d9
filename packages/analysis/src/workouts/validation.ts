import {
  isRepeat,
  MAX_REPEAT_COUNT,
  MAX_TARGET_FTP_PERCENT,
  MAX_WORKOUT_DURATION_S,
  type PlainStep,
  type Workout,
  workoutDurationS,
} from './workout.ts';

/**
 * Why a workout is refused. Stable codes, never prose: the server maps them to es/en messages.
 */
export type WorkoutIssueCode =
  | 'emptyWorkout'
  | 'emptyRepeat'
  | 'nestedRepeat'
  | 'repeatCountInvalid'
  | 'stepDurationInvalid'
  | 'workoutTooLong'
  | 'targetMissing'
  | 'targetOutOfRange'
  | 'rangeInverted'
  | 'hrZoneInvalid'
  | 'rampNeedsPower'
  | 'cadenceInvalid'
  | 'ftpRequired';

export interface WorkoutIssue {
  readonly code: WorkoutIssueCode;
  /** `[i]` top-level step i, `[i, j]` step j of repeat i, `[]` the whole workout. */
  readonly path: readonly number[];
}

/** Highest cadence accepted, rpm (track sprinters peak near 200; above is a typo). */
export const MAX_CADENCE_RPM = 200;

function checkStep(step: PlainStep, path: number[], ftpW: number | undefined, issues: WorkoutIssue[]): void {
  if (!(Number.isInteger(step.durationS) && step.durationS >= 1))
    issues.push({ code: 'stepDurationInvalid', path });
  if (step.cadenceRpm !== undefined && !(step.cadenceRpm > 0 && step.cadenceRpm <= MAX_CADENCE_RPM)) {
    issues.push({ code: 'cadenceInvalid', path });
  }
  const target = step.target;
  if (target === undefined) {
    if (step.kind !== 'free' || step.ramp === true) issues.push({ code: 'targetMissing', path });
    return;
  }
  if (target.type === 'hrZone') {
    if (!(Number.isInteger(target.zone) && target.zone >= 1 && target.zone <= 5)) {
      issues.push({ code: 'hrZoneInvalid', path });
    }
    if (step.ramp === true) issues.push({ code: 'rampNeedsPower', path });
    return;
  }
  // Both ends in % FTP when that can be known; watts without FTP are only checked for being positive.
  const toPct = (v: number) =>
    target.type === 'ftpPercent' ? v : ftpW !== undefined && ftpW > 0 ? (v / ftpW) * 100 : undefined;
  const ends = [target.low, target.high];
  const outOfRange = ends.some((v) => {
    if (!(Number.isFinite(v) && v > 0)) return true;
    const p = toPct(v);
    return p !== undefined && p > MAX_TARGET_FTP_PERCENT;
  });
  if (outOfRange) issues.push({ code: 'targetOutOfRange', path });
  else if (step.ramp !== true && target.low > target.high) issues.push({ code: 'rangeInverted', path });
}

/**
 * Every reason the workout cannot be planned, in step order; empty when it is valid.
 * Limits: each step ≥ 1 s (whole seconds), total ≤ 6 h, targets in (0, 300] % FTP (watts compared
 * through the FTP when one is given), repeats 1–50 holding plain steps, an FTP whenever a target is
 * relative (% FTP or heart-rate zone, whose power is estimated from FTP).
 */
export function validateWorkout(workout: Workout, options: { ftpW?: number } = {}): WorkoutIssue[] {
  const issues: WorkoutIssue[] = [];
  const ftpW = options.ftpW;
  if (workout.steps.length === 0) return [{ code: 'emptyWorkout', path: [] }];
  let relative = false;
  const noteRelative = (step: PlainStep) => {
    if (step.target !== undefined && step.target.type !== 'watts') relative = true;
  };
  workout.steps.forEach((step, i) => {
    if (isRepeat(step)) {
      if (!(Number.isInteger(step.count) && step.count >= 1 && step.count <= MAX_REPEAT_COUNT)) {
        issues.push({ code: 'repeatCountInvalid', path: [i] });
      }
      if (step.steps.length === 0) issues.push({ code: 'emptyRepeat', path: [i] });
      step.steps.forEach((inner, j) => {
        if ((inner as { kind: string }).kind === 'repeat') {
          issues.push({ code: 'nestedRepeat', path: [i, j] });
          return;
        }
        checkStep(inner, [i, j], ftpW, issues);
        noteRelative(inner);
      });
    } else {
      checkStep(step, [i], ftpW, issues);
      noteRelative(step);
    }
  });
  if (workoutDurationS(workout) > MAX_WORKOUT_DURATION_S) issues.push({ code: 'workoutTooLong', path: [] });
  if (relative && !(ftpW !== undefined && ftpW > 0)) issues.push({ code: 'ftpRequired', path: [] });
  return issues;
}
