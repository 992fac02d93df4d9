// Data hooks of /analytics/comparative. Signed in: the rider's own rides; signed out: the built-in
// example rider's (issue 13), polled while it is being generated (as /analytics does).
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AnalyticsSource } from '../../api/analytics';
import {
  type ComparativeMetric,
  type ComparativePeriod,
  type EvolutionMetric,
  type EvolutionRange,
  getComparative,
  getCompare,
  getEvolution,
} from '../../api/comparative';
import { queryKeys } from '../../api/query-keys';
import { examplePolling as polling } from '../../hooks/useAnalysisPeriodScreen';

const useLang = () => (useTranslation().i18n.language === 'en' ? 'en' : 'es');

export function useComparative(
  source: AnalyticsSource,
  period: ComparativePeriod,
  metric: ComparativeMetric,
) {
  const lang = useLang();
  return useQuery({
    queryKey: queryKeys.analytics.comparative(source, period, metric, lang),
    queryFn: () => getComparative(source, { period, metric, lang }),
    placeholderData: (previous) => previous,
    ...polling(source),
  });
}

export function useCompare(source: AnalyticsSource, a: string | undefined, b: string | undefined) {
  const lang = useLang();
  return useQuery({
    queryKey: queryKeys.analytics.compare(source, a ?? '', b ?? '', lang),
    queryFn: () => getCompare(source, { a: a!, b: b!, lang }),
    enabled: Boolean(a && b),
    ...polling(source),
  });
}

export function useEvolution(source: AnalyticsSource, metric: EvolutionMetric, range: EvolutionRange) {
  return useQuery({
    queryKey: queryKeys.analytics.evolution(source, metric, range),
    queryFn: () => getEvolution(source, { metric, range }),
    placeholderData: (previous) => previous,
    ...polling(source),
  });
}
