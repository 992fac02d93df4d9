import type { Workout } from '@vatio/analysis';

// Shapes of the training-plan API (issue 26), as the server answers them. Stand-ins written from the
// server branch's draft while its schemas are not merged; replaced by @vatio/schemas types after.

export type GoalPriority = 'A' | 'B' | 'C';
export const GOAL_KIND_VALUES = ['time_trial', 'road_race', 'gran_fondo', 'climb'] as const;
export type GoalKind = (typeof GOAL_KIND_VALUES)[number];

export interface GoalInput {
  name: string;
  date: string;
  priority: GoalPriority;
  kind: GoalKind;
  course_activity_id?: string | null;
  expected_tss?: number | null;
  notes?: string | null;
}

export interface GoalResponse {
  id: string;
  name: string;
  date: string;
  priority: GoalPriority;
  kind: GoalKind;
  course_activity_id: string | null;
  expected_tss: number | null;
  notes: string | null;
  prediction: {
    source: 'course' | 'standard';
    power_w: number;
    time_s: number;
    distance_m: number;
    average_speed_kmh: number;
  } | null;
  prediction_unavailable: 'no_model' | 'course_required' | 'course_without_distance' | null;
  created_at: string;
  updated_at: string;
}

export type WorkoutLoadReasonCode = 'ftpRequired' | 'untargetedSeconds' | 'tooShort';

interface LoadFields {
  duration_s: number;
  np_w: number | null;
  intensity_factor: number | null;
  tss: number | null;
  load_estimated: boolean;
  load_reason: WorkoutLoadReasonCode | null;
}

export type WorkoutPurposeValue =
  | 'recovery'
  | 'endurance'
  | 'tempo'
  | 'sweetSpot'
  | 'threshold'
  | 'vo2max'
  | 'anaerobic'
  | 'sprint';

export interface WorkoutInput {
  name: string;
  description?: string | null;
  purpose?: WorkoutPurposeValue | null;
  structure?: Workout;
  text?: string;
}

export interface WorkoutResponse extends LoadFields {
  id: string;
  name: string;
  description: string | null;
  purpose: WorkoutPurposeValue | null;
  structure: Workout;
  text: string;
  created_at: string;
  updated_at: string;
}

export interface LibraryWorkoutResponse extends LoadFields {
  id: string;
  purpose: WorkoutPurposeValue;
  name_key: string;
  description_key: string;
  source: string | null;
  structure: Workout;
  text: string;
}

export type WorkoutExportFormat = 'fit' | 'zwo' | 'erg' | 'mrc';
export const WORKOUT_EXPORT_FORMAT_VALUES: readonly WorkoutExportFormat[] = ['fit', 'zwo', 'erg', 'mrc'];

export type PlanDayAction = 'skip' | 'move' | 'swap' | 'edit';

export interface PlanDayOverrideInput {
  action: PlanDayAction;
  other_day?: string;
  library_workout_id?: string;
  workout_id?: string;
  tss?: number;
  note?: string;
}

export interface PlanSettingsInput {
  training_weekdays?: number[];
  weekly_hours?: number | null;
  target_ctl?: number | null;
  ramp_per_week?: number | null;
  load_weeks_per_block?: 2 | 3;
  time_zone?: string;
}

export interface WorkoutComplianceResponse {
  activity_id: string;
  date: string;
  workout_ref: { source: 'library' | 'own'; id: string };
  score: number | null;
  unavailable: 'noPower' | 'emptyWorkout' | 'noStreams' | null;
  duration_ratio: number | null;
  tss_ratio: number | null;
  in_target_fraction: number | null;
  planned_duration_s: number;
  ride_duration_s: number | null;
  planned_tss: number | null;
  ride_tss: number | null;
  steps: {
    index: number;
    duration_s: number;
    ridden_s: number;
    in_target_s: number;
    in_target_fraction: number | null;
    mean_power_w: number | null;
  }[];
}

export interface PlanWorkout {
  source: 'library' | 'own';
  id: string;
  name: string | null;
  name_key: string | null;
  duration_s: number;
  tss: number | null;
  text: string;
}

export interface PlanIssue {
  code: string;
  goal_id: string | null;
  values: Record<string, number> | null;
}

export interface PlanDay {
  date: string;
  week_index: number;
  phase: string;
  purpose: string;
  planned_tss: number;
  workout: PlanWorkout | null;
  goal_id: string | null;
  override: { action: PlanDayAction; other_day: string | null; note: string | null } | null;
  actual_tss: number | null;
  ride_ids: string[];
  compliance: WorkoutComplianceResponse | null;
  ctl: number;
  atl: number;
  tsb: number;
  projected: boolean;
}

export interface PlanWeek {
  index: number;
  start_date: string;
  end_date: string;
  phase: string;
  kind: string;
  planned_tss: number;
  actual_tss: number | null;
  planned_to_date_tss: number | null;
  ratio: number | null;
  score: number | null;
  partial: boolean;
}

export interface PlanResponse {
  status: 'none' | 'active' | 'finished' | 'invalid';
  today: string;
  start_date: string | null;
  time_zone: string | null;
  settings: {
    training_weekdays: number[];
    weekly_hours: number | null;
    target_ctl: number | null;
    ramp_per_week: number | null;
    load_weeks_per_block: number;
  } | null;
  current: { ctl: number; atl: number; tsb: number } | null;
  peak_ctl: number | null;
  events: { goal_id: string; date: string; priority: string; ctl: number; tsb: number }[];
  issues: PlanIssue[];
  weeks: PlanWeek[];
  days: PlanDay[];
}

export interface CalendarTokenStatus {
  active: boolean;
  created_at: string | null;
}

export interface CalendarTokenCreated {
  token: string;
  path: string;
  created_at: string;
}
