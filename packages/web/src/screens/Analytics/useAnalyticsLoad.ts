// Data hooks of the training-load card and the predictive screen (GET /api/analytics/training-load
// and /api/analytics/predictive, docs/API.md). Shapes come from @vatio/schemas so the web reads
// exactly what the server's contracts answer.
import { useQuery } from '@tanstack/react-query';
import type { PredictiveResponse, TrainingLoadResponse } from '@vatio/schemas';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

export type TrainingLoadDays = 90 | 180 | 365;
export type PredictiveWeeks = 2 | 4 | 8;

/** The browser's zone: the rider's days start and end where the rider is. */
function zone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

export const getTrainingLoad = (days: TrainingLoadDays) =>
  api<TrainingLoadResponse>(
    `/analytics/training-load?${new URLSearchParams({ days: String(days), tz: zone() })}`,
  );

export const getPredictive = (weeks: PredictiveWeeks) =>
  api<PredictiveResponse>(
    `/analytics/predictive?${new URLSearchParams({ weeks: String(weeks), tz: zone() })}`,
  );

export function useTrainingLoad(days: TrainingLoadDays) {
  return useQuery({
    queryKey: queryKeys.analytics.trainingLoad(days),
    queryFn: () => getTrainingLoad(days),
    placeholderData: (previous) => previous,
  });
}

export function usePredictive(weeks: PredictiveWeeks) {
  return useQuery({
    queryKey: queryKeys.analytics.predictive(weeks),
    queryFn: () => getPredictive(weeks),
    placeholderData: (previous) => previous,
  });
}
