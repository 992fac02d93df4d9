import type { PauseReason, SyncStatus } from '../../api/strava';

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

/**
 * 'Resumes at HH:MM' for a run waiting for Strava's rate limit: the i18n key (strava:resumes.<why>)
 * and the time in the rider's clock, with the day when it is not today (a daily limit ends at
 * midnight UTC, which is another day in much of the world).
 */
export function resumeText(
  status: SyncStatus | null | undefined,
  language: string,
  now: Date = new Date(),
): { key: string; time: string } | undefined {
  if (!status?.paused_until) return undefined;
  const at = new Date(status.paused_until);
  if (Number.isNaN(at.getTime())) return undefined;
  const hhmm = new Intl.DateTimeFormat(language, {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
  const sameDay = at.toDateString() === now.toDateString();
  const time = sameDay
    ? hhmm
    : `${new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short' }).format(at)} ${hhmm}`;
  const reason: PauseReason = status.pause_reason ?? 'quarter';
  return { key: `resumes.${reason}`, time };
}
