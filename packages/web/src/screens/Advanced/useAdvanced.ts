// Data of the advanced metrics page (GET /api/analytics/advanced, docs/API.md; the example rider's
// under /api/public/analytics/advanced). Shapes come from @vatio/schemas.
import { useQuery } from '@tanstack/react-query';
import type { AdvancedPeriod, AdvancedResponse } from '@vatio/schemas';
import { type AnalyticsSource, analyticsPath, isExamplePreparing } from '../../api/analytics';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { useAuth } from '../../auth/AuthProvider';

export const ADVANCED_PERIODS: readonly AdvancedPeriod[] = ['4w', '12w', '1y'];
const EXAMPLE_POLL_MS = 4000;

/** Signed in: the rider's own numbers; signed out: the built-in example rider's (issue 13). */
export function useAdvancedSource(): AnalyticsSource {
  return useAuth().user ? 'own' : 'example';
}

function zone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

export const getAdvanced = (period: AdvancedPeriod, source: AnalyticsSource = 'own') =>
  api<AdvancedResponse>(analyticsPath(source, `advanced?${new URLSearchParams({ period, tz: zone() })}`), {
    anonymous: source === 'example',
  });

export function useAdvanced(source: AnalyticsSource, period: AdvancedPeriod) {
  return useQuery({
    queryKey: queryKeys.analytics.advanced(source, period),
    queryFn: () => getAdvanced(period, source),
    placeholderData: (previous) => previous,
    // The example: no retries of a 503 EXAMPLE_PREPARING, a poll instead.
    ...(source === 'example'
      ? {
          retry: (count: number, error: unknown) => !isExamplePreparing(error) && count < 1,
          refetchInterval: (query: { state: { error: unknown } }) =>
            isExamplePreparing(query.state.error) ? EXAMPLE_POLL_MS : false,
        }
      : {}),
  });
}
