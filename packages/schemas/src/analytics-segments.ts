import { z } from 'zod';

// Segments (GET/PATCH /api/analytics/segments*): climbs the rider rides again, their efforts and
// pacing. Formulas in docs/formulas/segments.md (matching, pacing, efficiency, trend, consistency).

const id = z.string().uuid();
const iso = z.string().describe('ISO 8601 instant');

export const SEGMENT_TRENDS = ['improving', 'declining', 'stable'] as const;
export const PACING_STRATEGIES = ['even', 'negative_split', 'fast_start', 'surging'] as const;
export const PACING_ADVICE = [
  'even_optimal',
  'fast_start',
  'negative_split_good',
  'surging',
  'follow_gradient',
  'push_steep_third',
] as const;

export const segmentPatchSchema = z
  .object({
    name: z.string().trim().max(100).nullable().optional().describe('null or empty: the default name'),
    starred: z.boolean().optional(),
    hidden: z.boolean().optional(),
  })
  .strict();
export type SegmentPatch = z.infer<typeof segmentPatchSchema>;

const effortBrief = z.object({
  id,
  activity_id: id,
  start_time: iso,
  elapsed_s: z.number(),
  average_power_w: z.number().nullable(),
  relative_performance: z.number().describe('best time before this effort ÷ its time (> 1: a personal best)'),
});

export const segmentSummarySchema = z.object({
  id,
  name: z.string().nullable().describe('null: unnamed (the app names it from length and gradient)'),
  length_m: z.number(),
  average_grade_pct: z.number(),
  start: z.object({ lat: z.number(), lng: z.number() }),
  end: z.object({ lat: z.number(), lng: z.number() }),
  starred: z.boolean(),
  hidden: z.boolean(),
  attempts: z.number().int(),
  best: effortBrief,
  latest: effortBrief,
  latest_is_pb: z.boolean().describe('the latest effort is the fastest and faster than every earlier one'),
  average_power_w: z.number().nullable().describe('mean of the efforts’ average powers'),
  consistency_pct: z.number().nullable(),
  trend: z.enum(SEGMENT_TRENDS),
});
export type SegmentSummary = z.infer<typeof segmentSummarySchema>;

export const segmentListResponseSchema = z.object({
  segments: z
    .array(segmentSummarySchema)
    .describe('starred first, then by attempts; hidden ones flagged, last'),
});
export type SegmentListResponse = z.infer<typeof segmentListResponseSchema>;

const effortSchema = effortBrief.extend({
  activity_name: z.string().nullable(),
  average_heart_rate_bpm: z.number().nullable(),
  weight_kg: z.number().nullable().describe('the rider’s weight in force on that date'),
  watts_per_kg: z.number().nullable(),
  temperature_c: z.number().nullable().describe('mean recorded temperature on the segment'),
  splits_s: z.array(z.number()).describe('time from the start at 13 equally spaced distance marks'),
  section_power_w: z.array(z.number().nullable()).describe('mean power of each of the 12 sections'),
});
export type SegmentEffort = z.infer<typeof effortSchema>;

export const segmentDetailResponseSchema = z.object({
  segment: segmentSummarySchema.extend({
    section_grade_pct: z.array(z.number()).describe('gradient of each of the 12 equal sections'),
  }),
  efforts: z.array(effortSchema).describe('oldest first'),
  best_effort_id: id,
  pacing: z
    .object({
      effort_id: id.describe('the latest effort with power'),
      strategy: z.enum(PACING_STRATEGIES),
      efficiency: z.number().describe('0–1'),
      advice: z.array(z.enum(PACING_ADVICE)),
      thirds_grade_pct: z.array(z.number()).length(3),
      actual_w: z.array(z.number().nullable()).length(3),
      recommended_w: z.array(z.number()).length(3),
      even_time_s: z.number().describe('modelled time at the mean power held constant'),
      recommended_time_s: z.number().describe('modelled time at the recommended powers'),
      mass_kg: z.number().describe('rider and bike in the model'),
    })
    .nullable()
    .describe('null when no effort has power'),
});
export type SegmentDetailResponse = z.infer<typeof segmentDetailResponseSchema>;
