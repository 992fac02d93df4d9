// Calls of /analytics/comparative (docs/API.md "Analytics: comparative analysis"); the shapes are the
// server's own (@vatio/schemas), imported as types only.
import type { ComparativeMetric, ComparativePeriod, EvolutionMetric, EvolutionRange } from '@vatio/schemas';
import type { AnalyticsSource } from './analytics';
import { getAnalyticsComparative } from './generated/getAnalyticsComparative';
import { getAnalyticsCompare } from './generated/getAnalyticsCompare';
import { getAnalyticsEvolution } from './generated/getAnalyticsEvolution';
import { getPublicAnalyticsComparative } from './generated/getPublicAnalyticsComparative';
import { getPublicAnalyticsCompare } from './generated/getPublicAnalyticsCompare';
import { getPublicAnalyticsEvolution } from './generated/getPublicAnalyticsEvolution';

export type {
  ComparativeMetric,
  ComparativePeriod,
  ComparativeResponse,
  ComparativeRide,
  CompareFigure,
  CompareResponse,
  CompareRide,
  EvolutionMetric,
  EvolutionPoint,
  EvolutionRange,
  EvolutionResponse,
} from '@vatio/schemas';

// The same lists as @vatio/schemas (which the web imports as types only, to keep zod out of the chunk).
export const COMPARATIVE_PERIODS = ['4w', '12w', '1y'] as const satisfies readonly ComparativePeriod[];
export const COMPARATIVE_METRICS = [
  'np',
  'avg_power',
  'tss',
  'if',
  'ef',
  'speed',
] as const satisfies readonly ComparativeMetric[];
export const EVOLUTION_METRICS = [
  'ftp',
  'vo2max',
  'cda',
  'weight',
] as const satisfies readonly EvolutionMetric[];
export const EVOLUTION_RANGES = ['3m', '6m', '1y', 'all'] as const satisfies readonly EvolutionRange[];

const zone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export const getComparative = (
  source: AnalyticsSource,
  q: { period: ComparativePeriod; metric: ComparativeMetric; lang: 'es' | 'en' },
) => {
  const query = { ...q, tz: zone() };
  return source === 'example'
    ? getPublicAnalyticsComparative({ query }, { anonymous: true })
    : getAnalyticsComparative({ query });
};

export const getCompare = (source: AnalyticsSource, q: { a: string; b: string; lang: 'es' | 'en' }) =>
  source === 'example'
    ? getPublicAnalyticsCompare({ query: q }, { anonymous: true })
    : getAnalyticsCompare({ query: q });

export const getEvolution = (
  source: AnalyticsSource,
  q: { metric: EvolutionMetric; range: EvolutionRange },
) => {
  const query = { ...q, tz: zone() };
  return source === 'example'
    ? getPublicAnalyticsEvolution({ query }, { anonymous: true })
    : getAnalyticsEvolution({ query });
};
