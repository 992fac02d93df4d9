import type {
  GoalResponse,
  libraryWorkoutResponseSchema,
  PlanResponse,
  planDayOverrideSchema,
  WORKOUT_EXPORT_FORMATS,
  workoutSchema,
} from '@vatio/schemas';
import type { Workout } from '@vatio/analysis';
import type { z } from 'zod';

// Shapes of the training-plan API (issue 26), from the server's contracts in @vatio/schemas.

export {
  GOAL_KINDS as GOAL_KIND_VALUES,
  WORKOUT_EXPORT_FORMATS as WORKOUT_EXPORT_FORMAT_VALUES,
} from '@vatio/schemas';
export type {
  GoalInput,
  GoalKind,
  GoalResponse,
  PlanResponse,
  PlanSettingsInput,
  WorkoutComplianceResponse,
  WorkoutResponse,
} from '@vatio/schemas';

export type GoalPriority = GoalResponse['priority'];
/** The analysis model's Workout (read-only arrays) is the same JSON as the schema's structure. */
export type WorkoutInput = Omit<z.input<typeof workoutSchema>, 'structure'> & { structure?: Workout };
export type WorkoutPurposeValue = LibraryWorkoutResponse['purpose'];
export type LibraryWorkoutResponse = z.infer<typeof libraryWorkoutResponseSchema>;
export type WorkoutLoadReasonCode = NonNullable<LibraryWorkoutResponse['load_reason']>;
export type WorkoutExportFormat = (typeof WORKOUT_EXPORT_FORMATS)[number];
export type PlanDayOverrideInput = z.input<typeof planDayOverrideSchema>;
export type PlanDay = PlanResponse['days'][number];
export type PlanWeek = PlanResponse['weeks'][number];
export type PlanWorkout = NonNullable<PlanDay['workout']>;
