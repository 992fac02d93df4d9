// The three dashboards' answers (GET /api/dashboard, /summary, /narrative), with rides and without,
// checked by their schemas.
import {
  type DashboardResponse,
  dashboardResponseSchema,
  type NarrativeResponse,
  narrativeResponseSchema,
  type SummaryResponse,
  summaryResponseSchema,
} from '@vatio/schemas';
import { ride } from './activities';

const week = (activities: number) => ({
  start_date: '2026-11-23',
  end_date: '2026-11-29',
  activities,
  total_distance: activities * 45_000,
  total_time: activities * 5400,
  total_elevation: activities * 620,
  average_power: activities ? 190 : null,
  max_power: activities ? 640 : null,
  total_tss: activities * 105.8,
  average_intensity_factor: activities ? 0.84 : null,
  average_heartrate: activities ? 148 : null,
  max_heartrate: activities ? 178 : null,
});
const none = {
  current: null,
  previous: null,
  change: null,
  change_pct: null,
  display: '—',
  isPositive: true,
};

/** Coggan's five zones at FTP 250 W: <55 %, 56–75 %, 76–90 %, 91–105 %, 106–120 %. */
const zones = [
  { zone: 1, name_key: 'recovery', minPower: 0, maxPower: 137, color: '#94a3b8' },
  { zone: 2, name_key: 'endurance', minPower: 138, maxPower: 187, color: '#22c55e' },
  { zone: 3, name_key: 'tempo', minPower: 188, maxPower: 225, color: '#eab308' },
  { zone: 4, name_key: 'threshold', minPower: 226, maxPower: 262, color: '#f97316' },
  { zone: 5, name_key: 'vo2max', minPower: 263, maxPower: 300, color: '#ef4444' },
];

function dashboard(rides: number): DashboardResponse {
  return dashboardResponseSchema.parse({
    today: '2026-11-29',
    time_zone: 'UTC',
    first_day_of_week: 1,
    has_data: rides > 0,
    weekly_stats: week(rides),
    previous_week_stats: week(0),
    monthly_stats: week(rides),
    previous_month_stats: week(0),
    performance_trends: {
      window_days: 30,
      power: rides
        ? { current: 190, previous: 180, change: 10, change_pct: 5.6, display: '+5.6%', isPositive: true }
        : none,
      activities: none,
      distance: none,
    },
    power_curve: {
      range: '90d',
      points: rides
        ? [
            { duration: 5, power: 640, date: '2026-11-20T08:00:00.000Z', activity_id: 'a-1' },
            { duration: 60, power: 380, date: '2026-11-20T08:00:00.000Z', activity_id: 'a-1' },
            { duration: 1200, power: 240, date: '2026-11-20T08:00:00.000Z', activity_id: 'a-1' },
          ]
        : [],
    },
    training_zones: { ftp: 250, ftp_source: 'settings', ftp_from: '2026-09-01', zones },
    recent_activities: rides ? [ride()] : [],
    user: { id: 'u-1', firstname: 'Ana', ftp: 250 },
  });
}

export const dashboardWithRides = dashboard(1);
export const dashboardEmpty = dashboard(0);

const compared = (current: number | null, previous: number | null) => ({
  current,
  previous,
  change: current !== null && previous !== null ? current - previous : null,
  change_pct: current !== null && previous ? ((current - previous) / previous) * 100 : null,
  display: '—',
  isPositive: true,
});
const period = (start: string, rides: number) => ({
  current_start: start,
  previous_start: start,
  metrics: {
    activities: compared(rides, 0),
    distance: compared(rides * 45_000, 0),
    time: compared(rides * 5400, 0),
    tss: compared(rides * 105.8, 0),
    average_power: compared(rides ? 190 : null, null),
  },
});

function summary(rides: number): SummaryResponse {
  return summaryResponseSchema.parse({
    period: '30d',
    start_date: '2026-10-31',
    end_date: '2026-11-29',
    stats: { ...week(rides), start_date: '2026-10-31' },
    previous_stats: { ...week(0), start_date: '2026-10-01', end_date: '2026-10-30' },
    cards: {
      ftp: { value: 250, source: 'settings', from: '2026-09-01' },
      average_power: { value: rides ? 190 : null, max: rides ? 640 : null },
      heart_rate: { average: rides ? 148 : null, max: rides ? 178 : null },
      tss: { total: rides * 105.8, average_intensity_factor: rides ? 0.84 : null },
    },
    alerts: rides ? [] : [{ key: 'noRides', level: 'info', value: null }],
    power_zones: zones.map((z) => ({ ...z, time_s: rides ? 1080 : 0 })),
    heart_rate_zones: [1, 2, 3, 4, 5].map((zone) => ({
      zone,
      time_s: rides ? 1080 : 0,
      pct: rides ? 20 : 0,
    })),
    comparison: {
      week: period('2026-11-23', rides),
      month: period('2026-10-31', rides),
      year: period('2025-11-30', rides),
    },
    ftp_history: [{ date: '2026-09-01', ftp: 250 }],
    ftp_estimates: rides ? [{ date: '2026-11-20', ftp: 228 }] : [],
    training_load: rides
      ? [{ date: '2026-11-20', tss: 105.8, ctl: 2.5, atl: 14.1, tsb: -11.6, ramp_rate: null }]
      : [],
    form: rides ? { ctl: 2.5, atl: 14.1, tsb: -11.6, ramp_rate: null, state: 'tired' } : null,
  });
}

export const summaryWithRides = summary(1);
export const summaryEmpty = summary(0);

const weeks = [
  '2026-10-05',
  '2026-10-12',
  '2026-10-19',
  '2026-10-26',
  '2026-11-02',
  '2026-11-09',
  '2026-11-16',
  '2026-11-23',
];
const metric = (type: string, measure: string, values: (number | null)[]) => ({
  type,
  measure,
  available: values.some((v) => v !== null),
  value: values.at(-1) ?? null,
  change_pct: values.some((v) => v !== null) ? 4 : null,
  trend: values.some((v) => v !== null) ? 'up' : null,
  history: weeks.map((week_start, i) => ({ week_start, value: values[i] ?? null })),
});

function narrative(source: 'real' | 'none'): NarrativeResponse {
  const real = source === 'real';
  return narrativeResponseSchema.parse({
    generated_at: '2026-11-29T09:00:00.000Z',
    today: '2026-11-29',
    data_source: source,
    syncing: false,
    rides_in_period: real ? 8 : 0,
    weight: { kg: 62, source: 'settings', from: '2026-09-01' },
    hero: {
      strength: { ftp_w: 250, ftp_source: 'settings', ftp_from: '2026-09-01', w_per_kg: 4.03 },
      aero: { value: real ? 0.32 : null, measure: 'cda_m2' },
      technique: { value: null, measure: 'pedal_smoothness_pct' },
    },
    metrics: [
      metric('power', 'ftp_estimate_w', real ? [230, 232, 235, 236, 238, 240, 242, 245] : []),
      metric('aerodynamics', 'cda_m2', real ? [0.33, null, 0.33, 0.32, null, 0.32, 0.32, 0.32] : []),
      metric('technique', 'pedal_smoothness_pct', []),
      metric('efficiency', 'efficiency_factor', real ? [1.3, 1.31, 1.32, 1.33, 1.33, 1.34, 1.35, 1.36] : []),
    ],
    recommendations: real
      ? [{ id: 'ftp-plateau', category: 'power', priority: 'medium', change_pct: 1.5 }]
      : [],
    next_goal: {
      metric: 'ftp',
      current_w: 250,
      target_w: 265,
      current_w_per_kg: 4.03,
      target_w_per_kg: 4.27,
      weeks: 8,
    },
  });
}

export const narrativeWithRides = narrative('real');
export const narrativeEmpty = narrative('none');
