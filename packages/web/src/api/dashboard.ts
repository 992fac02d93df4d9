// Calls and shapes of the dashboards (docs/API.md "Dashboards"). Every call sends the browser's
// time zone and the rider's locale so weeks and days are the rider's own.
import type { Activity } from './activity-types';
import { api } from './client';

export interface PeriodStats {
  start_date: string;
  end_date: string;
  activities: number;
  total_distance: number;
  total_time: number;
  total_elevation: number;
  average_power: number | null;
  max_power: number | null;
  total_tss: number;
  average_intensity_factor: number | null;
  average_heartrate: number | null;
  max_heartrate: number | null;
}

export interface Comparison {
  current: number | null;
  previous: number | null;
  change: number | null;
  change_pct: number | null;
  display: string;
  isPositive: boolean;
}

export interface CurvePoint {
  duration: number;
  power: number;
  date: string;
  activity_id: string;
}

export interface TrainingZone {
  zone: number;
  name_key: string;
  minPower: number;
  maxPower: number | null;
  color: string;
}

export type FtpSource = 'settings' | 'ride' | 'default';

export interface DashboardData {
  today: string;
  has_data: boolean;
  weekly_stats: PeriodStats;
  previous_week_stats: PeriodStats;
  monthly_stats: PeriodStats;
  previous_month_stats: PeriodStats;
  performance_trends: {
    window_days: number;
    power: Comparison;
    activities: Comparison;
    distance: Comparison;
  };
  power_curve: { range: string; points: CurvePoint[] };
  training_zones: { ftp: number; ftp_source: FtpSource; zones: TrainingZone[] };
  recent_activities: Activity[];
  user: { id: string; firstname: string | null; ftp: number | null };
}

export type SummaryPeriod = '7d' | '30d' | '90d' | '365d';
export const SUMMARY_PERIODS: readonly SummaryPeriod[] = ['7d', '30d', '90d', '365d'];

export interface LoadPoint {
  date: string;
  tss: number;
  ctl: number;
  atl: number;
  tsb: number;
  ramp_rate: number | null;
}

export interface SummaryAlert {
  key: string;
  level: 'info' | 'warning' | 'success';
  value: number | null;
}

export type ComparisonMode = 'week' | 'month' | 'year';
export type ComparedMetric = 'activities' | 'distance' | 'time' | 'tss' | 'average_power';

export interface SummaryData {
  period: SummaryPeriod;
  start_date: string;
  end_date: string;
  stats: PeriodStats;
  previous_stats: PeriodStats;
  cards: {
    ftp: { value: number; source: FtpSource };
    average_power: { value: number | null; max: number | null };
    heart_rate: { average: number | null; max: number | null };
    tss: { total: number; average_intensity_factor: number | null };
  };
  alerts: SummaryAlert[];
  power_zones: (TrainingZone & { time_s: number })[];
  heart_rate_zones: { zone: number; time_s: number; pct: number }[];
  comparison: Record<
    ComparisonMode,
    { current_start: string; previous_start: string; metrics: Record<ComparedMetric, Comparison> }
  >;
  ftp_history: { date: string; ftp: number }[];
  ftp_estimates: { date: string; ftp: number }[];
  training_load: LoadPoint[];
  form: { ctl: number; atl: number; tsb: number; ramp_rate: number | null; state: string } | null;
}

export type NarrativeMetricType = 'power' | 'aerodynamics' | 'technique' | 'efficiency';

export interface NarrativeMetric {
  type: NarrativeMetricType;
  measure:
    | 'ftp_estimate_w'
    | 'cda_m2'
    | 'pedal_smoothness_pct'
    | 'torque_effectiveness_pct'
    | 'efficiency_factor';
  available: boolean;
  value: number | null;
  change_pct: number | null;
  trend: 'up' | 'down' | 'stable' | null;
  history: { week_start: string; value: number | null }[];
}

export interface NarrativeData {
  generated_at: string;
  today: string;
  data_source: 'real' | 'demo' | 'none';
  syncing: boolean;
  rides_in_period: number;
  hero: {
    strength: { ftp_w: number; ftp_source: FtpSource; w_per_kg: number | null };
    aero: { value: number | null; measure: string };
    technique: { value: number | null; measure: string };
  };
  metrics: NarrativeMetric[];
  recommendations: {
    id: string;
    category: string;
    priority: 'high' | 'medium' | 'low';
    change_pct: number;
  }[];
  next_goal: {
    metric: 'ftp';
    current_w: number;
    target_w: number;
    current_w_per_kg: number | null;
    target_w_per_kg: number | null;
    weeks: number;
  };
}

/** The browser's zone and the rider's locale (the UI language, with the browser's region when it matches). */
export function calendarQuery(language: string): string {
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  const browser = typeof navigator === 'undefined' ? '' : navigator.language;
  const locale = browser.toLowerCase().startsWith(language) ? browser : language;
  return new URLSearchParams({ tz: timeZone, locale }).toString();
}

export const getDashboard = (language: string) => api<DashboardData>(`/dashboard?${calendarQuery(language)}`);

export const getDashboardSummary = (period: SummaryPeriod, language: string) =>
  api<SummaryData>(`/dashboard/summary?period=${period}&${calendarQuery(language)}`);

export const getNarrative = (language: string) =>
  api<NarrativeData>(`/dashboard/narrative?${calendarQuery(language)}`);

export type CurveRange = '30d' | '90d' | '365d' | 'all';
export const getPowerCurve = (range: CurveRange, language: string) =>
  api<{ range: CurveRange; points: CurvePoint[] }>(
    `/dashboard/power-curve?range=${range}&${calendarQuery(language)}`,
  );
