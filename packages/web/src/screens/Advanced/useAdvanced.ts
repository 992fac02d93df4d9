// Data of the advanced metrics page (GET /api/analytics/advanced, docs/API.md; the example rider's
// under /api/public/analytics/advanced). Shapes come from @vatio/schemas.
import { useQuery } from '@tanstack/react-query';
import type { AdvancedPeriod } from '@vatio/schemas';
import type { AnalyticsSource } from '../../api/analytics';
import { getAnalyticsAdvanced } from '../../api/generated/getAnalyticsAdvanced';
import { getPublicAnalyticsAdvanced } from '../../api/generated/getPublicAnalyticsAdvanced';
import { queryKeys } from '../../api/query-keys';
import { examplePolling } from '../../hooks/useAnalysisPeriodScreen';

export const ADVANCED_PERIODS: readonly AdvancedPeriod[] = ['4w', '12w', '1y'];

function zone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

export const getAdvanced = (period: AdvancedPeriod, source: AnalyticsSource = 'own') =>
  source === 'example'
    ? getPublicAnalyticsAdvanced({ query: { period, tz: zone() } }, { anonymous: true })
    : getAnalyticsAdvanced({ query: { period, tz: zone() } });

export function useAdvanced(source: AnalyticsSource, period: AdvancedPeriod) {
  return useQuery({
    queryKey: queryKeys.analytics.advanced(source, period),
    queryFn: () => getAdvanced(period, source),
    placeholderData: (previous) => previous,
    ...examplePolling(source),
  });
}
