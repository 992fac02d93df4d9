import { z } from 'zod';

/** POST /api/strava/sync (spec 001 §7.2: the actions of the import status page). */
export const STRAVA_SYNC_ACTIONS = ['import_activities', 'import_bikes'] as const;
export type StravaSyncAction = (typeof STRAVA_SYNC_ACTIONS)[number];

export const stravaSyncSchema = z.object({ action: z.enum(STRAVA_SYNC_ACTIONS) }).strict();

/** POST /api/activities/sync: spec 000 §7, `days_back` default 30. */
export const activitiesSyncSchema = z
  .object({ days_back: z.number().int().min(1).max(3650).default(30) })
  .strict();

/** POST /api/strava/activities/import: the sync dashboard's single and batch sync. */
export const stravaSelectedImportSchema = z
  .object({ strava_ids: z.array(z.number().int().positive()).min(1).max(500) })
  .strict();

/** POST /api/strava/activities/refresh: re-read the rider's Strava list (the sync dashboard's period). */
export const stravaListRefreshSchema = z
  .object({ days: z.number().int().min(1).max(3650).default(365) })
  .strict();

/** POST /api/strava/connect: where the rider returns after Strava's page. */
export const stravaConnectSchema = z.object({ return_to: z.string().max(100).optional() }).strict();

/** POST /api/strava/connect: the rider's browser goes there (the signed state rides in its query and a cookie). */
export const stravaAuthorizeResponseSchema = z.object({
  authorize_url: z.string().describe("Strava's authorization page address"),
});

/** Spec 001 §3 sync_status record, as GET /api/sync/status returns it. */
export const SYNC_STATES = ['idle', 'importing', 'processing', 'completed', 'error'] as const;
export type SyncState = (typeof SYNC_STATES)[number];

/** What a sync run does: the full import, the bikes, chosen activities, or a re-read of the list. */
export const SYNC_ACTIONS = ['import_activities', 'import_bikes', 'import_selected', 'refresh_list'] as const;
export type SyncAction = (typeof SYNC_ACTIONS)[number];

/**
 * Why a run waits: Strava's Retry-After, a full daily or 15-minute window, a short backoff, or Strava
 * not answering (no answer or a 5xx: it tries again by itself after a growing wait).
 */
export const SYNC_PAUSE_REASONS = ['retry_after', 'daily', 'quarter', 'backoff', 'unavailable'] as const;
export type SyncPauseReason = (typeof SYNC_PAUSE_REASONS)[number];

const isoTimestamp = z.string().describe('ISO 8601 UTC');

/**
 * GET /api/sync/status, and the 202 answer of every sync start: spec 001 §3 sync_status, plus the run's
 * action, skipped/imported counts, a rate-limit pause and a queued bike import. null before any sync.
 */
export const syncStatusSchema = z.object({
  status: z.enum(SYNC_STATES),
  action: z.enum(SYNC_ACTIONS).nullable(),
  total_activities: z.number().describe('Activities the run will look at'),
  processed_activities: z.number().describe('Looked at so far (imported, skipped or failed)'),
  failed_activities: z.number(),
  skipped_activities: z.number().describe('Not a ride (by its Strava sport type): listed, never imported'),
  imported_activities: z.number(),
  current_activity: z.string().nullable().describe('The name of the activity (or bike) being imported'),
  paused_until: isoTimestamp
    .nullable()
    .describe(
      'When a run waiting for Strava (its rate limit, or an answer) carries on; null: it does not wait',
    ),
  pause_reason: z.enum(SYNC_PAUSE_REASONS).nullable().describe('Why it waits; null while it does not'),
  bikes_queued_at: isoTimestamp
    .nullable()
    .describe('A bike import asked for during this run, to start when it ends; null: none'),
  started_at: isoTimestamp.nullable(),
  completed_at: isoTimestamp.nullable(),
  error_code: z.string().nullable(),
  error_message: z.string().nullable(),
  updated_at: isoTimestamp,
});
export type SyncStatusResponse = z.infer<typeof syncStatusSchema>;

/** The sync status, or null before the rider's first Strava sync. */
export const syncStatusResponseSchema = syncStatusSchema.nullable();

/** GET /api/strava/connection: the connection without its tokens (they never leave the server). */
export const stravaConnectionResponseSchema = z.object({
  configured: z.boolean().describe('False when the server has no STRAVA_CLIENT_ID / STRAVA_CLIENT_SECRET'),
  connected: z.boolean(),
  athlete_id: z.number().nullable().describe("The rider's Strava athlete id"),
  athlete_name: z.string().nullable(),
  scopes: z.array(z.string()).describe('The OAuth scopes the rider granted'),
  token_invalid: z.boolean().describe('Strava refused the tokens: the rider must connect again'),
  connected_at: isoTimestamp.nullable(),
  last_sync_at: isoTimestamp.nullable(),
});
export type StravaConnectionResponse = z.infer<typeof stravaConnectionResponseSchema>;

export const STRAVA_ACTIVITY_STATES = [
  'listed',
  'pending',
  'importing',
  'imported',
  'skipped',
  'failed',
] as const;

/** Spec 001 §3 "Activity (sync list)": an activity of the rider's Strava list and its import state. */
export const stravaListActivitySchema = z.object({
  id: z.number().describe('Strava activity id'),
  name: z.string(),
  type: z.string().describe("Strava's sport_type (Ride, VirtualRide, Run, …)"),
  start_date: isoTimestamp,
  distance: z.number().nullable().describe('Metres'),
  moving_time: z.number().nullable().describe('Seconds'),
  total_elevation_gain: z.number().nullable().describe('Metres'),
  average_speed: z.number().nullable().describe('m/s'),
  max_speed: z.number().nullable().describe('m/s'),
  average_watts: z.number().nullable().describe('W, as Strava reports it'),
  max_watts: z.number().nullable().describe('W'),
  state: z
    .enum(STRAVA_ACTIVITY_STATES)
    .describe(
      'listed (not imported), pending/importing (queued, in progress), imported, skipped (not a ride), failed',
    ),
  synced: z.boolean().describe("state is 'imported'"),
  activity_id: z.string().nullable().describe('The Vatio ride it became, once imported'),
  message: z.string().nullable().describe('Why it failed or was skipped'),
});
export type StravaListActivityResponse = z.infer<typeof stravaListActivitySchema>;

/** GET /api/strava/activities: the rider's Strava list, newest first. */
export const stravaActivitiesResponseSchema = z.object({ activities: z.array(stravaListActivitySchema) });
