import { z } from 'zod';
import { riderWeightSchema } from './rider-weight.ts';

// GET /api/analytics/performance (issue 13, spec 001 §2.1): the performance panel. Shared by the
// server's contract (and so the OpenAPI document) and the web app.

export const PERFORMANCE_WEEKS = ['4', '8', '12'] as const;

export const performanceQuerySchema = z.object({
  weeks: z
    .enum(PERFORMANCE_WEEKS)
    .default('4')
    .describe('The window, in weeks; compared with the same number of weeks before'),
  tz: z.string().optional().describe("IANA time zone (the browser's); weeks end at today's local midnight"),
});

export const PERFORMANCE_TABS = ['power', 'climbing', 'endurance', 'efficiency', 'load'] as const;
export type PerformanceTab = (typeof PERFORMANCE_TABS)[number];

/** The metric keys of each tab, in the order the panel shows them. */
export const PERFORMANCE_METRICS = {
  power: ['ftp', 'average_power', 'normalized_power', 'intensity_factor'],
  climbing: ['vam', 'power_to_weight', 'elevation_gain', 'climbing_efficiency'],
  endurance: ['average_duration', 'power_consistency', 'cardiac_drift', 'endurance_factor'],
  efficiency: ['pedaling_efficiency', 'lr_balance', 'pedal_smoothness', 'cadence_consistency'],
  load: ['weekly_tss', 'ctl', 'atl', 'tsb'],
} as const satisfies Record<PerformanceTab, readonly string[]>;

export const PERFORMANCE_STATUSES = ['excellent', 'good', 'warning', 'critical'] as const;
export const PERFORMANCE_NEEDS = [
  'power_meter',
  'heart_rate_monitor',
  'cadence_sensor',
  'pedaling_dynamics',
  'altitude',
  'weight',
  'rides',
  'climbs',
  'long_steady_ride',
  'long_ride',
] as const;

export const performanceMetricSchema = z.object({
  key: z.string(),
  value: z.number().nullable().describe('null only with `needs`'),
  unit: z.enum(['W', 'W/kg', 'm', 'm/h', 's', '%', 'TSS', 'TSS/d', '']),
  previous_value: z.number().nullable().describe('The same metric over the N weeks before'),
  change_abs: z.number().nullable(),
  change_pct: z
    .number()
    .nullable()
    .describe('null against a zero or negative base, and when previous_too_little'),
  previous_too_little: z
    .boolean()
    .describe(
      'The previous window had fewer than 2 rides (ride-based metrics) or a value under the metric floor: no percent, no trend',
    ),
  trend: z.enum(['up', 'down', 'stable']).nullable().describe('stable under 2 %'),
  status: z.enum(PERFORMANCE_STATUSES).nullable(),
  optimal_range: z.tuple([z.number(), z.number()]).nullable(),
  needs: z.enum(PERFORMANCE_NEEDS).nullable().describe('What the rider would need for a value'),
  source: z
    .enum(['set', 'ride', 'test', 'estimated'])
    .nullable()
    .describe('FTP only: where it comes from (ride: the newest FTP a device recorded in a ride)'),
});
export type PerformanceMetric = z.infer<typeof performanceMetricSchema>;

const dateRange = z.object({
  from: z.string().describe('YYYY-MM-DD, first local day'),
  to: z.string().describe('YYYY-MM-DD, last local day (inclusive)'),
});

export const performanceInsightSchema = z.object({
  key: z.string().describe('Message key (analytics.insights.<key>)'),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type PerformanceInsight = z.infer<typeof performanceInsightSchema>;

export const performanceResponseSchema = z.object({
  weeks: z.number(),
  window: dateRange,
  previous: dateRange,
  tabs: z.object({
    power: z.array(performanceMetricSchema),
    climbing: z.array(performanceMetricSchema),
    endurance: z.array(performanceMetricSchema),
    efficiency: z.array(performanceMetricSchema),
    load: z.array(performanceMetricSchema),
  }),
  profile_table: z
    .object({
      table: z
        .enum(['male', 'female'])
        .describe("Allen & Coggan's power profile table power_to_weight is judged on"),
      sex_said: z.boolean().describe("false: the profile does not say; the men's table is used"),
    })
    .describe('The power-profile table of power_to_weight'),
  summary: z.object({
    counts: z.object({
      excellent: z.number(),
      good: z.number(),
      warning: z.number(),
      critical: z.number(),
      unavailable: z.number(),
    }),
    insights: z.array(performanceInsightSchema),
  }),
  weight: riderWeightSchema,
});
export type PerformanceResponse = z.infer<typeof performanceResponseSchema>;
