// Data hooks of the training-load card and the predictive screen (GET /api/analytics/training-load
// and /api/analytics/predictive, docs/API.md; the example rider's under /api/public/analytics/*).
// Shapes come from @vatio/schemas so the web reads exactly what the server's contracts answer.
import { useQuery } from '@tanstack/react-query';
import type { AnalyticsSource } from '../../api/analytics';
import { getAnalyticsPredictive } from '../../api/generated/getAnalyticsPredictive';
import { getAnalyticsTrainingLoad } from '../../api/generated/getAnalyticsTrainingLoad';
import { getPublicAnalyticsPredictive } from '../../api/generated/getPublicAnalyticsPredictive';
import { getPublicAnalyticsTrainingLoad } from '../../api/generated/getPublicAnalyticsTrainingLoad';
import { queryKeys } from '../../api/query-keys';
import { examplePolling, useAnalysisSource } from '../../hooks/useAnalysisPeriodScreen';

export type TrainingLoadDays = 90 | 180 | 365;
export type PredictiveWeeks = 2 | 4 | 8;

/** Signed in: the rider's own numbers; signed out: the built-in example rider's (hooks/useAnalysisPeriodScreen). */
export const useAnalyticsSource = useAnalysisSource;
export { examplePolling };

/** The browser's zone: the rider's days start and end where the rider is. */
function zone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

export const getTrainingLoad = (days: TrainingLoadDays, source: AnalyticsSource = 'own') =>
  source === 'own'
    ? getAnalyticsTrainingLoad({ query: { days, tz: zone() } })
    : getPublicAnalyticsTrainingLoad({ query: { days, tz: zone() } }, { anonymous: true });

export const getPredictive = (weeks: PredictiveWeeks, source: AnalyticsSource = 'own') =>
  source === 'own'
    ? getAnalyticsPredictive({ query: { weeks, tz: zone() } })
    : getPublicAnalyticsPredictive({ query: { weeks, tz: zone() } }, { anonymous: true });

export function useTrainingLoad(source: AnalyticsSource, days: TrainingLoadDays) {
  return useQuery({
    queryKey: queryKeys.analytics.trainingLoad(source, days),
    queryFn: () => getTrainingLoad(days, source),
    placeholderData: (previous) => previous,
    ...examplePolling(source),
  });
}

export function usePredictive(source: AnalyticsSource, weeks: PredictiveWeeks) {
  return useQuery({
    queryKey: queryKeys.analytics.predictive(source, weeks),
    queryFn: () => getPredictive(weeks, source),
    placeholderData: (previous) => previous,
    ...examplePolling(source),
  });
}
