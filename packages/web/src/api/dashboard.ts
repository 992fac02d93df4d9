// Calls and shapes of the dashboards (docs/API.md "Dashboards"). Every call sends the browser's
// time zone and the rider's locale so weeks and days are the rider's own.
import type { CurveRange, SummaryPeriod } from '@vatio/schemas';
import { getDashboardNarrative } from './generated/getDashboardNarrative';
import { getDashboardPowerCurve } from './generated/getDashboardPowerCurve';
import { getDashboard as getDashboardRoute } from './generated/getDashboard';
import { getDashboardSummary as getDashboardSummaryRoute } from './generated/getDashboardSummary';

// The answers' shapes are @vatio/schemas' (the server's contracts check them); these names are the
// web's. Types only: a schema value here would pull zod into the dashboard's chunk.
export type {
  ComparedMetric,
  ComparisonMode,
  ComparisonResponse as Comparison,
  CurvePointResponse as CurvePoint,
  CurveRange,
  DashboardFtpSource as FtpSource,
  DashboardResponse as DashboardData,
  LoadPointResponse as LoadPoint,
  NarrativeMetricResponse as NarrativeMetric,
  NarrativeMetricType,
  NarrativeResponse as NarrativeData,
  PeriodStatsResponse as PeriodStats,
  SummaryPeriod,
  SummaryResponse as SummaryData,
  TrainingZoneResponse as TrainingZone,
} from '@vatio/schemas';

/** The same values as @vatio/schemas SUMMARY_PERIODS, kept here so the bundle takes no schema module. */
export const SUMMARY_PERIODS: readonly SummaryPeriod[] = ['7d', '30d', '90d', '365d'];

/** The browser's zone and the rider's locale (the UI language, with the browser's region when it matches). */
export function calendarQuery(language: string): { tz: string; locale: string } {
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  const browser = typeof navigator === 'undefined' ? '' : navigator.language;
  const locale = browser.toLowerCase().startsWith(language) ? browser : language;
  return { tz: timeZone, locale };
}

export const getDashboard = (language: string) => getDashboardRoute({ query: calendarQuery(language) });

export const getDashboardSummary = (period: SummaryPeriod, language: string) =>
  getDashboardSummaryRoute({ query: { period, ...calendarQuery(language) } });

export const getNarrative = (language: string) => getDashboardNarrative({ query: calendarQuery(language) });

export const getPowerCurve = (range: CurveRange, language: string) =>
  getDashboardPowerCurve({ query: { range, ...calendarQuery(language) } });
