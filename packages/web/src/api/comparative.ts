// Calls of /analytics/comparative (docs/API.md "Analytics: comparative analysis"); the shapes are the
// server's own (@vatio/schemas), imported as types only.
import type {
  ComparativeMetric,
  ComparativePeriod,
  ComparativeResponse,
  CompareResponse,
  EvolutionMetric,
  EvolutionRange,
  EvolutionResponse,
} from '@vatio/schemas';
import { type AnalyticsSource, analyticsPath } from './analytics';
import { api } from './client';

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
  q: { period: ComparativePeriod; metric: ComparativeMetric; lang: string },
) =>
  // not yet a contract (issue 27): GET /api/analytics/comparative (and GET /api/public/analytics/comparative)
  api<ComparativeResponse>(
    analyticsPath(source, `comparative?${new URLSearchParams({ ...q, tz: zone() })}`),
    { anonymous: source === 'example' },
  );

export const getCompare = (source: AnalyticsSource, q: { a: string; b: string; lang: string }) =>
  // not yet a contract (issue 27): GET /api/analytics/compare (and GET /api/public/analytics/compare)
  api<CompareResponse>(analyticsPath(source, `compare?${new URLSearchParams(q)}`), {
    anonymous: source === 'example',
  });

export const getEvolution = (
  source: AnalyticsSource,
  q: { metric: EvolutionMetric; range: EvolutionRange },
) =>
  // not yet a contract (issue 27): GET /api/analytics/evolution (and GET /api/public/analytics/evolution)
  api<EvolutionResponse>(analyticsPath(source, `evolution?${new URLSearchParams({ ...q, tz: zone() })}`), {
    anonymous: source === 'example',
  });
