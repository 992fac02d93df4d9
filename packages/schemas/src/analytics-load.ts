import { z } from 'zod';
import { FORM_STATES } from './dashboard.ts';
import { riderWeightSchema } from './rider-weight.ts';

// Training load (GET /api/analytics/training-load) and predictive analysis
// (GET /api/analytics/predictive): queries and answers, shared by the server's contracts, the
// OpenAPI document and the web app. Every `*_key` is a message key the web translates; formulas in
// docs/formulas/performance-management.md and docs/formulas/predictive-analysis.md.

const isoDate = z.string().describe('YYYY-MM-DD in the rider’s time zone');
const tz = z.string().optional().describe("IANA time zone (the browser's)");

export const TRAINING_LOAD_DAYS = [90, 180, 365] as const;
export const PREDICTIVE_WEEKS = [2, 4, 8] as const;

const oneOf = (allowed: readonly number[], fallback: number) =>
  z.coerce
    .number()
    .int()
    .refine((v) => allowed.includes(v), { message: `one of ${allowed.join(', ')}` })
    .default(fallback);

export const trainingLoadQuerySchema = z.object({
  days: oneOf(TRAINING_LOAD_DAYS, 90).describe('90, 180 or 365'),
  tz,
});
export const predictiveQuerySchema = z.object({
  weeks: oneOf(PREDICTIVE_WEEKS, 4).describe('2, 4 or 8'),
  tz,
});

// The dashboard's form states (dashboard.ts): one list of TSB bands for every screen.
const formState = z.enum(FORM_STATES);

const loadPoint = z.object({
  date: isoDate,
  tss: z.number(),
  ctl: z.number(),
  atl: z.number(),
  tsb: z.number().describe('yesterday’s CTL − ATL'),
});

export const trainingLoadResponseSchema = z.object({
  days_requested: z.number(),
  today: isoDate,
  /** What is missing for a chart: `power` when no ride has a TSS. */
  needs: z.array(z.enum(['power'])),
  days: z.array(loadPoint.extend({ ramp_rate: z.number().nullable() })),
  /** The next 14 days if the rider follows the recommended load (two planned weeks). */
  projection: z.array(loadPoint),
  current: z
    .object({
      ctl: z.number(),
      atl: z.number(),
      tsb: z.number(),
      ramp_rate: z.number().nullable(),
      form: formState,
      fatigue: z.enum(['fresh', 'building', 'high', 'extreme']),
    })
    .nullable(),
  recommendations: z
    .object({
      form: formState,
      advice_key: z.string(),
      next_7_days: z.object({
        plan_key: z.string(),
        days: z.array(z.object({ date: isoDate, tss: z.number() })),
        weekly_tss: z.number(),
        rest_days: z.number(),
        ramp_target_per_week: z.number(),
        ramp_per_week: z.number().describe('CTL change the plan gives'),
        ramp_limit_per_week: z.number().describe('Friel: 5–8 CTL points a week'),
      }),
      tss_targets: z.object({
        weekly: z.tuple([z.number(), z.number()]),
        daily: z.tuple([z.number(), z.number()]),
        rest_days: z.tuple([z.number(), z.number()]),
      }),
      recovery: z.array(z.object({ category: z.enum(['sleep', 'nutrition', 'active']), key: z.string() })),
      balance: z.object({
        value: z.number().describe('ATL − CTL'),
        status: z.enum(['excellent', 'good', 'warning', 'critical']),
        advice_key: z.string().nullable(),
      }),
    })
    .nullable(),
});
export type TrainingLoadResponse = z.infer<typeof trainingLoadResponseSchema>;

// history: the hard efforts' eFTP windows (90 days before each) reach back past the rider's first ride
// with power, so the estimates only rise as rides fill them: no trend from them.
export const PREDICTIVE_NEEDS = ['power', 'rides', 'hard_efforts', 'weight', 'history'] as const;
export const EVENT_KEYS = ['gran_fondo_100km', 'criterium_45min', 'mountain_stage_85km'] as const;
export const ENERGY_ZONE_KEYS = ['endurance', 'tempo', 'threshold', 'vo2max', 'neuromuscular'] as const;
export const PROFILE_POINT_KEYS = ['5s', '1min', '5min', 'ftp'] as const;

const summaryLine = z.object({
  key: z.string(),
  values: z.record(z.string(), z.union([z.number(), z.string()])),
});

export const predictiveResponseSchema = z.object({
  weeks: z.number(),
  today: isoDate,
  window: z.object({ from: isoDate, to: isoDate }),
  weight: riderWeightSchema,
  /** Why a part is missing: no power, fewer than 5 rides, fewer than 3 hard efforts, no weight. */
  needs: z.array(z.enum(PREDICTIVE_NEEDS)),
  counts: z.object({
    rides: z.number().describe('rides with power among the latest 20 of the last 90 days'),
    hard_efforts: z.number().describe('of those, IF > 0.85 for more than 20 min'),
    maximal_efforts: z.number().describe('rides within 3 % of the 90-day best at 3, 5, 10 or 20 min'),
    required_rides: z.number(),
    required_hard_efforts: z.number(),
  }),
  current_ftp: z
    .object({
      value: z.number(),
      source: z
        .enum(['settings', 'nearest', 'ride', 'estimated'])
        .describe("A ride's order: the rider's entry in force, the nearest, the newest device FTP, the eFTP"),
      from: z.string().nullable().describe("The date the rider's entry holds from (settings, nearest)"),
    })
    .nullable(),
  predicted_ftp: z
    .object({
      value: z.number(),
      low: z.number(),
      high: z.number(),
      in_days: z.number(),
      delta: z.number().nullable().describe('value − current FTP'),
      rate_w_per_week: z.number(),
      r2: z.number(),
      points: z.array(z.object({ date: isoDate, ftp: z.number() })),
    })
    .nullable(),
  confidence: z.enum(['high', 'medium', 'low']).nullable(),
  confidence_basis: z
    .object({
      points: z.number().describe('0–6: hard efforts, maximal efforts and interval width, 2 each at most'),
      fit_points: z.number().describe('estimates the trend line was fitted to'),
      r2: z.number().describe("the trend line's R²"),
      interval_half_width_pct: z.number().describe('half-width of the 95 % interval over the prediction, %'),
      capped_by: z
        .enum(['few_points', 'weak_fit'])
        .nullable()
        .describe('what held the level below what the points give (fewer than 5 or 8 estimates; R² < 0.5)'),
    })
    .nullable()
    .describe('Null with confidence'),
  days_to_test: z
    .object({
      days: z.number(),
      reason: z.enum(['ready', 'needs-freshness', 'recent-maximal-effort', 'no-maximal-effort']),
      fresh_in_days: z.number(),
      due_in_days: z.number(),
      last_maximal_effort: isoDate.nullable(),
    })
    .nullable(),
  form: z.object({ state: formState, tsb: z.number(), ctl: z.number(), atl: z.number() }).nullable(),
  plateau_risk: z
    .object({
      value: z.number(),
      level: z.enum(['low', 'moderate', 'high']),
      ftp_flat: z.boolean(),
      fitness_flat: z.boolean(),
      ctl_change_28d: z.number(),
    })
    .nullable(),
  power_profile: z
    .object({
      weight_kg: z.number(),
      table: z.enum(['male', 'female']).describe('Allen & Coggan power profile chart'),
      sex_said: z.boolean().describe("false: the profile does not say; the men's table is used"),
      points: z.array(
        z.object({
          key: z.enum(PROFILE_POINT_KEYS),
          power_w: z.number(),
          w_per_kg: z.number(),
          score: z.number().describe('0 untrained floor … 100 world-class top'),
          category: z.string().nullable(),
        }),
      ),
      rider_type: z.string().nullable(),
    })
    .nullable(),
  events: z.array(
    z.object({
      key: z.enum(EVENT_KEYS),
      power_w: z.number(),
      time_s: z.number(),
      distance_m: z.number(),
      average_speed_kmh: z.number(),
    }),
  ),
  event_assumptions: z
    .object({
      rider_kg: z.number(),
      bike_kg: z.number(),
      bike_weight_source: z.enum(['bike', 'default']),
      cda_m2: z.number(),
      cda_source: z.enum(['virtual_elevation', 'bike', 'default']),
      crr: z.number(),
      air_density: z.number(),
      model: z.object({
        cp_w: z.number(),
        w_prime_j: z.number(),
        source: z.enum(['cp_2p', 'ftp']),
      }),
    })
    .nullable(),
  tactical: z
    .object({
      rides: z.number(),
      hours: z.number(),
      surges: z.number(),
      surges_per_hour: z.number(),
      matches_burned: z.number().nullable().describe('null without a CP/W′ fit'),
      matches_per_hour: z.number().nullable(),
      energy_kj: z.object(
        Object.fromEntries(ENERGY_ZONE_KEYS.map((k) => [k, z.number()])) as Record<
          (typeof ENERGY_ZONE_KEYS)[number],
          z.ZodNumber
        >,
      ),
      advice: z.array(z.object({ block: z.enum(['surges', 'matches', 'energy']), key: z.string() })),
    })
    .nullable(),
  summary: z.array(summaryLine),
});
export type PredictiveResponse = z.infer<typeof predictiveResponseSchema>;
