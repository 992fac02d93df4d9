// The segment card's answers (GET /api/analytics/segments, /segments/:id, /segments/:id/compare),
// checked by their schemas. A 2.4 km climb at 6.5 % ridden twice by a 62 kg rider; the values are
// plausible by hand (2.4 km in 480 s is 5.0 m/s), not Vatio's output.
import {
  type SegmentCompareResponse,
  type SegmentDetailResponse,
  type SegmentListResponse,
  segmentCompareResponseSchema,
  segmentDetailResponseSchema,
  segmentListResponseSchema,
} from '@vatio/schemas';

const SEGMENT = '5e600000-0000-4000-8000-000000000001';
const RIDE_1 = 'a0000000-0000-4000-8000-000000000001';
const RIDE_2 = 'a0000000-0000-4000-8000-000000000002';
export const EFFORT_1 = 'e0000000-0000-4000-8000-000000000001';
export const EFFORT_2 = 'e0000000-0000-4000-8000-000000000002';

const brief = (id: string, activity: string, start: string, elapsedS: number, powerW: number) => ({
  id,
  activity_id: activity,
  start_time: start,
  elapsed_s: elapsedS,
  average_power_w: powerW,
  relative_performance: 1,
  source: 'climb' as const,
});
const best = brief(EFFORT_2, RIDE_2, '2026-10-12T09:10:00Z', 480, 280);
const first = brief(EFFORT_1, RIDE_1, '2026-09-20T09:00:00Z', 510, 262);

const summary = {
  id: SEGMENT,
  name: 'Alto del Test',
  source: 'climb' as const,
  strava_segment_id: null,
  length_m: 2400,
  average_grade_pct: 6.5,
  start: { lat: 40.4, lng: -3.7 },
  end: { lat: 40.41, lng: -3.69 },
  starred: false,
  hidden: false,
  attempts: 2,
  best,
  latest: best,
  latest_is_pb: true,
  average_power_w: 271,
  consistency_pct: 93,
  trend: 'improving' as const,
};

/** GET /api/analytics/segments: one climb, ridden twice. */
export const oneSegment: SegmentListResponse = segmentListResponseSchema.parse({ segments: [summary] });

const effort = (b: ReturnType<typeof brief>) => ({
  ...b,
  activity_name: 'Morning ride',
  average_heart_rate_bpm: 158,
  weight_kg: 62,
  weight: { kg: 62, source: 'settings', from: '2026-01-01' },
  watts_per_kg: b.average_power_w / 62,
  temperature_c: 14,
  splits_s: Array.from({ length: 13 }, (_, i) => (b.elapsed_s * i) / 12),
  section_power_w: Array.from({ length: 12 }, () => b.average_power_w),
});

/** GET /api/analytics/segments/:id: the two efforts and the pacing of the latest. */
export const segmentDetail: SegmentDetailResponse = segmentDetailResponseSchema.parse({
  segment: { ...summary, section_grade_pct: Array.from({ length: 12 }, () => 6.5) },
  efforts: [effort(first), effort(best)],
  best_effort_id: EFFORT_2,
  pacing: {
    effort_id: EFFORT_2,
    strategy: 'fast_start',
    efficiency: 0.96,
    advice: ['fast_start'],
    thirds_grade_pct: [6, 6.5, 7],
    actual_w: [300, 275, 265],
    recommended_w: [275, 278, 287],
    even_time_s: 482,
    recommended_time_s: 476,
    mass_kg: 70,
    rider_weight: { kg: 62, source: 'settings', from: '2026-01-01' },
  },
});

/** The same segment with no effort that has power: the pacing model cannot run. */
export const segmentDetailNoPower: SegmentDetailResponse = segmentDetailResponseSchema.parse({
  ...segmentDetail,
  pacing: null,
});

const figures = (timeS: number, powerW: number) => ({
  time_s: timeS,
  power_w: powerW,
  speed_mps: 800 / timeS,
});

/** GET /api/analytics/segments/:id/compare?a=…&b=…: the best (a) against the first (b), in thirds. */
export const segmentCompare: SegmentCompareResponse = segmentCompareResponseSchema.parse({
  segment_id: SEGMENT,
  length_m: 2400,
  distance_m: Array.from({ length: 60 }, (_, i) => 20 + i * 40),
  efforts: [best, first].map((b) => ({
    ...b,
    activity_name: 'Morning ride',
    measured: true,
    power_w: Array.from({ length: 60 }, () => b.average_power_w),
    speed_mps: Array.from({ length: 60 }, () => 2400 / b.elapsed_s),
  })),
  sections: [0, 1, 2].map((i) => ({
    from_m: i * 800,
    to_m: (i + 1) * 800,
    grade_pct: 6 + i * 0.5,
    efforts: [figures(160, 280), figures(170, 262)],
    difference: { time_s: 10, power_w: -18, speed_mps: 800 / 170 - 800 / 160 },
  })),
});
