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

/** Spec 001 §3 sync_status record, as GET /api/sync/status returns it. */
export const SYNC_STATES = ['idle', 'importing', 'processing', 'completed', 'error'] as const;
export type SyncState = (typeof SYNC_STATES)[number];
