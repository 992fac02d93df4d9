import { z } from 'zod';
import { riderWeightSchema } from './rider-weight.ts';
import { FORM_STATES } from './dashboard.ts';

// Advanced metrics (GET /api/analytics/advanced and /api/public/analytics/advanced): query and answer,
// shared by the server's contract, the OpenAPI document and the web app. Formulas and sources in
// docs/formulas/advanced-metrics.md. A figure the data cannot give is null and its reason is in the
// section's `needs`; nothing is made up.

const isoDate = z.string().describe('YYYY-MM-DD in the rider’s time zone');

export const ADVANCED_PERIODS = ['4w', '12w', '1y'] as const;
export type AdvancedPeriod = (typeof ADVANCED_PERIODS)[number];

export const advancedQuerySchema = z.object({
  period: z.enum(ADVANCED_PERIODS).default('4w').describe('4w, 12w or 1y'),
  tz: z.string().optional().describe("IANA time zone (the browser's)"),
});

/** Why a figure is missing. */
export const ADVANCED_NEEDS = [
  'rides',
  'power',
  'heart_rate',
  'weight',
  'ftp',
  'streams',
  'long_rides',
  'steady_segments',
  'pedaling_dynamics',
  'pco_power_phase',
  'cadence',
  'aero_fits',
  'altitude',
  'sprints',
  'hard_efforts',
  'gas_exchange',
  'previous_period',
] as const;
const needs = z.array(z.enum(ADVANCED_NEEDS));

export const GRADIENT_CLASS_KEYS = ['climbing', 'flat', 'descending'] as const;
export const AEROBIC_CAPACITY_KEYS = ['excellent', 'good', 'average', 'below_average', 'poor'] as const;
export const SCORE_COMPONENT_KEYS = ['readiness', 'fatigue_resistance', 'improvement', 'vo2max'] as const;

const summaryLine = z.object({
  key: z.string(),
  values: z.record(z.string(), z.union([z.number(), z.string()])),
});

const powerPhaseLeg = z.object({
  start_deg: z.number(),
  end_deg: z.number(),
  arc_deg: z.number(),
  peak_start_deg: z.number().nullable(),
  peak_end_deg: z.number().nullable(),
  peak_arc_deg: z.number().nullable(),
});

const threshold = z.object({ power_w: z.number(), heart_rate_bpm: z.number().nullable() });

export const advancedResponseSchema = z.object({
  period: z.enum(ADVANCED_PERIODS),
  today: isoDate,
  window: z.object({ from: isoDate, to: isoDate }),
  rides: z.number().describe('rides in the period'),
  rides_with_power: z.number(),
  ftp: z
    .object({ value: z.number(), source: z.enum(['settings', 'estimated', 'ride']) })
    .nullable()
    .describe('the FTP the period is measured against'),
  weight_kg: z.number().nullable(),
  weight: riderWeightSchema,
  needs,
  summary: z.object({
    overall: z
      .object({
        score: z.number().describe('0–100, equal-weight mean of the components present'),
        components: z.array(z.object({ key: z.enum(SCORE_COMPONENT_KEYS), score: z.number() })),
      })
      .nullable(),
    readiness: z
      .object({
        score: z.number(),
        form: z.enum(FORM_STATES),
        tsb: z.number(),
        ctl: z.number(),
        atl: z.number(),
        acwr: z.number().nullable().describe('7-day over 28-day mean daily TSS'),
      })
      .nullable(),
    fatigue_resistance: z
      .object({
        score: z
          .number()
          .nullable()
          .describe('Null when retained_pct is over 100 % (unscored: see unscored_reason)'),
        unscored_reason: z
          .enum(['fresh_not_maximal'])
          .nullable()
          .describe('Over 100 % retained: the best fresh 5 minutes was not a maximal effort'),
        retained_pct: z.number().describe('best 5-min power after the work over the best fresh'),
        fresh_w: z.number(),
        fatigued_w: z.number(),
        work_kj: z.number().describe('work done before an effort counts as fatigued'),
        rides: z.number(),
      })
      .nullable(),
    improvement: z
      .object({
        score: z.number(),
        method: z.enum(['cp_2p', 'eftp']),
        now_w: z.number(),
        before_w: z.number(),
        change_pct: z.number(),
      })
      .nullable(),
  }),
  physiological: z.object({
    needs,
    vo2max: z
      .object({
        ml_kg_min: z.number(),
        power_5min_w: z.number(),
        w_per_kg: z.number(),
        capacity: z.enum(AEROBIC_CAPACITY_KEYS),
        at_vt2_ml_kg_min: z.number().nullable().describe('ACSM equation at the VT2 power'),
      })
      .nullable(),
    thresholds: z
      .object({
        method: z.enum(['power_hr_line', 'ftp_fraction']),
        confidence: z.enum(['low', 'medium']),
        vt1: threshold,
        vt2: threshold,
        segments: z.number(),
        r2: z.number().nullable(),
        points: z
          .array(z.object({ power_w: z.number(), heart_rate_bpm: z.number() }))
          .describe('the steady segments, at most 200'),
      })
      .nullable(),
  }),
  biomechanics: z.object({
    needs,
    rides_with_dynamics: z.number(),
    left_balance_pct: z.number().nullable(),
    torque_effectiveness_pct: z.number().nullable(),
    pedal_smoothness_pct: z.number().nullable(),
    platform_centre_offset_mm: z
      .object({
        rides: z.number().describe('rides of the period that recorded it'),
        left_mm: z.number().nullable(),
        right_mm: z.number().nullable(),
      })
      .nullable()
      .describe(
        'mean platform centre offset, mm from the pedal centre, positive outward; null: not recorded',
      ),
    power_phase_deg: z
      .object({
        rides: z.number().describe('rides of the period that recorded it'),
        left: powerPhaseLeg.nullable(),
        right: powerPhaseLeg.nullable(),
      })
      .nullable()
      .describe('mean power phase per leg, degrees of crank angle from top dead centre; null: not recorded'),
    cadence: z
      .object({
        average_rpm: z.number(),
        bins: z.array(z.object({ from_rpm: z.number(), to_rpm: z.number(), time_s: z.number() })),
        by_power: z.array(
          z.object({ from_w: z.number(), to_w: z.number(), cadence_rpm: z.number(), time_s: z.number() }),
        ),
      })
      .nullable(),
  }),
  aero: z.object({
    needs,
    rides: z.array(
      z.object({
        activity_id: z.string(),
        date: isoDate,
        bike_id: z.string().nullable(),
        cda_m2: z.number(),
        crr: z.number(),
        r2: z.number().nullable(),
        trustworthy: z.boolean(),
        aero_lab: z.string().describe('/analytics/aero-lab?activity=ID'),
      }),
    ),
    by_bike: z.array(
      z.object({
        bike_id: z.string().nullable(),
        bike_name: z.string().nullable(),
        rides: z.number(),
        median_cda_m2: z.number(),
        trend_m2_per_30d: z.number().nullable().describe('least-squares slope, with 3 fits or more'),
      }),
    ),
  }),
  specific: z.object({
    needs,
    sprints: z
      .object({
        count: z.number(),
        peak_power_w: z.number(),
        peak_acceleration_mps2: z.number().nullable(),
        peak_torque_nm: z.number().nullable(),
      })
      .nullable(),
    repeatability: z
      .object({
        rides: z.number(),
        efforts: z.number(),
        index_pct: z.number().describe('efforts 2…n over the first, median over rides'),
        cv_pct: z.number(),
      })
      .nullable(),
    mechanical_efficiency: z.null().describe('needs gas exchange'),
  }),
  power: z.object({
    needs,
    np_w: z.number().nullable().describe('fourth-power mean of the rides’ NP, by moving time'),
    intensity_factor: z.number().nullable(),
    tss: z.number().nullable().describe('sum over the period'),
    gradient: z
      .object({
        durations_s: z.array(z.number()),
        curves: z.array(
          z.object({
            key: z.enum(GRADIENT_CLASS_KEYS),
            time_s: z.number(),
            power_w: z.array(z.number().nullable()),
          }),
        ),
      })
      .nullable(),
  }),
  professional_summary: z.array(summaryLine),
});

export type AdvancedResponse = z.infer<typeof advancedResponseSchema>;
