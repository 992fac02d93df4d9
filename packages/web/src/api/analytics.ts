// Calls and shapes of the analysis screens (docs/API.md "Analytics"); the shapes are the server's
// own (@vatio/schemas), imported as types only.
import { ApiError } from './client';
import { getAnalyticsPerformance } from './generated/getAnalyticsPerformance';
import { getPublicAnalyticsPerformance } from './generated/getPublicAnalyticsPerformance';

export type {
  PerformanceInsight,
  PerformanceMetric,
  PerformanceResponse,
  PerformanceTab,
} from '@vatio/schemas';

export const PERFORMANCE_PERIODS = [4, 8, 12] as const;
export type PerformancePeriod = (typeof PERFORMANCE_PERIODS)[number];
export const PANEL_TABS = ['power', 'climbing', 'endurance', 'efficiency', 'load'] as const;

/** The browser's zone: the panel's weeks end at the rider's local midnight. */
function timeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** Whose analytics: the signed-in rider's own, or the built-in example rider's (public, issue 13). */
export type AnalyticsSource = 'own' | 'example';

/** The example rider is still being generated (503 EXAMPLE_PREPARING): ask again in a few seconds. */
export const isExamplePreparing = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.code === 'EXAMPLE_PREPARING';

export const getPerformance = (weeks: PerformancePeriod, source: AnalyticsSource = 'own') =>
  source === 'own'
    ? getAnalyticsPerformance({ query: { weeks: String(weeks) as `${PerformancePeriod}`, tz: timeZone() } })
    : getPublicAnalyticsPerformance(
        { query: { weeks: String(weeks) as `${PerformancePeriod}`, tz: timeZone() } },
        { anonymous: true },
      );
