import { z } from 'zod';
import { activityAnalysisResponseSchema, activityResponseSchema } from './activities.ts';

// Issue 14 "Comparative analysis" (spec 001 §2.5): GET /api/analytics/comparative, /compare and
// /evolution, and their example-rider twins under /api/public/analytics/. Shared by the server's
// contracts (and so the OpenAPI document) and the web app.

const nullableNumber = (description: string) => z.number().nullable().describe(description);
const lang = z.enum(['es', 'en']).optional().describe('Language of default ride names (es, en)');

export const COMPARATIVE_PERIODS = ['4w', '12w', '1y'] as const;
export type ComparativePeriod = (typeof COMPARATIVE_PERIODS)[number];
/** Days of each period, ending today (local). */
export const COMPARATIVE_PERIOD_DAYS: Record<ComparativePeriod, number> = { '4w': 28, '12w': 84, '1y': 365 };

/** The six ride metrics of the comparison and the trend sparklines; higher is better for each. */
export const COMPARATIVE_METRICS = ['np', 'avg_power', 'tss', 'if', 'ef', 'speed'] as const;
export type ComparativeMetric = (typeof COMPARATIVE_METRICS)[number];

export const comparativeQuerySchema = z.object({
  period: z.enum(COMPARATIVE_PERIODS).default('4w').describe('4 weeks, 12 weeks or 1 year up to today'),
  metric: z.enum(COMPARATIVE_METRICS).default('np').describe('What "best ride" of the period means'),
  tz: z.string().optional().describe("IANA time zone (the browser's): days, weekdays and hours are local"),
  lang,
});

/** One ride with the six metrics (the stored values its ride page shows). */
export const comparativeRideSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  start_date: z.string().describe('ISO 8601 instant'),
  distance_m: nullableNumber('Metres'),
  moving_time_s: z.number(),
  np: nullableNumber('Normalized power, W'),
  avg_power: nullableNumber('Average power, W'),
  tss: nullableNumber('Training stress score'),
  if: nullableNumber('Intensity factor (NP / FTP)'),
  ef: nullableNumber('Efficiency factor (NP / average heart rate), W/bpm'),
  speed: nullableNumber('Average speed, m/s'),
});
export type ComparativeRide = z.infer<typeof comparativeRideSchema>;

const bucketSchema = z.object({
  rides: z.number().describe('Rides in the bucket'),
  mean_if: nullableNumber('Mean intensity factor of the rides with one'),
  mean_ef: nullableNumber('Mean efficiency factor of the rides with one, W/bpm'),
  mean_np: nullableNumber('Mean normalized power of the rides with one, W'),
});

export const comparativeResponseSchema = z.object({
  period: z.enum(COMPARATIVE_PERIODS),
  metric: z.enum(COMPARATIVE_METRICS),
  window: z.object({ from: z.string(), to: z.string() }).describe('Local dates, inclusive'),
  summary: z.object({
    rides: z.number(),
    mean_power_w: nullableNumber('Average power over the moving time of every ride with power, W'),
    total_tss: z.number(),
    total_distance_m: z.number(),
    total_moving_time_s: z.number(),
  }),
  best: comparativeRideSchema
    .nullable()
    .describe('The ride of the period with the highest value of `metric`'),
  latest: comparativeRideSchema.nullable().describe('The newest ride of the period'),
  rides: z
    .array(comparativeRideSchema)
    .describe('Every ride of the period, newest first (at most 200): the manual selection list'),
  recent: z.array(comparativeRideSchema).describe('The last 10 rides, oldest first: the trend sparklines'),
  by_type: z.array(
    z.object({
      type: z.string(),
      rides: z.number(),
      distance_m: z.number(),
      moving_time_s: z.number(),
      tss: z.number(),
      mean_power_w: nullableNumber('Average power over the moving time, W'),
      mean_if: nullableNumber('Mean intensity factor'),
    }),
  ),
  patterns: z.object({
    weekday: z
      .array(bucketSchema.extend({ weekday: z.number().describe('1 Monday … 7 Sunday (ISO 8601)') }))
      .describe('Seven buckets by the local weekday of the start'),
    hour: z
      .array(bucketSchema.extend({ hour: z.number().describe('0–23, local hour of the start') }))
      .describe('24 buckets by the local hour of the start'),
  }),
});
export type ComparativeResponse = z.infer<typeof comparativeResponseSchema>;

export const compareQuerySchema = z.object({
  a: z.string().min(1).describe('First ride id'),
  b: z.string().min(1).describe('Second ride id'),
  lang,
});

const seriesSchema = z
  .object({
    time_s: z.array(z.number()).describe('Bucket centre, seconds from the start'),
    distance_m: z.array(z.number().nullable()).describe('Distance at the bucket, metres'),
    power_w: z.array(z.number().nullable()),
    heart_rate_bpm: z.array(z.number().nullable()),
    speed_mps: z.array(z.number().nullable()),
  })
  .describe('Means of recorded seconds per bucket; null where a bucket has no value');

export const compareRideSchema = z.object({
  ride: activityResponseSchema.describe('As GET /api/activities/:id'),
  summary: activityAnalysisResponseSchema.shape.summary.describe('As GET /api/activities/:id/analysis'),
  power_curve: activityAnalysisResponseSchema.shape.power_curve,
  by_time: seriesSchema.describe('Up to 600 equal-time buckets'),
  by_distance: seriesSchema.describe('Up to 600 equal-distance buckets (empty without distance)'),
});
export type CompareRide = z.infer<typeof compareRideSchema>;

/** The figures compared side by side; differences are b − a. */
export const COMPARE_FIGURES = [
  'distance_m',
  'moving_time_s',
  'average_speed_mps',
  'average_power_w',
  'normalized_power_w',
  'max_power_w',
  'intensity_factor',
  'training_stress_score',
  'work_kj',
  'average_heartrate_bpm',
  'efficiency_factor',
  'average_cadence_rpm',
  'elevation_gain_m',
  'watts_per_kg',
] as const;
export type CompareFigure = (typeof COMPARE_FIGURES)[number];

export const compareResponseSchema = z.object({
  a: compareRideSchema,
  b: compareRideSchema,
  figures: z.array(
    z.object({
      key: z.enum(COMPARE_FIGURES),
      a: z.number().nullable(),
      b: z.number().nullable(),
      difference: nullableNumber('b − a'),
      difference_pct: nullableNumber(
        '(b − a) / a, %; null without a base, across a sign change, or where one value is over ten times the other',
      ),
    }),
  ),
});
export type CompareResponse = z.infer<typeof compareResponseSchema>;

export const EVOLUTION_METRICS = ['ftp', 'vo2max', 'cda', 'weight'] as const;
export type EvolutionMetric = (typeof EVOLUTION_METRICS)[number];
export const EVOLUTION_RANGES = ['3m', '6m', '1y', 'all'] as const;
export type EvolutionRange = (typeof EVOLUTION_RANGES)[number];
export const EVOLUTION_SOURCE_KINDS = ['ride', 'test', 'setting'] as const;
/** How a point's value was found. */
export const EVOLUTION_BASES = ['set', 'device', 'eftp', 'test_20min', 'five_min_power', 'aero_fit'] as const;

export const evolutionQuerySchema = z.object({
  metric: z.enum(EVOLUTION_METRICS).default('ftp'),
  range: z.enum(EVOLUTION_RANGES).default('6m'),
  tz: z.string().optional().describe("IANA time zone (the browser's)"),
});

export const evolutionPointSchema = z.object({
  date: z.string().describe('Local date YYYY-MM-DD'),
  value: z.number(),
  basis: z.enum(EVOLUTION_BASES),
  source: z.object({
    kind: z.enum(EVOLUTION_SOURCE_KINDS),
    id: z.string().describe('Ride id (ride, test) or athlete settings entry id (setting)'),
  }),
});
export type EvolutionPoint = z.infer<typeof evolutionPointSchema>;

export const evolutionResponseSchema = z.object({
  metric: z.enum(EVOLUTION_METRICS),
  range: z.enum(EVOLUTION_RANGES),
  unit: z.enum(['W', 'ml/kg/min', 'm2', 'kg']),
  from: z.string().nullable().describe('First local date of the range; null for all'),
  points: z.array(evolutionPointSchema).describe('Oldest first'),
  current: nullableNumber('The newest point'),
  change: nullableNumber('Newest minus oldest point of the range'),
  change_pct: nullableNumber('Change over the oldest point, %'),
  trend: z
    .enum(['improving', 'declining', 'stable'])
    .nullable()
    .describe('Stable under 2 %; better is up for FTP and VO2max, down for CdA and weight (spec 001 §4)'),
  count: z.number(),
});
export type EvolutionResponse = z.infer<typeof evolutionResponseSchema>;
