import type {
  StravaConnectionResponse,
  StravaListActivityResponse,
  SyncAction,
  SyncStatusResponse,
} from '@vatio/schemas';
import type { StravaActivityRow } from './strava-activity.repository.ts';
import type { StravaConnectionRow } from './strava-connection.repository.ts';
import type { SyncStatusRow } from './sync-status.repository.ts';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** Spec 001 §3 sync_status, plus the run's action, skipped/imported counts, a rate-limit pause and a queued bike import. */
export function presentSyncStatus(row: SyncStatusRow): SyncStatusResponse {
  return {
    status: row.status,
    // The column is text; only sync-status.repository.ts writes it, with a SyncAction.
    action: row.action as SyncAction | null,
    total_activities: row.total_activities,
    processed_activities: row.processed_activities,
    failed_activities: row.failed_activities,
    skipped_activities: row.skipped_activities,
    imported_activities: row.imported_activities,
    current_activity: row.current_activity,
    /** When a run waiting for Strava's rate limit carries on (null: it does not wait). */
    paused_until: iso(row.paused_until),
    /** Why it waits: 'retry_after' (Strava said so), 'daily', 'quarter' (a full window) or 'backoff'. */
    pause_reason: row.paused_until ? row.pause_reason : null,
    /** A bike import asked for during this run, to start when it ends (null: none). */
    bikes_queued_at: iso(row.bikes_queued_at),
    started_at: iso(row.started_at),
    completed_at: iso(row.completed_at),
    error_code: row.error_code,
    error_message: row.error_message,
    updated_at: row.updated_at.toISOString(),
  };
}

/** The connection without its tokens (they never leave the server). */
export function presentConnection(
  configured: boolean,
  row: StravaConnectionRow | undefined,
): StravaConnectionResponse {
  return {
    configured,
    connected: Boolean(row),
    athlete_id: row?.athlete_id ?? null,
    athlete_name: row?.athlete_name ?? null,
    scopes: row ? row.scopes.split(',').filter(Boolean) : [],
    token_invalid: row?.token_invalid ?? false,
    connected_at: iso(row?.created_at ?? null),
    last_sync_at: iso(row?.last_sync_at ?? null),
  };
}

/** Spec 001 §3 "Activity (sync list)". */
export function presentStravaActivity(row: StravaActivityRow): StravaListActivityResponse {
  return {
    id: row.strava_id,
    name: row.name,
    type: row.sport_type,
    start_date: row.start_time.toISOString(),
    distance: row.distance_m,
    moving_time: row.moving_time_s,
    total_elevation_gain: row.elevation_gain_m,
    average_speed: row.average_speed_mps,
    max_speed: row.max_speed_mps,
    average_watts: row.average_watts,
    max_watts: row.max_watts,
    state: row.state,
    synced: row.state === 'imported',
    activity_id: row.activity_id,
    message: row.message,
  };
}
