// Calls of the live ride overview (/dashboard/responsive, docs/API.md "Dashboards"): its summary, and
// the rider's training load as the analysis screen reads it (same key, same answer).
import type { DashboardOverviewResponse, TrainingLoadResponse } from '@vatio/schemas';
import { api } from './client';
import { calendarQuery } from './dashboard';

export type { DashboardOverviewResponse as OverviewData, TrainingLoadResponse } from '@vatio/schemas';

export const getOverview = (language: string) =>
  api<DashboardOverviewResponse>(`/dashboard/overview?${calendarQuery(language)}`);

/** The last 90 days of the rider's own CTL, ATL and TSB (GET /api/analytics/training-load). */
export const getOwnTrainingLoad = () => {
  const tz = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  return api<TrainingLoadResponse>(`/analytics/training-load?${new URLSearchParams({ days: '90', tz })}`);
};
