import type { WorkoutIssue } from '@vatio/analysis';

/** The files a planned workout can be exported to. */
export type WorkoutFileFormat = 'fit' | 'zwo' | 'erg' | 'mrc';

/**
 * Why a workout cannot be written in a format. Stable codes, never prose: the server maps them to es/en
 * messages.
 * - INVALID_WORKOUT: the workout breaks the model's rules (`validateWorkout`; `issues` says which).
 * - FTP_REQUIRED: the format and the targets are in different units (watts ↔ % FTP) and no FTP was given.
 * - HEART_RATE_TARGET_UNSUPPORTED: a heart-rate-zone step, and the format only sets power (ZWO, ERG, MRC),
 *   unless the caller asked for the documented power approximation (`heartRateAsPower`).
 * - FREE_RIDE_UNSUPPORTED: a free-ride step, and the format sets a power for every second (ERG, MRC).
 */
export type WorkoutExportErrorCode =
  | 'INVALID_WORKOUT'
  | 'FTP_REQUIRED'
  | 'HEART_RATE_TARGET_UNSUPPORTED'
  | 'FREE_RIDE_UNSUPPORTED';

export class WorkoutExportError extends Error {
  override readonly name = 'WorkoutExportError';
  readonly code: WorkoutExportErrorCode;
  readonly format: WorkoutFileFormat;
  /** Where it went wrong: `[i]` top-level step i, `[i, j]` step j of repeat i, `[]` the whole workout. */
  readonly path: readonly number[];
  /** For INVALID_WORKOUT: every issue `validateWorkout` found. */
  readonly issues: readonly WorkoutIssue[];

  constructor(
    code: WorkoutExportErrorCode,
    format: WorkoutFileFormat,
    options: { path?: readonly number[]; issues?: readonly WorkoutIssue[] } = {},
  ) {
    super(`Cannot export the workout as ${format.toUpperCase()}: ${code}`);
    this.code = code;
    this.format = format;
    this.path = options.path ?? [];
    this.issues = options.issues ?? [];
  }
}

export function isWorkoutExportError(error: unknown): error is WorkoutExportError {
  return error instanceof WorkoutExportError;
}
