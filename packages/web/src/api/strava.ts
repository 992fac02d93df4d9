// Strava connection, imports and the sync status record (docs/API.md, "Strava").
import { api } from './client';

export type PauseReason = 'retry_after' | 'daily' | 'quarter' | 'backoff';

export type SyncState = 'idle' | 'importing' | 'processing' | 'completed' | 'error';

/** Spec 001 §3 sync_status, as GET /api/sync/status returns it (null before any Strava sync). */
export interface SyncStatus {
  status: SyncState;
  action: 'import_activities' | 'import_bikes' | 'import_selected' | 'refresh_list' | null;
  total_activities: number;
  processed_activities: number;
  failed_activities: number;
  skipped_activities: number;
  imported_activities: number;
  current_activity: string | null;
  /** When a run waiting for Strava's rate limit carries on. */
  paused_until: string | null;
  /** Why it waits: Strava's Retry-After, a full daily or 15-minute window, or a short backoff. */
  pause_reason?: PauseReason | null;
  /** A bike import asked for during this run, to start when it ends. */
  bikes_queued_at?: string | null;
  started_at: string | null;
  completed_at: string | null;
  error_code: string | null;
  error_message: string | null;
  updated_at: string;
}

export interface StravaConnection {
  /** False when the server has no STRAVA_CLIENT_ID / STRAVA_CLIENT_SECRET. */
  configured: boolean;
  connected: boolean;
  athlete_id: number | null;
  athlete_name: string | null;
  scopes: string[];
  /** Strava refused the tokens: the rider must connect again. */
  token_invalid: boolean;
  connected_at: string | null;
  last_sync_at: string | null;
}

/** Spec 001 §3 "Activity (sync list)". */
export interface StravaListActivity {
  id: number;
  name: string;
  type: string;
  start_date: string;
  distance: number | null;
  moving_time: number | null;
  total_elevation_gain: number | null;
  average_speed: number | null;
  max_speed: number | null;
  average_watts: number | null;
  max_watts: number | null;
  state: 'listed' | 'pending' | 'importing' | 'imported' | 'skipped' | 'failed';
  synced: boolean;
  activity_id: string | null;
  message: string | null;
}

export const getStravaConnection = () => api<StravaConnection>('/strava/connection');
export const startStravaConnect = (returnTo: string) =>
  api<{ authorize_url: string }>('/strava/connect', { method: 'POST', body: { return_to: returnTo } });
export const disconnectStrava = () => api<void>('/strava/connection', { method: 'DELETE' });
export const getSyncStatus = () => api<SyncStatus | null>('/sync/status');
export const startStravaSync = (action: 'import_activities' | 'import_bikes') =>
  api<SyncStatus>('/strava/sync', { method: 'POST', body: { action } });
export const syncRecentActivities = (daysBack = 30) =>
  api<SyncStatus>('/activities/sync', { method: 'POST', body: { days_back: daysBack } });
export const listStravaActivities = () => api<{ activities: StravaListActivity[] }>('/strava/activities');
export const refreshStravaList = (days: number) =>
  api<SyncStatus>('/strava/activities/refresh', { method: 'POST', body: { days } });
export const importStravaActivities = (ids: number[]) =>
  api<SyncStatus>('/strava/activities/import', { method: 'POST', body: { strava_ids: ids } });
