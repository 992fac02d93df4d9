// GET /api/dashboard: the classic dashboard, with rides and without, checked by the schema.
import { type DashboardResponse, dashboardResponseSchema } from '@vatio/schemas';
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
    training_zones: { ftp: 250, ftp_source: 'settings', zones },
    recent_activities: rides ? [ride()] : [],
    user: { id: 'u-1', firstname: 'Ana', ftp: 250 },
  });
}

export const dashboardWithRides = dashboard(1);
export const dashboardEmpty = dashboard(0);
