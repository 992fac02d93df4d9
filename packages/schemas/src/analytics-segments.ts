import { z } from 'zod';
import { riderWeightSchema } from './rider-weight.ts';

// Segments (GET/PATCH /api/analytics/segments*): climbs the rider rides again, their efforts and
// pacing. Formulas in docs/formulas/segments.md (matching, pacing, efficiency, trend, consistency).

const id = z.string().uuid();
const iso = z.string().describe('ISO 8601 instant');

export const SEGMENT_TRENDS = ['improving', 'declining', 'stable'] as const;
/** Where a segment or an effort comes from: the climb detector, or Strava's segment efforts. */
export const SEGMENT_SOURCES = ['climb', 'strava'] as const;
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
  source: z
    .enum(SEGMENT_SOURCES)
    .describe('climb: found by the climb detector; strava: a Strava segment effort'),
});

export const segmentSummarySchema = z.object({
  id,
  name: z
    .string()
    .nullable()
    .describe('the rider’s name, else Strava’s; null: unnamed (the app names it from length and gradient)'),
  source: z
    .enum(SEGMENT_SOURCES)
    .describe('climb: a climb ridden again; strava: first seen as a Strava segment'),
  strava_segment_id: z.number().int().nullable().describe('the Strava segment it is, when known'),
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
  weight: riderWeightSchema.describe(
    'which weight entry weight_kg is and from when; null without a weight or for a ride analysed before the date was kept',
  ),
  watts_per_kg: z.number().nullable(),
  temperature_c: z.number().nullable().describe('mean recorded temperature on the segment'),
  splits_s: z
    .array(z.number())
    .describe(
      'time from the start at 13 equally spaced distance marks; empty for a Strava effort of a ride without streams',
    ),
  section_power_w: z
    .array(z.number().nullable())
    .describe('mean power of each of the 12 sections; empty without splits'),
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
      rider_weight: riderWeightSchema.describe(
        'the rider’s weight in mass_kg, which entry and from when; null: 75 kg assumed or the entry unknown',
      ),
    })
    .nullable()
    .describe('null when no effort has power'),
});
export type SegmentDetailResponse = z.infer<typeof segmentDetailResponseSchema>;

export const segmentCompareQuerySchema = z.object({
  a: z.string().min(1).describe('First effort id (of this segment)'),
  b: z.string().min(1).describe('Second effort id (of this segment)'),
});

const compareFigures = z.object({
  time_s: z.number().nullable(),
  power_w: z.number().nullable(),
  speed_mps: z.number().nullable(),
});

export const segmentCompareResponseSchema = z.object({
  segment_id: id,
  length_m: z.number(),
  distance_m: z
    .array(z.number())
    .describe('the common distance axis: the centres of 60 equal bins of the segment, m'),
  efforts: z
    .array(
      effortBrief.extend({
        activity_name: z.string().nullable(),
        measured: z
          .boolean()
          .describe(
            'measured on the ride’s streams; false: a Strava effort of a ride without streams (time only)',
          ),
        power_w: z.array(z.number().nullable()).describe('mean power of each bin (empty when not measured)'),
        speed_mps: z
          .array(z.number().nullable())
          .describe('mean speed of each bin (empty when not measured)'),
      }),
    )
    .length(2)
    .describe('a, then b'),
  sections: z
    .array(
      z.object({
        from_m: z.number(),
        to_m: z.number(),
        grade_pct: z.number().describe('the third’s mean gradient (of the segment’s 12 sections)'),
        efforts: z.array(compareFigures).length(2).describe('a, then b (null: not measured)'),
        difference: compareFigures.describe('b − a'),
      }),
    )
    .length(3)
    .describe('the segment in thirds'),
});
export type SegmentCompareResponse = z.infer<typeof segmentCompareResponseSchema>;
