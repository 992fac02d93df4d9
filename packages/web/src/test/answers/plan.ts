// The training plan's answers (GET /api/plan, GET /api/workouts) and the live screen's overview
// (GET /api/dashboard/overview), checked by their schemas: a plan with a workout today, one with a rest
// day today, no plan, and one own workout.
import {
  type DashboardOverviewResponse,
  dashboardOverviewResponseSchema,
  type PlanResponse,
  planResponseSchema,
  type WorkoutResponse,
  workoutResponseSchema,
} from '@vatio/schemas';

export const PLAN_TODAY = '2026-11-29';

/** Sweet spot 3 × 15 resized by the plan to 4 × 15 for the day's TSS (fitted). */
const fittedSweetSpot = {
  steps: [
    { kind: 'warmup', durationS: 600, target: { type: 'ftpPercent', low: 45, high: 65 }, ramp: true },
    {
      kind: 'repeat',
      count: 4,
      steps: [
        { kind: 'steady', durationS: 900, target: { type: 'ftpPercent', low: 88, high: 94 } },
        { kind: 'steady', durationS: 300, target: { type: 'ftpPercent', low: 55, high: 55 } },
      ],
    },
    { kind: 'cooldown', durationS: 600, target: { type: 'ftpPercent', low: 65, high: 45 }, ramp: true },
  ],
};

const day = (date: string, workout: unknown, plannedTss: number) => ({
  date,
  week_index: 0,
  phase: 'build',
  purpose: workout ? 'sweetSpot' : 'rest',
  planned_tss: plannedTss,
  workout,
  goal_id: null,
  override: null,
  actual_tss: null,
  ride_ids: [],
  compliance: null,
  ctl: 60,
  atl: 65,
  tsb: -5,
  projected: date > PLAN_TODAY,
});

const base = {
  status: 'active',
  today: PLAN_TODAY,
  start_date: '2026-11-23',
  time_zone: 'Europe/Madrid',
  settings: {
    training_weekdays: [1, 2, 3, 4, 6, 0],
    weekly_hours: 8,
    target_ctl: 80,
    ramp_per_week: 5,
    load_weeks_per_block: 3,
  },
  current: { ctl: 60, atl: 65, tsb: -5 },
  peak_ctl: 80,
  events: [],
  issues: [],
  weeks: [],
};

const todaysWorkout = {
  source: 'library',
  id: 'sweet-spot-3x15',
  name: null,
  name_key: 'library.sweet-spot-3x15.name',
  duration_s: 6000,
  tss: 98.5,
  text: 'wu 10m 45-65%, 4x(15m 88-94%, 5m 55%), cd 10m 65-45%',
  structure: fittedSweetSpot,
  fitted: true,
};

/** Today (2026-11-29) holds a sweet-spot session, resized to the day's TSS. */
export const planWithWorkoutToday: PlanResponse = planResponseSchema.parse({
  ...base,
  days: [day('2026-11-28', null, 0), day(PLAN_TODAY, todaysWorkout, 98), day('2026-11-30', null, 0)],
});

/** Today is a rest day; tomorrow has the session. */
export const planRestToday: PlanResponse = planResponseSchema.parse({
  ...base,
  days: [day(PLAN_TODAY, null, 0), day('2026-11-30', { ...todaysWorkout, fitted: false }, 80)],
});

/** No plan made yet. */
export const noPlan: PlanResponse = planResponseSchema.parse({
  ...base,
  status: 'none',
  start_date: null,
  time_zone: null,
  settings: null,
  current: null,
  peak_ctl: null,
  days: [],
});

export const ownWorkouts: WorkoutResponse[] = [
  workoutResponseSchema.parse({
    id: 'w-1',
    name: 'Micro-bursts',
    description: 'Short on, short off.',
    purpose: 'vo2max',
    structure: {
      steps: [
        { kind: 'warmup', durationS: 600, target: { type: 'ftpPercent', low: 55, high: 55 } },
        {
          kind: 'repeat',
          count: 5,
          steps: [
            { kind: 'steady', durationS: 30, target: { type: 'ftpPercent', low: 150, high: 150 } },
            { kind: 'steady', durationS: 30, target: { type: 'ftpPercent', low: 50, high: 50 } },
          ],
        },
        { kind: 'cooldown', durationS: 600, target: { type: 'ftpPercent', low: 50, high: 50 } },
      ],
    },
    text: 'wu 10m 55%, 5x(30s 150%, 30s 50%), cd 10m 50%',
    duration_s: 1500,
    np_w: 212,
    tss: 30.1,
    intensity_factor: 0.85,
    load_estimated: false,
    load_reason: null,
    created_at: '2026-11-20T08:00:00.000Z',
    updated_at: '2026-11-20T08:00:00.000Z',
  }),
];

/** The live screen's summary: a rider with FTP 250 W and no rides yet. */
export const liveOverview: DashboardOverviewResponse = dashboardOverviewResponseSchema.parse({
  today: PLAN_TODAY,
  time_zone: 'Europe/Madrid',
  latest_ride: null,
  today_performance: {
    rides: 0,
    moving_time_s: 0,
    tss: 0,
    intensity_factor: null,
    efficiency_factor: null,
  },
  week: { start_date: '2026-11-23', rides: 0, tss: 0, target: null },
  record: null,
  live: {
    ftp_w: 250,
    ftp_source: 'settings',
    cp_w: 250,
    w_prime_j: 20_000,
    model_source: 'ftp_default',
    zones: [1, 2, 3, 4, 5, 6, 7].map((zone) => ({
      zone,
      name_key: `z${zone}`,
      minPower: [0, 138, 188, 225, 263, 300, 375][zone - 1]!,
      maxPower: [137, 187, 224, 262, 299, 374, null][zone - 1]!,
      color: '#888888',
    })),
  },
});
