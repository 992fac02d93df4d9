import { z } from 'zod';
import { BIKE_TYPES } from './bikes.ts';
import { CYCLING_EXPERIENCE, PROFILE_SEXES, UNITS } from './profile.ts';

// Response bodies the server's presenters return (packages/server/src/http/presenters.ts), so the
// OpenAPI document (GET /api/openapi.json) and the web app read the same shapes.

const isoTimestamp = z.string().describe('ISO 8601 UTC');

/** Every error answer: a stable code, English text, per-field message keys on a 400. */
export const errorResponseSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    retry_after_s: z.number().optional(),
    /** A refused workout (issue 26): each issue's code and step path. */
    workout_issues: z.array(z.object({ code: z.string(), path: z.array(z.number()) })).optional(),
    /** A workout text that does not parse: the parser's code and 0-based position. */
    workout_text_error: z.object({ code: z.string(), position: z.number() }).optional(),
    /** A workout the asked file format cannot hold. */
    export_error: z.object({ code: z.string(), format: z.string(), path: z.array(z.number()) }).optional(),
  }),
});

export const userResponseSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  created_at: isoTimestamp,
});
export type UserResponse = z.infer<typeof userResponseSchema>;

export const profileResponseSchema = z.object({
  user_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  date_of_birth: z.string().nullable(),
  weight_kg: z
    .number()
    .nullable()
    .describe(
      "The rider's weight in force today: the dated entry (athlete settings) on or before today, else the nearest",
    ),
  weight_from: z.string().nullable().describe('The date that weight holds from (YYYY-MM-DD)'),
  height_cm: z.number().nullable(),
  cycling_experience: z.enum(CYCLING_EXPERIENCE),
  preferred_units: z.enum(UNITS),
  goals: z.string().nullable(),
  sex: z.enum(PROFILE_SEXES).nullable().describe('Only picks the power-profile table; null: not said'),
  created_at: isoTimestamp,
  updated_at: isoTimestamp,
});
export type ProfileResponse = z.infer<typeof profileResponseSchema>;

export const subscriptionResponseSchema = z.object({
  tier: z.enum(['free']),
  status: z.enum(['active', 'cancelled']),
  created_at: isoTimestamp,
  updated_at: isoTimestamp,
});
export type SubscriptionResponse = z.infer<typeof subscriptionResponseSchema>;

export const settingsResponseSchema = z.object({
  notifications: z.boolean(),
  theme: z.enum(['light', 'dark', 'system']),
  auto_sync: z.boolean(),
  language: z.enum(['es', 'en']).nullable(),
  units: z.enum(UNITS),
});
export type SettingsResponse = z.infer<typeof settingsResponseSchema>;

export const meResponseSchema = z.object({
  user: userResponseSchema,
  profile: profileResponseSchema.nullable(),
  settings: settingsResponseSchema,
});
export type MeResponse = z.infer<typeof meResponseSchema>;

/** POST /api/auth/verify and /refresh. */
export const sessionResponseSchema = z.object({
  access_token: z.string(),
  refresh_token: z
    .string()
    .optional()
    .describe(
      'Absent when the request said X-Vatio-Session: cookie: the token is then in an HttpOnly cookie',
    ),
  expires_in: z.number(),
  token_type: z.literal('bearer'),
  user: userResponseSchema,
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/** POST /api/auth/logout-all: how many sessions (this one included) were ended. */
export const logoutAllResponseSchema = z.object({
  sessions_ended: z.number().int().min(0).describe('Sessions revoked, this one included'),
});

export const bikeResponseSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(BIKE_TYPES),
  brand: z.string().nullable(),
  model: z.string().nullable(),
  year: z.number().nullable(),
  weight_kg: z.number().nullable(),
  cda_m2: z.number().nullable().describe('m², saved from the aero lab'),
  crr: z.number().nullable().describe('Saved from the aero lab'),
  aero_measured_at: isoTimestamp.nullable().describe('When CdA and Crr were saved'),
  aero_activity_id: z.string().nullable().describe('The ride CdA and Crr were measured on (UUID)'),
  is_primary: z.boolean(),
  created_at: isoTimestamp,
  updated_at: isoTimestamp,
});
export type BikeResponse = z.infer<typeof bikeResponseSchema>;

export const sentResponseSchema = z.object({ sent: z.literal(true) });

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['ok', 'unreachable']),
  engine: z.enum(['pglite', 'postgres']),
  version: z.string(),
});

export const clientConfigResponseSchema = z.object({
  map: z.object({ tile_url: z.string(), attribution: z.string(), max_zoom: z.number() }).nullable(),
});
export type ClientConfigResponse = z.infer<typeof clientConfigResponseSchema>;

export const athleteSettingsEntrySchema = z.object({
  id: z.string(),
  effective_from: z.string(),
  ftp_w: z.number().nullable(),
  weight_kg: z.number().nullable(),
  max_hr_bpm: z.number().nullable(),
  lthr_bpm: z.number().nullable(),
});

export const reanalysisStatusSchema = z.object({
  status: z.enum(['running', 'idle']),
  remaining: z.number(),
});
export type AthleteSettingsEntry = z.infer<typeof athleteSettingsEntrySchema>;
/** POST /api/athlete-settings: the entry and how many rides are being re-analysed. */
export const athleteSettingsSavedSchema = athleteSettingsEntrySchema.extend({
  reanalysis: z.object({ rides: z.number() }),
});
export type ReanalysisStatus = z.infer<typeof reanalysisStatusSchema>;
