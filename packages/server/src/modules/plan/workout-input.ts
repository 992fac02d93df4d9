import {
  type LibraryWorkout,
  parseWorkoutText,
  serializeWorkoutText,
  validateWorkout,
  type Workout,
  type WorkoutIssueCode,
  workoutLoad,
} from '@vatio/analysis';
import { VALIDATION_MESSAGES } from '@vatio/schemas';
import { AppError } from '../../errors.ts';

/** analysis validation codes → message keys of VALIDATION_MESSAGES (plan-messages.ts). */
const ISSUE_KEYS: Record<WorkoutIssueCode, keyof typeof VALIDATION_MESSAGES> = {
  emptyWorkout: 'workout_empty',
  emptyRepeat: 'workout_repeat_invalid',
  nestedRepeat: 'workout_repeat_invalid',
  repeatCountInvalid: 'workout_repeat_invalid',
  stepDurationInvalid: 'workout_step_duration_invalid',
  workoutTooLong: 'workout_too_long',
  targetMissing: 'workout_target_missing',
  targetOutOfRange: 'workout_target_out_of_range',
  rangeInverted: 'workout_range_inverted',
  hrZoneInvalid: 'workout_hr_zone_invalid',
  rampNeedsPower: 'workout_ramp_needs_power',
  cadenceInvalid: 'workout_cadence_invalid',
  ftpRequired: 'workout_ftp_required',
};

/**
 * The workout of a request: its structure, or its text form parsed (a parse error is a 400 naming
 * `text`, with the parser's code and character position).
 */
export function workoutOf(input: { structure?: Workout; text?: string }): Workout {
  if (input.structure !== undefined) return input.structure;
  const parsed = parseWorkoutText(input.text ?? '');
  if (!parsed.ok) {
    throw new AppError('VALIDATION', VALIDATION_MESSAGES.workout_text_invalid, {
      fields: { text: 'workout_text_invalid' },
      workout_text_error: { code: parsed.error.code, position: parsed.error.position },
    });
  }
  return parsed.workout;
}

/**
 * Refuses a workout the analysis validation refuses (0-s step, 400 % FTP, 7 h…): a 400 whose fields
 * name each step (`structure.steps.1` or `structure.steps.1.0` inside a repeat) with its message key.
 * FTP-relative targets without an FTP are only refused when `requireFtp` (a plan needs figures; a
 * stored workout may wait for the FTP).
 */
export function assertValidWorkout(workout: Workout, ftpW: number | undefined, requireFtp: boolean): void {
  const issues = validateWorkout(workout, ftpW === undefined ? {} : { ftpW }).filter(
    (i) => requireFtp || i.code !== 'ftpRequired',
  );
  if (issues.length === 0) return;
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const path = ['structure', 'steps', ...issue.path].join('.');
    fields[issue.path.length === 0 ? 'structure' : path] ??= ISSUE_KEYS[issue.code];
  }
  const first = Object.values(fields)[0]! as keyof typeof VALIDATION_MESSAGES;
  throw new AppError('VALIDATION', VALIDATION_MESSAGES[first], {
    fields,
    workout_issues: issues.map((i) => ({ code: i.code, path: [...i.path] })),
  });
}

/** NP/IF/TSS of the plan at the rider's FTP; null figures carry the reason. */
export function presentLoad(workout: Workout, ftpW: number | undefined) {
  const load = workoutLoad(workout, ftpW);
  const round1 = (v: number | undefined) => (v === undefined ? null : Math.round(v * 10) / 10);
  return {
    duration_s: load.durationS,
    np_w: round1(load.npW),
    intensity_factor:
      load.intensityFactor === undefined ? null : Math.round(load.intensityFactor * 1000) / 1000,
    tss: round1(load.tss),
    load_estimated: load.estimated,
    load_reason: load.reason ?? null,
  };
}

export function presentLibraryWorkout(w: LibraryWorkout, ftpW: number | undefined) {
  return {
    id: w.id,
    purpose: w.purpose,
    name_key: w.nameKey,
    description_key: w.descriptionKey,
    source: w.source ?? null,
    structure: w.workout,
    text: serializeWorkoutText(w.workout),
    ...presentLoad(w.workout, ftpW),
  };
}
