import type { SyncStatus } from '../../api/strava';

/** Share of the run done (processed and failed over total), 0–1. */
export function syncFraction(status: SyncStatus | null | undefined): number {
  if (!status || status.total_activities <= 0) return status?.status === 'completed' ? 1 : 0;
  return Math.min(1, (status.processed_activities + status.failed_activities) / status.total_activities);
}

/**
 * Spec 001 §4: estimated time remaining = the average time per finished item × the items left,
 * from the run's start. Undefined until something has finished (nothing to average) or when done.
 */
export function secondsRemaining(status: SyncStatus | null | undefined, nowMs: number): number | undefined {
  if (!status?.started_at || status.total_activities <= 0) return undefined;
  const done = status.processed_activities + status.failed_activities;
  const left = status.total_activities - done;
  if (done <= 0 || left <= 0) return undefined;
  const elapsedS = Math.max(0, (nowMs - Date.parse(status.started_at)) / 1000);
  return Math.round((elapsedS / done) * left);
}
