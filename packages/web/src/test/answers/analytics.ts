// The analysis screens' answers (GET /api/analytics/performance, /training-load, /segments), checked by
// their schemas. Values are a plausible rider's (FTP 250 W, 62 kg), not Vatio's output.
import {
  PERFORMANCE_METRICS,
  type PerformanceMetric,
  type PerformanceResponse,
  type PredictiveResponse,
  performanceResponseSchema,
  predictiveResponseSchema,
  type SegmentListResponse,
  segmentListResponseSchema,
  type TrainingLoadResponse,
  trainingLoadResponseSchema,
} from '@vatio/schemas';

const UNITS: Record<string, PerformanceMetric['unit']> = {
  ftp: 'W',
  average_power: 'W',
  normalized_power: 'W',
  intensity_factor: '',
  vam: 'm/h',
  power_to_weight: 'W/kg',
  elevation_gain: 'm',
  climbing_efficiency: '%',
  average_duration: 's',
  power_consistency: '%',
  cardiac_drift: '%',
  endurance_factor: '%',
  pedaling_efficiency: '%',
  lr_balance: '%',
  pedal_smoothness: '%',
  cadence_consistency: '%',
  weekly_tss: 'TSS',
  ctl: 'TSS/d',
  atl: 'TSS/d',
  tsb: 'TSS/d',
};
const VALUES: Record<string, number> = {
  ftp: 250,
  average_power: 190,
  normalized_power: 210,
  intensity_factor: 0.84,
  vam: 820,
  power_to_weight: 4.03,
  elevation_gain: 2480,
  climbing_efficiency: 78,
  average_duration: 5400,
  power_consistency: 82,
  cardiac_drift: 4.1,
  endurance_factor: 88,
  weekly_tss: 420,
  ctl: 58,
  atl: 64,
  tsb: -6,
};

/** A metric with its value, or without one and what it needs (pedalling dynamics here: no such pedals). */
function metric(key: string): PerformanceMetric {
  const value = VALUES[key];
  const base = {
    key,
    unit: UNITS[key] ?? '',
    previous_value: null,
    change_abs: null,
    change_pct: null,
    previous_too_little: true,
    trend: null,
    status: null,
    optimal_range: null,
    source: key === 'ftp' ? 'set' : null,
  } as const;
  return value === undefined
    ? { ...base, value: null, needs: 'pedaling_dynamics' }
    : { ...base, value, needs: null, status: 'good' };
}

export const performance: PerformanceResponse = performanceResponseSchema.parse({
  weeks: 4,
  window: { from: '2026-11-02', to: '2026-11-29' },
  previous: { from: '2026-10-05', to: '2026-11-01' },
  tabs: Object.fromEntries(
    Object.entries(PERFORMANCE_METRICS).map(([tab, keys]) => [tab, keys.map((key) => metric(key))]),
  ),
  profile_table: { table: 'female', sex_said: true },
  weight: { kg: 62, source: 'settings', from: '2026-09-01' },
  summary: {
    counts: { excellent: 0, good: 16, warning: 0, critical: 0, unavailable: 4 },
    insights: [],
  },
});

/** GET /api/analytics/training-load with no ride that has a TSS: the card says it needs power. */
export const trainingLoadNeedsPower: TrainingLoadResponse = trainingLoadResponseSchema.parse({
  days_requested: 90,
  today: '2026-11-29',
  needs: ['power'],
  days: [],
  projection: [],
  current: null,
  recommendations: null,
});

/** GET /api/analytics/segments: no climb ridden twice yet. */
export const noSegments: SegmentListResponse = segmentListResponseSchema.parse({ segments: [] });

const predictiveBase = {
  weeks: 4,
  today: '2026-11-29',
  window: { from: '2026-11-02', to: '2026-11-29' },
  current_ftp: null,
  predicted_ftp: null,
  confidence: null,
  days_to_test: null,
  form: null,
  plateau_risk: null,
  power_profile: null,
  events: [],
  event_assumptions: null,
  tactical: null,
  summary: [],
  weight: { kg: 62, source: 'settings', from: '2026-09-01' },
  confidence_basis: null,
};

/** GET /api/analytics/predictive for a rider with 2 rides with power of the 5 a prediction needs. */
export const predictiveNeedsRides: PredictiveResponse = predictiveResponseSchema.parse({
  ...predictiveBase,
  needs: ['rides'],
  counts: { rides: 2, hard_efforts: 0, maximal_efforts: 0, required_rides: 5, required_hard_efforts: 3 },
});

/** The same with enough rides: an FTP trend from four dated estimates, rising 1.5 W a week. */
export const predictive: PredictiveResponse = predictiveResponseSchema.parse({
  ...predictiveBase,
  needs: [],
  counts: { rides: 12, hard_efforts: 4, maximal_efforts: 1, required_rides: 5, required_hard_efforts: 3 },
  current_ftp: { value: 250, source: 'settings', from: '2026-09-01' },
  predicted_ftp: {
    value: 256,
    low: 249,
    high: 263,
    in_days: 28,
    delta: 6,
    rate_w_per_week: 1.5,
    r2: 0.81,
    points: [
      { date: '2026-11-08', ftp: 244 },
      { date: '2026-11-15', ftp: 246 },
      { date: '2026-11-22', ftp: 247 },
      { date: '2026-11-29', ftp: 249 },
    ],
  },
  confidence: 'medium',
  confidence_basis: {
    points: 4,
    fit_points: 4,
    r2: 0.81,
    interval_half_width_pct: 2.7,
    capped_by: 'few_points',
  },
  form: { state: 'neutral', tsb: -4, ctl: 58, atl: 62 },
});
