// Calls of the live ride overview (/dashboard/responsive, docs/API.md "Dashboards"): its summary, and
// the rider's training load as the analysis screen reads it (same key, same answer).
import { calendarQuery } from './dashboard';
import { getAnalyticsTrainingLoad } from './generated/getAnalyticsTrainingLoad';
import { getDashboardOverview } from './generated/getDashboardOverview';

export type { DashboardOverviewResponse as OverviewData, TrainingLoadResponse } from '@vatio/schemas';

export const getOverview = (language: string) => getDashboardOverview({ query: calendarQuery(language) });

/** The last 90 days of the rider's own CTL, ATL and TSB (GET /api/analytics/training-load). */
export const getOwnTrainingLoad = () => {
  const tz = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  return getAnalyticsTrainingLoad({ query: { days: 90, tz } });
};
