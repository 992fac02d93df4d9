import { z } from 'zod';

// Issue 25 (one rider, one weight): the rider's values over time are dated entries (athlete
// settings); a screen that divides by the weight says which entry and from when.

/** Where a rider's dated value came from: the entry in force on the date, else the nearest one. */
export const RIDER_VALUE_SOURCES = ['settings', 'nearest'] as const;

export const riderWeightSchema = z
  .object({
    kg: z.number(),
    source: z.enum(RIDER_VALUE_SOURCES),
    from: z.string().describe('The date the entry holds from (YYYY-MM-DD)'),
  })
  .nullable()
  .describe("The rider's weight every per-kilogram figure here divides by: which one, and from when");
export type RiderWeight = z.infer<typeof riderWeightSchema>;
