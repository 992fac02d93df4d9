import { z } from 'zod';

// Bike fitting (spec 001 §2.9, §3; issue 15): body measurements, bike positions, fitting sessions and
// side photos with marked joints. Units as the spec stores them: body lengths in cm, weight in kg,
// bike lengths in mm, angles in degrees. Every bound is a real one with a field message, not the
// spec's "an invalid entry becomes 0": a saddle height of 0 or 3,000 mm is refused.

const isoTimestamp = z.string().describe('ISO 8601 UTC');

/**
 * Plausible physical ranges (min, max) of each stored value. Adult body dimensions span roughly the
 * 1st–99th percentiles of ANSUR II (Gordon et al. 2014) with room either side; bike dimensions span
 * what road, TT, gravel and mountain bikes are built with (cranks 140–200 mm, bars 300–600 mm).
 * Knee angles are FLEXION (0° a straight leg): knee_angle_min is the bottom of the stroke.
 */
export const FITTING_BOUNDS = {
  height_cm: [100, 250],
  weight_kg: [20, 300],
  inseam_cm: [40, 120],
  torso_cm: [30, 100],
  arm_cm: [40, 100],
  shoulder_width_cm: [25, 60],
  sit_bone_width_cm: [6, 20],
  flexibility_score: [0, 10],
  saddle_height_mm: [400, 1100],
  saddle_setback_mm: [-50, 150],
  saddle_angle_deg: [-15, 15],
  handlebar_drop_mm: [-100, 250],
  handlebar_reach_mm: [300, 800],
  stem_length_mm: [30, 160],
  stem_angle_deg: [-45, 45],
  handlebar_width_mm: [300, 600],
  crank_length_mm: [140, 200],
  cleat_fore_aft_mm: [-30, 30],
  cleat_angle_deg: [-15, 15],
  q_factor_mm: [120, 220],
  knee_angle_max_deg: [0, 160],
  knee_angle_min_deg: [0, 160],
  hip_angle_deg: [20, 180],
  back_angle_deg: [0, 90],
  shoulder_angle_deg: [0, 180],
  elbow_angle_deg: [60, 180],
  wrist_angle_deg: [-90, 90],
  rating: [0, 10],
} as const satisfies Record<string, readonly [number, number]>;
export type FittingBoundName = keyof typeof FITTING_BOUNDS;

/** An optional number within `FITTING_BOUNDS[name]`, kept to `decimals`; empty becomes null. */
const bounded = (name: FittingBoundName, message: string, decimals = 1) => {
  const [min, max] = FITTING_BOUNDS[name];
  const scale = 10 ** decimals;
  return z
    .number({ message })
    .min(min, { message })
    .max(max, { message })
    .refine((v) => Number.isFinite(v), { message })
    .nullish()
    .transform((v) => (v == null ? null : Math.round(v * scale) / scale));
};
const boundedInt = (name: FittingBoundName, message: string) => {
  const [min, max] = FITTING_BOUNDS[name];
  return z
    .number({ message })
    .int({ message })
    .min(min, { message })
    .max(max, { message })
    .nullish()
    .transform((v) => v ?? null);
};

const isoDate = z
  .string({ message: 'date_invalid' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'date_invalid' })
  .refine((v) => !Number.isNaN(Date.parse(v)) && v >= '1900-01-01' && v <= '2999-12-31', {
    message: 'date_invalid',
  });

const text = (max: number) =>
  z
    .string({ message: 'invalid' })
    .max(max, { message: 'text_too_long' })
    .nullish()
    .transform((v) => (v?.trim() ? v.trim() : null));

/** A list of short texts (goals, issues, adjustments): blank items dropped. */
const textList = z
  .array(z.string({ message: 'invalid' }).max(200, { message: 'text_too_long' }), { message: 'invalid' })
  .max(20, { message: 'list_too_long' })
  .nullish()
  .transform((items) => (items ?? []).map((s) => s.trim()).filter((s) => s !== ''));

/** POST/PUT /api/fitting/measurements: one dated record of the rider's body (kept as history). */
export const bodyMeasurementSchema = z
  .object({
    measured_on: isoDate,
    height_cm: bounded('height_cm', 'fit_height_invalid'),
    weight_kg: bounded('weight_kg', 'weight_invalid'),
    inseam_cm: bounded('inseam_cm', 'inseam_invalid'),
    torso_cm: bounded('torso_cm', 'torso_invalid'),
    arm_cm: bounded('arm_cm', 'arm_invalid'),
    shoulder_width_cm: bounded('shoulder_width_cm', 'shoulder_width_invalid'),
    sit_bone_width_cm: bounded('sit_bone_width_cm', 'sit_bone_invalid'),
    flexibility_score: boundedInt('flexibility_score', 'flexibility_invalid'),
    injury_history: text(2000),
    notes: text(2000),
  })
  .strict()
  .refine(
    (v) =>
      [
        v.height_cm,
        v.weight_kg,
        v.inseam_cm,
        v.torso_cm,
        v.arm_cm,
        v.shoulder_width_cm,
        v.sit_bone_width_cm,
        v.flexibility_score,
      ].some((x) => x !== null),
    { message: 'measurement_empty' },
  );
export type BodyMeasurementInput = z.input<typeof bodyMeasurementSchema>;
export type BodyMeasurementValues = z.output<typeof bodyMeasurementSchema>;

/** The joint angles a position records (also filled from a photo analysis). */
const positionAngleFields = {
  knee_angle_max_deg: bounded('knee_angle_max_deg', 'knee_angle_invalid'),
  knee_angle_min_deg: bounded('knee_angle_min_deg', 'knee_angle_invalid'),
  hip_angle_deg: bounded('hip_angle_deg', 'hip_angle_invalid'),
  back_angle_deg: bounded('back_angle_deg', 'back_angle_invalid'),
  shoulder_angle_deg: bounded('shoulder_angle_deg', 'shoulder_angle_invalid'),
  elbow_angle_deg: bounded('elbow_angle_deg', 'elbow_angle_invalid'),
  wrist_angle_deg: bounded('wrist_angle_deg', 'wrist_angle_invalid'),
};

/** POST/PUT /api/fitting/positions: one setup of one of the rider's bikes. */
export const bikePositionSchema = z
  .object({
    bike_id: z.string({ message: 'fit_bike_required' }).uuid({ message: 'fit_bike_required' }),
    name: text(80),
    fit_date: isoDate,
    saddle_height_mm: bounded('saddle_height_mm', 'saddle_height_invalid', 0),
    saddle_setback_mm: bounded('saddle_setback_mm', 'saddle_setback_invalid', 0),
    saddle_angle_deg: bounded('saddle_angle_deg', 'saddle_angle_invalid'),
    handlebar_drop_mm: bounded('handlebar_drop_mm', 'handlebar_drop_invalid', 0),
    handlebar_reach_mm: bounded('handlebar_reach_mm', 'handlebar_reach_invalid', 0),
    stem_length_mm: bounded('stem_length_mm', 'stem_length_invalid', 0),
    stem_angle_deg: bounded('stem_angle_deg', 'stem_angle_invalid'),
    handlebar_width_mm: bounded('handlebar_width_mm', 'handlebar_width_invalid', 0),
    crank_length_mm: bounded('crank_length_mm', 'crank_length_invalid'),
    cleat_fore_aft_mm: bounded('cleat_fore_aft_mm', 'cleat_fore_aft_invalid', 0),
    cleat_angle_deg: bounded('cleat_angle_deg', 'cleat_angle_invalid'),
    q_factor_mm: bounded('q_factor_mm', 'q_factor_invalid', 0),
    ...positionAngleFields,
    comfort_rating: boundedInt('rating', 'rating_invalid'),
    power_rating: boundedInt('rating', 'rating_invalid'),
    fitter_name: text(80),
    notes: text(2000),
    /** The bike's current position; a bike's first position is active on its own. */
    is_active: z.boolean({ message: 'invalid' }).optional(),
  })
  .strict()
  .refine(
    (v) =>
      v.knee_angle_min_deg == null ||
      v.knee_angle_max_deg == null ||
      v.knee_angle_min_deg <= v.knee_angle_max_deg,
    { message: 'knee_angle_order', path: ['knee_angle_min_deg'] },
  );
export type BikePositionInput = z.input<typeof bikePositionSchema>;
export type BikePositionValues = z.output<typeof bikePositionSchema>;

export const FITTING_SESSION_TYPES = ['initial', 'follow_up', 'adjustment', 'injury', 'performance'] as const;

/** POST/PUT /api/fitting/sessions: one fitting session (with a fitter, or the rider alone). */
export const fittingSessionSchema = z
  .object({
    session_date: isoDate,
    bike_id: z
      .string()
      .uuid({ message: 'fit_bike_required' })
      .nullish()
      .transform((v) => v ?? null),
    session_type: z.enum(FITTING_SESSION_TYPES, { message: 'session_type_invalid' }),
    fitter_name: text(80),
    goals: textList,
    issues_addressed: textList,
    adjustments_made: textList,
    comfort_improvement: boundedInt('rating', 'rating_invalid'),
    power_improvement: boundedInt('rating', 'rating_invalid'),
    follow_up_required: z.boolean({ message: 'invalid' }).default(false),
    follow_up_on: isoDate.nullish().transform((v) => v ?? null),
    notes: text(2000),
  })
  .strict();
export type FittingSessionInput = z.input<typeof fittingSessionSchema>;
export type FittingSessionValues = z.output<typeof fittingSessionSchema>;

export const FIT_PHOTO_JOINTS = ['hip', 'knee', 'ankle', 'shoulder', 'elbow', 'wrist'] as const;
export const FIT_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** Largest side photo accepted, bytes (a phone's full-resolution JPEG is 2–6 MB). */
export const FIT_PHOTO_MAX_BYTES = 8 * 1024 * 1024;

/** A marked point, in the image's own pixels (x right, y down). */
const pointSchema = z.object({
  x: z
    .number({ message: 'point_invalid' })
    .min(0, { message: 'point_invalid' })
    .max(20000, { message: 'point_invalid' }),
  y: z
    .number({ message: 'point_invalid' })
    .min(0, { message: 'point_invalid' })
    .max(20000, { message: 'point_invalid' }),
});
export const fitPointsSchema = z
  .object(
    Object.fromEntries(FIT_PHOTO_JOINTS.map((j) => [j, pointSchema.optional()])) as {
      [K in (typeof FIT_PHOTO_JOINTS)[number]]: z.ZodOptional<typeof pointSchema>;
    },
  )
  .strict();
export type FitPointsInput = z.infer<typeof fitPointsSchema>;

/** PUT /api/fitting/photos/:id: the marked points (the server measures the angles), and the position they go with. */
export const fittingPhotoUpdateSchema = z
  .object({
    points: fitPointsSchema,
    position_id: z
      .string()
      .uuid({ message: 'invalid' })
      .nullish()
      .transform((v) => v ?? null),
    notes: text(2000),
  })
  .strict();

// ---- answers ----

const n = z.number().nullable();

export const bodyMeasurementResponseSchema = z.object({
  id: z.string(),
  measured_on: z.string().describe('YYYY-MM-DD'),
  height_cm: n,
  weight_kg: n,
  inseam_cm: n,
  torso_cm: n,
  arm_cm: n,
  shoulder_width_cm: n,
  sit_bone_width_cm: n,
  flexibility_score: n.describe('0–10'),
  injury_history: z.string().nullable(),
  notes: z.string().nullable(),
  created_at: isoTimestamp,
  updated_at: isoTimestamp,
});
export type BodyMeasurementResponse = z.infer<typeof bodyMeasurementResponseSchema>;

export const POSITION_HINT_CODES = [
  'knee_flexion_low',
  'knee_flexion_high',
  'comfort_low',
  'aggressive_position',
] as const;
export const positionHintSchema = z.object({
  code: z.enum(POSITION_HINT_CODES),
  severity: z.enum(['info', 'warning', 'critical']),
  value: z.number(),
});

export const bikePositionResponseSchema = z.object({
  id: z.string(),
  bike_id: z.string(),
  name: z.string().nullable(),
  fit_date: z.string().describe('YYYY-MM-DD'),
  saddle_height_mm: n,
  saddle_setback_mm: n,
  saddle_angle_deg: n,
  handlebar_drop_mm: n,
  handlebar_reach_mm: n,
  stem_length_mm: n,
  stem_angle_deg: n,
  handlebar_width_mm: n,
  crank_length_mm: n,
  cleat_fore_aft_mm: n,
  cleat_angle_deg: n,
  q_factor_mm: n,
  knee_angle_max_deg: n.describe('knee flexion at the top of the stroke, ° (0 = straight)'),
  knee_angle_min_deg: n.describe('knee flexion at the bottom of the stroke, °'),
  hip_angle_deg: n,
  back_angle_deg: n.describe('torso against the horizontal, °'),
  shoulder_angle_deg: n,
  elbow_angle_deg: n,
  wrist_angle_deg: n,
  comfort_rating: n,
  power_rating: n,
  fitter_name: z.string().nullable(),
  notes: z.string().nullable(),
  is_active: z.boolean(),
  hints: z.array(positionHintSchema).describe('spec 001 §5 position hints'),
  created_at: isoTimestamp,
  updated_at: isoTimestamp,
});
export type BikePositionResponse = z.infer<typeof bikePositionResponseSchema>;

export const fittingSessionResponseSchema = z.object({
  id: z.string(),
  session_date: z.string(),
  bike_id: z.string().nullable(),
  session_type: z.enum(FITTING_SESSION_TYPES),
  fitter_name: z.string().nullable(),
  goals: z.array(z.string()),
  issues_addressed: z.array(z.string()),
  adjustments_made: z.array(z.string()),
  comfort_improvement: n,
  power_improvement: n,
  follow_up_required: z.boolean(),
  follow_up_on: z.string().nullable(),
  notes: z.string().nullable(),
  created_at: isoTimestamp,
  updated_at: isoTimestamp,
});
export type FittingSessionResponse = z.infer<typeof fittingSessionResponseSchema>;

export const fitJointAnglesSchema = z.object({
  knee_angle_deg: n.describe('interior hip–knee–ankle angle, °'),
  knee_flexion_deg: n.describe('180° − knee angle'),
  hip_angle_deg: n.describe('shoulder–hip–knee, °'),
  back_angle_deg: n.describe('hip→shoulder against horizontal, °'),
  shoulder_angle_deg: n.describe('hip–shoulder–elbow, °'),
  elbow_angle_deg: n.describe('shoulder–elbow–wrist, °'),
});

export const fittingPhotoResponseSchema = z.object({
  id: z.string(),
  content_type: z.enum(FIT_PHOTO_TYPES),
  size_bytes: z.number(),
  file_name: z.string().nullable(),
  position_id: z.string().nullable(),
  points: fitPointsSchema.nullable(),
  angles: fitJointAnglesSchema.nullable(),
  notes: z.string().nullable(),
  image_url: z.string().describe('GET it with the bearer token; private to the rider'),
  created_at: isoTimestamp,
  updated_at: isoTimestamp,
});
export type FittingPhotoResponse = z.infer<typeof fittingPhotoResponseSchema>;
