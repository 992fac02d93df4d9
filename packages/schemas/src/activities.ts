import { RIDER_VALUE_SOURCES } from './rider-weight.ts';
import { z } from 'zod';
import { workoutComplianceSchema } from './plan.ts';

// Response bodies of the activity routes (packages/server/src/modules/activities): what
// activity.presenter.ts, streams.presenter.ts and ride-detail-analysis.ts send, field for field.
// Names are the spec's (000 §3 "Activity (API shape)", §7 streams), as docs/API.md lists them.

const isoTimestamp = z.string().describe('ISO 8601 UTC');
const nullableNumber = (description: string) => z.number().nullable().describe(description);

/**
 * How a ride's FTP was chosen: settings, the rider's FTP on the ride's date; file, the device's;
 * nearest, the rider's FTP entry nearest in time; estimated, eFTP from the rider's power curve; none.
 */
export const FTP_SOURCES = ['settings', 'file', 'nearest', 'estimated', 'none'] as const;
export type FtpSource = (typeof FTP_SOURCES)[number];

/**
 * Where a ride's total ascent comes from: device, the head unit's own (FIT session total_ascent);
 * estimated, Vatio's estimate from the altitude stream (the file has no figure of its own); strava,
 * the figure Strava sent with the ride.
 */
export const ASCENT_SOURCES = ['device', 'estimated', 'strava'] as const;
export type AscentSourceName = (typeof ASCENT_SOURCES)[number];

export const activityResponseSchema = z.object({
  id: z.string().describe('UUID'),
  name: z
    .string()
    .describe(
      "The ride's name; a ride without one is named in the reader's language (?lang, Accept-Language)",
    ),
  name_is_default: z
    .boolean()
    .describe("True when `name` is Vatio's default (the file, Strava or the rider gave none)"),
  type: z
    .string()
    .describe(
      'Strava-style type: Ride, VirtualRide, GravelRide, MountainBikeRide, EBikeRide (Strava may send others)',
    ),
  sport: z.string().nullable().describe("The file's sport (FIT names), null when it gives none"),
  sub_sport: z.string().nullable().describe("The file's sub-sport (FIT names), null when it gives none"),
  source: z.enum(['upload', 'strava', 'demo']),
  start_date: isoTimestamp,
  distance: nullableNumber('Metres'),
  moving_time: z.number().describe('Seconds'),
  elapsed_time: z.number().describe('Seconds'),
  total_elevation_gain: nullableNumber('Metres'),
  total_elevation_gain_source: z
    .enum(ASCENT_SOURCES)
    .nullable()
    .describe(
      "Where total_elevation_gain comes from: the device's own figure, Vatio's estimate, or Strava's; null when unknown (stored before it was recorded) or when there is no ascent",
    ),
  average_speed: nullableNumber('m/s, over the moving time'),
  max_speed: nullableNumber('m/s'),
  average_power: nullableNumber('Watts'),
  max_power: nullableNumber('Watts'),
  normalized_power: nullableNumber('Watts (NP)'),
  intensity_factor: nullableNumber('NP / ftp_w'),
  training_stress_score: nullableNumber('TSS, against ftp_w'),
  variability_index: nullableNumber('NP / average power'),
  work_kj: nullableNumber('Kilojoules'),
  ftp_w: nullableNumber('Watts: the FTP the ride is measured against (IF, TSS)'),
  ftp_source: z.enum(FTP_SOURCES).describe('How ftp_w was chosen: IF and TSS are measured against it'),
  average_heartrate: nullableNumber('Beats per minute'),
  max_heartrate: nullableNumber('Beats per minute'),
  average_cadence: nullableNumber('Revolutions per minute'),
  calories: nullableNumber('Kilocalories'),
  device_name: z.string().nullable(),
  has_streams: z.boolean(),
  has_power: z.boolean(),
  has_heartrate: z.boolean(),
  has_gps: z.boolean(),
  bike_id: z.string().nullable().describe('UUID of one of the rider’s bikes'),
  notes: z.string().nullable(),
  created_at: isoTimestamp,
  updated_at: isoTimestamp,
});
export type ActivityResponse = z.infer<typeof activityResponseSchema>;

/**
 * One lap: the file's figures, its window clipped to the ride (never past its end or the next lap's
 * start); figures the file lacks or contradicts are measured from the streams in that window. A
 * channel the ride did not record is null.
 */
export const lapResponseSchema = z.object({
  index: z.number().describe('0-based, in ride order'),
  start_offset_s: z.number().describe("Seconds after the ride's start"),
  elapsed_time: nullableNumber('Seconds'),
  moving_time: nullableNumber('Seconds'),
  distance: nullableNumber('Metres'),
  average_power: nullableNumber('Watts'),
  max_power: nullableNumber('Watts'),
  normalized_power: nullableNumber('Watts (NP)'),
  average_heartrate: nullableNumber('Beats per minute'),
  average_cadence: nullableNumber('Revolutions per minute'),
  average_speed: nullableNumber('m/s'),
});
export type LapResponse = z.infer<typeof lapResponseSchema>;

/** GET /api/activities/:id: the ride with its laps. */
export const activityDetailResponseSchema = activityResponseSchema.extend({
  laps: z.array(lapResponseSchema),
  /**
   * Issue 26: how the ride followed the workout planned on its day (the first ride of the day with
   * power is matched); null without a plan or a planned workout that day.
   */
  plan_compliance: workoutComplianceSchema.nullable(),
});
export type ActivityDetailResponse = z.infer<typeof activityDetailResponseSchema>;

/** GET /api/activities */
export const activityPageResponseSchema = z.object({
  activities: z.array(activityResponseSchema),
  total: z.number().describe('Rides matching the filters, all pages'),
  limit: z.number(),
  offset: z.number(),
});
export type ActivityPageResponse = z.infer<typeof activityPageResponseSchema>;

/** GET /api/activities/search */
export const activitySearchResponseSchema = z.object({
  activities: z.array(activityResponseSchema),
});

/** One value per second of the ride's timeline; null where the ride was paused or the sensor had none. */
const channel = (description: string) =>
  z
    .array(z.number().nullable())
    .nullable()
    .describe(`${description}, one per second, null in pauses; null: the ride has no such channel`);

/** GET /api/activities/:id/streams (spec 000 §7). */
export const activityStreamsResponseSchema = z.object({
  time: z.array(z.number()).describe("Seconds after the ride's start, one per second (1 Hz timeline)"),
  moving: z.array(z.boolean()).describe('False where the ride was paused or the data has a hole'),
  watts: channel('Watts'),
  heartrate: channel('Beats per minute'),
  cadence: channel('Revolutions per minute'),
  velocity: channel('m/s'),
  distance: channel('Metres from the start'),
  altitude: channel('Metres'),
  latlng: z
    .array(z.tuple([z.number(), z.number()]).nullable())
    .nullable()
    .describe('[latitude, longitude] in degrees, one per second, null in pauses; null: no GPS'),
  temp: channel('°C'),
  left_right_balance: channel("Left leg's share of power, %"),
  torque_effectiveness: channel('Torque effectiveness, %'),
  pedal_smoothness: channel('Pedal smoothness, %'),
});
export type ActivityStreamsResponse = z.infer<typeof activityStreamsResponseSchema>;

/** Strava's climb category from length × average grade; `uncategorized` below category 4. */
export const CLIMB_CATEGORIES = ['hc', 'cat1', 'cat2', 'cat3', 'cat4', 'uncategorized'] as const;

const curvePointSchema = z.object({
  duration_s: z.number().describe('Seconds'),
  power_w: z.number().describe('Best mean power over the duration, watts'),
});

const powerZoneSchema = z.object({
  zone: z.number().describe('1-based'),
  name_key: z.string().describe('Translation key of the zone name (zones.power.*)'),
  min_w: nullableNumber('Watts, inclusive'),
  max_w: nullableNumber('Watts, exclusive; null for the open top zone'),
  time_s: z.number().describe('Seconds of the ride spent in the zone'),
});

const heartRateZoneSchema = z.object({
  zone: z.number().describe('1-based'),
  name_key: z.string().describe('Translation key of the zone name (zones.heart.*)'),
  min_bpm: nullableNumber('Beats per minute, inclusive'),
  max_bpm: nullableNumber('Beats per minute, exclusive; null for the open top zone'),
  time_s: z.number().describe('Seconds of the ride spent in the zone'),
});

const climbSchema = z.object({
  start_s: z.number().describe("Seconds on the ride's timeline at the climb's lowest point"),
  end_s: z.number().describe("Seconds on the ride's timeline at the climb's highest point"),
  length_m: nullableNumber('Metres'),
  gain_m: nullableNumber('Metres'),
  average_grade_pct: nullableNumber('%'),
  vam_m_h: nullableNumber('VAM: metres climbed per hour'),
  category: z.enum(CLIMB_CATEGORIES),
  average_power_w: nullableNumber('Watts'),
});

/** How the ride page's W′ balance parameters relate to the fit (@vatio/analysis `wPrimeBalanceParameters`). */
export const W_PRIME_BALANCE_ADJUSTMENTS = ['none', 'cp_raised', 'w_prime_raised', 'unsupported'] as const;

/** Physiological bounds a CP fit breaks (@vatio/analysis `implausibleReasons`). */
export const CP_IMPLAUSIBLE_REASONS = [
  'cp-too-low',
  'cp-too-high',
  'w-prime-too-low',
  'w-prime-too-high',
  'pmax-below-best-5s',
] as const;

/** The FTP estimators of @vatio/analysis (`FtpMethod`), each named on the ride page. */
export const FTP_METHODS = ['best-20-min-95', 'cp-2p', 'cp-3p', 'spec-prototype-rule'] as const;

/** One FTP estimate of one ride (@vatio/analysis `ftpEstimates`, the same list `vatio analyze` prints). */
export const rideFtpEstimateSchema = z.object({
  method: z
    .enum(FTP_METHODS)
    .describe(
      'best-20-min-95: 95 % of the best 20 min; cp-2p: critical power of the 2-parameter model by GoldenCheetah’s envelope of the 2–3⅓ min and 12–20 min bests; cp-3p: of Morton’s 3-parameter model, least squares over the 1 s–20 min bests; spec-prototype-rule: the spec prototype rule, a labelled option',
    ),
  ftp_w: z.number().describe('Watts, to 0.1'),
  confidence: z
    .number()
    .describe(
      '0–1: 0.4 for best-20-min-95 (a prior), 0.1 for the spec rule; for the CP fits 0 when implausible, else the fit’s R² on power clamped to 0.1–0.95',
    ),
  implausible: z
    .array(z.enum(CP_IMPLAUSIBLE_REASONS))
    .optional()
    .describe(
      'CP fits only: the physiological bounds broken (CP 50–600 W, W′ 5–50 kJ, a 3P Pmax at least the best 5 s); non-empty: rejected, not to be shown as a value',
    ),
  fit: z
    .object({
      cp_w: z.number().describe('Critical power, watts'),
      w_prime_j: z.number().describe('W′, joules'),
      r2: z.number().describe('R² of the model power against the fitted bests'),
    })
    .optional()
    .describe('The CP model behind a cp-2p or cp-3p estimate; absent for the others'),
});

/** GET /api/activities/:id/analysis: computed on request from the stored streams (ride-detail-analysis.ts). */
export const activityAnalysisResponseSchema = z.object({
  activity_id: z.string(),
  settings_used: z
    .object({
      ftp_w: nullableNumber('Watts'),
      ftp_source: z.enum(FTP_SOURCES),
      ftp_estimate: z
        .object({
          method: z.string().describe('cp-2p, cp-3p, best-20-min-95 or spec-prototype-rule'),
          windowDays: z.number().describe('Days of rides the estimate was made from'),
          rides: z.number().describe('Rides in that window'),
        })
        .nullable()
        .describe('How an estimated FTP (ftp_source estimated) was found; null otherwise'),
      ftp_from: z
        .string()
        .nullable()
        .describe("The date the rider's FTP entry holds from, when ftp_source is settings or nearest"),
      weight_kg: nullableNumber('Kilograms'),
      weight_source: z
        .enum(['settings', 'nearest', 'profile'])
        .nullable()
        .describe(
          'settings: the dated weight in force on the ride date; nearest: none was yet, the nearest entry; profile: stored before the profile weight became a dated entry',
        ),
      weight_from: z.string().nullable().describe('The date the weight used holds from (YYYY-MM-DD)'),
      bike_kg: nullableNumber("Kilograms, the ride's bike"),
      max_hr_bpm: nullableNumber('Beats per minute'),
      max_hr_source: z
        .enum(RIDER_VALUE_SOURCES)
        .nullable()
        .describe('settings: in force on the ride date; nearest: none was yet, the nearest entry'),
      max_hr_from: z.string().nullable().describe('The date that max HR holds from'),
      lthr_bpm: nullableNumber('Lactate threshold heart rate, beats per minute'),
      lthr_source: z.enum(RIDER_VALUE_SOURCES).nullable().describe('As max_hr_source'),
      lthr_from: z.string().nullable().describe('The date that LTHR holds from'),
    })
    .describe("The rider's settings at the ride's date that the analysis used"),
  summary: z.object({
    moving_time_s: z.number(),
    elapsed_time_s: z.number(),
    average_power_w: nullableNumber('Watts'),
    max_power_w: nullableNumber('Watts'),
    normalized_power_w: nullableNumber('Watts (NP)'),
    variability_index: nullableNumber('NP / average power'),
    intensity_factor: nullableNumber('NP / FTP'),
    training_stress_score: nullableNumber('TSS'),
    work_kj: nullableNumber('Kilojoules'),
    x_power_w: nullableNumber('Skiba xPower, watts'),
    average_heartrate_bpm: nullableNumber('Beats per minute'),
    max_heartrate_bpm: nullableNumber('Beats per minute'),
    efficiency_factor: nullableNumber('Friel EF: NP / average heart rate, W/bpm'),
    aerobic_decoupling_pct: nullableNumber(
      'Pw:HR (Friel): efficiency (average power / heart rate) lost from the first half of the moving time to the second, %',
    ),
    heart_rate_drift_pct: nullableNumber('Average heart rate of the second half over the first, change in %'),
    average_cadence_rpm: nullableNumber('Revolutions per minute'),
    elevation_gain_m: nullableNumber('Metres'),
    watts_per_kg: nullableNumber('Average power / weight_kg, W/kg'),
  }),
  power_curve: z.array(curvePointSchema).describe("The ride's own best-power curve"),
  best_power_curve: z
    .array(
      curvePointSchema.extend({
        activity_id: z.string().describe('The ride that holds this best'),
        date: isoTimestamp.describe('ISO 8601 UTC start of the ride that holds this best'),
      }),
    )
    .describe("The rider's all-time best-power curve"),
  zones: z.object({
    power: z.array(powerZoneSchema).describe('Coggan zones from ftp_w; empty without an FTP'),
    heart_rate: z.array(heartRateZoneSchema).describe('From lthr_bpm, else max_hr_bpm; empty without either'),
  }),
  w_prime_balance: z
    .object({
      cp_w: nullableNumber('Critical power the series is drawn with, watts'),
      w_prime_j: nullableNumber('W′ the series is drawn with, joules'),
      source: z.string().describe('How the fitted CP and W′ were found'),
      adjustment: z
        .enum(W_PRIME_BALANCE_ADJUSTMENTS)
        .describe(
          'none: the fitted CP and W′ (the balance never goes below zero with them); cp_raised: they would take it below zero, so CP is raised in 3 W steps to the lowest that keeps it above (GoldenCheetah WPrime::PCP); w_prime_raised: GoldenCheetah would not try (W′ under 10 kJ or the balance below −10 kJ), so W′ is raised in 100 J steps instead; unsupported: not even W′ 50 kJ keeps it above zero, so no series',
        ),
      fitted_cp_w: nullableNumber('Critical power of the fit, watts'),
      fitted_w_prime_j: nullableNumber('W′ of the fit, joules'),
      fitted_min_j: nullableNumber(
        'Lowest balance the fitted CP and W′ give, joules (below zero unless adjustment is none)',
      ),
      min_j: nullableNumber('Lowest W′ balance of the series, joules; null when unsupported'),
      series_j: z
        .array(z.number().nullable())
        .describe('W′ balance in joules, one per second, null in pauses; empty when unsupported'),
    })
    .nullable()
    .describe('Null when no plausible critical power could be fitted from the 90 days before the ride'),
  decoupling: z
    .object({
      pw_hr_pct: nullableNumber(
        'Power / heart rate lost from the first half of the moving time to the second, %',
      ),
      first_half_ef: nullableNumber('Power / heart rate over the first half of the moving time'),
      second_half_ef: nullableNumber('Power / heart rate over the second half'),
    })
    .nullable()
    .describe('Null without power and heart rate, or under an hour of both (see decoupling_unavailable)'),
  decoupling_unavailable: z
    .object({
      reason: z.enum(['no_power_or_heart_rate', 'too_short']),
      seconds: z.number().describe('recorded seconds with both power and heart rate'),
      required_s: z.number().describe('seconds of both the figure needs (an hour, Friel)'),
    })
    .nullable()
    .describe('Why there is no decoupling; null when there is one'),
  aero: z
    .object({
      cda_m2: nullableNumber('Drag area CdA, m²'),
      crr: nullableNumber('Rolling resistance coefficient'),
      rmse_m: nullableNumber('Virtual against recorded elevation, root mean square error, metres'),
      r2: nullableNumber('Virtual against recorded elevation, R²'),
      rating: z
        .enum(['good', 'fair', 'poor', 'implausible'])
        .describe('implausible whenever CdA or Crr is physically impossible, whatever r2'),
      implausible: z
        .array(z.enum(['cda_low', 'cda_high', 'crr_low', 'crr_high']))
        .describe('The physical bounds the fit breaks; empty unless implausible'),
      air_density_kg_m3: nullableNumber('kg/m³'),
      assumptions: z
        .object({
          rider_kg: nullableNumber('Kilograms'),
          rider_kg_source: z.enum(['settings', 'nearest', 'profile', 'default']),
          bike_kg: nullableNumber('Kilograms'),
          bike_kg_source: z.enum(['bike', 'default']),
          temperature_c: nullableNumber('°C'),
          temperature_source: z.enum(['recorded', 'default']),
          humidity_pct: z.number().describe('%'),
          pressure_hpa: nullableNumber('hPa'),
        })
        .describe('Every input the fit did not measure, and whether it is the rider’s own or a default'),
    })
    .nullable()
    .describe("The ride's virtual-elevation fit (stored with the ride); null when none could be made"),
  pedaling: z.object({
    left_balance_pct: nullableNumber("Left leg's share of power, %"),
    torque_effectiveness_pct: nullableNumber('%'),
    pedal_smoothness_pct: nullableNumber('%'),
    cadence_variability_pct: nullableNumber('%'),
    torque_variability_pct: nullableNumber('%'),
    stability_index_pct: nullableNumber('%'),
    unavailable: z
      .object({
        torque_effectiveness: z
          .enum(['not_recorded', 'zeros_only'])
          .nullable()
          .describe('zeros_only: the device wrote 0 % at positive power every second ("not measured")'),
        pedal_smoothness: z.enum(['not_recorded', 'zeros_only']).nullable(),
        torque_variability: z
          .enum(['no_cadence_or_power', 'too_few_seconds', 'implausible'])
          .nullable()
          .describe('implausible: over 100 % (a few seconds dominate: sensor artefacts), withheld'),
      })
      .describe('Why a pedalling figure above is null, where there is a reason to give'),
    platform_centre_offset_left_mm: nullableNumber(
      'Platform centre offset of the left pedal, mm from its centre, positive outward (dual-sided pedals)',
    ),
    platform_centre_offset_right_mm: nullableNumber('Platform centre offset of the right pedal, mm'),
    power_phase_left_start_deg: nullableNumber(
      'Left power phase start, degrees of crank angle from top dead centre (circular mean)',
    ),
    power_phase_left_end_deg: nullableNumber('Left power phase end, degrees'),
    power_phase_left_arc_deg: nullableNumber('Left power phase length, degrees'),
    power_phase_left_peak_start_deg: nullableNumber('Left peak power phase start, degrees'),
    power_phase_left_peak_end_deg: nullableNumber('Left peak power phase end, degrees'),
    power_phase_left_peak_arc_deg: nullableNumber('Left peak power phase length, degrees'),
    power_phase_right_start_deg: nullableNumber('Right power phase start, degrees'),
    power_phase_right_end_deg: nullableNumber('Right power phase end, degrees'),
    power_phase_right_arc_deg: nullableNumber('Right power phase length, degrees'),
    power_phase_right_peak_start_deg: nullableNumber('Right peak power phase start, degrees'),
    power_phase_right_peak_end_deg: nullableNumber('Right peak power phase end, degrees'),
    power_phase_right_peak_arc_deg: nullableNumber('Right peak power phase length, degrees'),
  }),
  climbs: z.array(climbSchema),
  ftp_estimates: z
    .array(rideFtpEstimateSchema)
    .describe(
      "Every FTP estimate the ride's own bests support, most trusted first; empty without power (settings_used.ftp_w is the FTP the ride is measured against)",
    ),
  laps: z.array(lapResponseSchema),
});
export type ActivityAnalysisResponse = z.infer<typeof activityAnalysisResponseSchema>;
