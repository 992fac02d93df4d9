// Data hooks of the training-load card and the predictive screen (GET /api/analytics/training-load
// and /api/analytics/predictive, docs/API.md). Shapes come from @vatio/schemas so the web reads
// exactly what the server's contracts answer.
import { useQuery } from '@tanstack/react-query';
import type { PredictiveResponse, TrainingLoadResponse } from '@vatio/schemas';
import { api } from '../../api/client';

export type TrainingLoadDays = 90 | 180 | 365;
export type PredictiveWeeks = 2 | 4 | 8;

/** The browser's zone: the rider's days start and end where the rider is. */
function zone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** Query keys, kept together so they can move to a shared query-keys module. */
export const analyticsLoadKeys = {
  all: ['analytics-load'] as const,
  trainingLoad: (days: TrainingLoadDays) => ['analytics-load', 'training-load', days] as const,
  predictive: (weeks: PredictiveWeeks) => ['analytics-load', 'predictive', weeks] as const,
};

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
    queryKey: analyticsLoadKeys.trainingLoad(days),
    queryFn: () => getTrainingLoad(days),
    placeholderData: (previous) => previous,
  });
}

export function usePredictive(weeks: PredictiveWeeks) {
  return useQuery({
    queryKey: analyticsLoadKeys.predictive(weeks),
    queryFn: () => getPredictive(weeks),
    placeholderData: (previous) => previous,
  });
}
