import { z } from 'zod';
import { type ActivityResponse, activityResponseSchema } from './activities.ts';
import { riderWeightSchema } from './rider-weight.ts';

// Response bodies of GET /api/dashboard/* (packages/server/src/modules/dashboard), so the OpenAPI
// document and the web's dashboards read the shapes the service sends. Days are the rider's local
// calendar days (the `tz` query), as YYYY-MM-DD.

const localDay = z.string().describe("YYYY-MM-DD, a day in the rider's time zone");
const isoTimestamp = z.string().describe('ISO 8601 UTC');

/** The periods of GET /api/dashboard/summary (the last N local days, today included). */
export const SUMMARY_PERIODS = ['7d', '30d', '90d', '365d'] as const;
export type SummaryPeriod = (typeof SUMMARY_PERIODS)[number];

/** The ranges of the best-power curve (`all`: the kept all-time envelope). */
export const CURVE_RANGES = ['30d', '90d', '365d', 'all'] as const;
export type CurveRange = (typeof CURVE_RANGES)[number];

/** Where the FTP the dashboards use comes from: the rider's own entry, the newest ride's device FTP, or 250 W. */
/**
 * Where "your FTP" came from, in a ride's order (issue 25): the rider's entry in force today, else the
 * rider's nearest entry (`ftp_from` says its date), else the newest ride's device FTP, else 250 W.
 */
export const DASHBOARD_FTP_SOURCES = ['settings', 'nearest', 'ride', 'default'] as const;
const ftpFrom = localDay
  .nullable()
  .describe("The date the rider's FTP entry holds from (source settings or nearest); null otherwise");
export type DashboardFtpSource = (typeof DASHBOARD_FTP_SOURCES)[number];

/** Totals of a run of local days (spec 000 §3 weekly_stats, monthly_stats; the summaries). */
export const periodStatsSchema = z.object({
  start_date: localDay,
  end_date: localDay.describe("Inclusive last local day, YYYY-MM-DD in the rider's time zone"),
  activities: z.number().describe('Rides that started in the period'),
  total_distance: z.number().describe('Metres'),
  total_time: z.number().describe('Moving time, seconds'),
  total_elevation: z.number().describe('Metres climbed'),
  average_power: z
    .number()
    .nullable()
    .describe("W: moving-time-weighted mean of the rides' average power; null when no ride had power"),
  max_power: z.number().nullable().describe('W: highest 1-s power of the period; null without power'),
  total_tss: z.number().describe("Sum of the rides' Training Stress Score"),
  average_intensity_factor: z
    .number()
    .nullable()
    .describe("Moving-time-weighted mean of the rides' IF; null when no ride had one"),
  average_heartrate: z.number().nullable().describe('bpm, moving-time-weighted; null without heart rate'),
  max_heartrate: z.number().nullable().describe('bpm; null without heart rate'),
});
export type PeriodStatsResponse = z.infer<typeof periodStatsSchema>;

/** One compared number: spec 000 §3 performance_trends ({display, isPositive}) and 001's comparison metric. */
export const comparisonSchema = z.object({
  current: z.number().nullable(),
  previous: z.number().nullable(),
  change: z.number().nullable().describe('current − previous; null when either is missing'),
  change_pct: z
    .number()
    .nullable()
    .describe('Percent change against previous; null when there is nothing to compare with'),
  display: z.string().describe("The change as shown: '+5.2%', '−3.0%', or '—'"),
  isPositive: z.boolean().describe('change ≥ 0 (true without a change)'),
});
export type ComparisonResponse = z.infer<typeof comparisonSchema>;

/** A point of the best-power curve: the best power held for at least `duration` seconds, and its ride. */
export const curvePointSchema = z.object({
  duration: z.number().describe('Seconds'),
  power: z.number().describe('W, best mean power held for at least `duration`'),
  date: isoTimestamp.describe('Start of the ride that set it (ISO 8601 UTC)'),
  activity_id: z.string(),
});
export type CurvePointResponse = z.infer<typeof curvePointSchema>;

/** GET /api/dashboard/power-curve (and the classic dashboard's `power_curve`). */
export const powerCurveResponseSchema = z.object({
  range: z.enum(CURVE_RANGES),
  points: z.array(curvePointSchema).describe('Shortest duration first; power never rises with duration'),
});

/** A Coggan power zone for the current FTP (spec 000 §3 training_zones). */
export const trainingZoneSchema = z.object({
  zone: z.number().describe('1–7'),
  name_key: z.string().describe('i18n key stem of the zone name (e.g. "endurance")'),
  minPower: z.number().describe('W'),
  maxPower: z.number().nullable().describe('W; null for the open top zone'),
  color: z.string().describe('CSS colour'),
});
export type TrainingZoneResponse = z.infer<typeof trainingZoneSchema>;

/** A ride as the dashboards list it: the same shape as the activity list's items. */
export const dashboardActivitySchema = activityResponseSchema;
export type DashboardActivityResponse = ActivityResponse;

/** GET /api/dashboard: the classic dashboard in one answer (spec 000 §2, §3). */
export const dashboardResponseSchema = z.object({
  today: localDay,
  time_zone: z.string().describe('The IANA zone the days are counted in'),
  first_day_of_week: z.number().describe('0 = Sunday … 6 = Saturday, from the locale'),
  has_data: z.boolean().describe('The rider has at least one ride'),
  weekly_stats: periodStatsSchema.describe('This local week'),
  previous_week_stats: periodStatsSchema,
  monthly_stats: periodStatsSchema.describe('This calendar month'),
  previous_month_stats: periodStatsSchema,
  performance_trends: z
    .object({
      window_days: z.number().describe('The last N days against the N before'),
      power: comparisonSchema.describe('Average power, W'),
      activities: comparisonSchema,
      distance: comparisonSchema.describe('Metres'),
    })
    .describe('The last 30 days against the 30 before'),
  power_curve: z.object({ range: z.literal('90d'), points: z.array(curvePointSchema) }),
  training_zones: z.object({
    ftp: z.number().describe('W'),
    ftp_source: z.enum(DASHBOARD_FTP_SOURCES),
    ftp_from: ftpFrom,
    zones: z.array(trainingZoneSchema).describe('Zones 1–5'),
  }),
  recent_activities: z.array(dashboardActivitySchema).describe('The five newest rides'),
  user: z.object({
    id: z.string(),
    firstname: z.string().nullable(),
    ftp: z.number().nullable().describe('W; null when none is known (the zones then use 250 W)'),
  }),
});
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;

/** GET /api/dashboard/stats: all-time totals. */
export const dashboardStatsResponseSchema = z.object({
  total_activities: z.number(),
  total_distance: z.number().describe('Metres'),
  total_elevation: z.number().describe('Metres climbed'),
  total_time: z.number().describe('Moving time, seconds'),
});
export type DashboardStatsResponse = z.infer<typeof dashboardStatsResponseSchema>;

/** GET /api/dashboard/recent-activities. */
export const recentActivitiesResponseSchema = z.object({
  activities: z.array(dashboardActivitySchema).describe('Newest first, `limit` of them'),
});
export type RecentActivitiesResponse = z.infer<typeof recentActivitiesResponseSchema>;

/** GET /api/dashboard/weekly-summary: the last 12 local weeks, the current one last. */
export const weeklySummaryResponseSchema = z.object({ weeks: z.array(periodStatsSchema) });
export type WeeklySummaryResponse = z.infer<typeof weeklySummaryResponseSchema>;

/** GET /api/dashboard/monthly-summary: the last 12 calendar months, the current one last. */
export const monthlySummaryResponseSchema = z.object({ months: z.array(periodStatsSchema) });
export type MonthlySummaryResponse = z.infer<typeof monthlySummaryResponseSchema>;

/** A day of the performance management chart (CTL/ATL/TSB from the rides' TSS). */
export const loadPointSchema = z.object({
  date: localDay,
  tss: z.number().describe("The day's total TSS"),
  ctl: z.number().describe('Chronic training load (fitness), 42-day EMA of daily TSS'),
  atl: z.number().describe('Acute training load (fatigue), 7-day EMA of daily TSS'),
  tsb: z.number().describe('Training stress balance (form), CTL − ATL'),
  ramp_rate: z.number().nullable().describe('CTL today − CTL a week ago; null in the first week of history'),
});
export type LoadPointResponse = z.infer<typeof loadPointSchema>;

export const FORM_STATES = ['excellent', 'good', 'neutral', 'tired', 'overreached'] as const;
export type FormState = (typeof FORM_STATES)[number];

export const COMPARISON_MODES = ['week', 'month', 'year'] as const;
export type ComparisonMode = (typeof COMPARISON_MODES)[number];

const comparisonPeriodSchema = z.object({
  current_start: localDay,
  previous_start: localDay,
  metrics: z.object({
    activities: comparisonSchema,
    distance: comparisonSchema.describe('Metres'),
    time: comparisonSchema.describe('Moving time, seconds'),
    tss: comparisonSchema,
    average_power: comparisonSchema.describe('W'),
  }),
});
export type ComparedMetric = keyof z.infer<typeof comparisonPeriodSchema>['metrics'];

const datedFtpSchema = z.object({ date: localDay, ftp: z.number().describe('W') });

/** GET /api/dashboard/summary?period=: the period summary compared with the period before. */
export const summaryResponseSchema = z.object({
  period: z.enum(SUMMARY_PERIODS),
  start_date: localDay,
  end_date: localDay.describe("Today, YYYY-MM-DD in the rider's time zone"),
  stats: periodStatsSchema,
  previous_stats: periodStatsSchema.describe('The same number of days just before'),
  cards: z.object({
    ftp: z.object({ value: z.number().describe('W'), source: z.enum(DASHBOARD_FTP_SOURCES), from: ftpFrom }),
    average_power: z.object({
      value: z.number().nullable().describe('W'),
      max: z.number().nullable().describe('W'),
    }),
    heart_rate: z.object({
      average: z.number().nullable().describe('bpm'),
      max: z.number().nullable().describe('bpm'),
    }),
    tss: z.object({ total: z.number(), average_intensity_factor: z.number().nullable() }),
  }),
  alerts: z.array(
    z.object({
      key: z
        .string()
        .describe(
          'i18n key: ftpDefault, noRides, form.excellent, form.good, form.tired, form.overreached, rampHigh',
        ),
      level: z.enum(['info', 'warning', 'success']),
      value: z.number().nullable().describe('The number the words show (W, TSB or ramp rate)'),
    }),
  ),
  power_zones: z.array(
    trainingZoneSchema.extend({ time_s: z.number().describe('Seconds in the zone over the period') }),
  ),
  heart_rate_zones: z.array(
    z.object({
      zone: z.number(),
      time_s: z.number().describe('Seconds'),
      pct: z.number().describe('Share of the heart-rate time, %'),
    }),
  ),
  comparison: z
    .object({ week: comparisonPeriodSchema, month: comparisonPeriodSchema, year: comparisonPeriodSchema })
    .describe('The last 7, 30 and 365 days against the same number of days before'),
  ftp_history: z.array(datedFtpSchema).describe("The rider's FTP entries, oldest first"),
  ftp_estimates: z.array(datedFtpSchema).describe('95 % of the best 20-min power of each ride in the period'),
  training_load: z.array(loadPointSchema).describe('One point per local day of the period'),
  form: z
    .object({
      ctl: z.number(),
      atl: z.number(),
      tsb: z.number(),
      ramp_rate: z.number().nullable(),
      state: z.enum(FORM_STATES).describe('From TSB: > 20 excellent, > 5 good, > −10 neutral, > −30 tired'),
    })
    .nullable()
    .describe("Today's form; null without any ride"),
});
export type SummaryResponse = z.infer<typeof summaryResponseSchema>;

export const NARRATIVE_MEASURES = [
  'ftp_estimate_w',
  'cda_m2',
  'pedal_smoothness_pct',
  'torque_effectiveness_pct',
  'efficiency_factor',
] as const;

export const NARRATIVE_METRIC_TYPES = ['power', 'aerodynamics', 'technique', 'efficiency'] as const;
export type NarrativeMetricType = (typeof NARRATIVE_METRIC_TYPES)[number];

/** One 'Tu Progreso' card: a metric's weekly values over the last 8 weeks. */
export const narrativeMetricSchema = z.object({
  type: z.enum(NARRATIVE_METRIC_TYPES),
  measure: z.enum(NARRATIVE_MEASURES).describe('What the number is, for its words and units'),
  available: z.boolean().describe('At least one week has a value'),
  value: z.number().nullable().describe("The newest week's value"),
  change_pct: z
    .number()
    .nullable()
    .describe('Mean of the last four weeks with data against the first four, %'),
  trend: z
    .enum(['up', 'down', 'stable'])
    .nullable()
    .describe('Up above +2 %, down below −2 %, else stable; null with under two weeks of data'),
  history: z
    .array(z.object({ week_start: localDay, value: z.number().nullable() }))
    .describe('One value per week, oldest first; null for a week without data'),
});
export type NarrativeMetricResponse = z.infer<typeof narrativeMetricSchema>;

/** GET /api/dashboard/narrative: 'Tu Progreso' (spec 000 §2, §3, §9). */
export const narrativeResponseSchema = z.object({
  generated_at: isoTimestamp,
  today: localDay,
  data_source: z
    .enum(['real', 'demo', 'none'])
    .describe('none: no ride; demo: only generated demo rides; real: rides of the rider'),
  syncing: z.boolean().describe('An import is running'),
  weight: riderWeightSchema,
  rides_in_period: z.number().describe('Rides in the 8 weeks'),
  hero: z.object({
    strength: z.object({
      ftp_w: z.number(),
      ftp_source: z.enum(DASHBOARD_FTP_SOURCES),
      ftp_from: ftpFrom,
      w_per_kg: z.number().nullable().describe('null when the weight is unknown'),
    }),
    aero: z.object({ value: z.number().nullable(), measure: z.enum(NARRATIVE_MEASURES) }),
    technique: z.object({ value: z.number().nullable(), measure: z.enum(NARRATIVE_MEASURES) }),
  }),
  metrics: z.array(narrativeMetricSchema).describe('power, aerodynamics, technique, efficiency'),
  recommendations: z
    .array(
      z.object({
        id: z
          .string()
          .describe('Stable rule id, the i18n key stem coach.<id> (e.g. ftp-plateau, aero-optimise)'),
        category: z.enum(NARRATIVE_METRIC_TYPES),
        priority: z.enum(['high', 'medium', 'low']),
        change_pct: z.number().describe('The change that triggered the rule, %'),
      }),
    )
    .describe("The coach's top three"),
  next_goal: z.object({
    metric: z.literal('ftp'),
    current_w: z.number(),
    target_w: z.number().describe('5 % above the current FTP, rounded up to 5 W'),
    current_w_per_kg: z.number().nullable(),
    target_w_per_kg: z.number().nullable(),
    weeks: z.number(),
  }),
});
export type NarrativeResponse = z.infer<typeof narrativeResponseSchema>;
