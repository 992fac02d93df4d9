import { z } from 'zod';

// The training plan (issue 26): goals, structured workouts, the season plan and its days, the
// calendar feed and compliance. Field messages are keys of VALIDATION_MESSAGES (plan-messages.ts).

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const validDay = (v: string) =>
  DAY.test(v) &&
  !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
  new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);
const day = (message: string) => z.string({ message }).refine(validDay, { message });
const isoTimestamp = z.string();

const optionalText = (max: number) =>
  z
    .string()
    .max(max, { message: 'text_too_long' })
    .nullish()
    .transform((v) => {
      const trimmed = v?.trim() ?? '';
      return trimmed === '' ? null : trimmed;
    });

export const GOAL_PRIORITIES = ['A', 'B', 'C'] as const;
export const GOAL_KINDS = ['time_trial', 'road_race', 'gran_fondo', 'climb'] as const;
export type GoalKind = (typeof GOAL_KINDS)[number];

/** A goal: an event on a day, its priority and kind, optionally a stored ride as its course. */
export const goalSchema = z
  .object({
    name: z.string().trim().min(1, { message: 'goal_name_required' }).max(120, { message: 'text_too_long' }),
    date: day('goal_date_invalid'),
    priority: z.enum(GOAL_PRIORITIES, { message: 'goal_priority_invalid' }),
    kind: z.enum(GOAL_KINDS, { message: 'goal_kind_invalid' }),
    course_activity_id: z
      .string()
      .uuid({ message: 'goal_course_invalid' })
      .nullish()
      .transform((v) => v ?? null),
    /** The event's own load when the rider knows it; 100 (an hour at FTP) is planned otherwise. */
    expected_tss: z
      .number({ message: 'goal_tss_invalid' })
      .min(0, { message: 'goal_tss_invalid' })
      .max(1000, { message: 'goal_tss_invalid' })
      .nullish()
      .transform((v) => v ?? null),
    notes: optionalText(2000),
  })
  .strict();
export type GoalInput = z.input<typeof goalSchema>;
export const goalUpdateSchema = goalSchema.partial().strict();

export const goalPredictionSchema = z.object({
  /** `course`: the goal's stored ride; `standard`: Vatio's course for the kind (predict/events.ts). */
  source: z.enum(['course', 'standard']),
  power_w: z.number(),
  time_s: z.number(),
  distance_m: z.number(),
  average_speed_kmh: z.number(),
});

export const goalResponseSchema = z.object({
  id: z.string(),
  name: z.string(),
  date: z.string(),
  priority: z.enum(GOAL_PRIORITIES),
  kind: z.enum(GOAL_KINDS),
  course_activity_id: z.string().nullable(),
  expected_tss: z.number().nullable(),
  notes: z.string().nullable(),
  /** Predicted power and time from the event model; null with `prediction_unavailable` saying why. */
  prediction: goalPredictionSchema.nullable(),
  prediction_unavailable: z.enum(['no_model', 'course_required', 'course_without_distance']).nullable(),
  created_at: isoTimestamp,
  updated_at: isoTimestamp,
});
export type GoalResponse = z.infer<typeof goalResponseSchema>;

// ---- Workouts: the analysis workout model (packages/analysis workouts/workout.ts), as JSON. ----

const targetSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ftpPercent'), low: z.number(), high: z.number() }).strict(),
  z.object({ type: z.literal('watts'), low: z.number(), high: z.number() }).strict(),
  z.object({ type: z.literal('hrZone'), zone: z.number() }).strict(),
]);

const plainStepSchema = z
  .object({
    kind: z.enum(['warmup', 'steady', 'cooldown', 'free']),
    durationS: z.number(),
    target: targetSchema.optional(),
    ramp: z.literal(true).optional(),
    cadenceRpm: z.number().optional(),
  })
  .strict();

const repeatSchema = z
  .object({
    kind: z.literal('repeat'),
    count: z.number(),
    steps: z.array(plainStepSchema).max(50),
  })
  .strict();

/** The shape of a workout; its values (durations, targets, repeats) are checked by `validateWorkout`. */
export const workoutStructureSchema = z
  .object({
    steps: z
      .array(z.union([plainStepSchema, repeatSchema]), { message: 'workout_structure_invalid' })
      .max(200),
  })
  .strict();

export const WORKOUT_PURPOSE_VALUES = [
  'recovery',
  'endurance',
  'tempo',
  'sweetSpot',
  'threshold',
  'vo2max',
  'anaerobic',
  'sprint',
] as const;

/** A workout's name, description and purpose: the same rules when it is created and when it is edited. */
const workoutNamingFields = {
  name: z.string().trim().min(1, { message: 'workout_name_required' }).max(120, { message: 'text_too_long' }),
  description: optionalText(2000),
  purpose: z
    .enum(WORKOUT_PURPOSE_VALUES, { message: 'workout_purpose_invalid' })
    .nullish()
    .transform((v) => v ?? null),
};

/** A rider's workout: the structure as JSON, or the text form (`wu 10m 55%, 3x10m 95%…`), not both. */
export const workoutSchema = z
  .object({
    ...workoutNamingFields,
    structure: workoutStructureSchema.optional(),
    text: z.string().max(4000, { message: 'text_too_long' }).optional(),
  })
  .strict()
  .refine((w) => (w.structure === undefined) !== (w.text === undefined), {
    message: 'workout_structure_or_text',
    path: ['structure'],
  });
export const workoutUpdateSchema = z
  .object({
    ...workoutNamingFields,
    structure: workoutStructureSchema,
    text: z.string().max(4000, { message: 'text_too_long' }),
  })
  .partial()
  .strict()
  .refine((w) => !(w.structure !== undefined && w.text !== undefined), {
    message: 'workout_structure_or_text',
    path: ['structure'],
  });

/** NP/IF/TSS of the planned trace at the rider's FTP (Coggan); null with `load_reason` when unsupported. */
const workoutLoadFields = {
  duration_s: z.number(),
  np_w: z.number().nullable(),
  intensity_factor: z.number().nullable(),
  tss: z.number().nullable(),
  /** Power of heart-rate-zone steps is estimated from Coggan's levels. */
  load_estimated: z.boolean(),
  load_reason: z.enum(['ftpRequired', 'untargetedSeconds', 'tooShort']).nullable(),
};

export const workoutResponseSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  purpose: z.enum(WORKOUT_PURPOSE_VALUES).nullable(),
  structure: workoutStructureSchema,
  /** The canonical text form of the structure. */
  text: z.string(),
  ...workoutLoadFields,
  created_at: isoTimestamp,
  updated_at: isoTimestamp,
});
export type WorkoutResponse = z.infer<typeof workoutResponseSchema>;

export const libraryWorkoutResponseSchema = z.object({
  id: z.string(),
  purpose: z.enum(WORKOUT_PURPOSE_VALUES),
  /** Keys of the web app's `plan` namespace. */
  name_key: z.string(),
  description_key: z.string(),
  source: z.string().nullable(),
  structure: workoutStructureSchema,
  text: z.string(),
  ...workoutLoadFields,
});

export const WORKOUT_EXPORT_FORMATS = ['fit', 'zwo', 'erg', 'mrc'] as const;
export const workoutExportQuerySchema = z.object({
  format: z
    .enum(WORKOUT_EXPORT_FORMATS)
    .default('fit')
    .describe('File format: fit (default), zwo, erg or mrc'),
  hr_as_power: z
    .enum(['true', 'false'])
    .optional()
    .describe('Heart-rate-zone steps as the power band of the zone (ZWO/ERG/MRC only set power)'),
});

// ---- The plan ----

export const planSettingsSchema = z
  .object({
    /** ISO weekdays the rider trains (1 Monday … 7 Sunday); default Tuesday to Sunday. */
    training_weekdays: z
      .array(z.number().int().min(1).max(7), { message: 'plan_weekdays_invalid' })
      .min(1, { message: 'plan_weekdays_invalid' })
      .max(7, { message: 'plan_weekdays_invalid' })
      .optional(),
    weekly_hours: z
      .number({ message: 'plan_hours_invalid' })
      .gt(0, { message: 'plan_hours_invalid' })
      .max(40, { message: 'plan_hours_invalid' })
      .nullish(),
    target_ctl: z
      .number({ message: 'plan_target_ctl_invalid' })
      .gt(0, { message: 'plan_target_ctl_invalid' })
      .max(250, { message: 'plan_target_ctl_invalid' })
      .nullish(),
    ramp_per_week: z
      .number({ message: 'plan_ramp_invalid' })
      .gt(0, { message: 'plan_ramp_invalid' })
      .max(8, { message: 'plan_ramp_invalid' })
      .nullish(),
    load_weeks_per_block: z.union([z.literal(2), z.literal(3)], { message: 'plan_block_invalid' }).optional(),
    /** IANA zone whose days the plan counts (and the calendar feed uses); default UTC. */
    time_zone: z.string().max(64, { message: 'invalid' }).optional(),
  })
  .strict();
export type PlanSettingsInput = z.input<typeof planSettingsSchema>;

export const PLAN_DAY_ACTIONS = ['skip', 'move', 'swap', 'edit'] as const;

/** A change to one planned day: skip it, move it to another day, swap it with another, or edit it. */
export const planDayOverrideSchema = z
  .object({
    action: z.enum(PLAN_DAY_ACTIONS, { message: 'plan_action_invalid' }),
    other_day: day('plan_other_day_invalid').optional(),
    library_workout_id: z.string().max(80).optional(),
    workout_id: z.string().uuid({ message: 'plan_workout_invalid' }).optional(),
    tss: z
      .number({ message: 'plan_tss_invalid' })
      .min(0, { message: 'plan_tss_invalid' })
      .max(1000, { message: 'plan_tss_invalid' })
      .optional(),
    note: z.string().max(500, { message: 'text_too_long' }).optional(),
  })
  .strict()
  .refine((o) => (o.action === 'move' || o.action === 'swap' ? o.other_day !== undefined : true), {
    message: 'plan_other_day_invalid',
    path: ['other_day'],
  })
  .refine(
    (o) =>
      o.action !== 'edit' ||
      o.library_workout_id !== undefined ||
      o.workout_id !== undefined ||
      o.tss !== undefined ||
      o.note !== undefined,
    { message: 'plan_edit_empty', path: ['action'] },
  )
  .refine((o) => !(o.library_workout_id !== undefined && o.workout_id !== undefined), {
    message: 'plan_workout_invalid',
    path: ['workout_id'],
  });

export const planDayParamsSchema = z.object({ date: z.string().describe('The day, YYYY-MM-DD') });

const complianceStepSchema = z.object({
  index: z.number(),
  duration_s: z.number(),
  ridden_s: z.number(),
  in_target_s: z.number(),
  in_target_fraction: z.number().nullable(),
  mean_power_w: z.number().nullable(),
});

/** How a ride followed the day's planned workout (analysis workouts/compliance.ts). */
export const workoutComplianceSchema = z.object({
  activity_id: z.string(),
  date: z.string(),
  workout_ref: z.object({ source: z.enum(['library', 'own']), id: z.string() }),
  /** 0–100; null with `unavailable` when the ride cannot be compared (no power). */
  score: z.number().nullable(),
  unavailable: z.enum(['noPower', 'emptyWorkout', 'noStreams']).nullable(),
  duration_ratio: z.number().nullable(),
  tss_ratio: z.number().nullable(),
  in_target_fraction: z.number().nullable(),
  planned_duration_s: z.number(),
  ride_duration_s: z.number().nullable(),
  planned_tss: z.number().nullable(),
  ride_tss: z.number().nullable(),
  steps: z.array(complianceStepSchema),
});
export type WorkoutComplianceResponse = z.infer<typeof workoutComplianceSchema>;

const planWorkoutSchema = z.object({
  source: z.enum(['library', 'own']),
  id: z.string(),
  /** Own workouts: the rider's name; library sessions: the `plan` namespace key. */
  name: z.string().nullable(),
  name_key: z.string().nullable(),
  duration_s: z.number(),
  tss: z.number().nullable(),
  text: z.string(),
  structure: workoutStructureSchema,
  /**
   * A library session resized to the day's planned TSS (analysis fitWorkoutToTss: its repeat count or
   * main-step length, intensities kept); export it with `tss` = the day's planned TSS.
   */
  fitted: z.boolean(),
});

export const planIssueSchema = z.object({
  /** planIssue codes of the `plan` namespace (analysis plan/season.ts). */
  code: z.string(),
  goal_id: z.string().nullable(),
  values: z.record(z.string(), z.number()).nullable(),
});

export const planDaySchema = z.object({
  date: z.string(),
  week_index: z.number(),
  phase: z.string(),
  purpose: z.string(),
  planned_tss: z.number(),
  workout: planWorkoutSchema.nullable(),
  goal_id: z.string().nullable(),
  override: z
    .object({
      action: z.enum(PLAN_DAY_ACTIONS),
      other_day: z.string().nullable(),
      note: z.string().nullable(),
    })
    .nullable(),
  /** Ridden TSS on the day (days up to today); null for days to come. */
  actual_tss: z.number().nullable(),
  ride_ids: z.array(z.string()),
  compliance: workoutComplianceSchema.nullable(),
  /** End-of-day CTL/ATL/TSB: actual for past days, projected (the PMC over the planned TSS) after. */
  ctl: z.number(),
  atl: z.number(),
  tsb: z.number(),
  projected: z.boolean(),
});

export const planWeekSchema = z.object({
  index: z.number(),
  start_date: z.string(),
  end_date: z.string(),
  phase: z.string(),
  kind: z.string(),
  planned_tss: z.number(),
  /** Ridden TSS over the days already lived; null for weeks not started. */
  actual_tss: z.number().nullable(),
  /** Planned TSS of the days already lived, the ratio and 100·ratioScore (analysis weekly-compliance). */
  planned_to_date_tss: z.number().nullable(),
  ratio: z.number().nullable(),
  score: z.number().nullable(),
  partial: z.boolean(),
});

export const planResponseSchema = z.object({
  /** none: no plan yet; active; finished: every A event is past; invalid: the goals no longer allow a plan. */
  status: z.enum(['none', 'active', 'finished', 'invalid']),
  today: z.string(),
  start_date: z.string().nullable(),
  time_zone: z.string().nullable(),
  settings: z
    .object({
      training_weekdays: z.array(z.number()),
      weekly_hours: z.number().nullable(),
      target_ctl: z.number().nullable(),
      ramp_per_week: z.number().nullable(),
      load_weeks_per_block: z.number(),
    })
    .nullable(),
  /** The rider's PMC at the end of yesterday. */
  current: z.object({ ctl: z.number(), atl: z.number(), tsb: z.number() }).nullable(),
  peak_ctl: z.number().nullable(),
  events: z.array(
    z.object({
      goal_id: z.string(),
      date: z.string(),
      priority: z.string(),
      ctl: z.number(),
      tsb: z.number(),
    }),
  ),
  issues: z.array(planIssueSchema),
  weeks: z.array(planWeekSchema),
  days: z.array(planDaySchema),
});
export type PlanResponse = z.infer<typeof planResponseSchema>;

export const calendarTokenResponseSchema = z.object({
  active: z.boolean(),
  created_at: isoTimestamp.nullable(),
});
export const calendarTokenCreatedSchema = z.object({
  /** Shown once: only its hash is kept. */
  token: z.string(),
  /** Path of the feed with the token, to subscribe to. */
  path: z.string(),
  created_at: isoTimestamp,
});
export const calendarQuerySchema = z.object({
  token: z.string().max(200).describe('The private calendar token'),
  lang: z.enum(['es', 'en']).optional().describe('Language of the events'),
});

export const libraryExportQuerySchema = workoutExportQuerySchema.extend({
  workout: z.string().max(80).describe('Library session, e.g. threshold-2x20'),
  tss: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .optional()
    .describe("Resize the session to this TSS first, as the plan's days do"),
});

export const planQuerySchema = z.object({
  tz: z
    .string()
    .max(64)
    .optional()
    .describe('IANA zone of "today" before a plan exists (a plan keeps its own)'),
});
