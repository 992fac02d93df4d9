import { SUMMARY_PERIODS, type SummaryPeriod } from '../../api/dashboard';

const DAY_MS = 86_400_000;
const PERIOD_DAYS: Record<SummaryPeriod, number> = { '7d': 7, '30d': 30, '90d': 90, '365d': 365 };

/**
 * The shortest summary period that reaches back to the rider's latest ride (an imported archive
 * whose rides all lie before "this week"), or null when even a year does not.
 */
export function periodReaching(latestRideIso: string, nowMs: number): SummaryPeriod | null {
  const daysAgo = Math.floor((nowMs - Date.parse(latestRideIso)) / DAY_MS);
  return SUMMARY_PERIODS.find((p) => daysAgo < PERIOD_DAYS[p]) ?? null;
}

/** `?period=` of /dashboard/cycling, if it is one of the summary's periods. */
export function periodParam(value: string | null): SummaryPeriod | null {
  return (SUMMARY_PERIODS as readonly string[]).includes(value ?? '') ? (value as SummaryPeriod) : null;
}
