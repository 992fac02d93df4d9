// The analysis screens' answers (GET /api/analytics/performance, /training-load, /segments), checked by
// their schemas. Values are a plausible rider's (FTP 250 W, 62 kg), not Vatio's output.
import {
  PERFORMANCE_METRICS,
  type PerformanceMetric,
  type PerformanceResponse,
  performanceResponseSchema,
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
