import { z } from 'zod';

export const CYCLING_EXPERIENCE = ['beginner', 'intermediate', 'advanced', 'professional'] as const;
export const UNITS = ['metric', 'imperial'] as const;
/** Only to pick Allen & Coggan's power-profile table (men's or women's); null: not said. */
export const PROFILE_SEXES = ['female', 'male'] as const;

const trimmedOrNull = (max: number) =>
  z
    .string()
    .max(max, { message: 'text_too_long' })
    .nullish()
    .transform((v) => {
      const trimmed = v?.trim() ?? '';
      return trimmed === '' ? null : trimmed;
    });

/** An optional whole number from `min` to `max`; empty becomes null. */
const optionalInt = (min: number, max: number, message: string) =>
  z
    .number({ message })
    .int({ message })
    .min(min, { message })
    .max(max, { message })
    .nullish()
    .transform((v) => v ?? null);

/** Body weight in kg, kept to 0.1 kg; empty becomes null. */
const optionalWeightKg = z
  .number({ message: 'weight_invalid' })
  .min(20, { message: 'weight_invalid' })
  .max(300, { message: 'weight_invalid' })
  .nullish()
  .transform((v) => (v == null ? null : Math.round(v * 10) / 10));

/**
 * Onboarding profile (spec 000 §3, §5). Weight is a decimal (step 0.1), height an integer;
 * empty optional values are null; goals are trimmed.
 */
export const profileSchema = z
  .object({
    first_name: z
      .string()
      .trim()
      .min(1, { message: 'first_name_required' })
      .max(80, { message: 'text_too_long' }),
    last_name: z
      .string()
      .trim()
      .min(1, { message: 'last_name_required' })
      .max(80, { message: 'text_too_long' }),
    date_of_birth: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'date_of_birth_invalid' })
      .refine((v) => !Number.isNaN(Date.parse(v)) && v >= '1900-01-01' && Date.parse(v) < Date.now(), {
        message: 'date_of_birth_invalid',
      })
      .nullish()
      .transform((v) => v ?? null),
    weight_kg: optionalWeightKg,
    height_cm: optionalInt(100, 250, 'height_invalid'),
    cycling_experience: z.enum(CYCLING_EXPERIENCE, { message: 'experience_required' }),
    preferred_units: z.enum(UNITS).default('metric'),
    goals: trimmedOrNull(1000),
    sex: z
      .enum(PROFILE_SEXES, { message: 'sex_invalid' })
      .nullish()
      .transform((v) => v ?? null)
      .describe("Only picks the power-profile table (Allen & Coggan's men's or women's); null: not said"),
  })
  .strict();
export type ProfileInput = z.input<typeof profileSchema>;
export type Profile = z.output<typeof profileSchema>;

/** Per-rider settings (spec 001 §2.11, made real and persisted). */
export const settingsSchema = z
  .object({
    notifications: z.boolean(),
    theme: z.enum(['light', 'dark', 'system']),
    auto_sync: z.boolean(),
    language: z.enum(['es', 'en']),
    units: z.enum(UNITS),
  })
  .partial()
  .strict();
export type SettingsUpdate = z.infer<typeof settingsSchema>;

/** POST /api/athlete-settings: values in force from a date (FTP, weight, max HR, LTHR). */
export const athleteSettingsSchema = z
  .object({
    effective_from: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'date_invalid' })
      .refine((v) => !Number.isNaN(Date.parse(v)) && v >= '1900-01-01', { message: 'date_invalid' }),
    ftp_w: optionalInt(30, 700, 'ftp_invalid'),
    weight_kg: optionalWeightKg,
    max_hr_bpm: optionalInt(80, 250, 'hr_invalid'),
    lthr_bpm: optionalInt(60, 240, 'hr_invalid'),
  })
  .strict()
  .refine((v) => v.ftp_w !== null || v.weight_kg !== null || v.max_hr_bpm !== null || v.lthr_bpm !== null, {
    message: 'athlete_settings_empty',
  });
export type AthleteSettingsInput = z.input<typeof athleteSettingsSchema>;
