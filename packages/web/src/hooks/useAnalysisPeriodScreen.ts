// The set-up the analysis screens with a period share (advanced, predictive, comparative): whose rides
// (signed in: the rider's own; signed out: the built-in example rider's, issue 13), the period chosen,
// the query options that poll while the example rider is generated, and whether it still is.
import { useState } from 'react';
import { type AnalyticsSource, isExamplePreparing } from '../api/analytics';
import type { ApiError } from '../api/client';
import { useAuth } from '../auth/AuthProvider';

/** How often a screen asks again while the example rider is being generated. */
export const EXAMPLE_POLL_MS = 4000;

/** Signed in: the rider's own numbers; signed out: the built-in example rider's. */
export function useAnalysisSource(): AnalyticsSource {
  return useAuth().user ? 'own' : 'example';
}

/** Query options of the example: no retries of a 503 EXAMPLE_PREPARING, a poll instead. */
export function examplePolling(source: AnalyticsSource) {
  if (source !== 'example') return {};
  return {
    retry: (count: number, error: unknown) => !isExamplePreparing(error) && count < 1,
    refetchInterval: (query: { state: { error: unknown } }) =>
      isExamplePreparing(query.state.error) ? EXAMPLE_POLL_MS : false,
  } as const;
}

/**
 * A period screen's state: its source, its period (starting at `initial`), and `preparing(error)`,
 * true while the example rider's rides are still being stored (the screen then shows the progress).
 */
export function useAnalysisPeriodScreen<P>(initial: P) {
  const source = useAnalysisSource();
  const [period, setPeriod] = useState<P>(initial);
  return {
    source,
    period,
    setPeriod,
    preparing: (error: unknown): error is ApiError => source === 'example' && isExamplePreparing(error),
  };
}
