// Calls and shapes of the analysis screens (docs/API.md "Analytics"); the shapes are the server's
// own (@vatio/schemas), imported as types only.
import type { PerformanceResponse } from '@vatio/schemas';
import { api } from './client';

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

export const getPerformance = (weeks: PerformancePeriod) =>
  api<PerformanceResponse>(`/analytics/performance?weeks=${weeks}&tz=${encodeURIComponent(timeZone())}`);
