import { RIDER_VALUE_SOURCES } from './rider-weight.ts';
import { z } from 'zod';

// The aero lab (POST /api/activities/:id/aero-fit): Chung's virtual elevation for chosen CdA, Crr and
// conditions, or fitted. Bounds are what a rider on a bicycle can have (packages/analysis
// aero/fit-rating.ts PLAUSIBLE_*), widened so a slider can show why a value is wrong.

/** CdA the lab accepts, m². */
export const AERO_LAB_CDA_M2 = { min: 0.1, max: 0.8 } as const;
/** Crr the lab accepts. */
export const AERO_LAB_CRR = { min: 0.0005, max: 0.03 } as const;
/** Rider + bike + kit, kg. */
export const AERO_LAB_MASS_KG = { min: 30, max: 250 } as const;
/** Air density, kg/m³ (about 0.7 at 5,000 m on a hot day to 1.45 at −30 °C at sea level). */
export const AERO_LAB_AIR_DENSITY = { min: 0.6, max: 1.5 } as const;
/** Head wind (negative: tail wind), m/s. */
export const AERO_LAB_WIND_MPS = { min: -20, max: 20 } as const;

const bounded = (range: { min: number; max: number }, message: string) =>
  z.number({ message }).min(range.min, { message }).max(range.max, { message });

export const aeroFitRequestSchema = z
  .object({
    cda_m2: bounded(AERO_LAB_CDA_M2, 'cda_invalid')
      .optional()
      .describe("m²; default: the ride's bike's saved CdA, else fitted"),
    crr: bounded(AERO_LAB_CRR, 'crr_invalid')
      .optional()
      .describe("Default: the ride's bike's saved Crr, else fitted"),
    mass_kg: bounded(AERO_LAB_MASS_KG, 'mass_invalid')
      .optional()
      .describe("Rider + bike + kit, kg; default: the rider's weight at the ride's date and the ride's bike"),
    air_density_kg_m3: bounded(AERO_LAB_AIR_DENSITY, 'air_density_invalid')
      .optional()
      .describe('kg/m³; default: per second from the recorded altitude and temperature'),
    temperature_c: z
      .number({ message: 'temperature_invalid' })
      .min(-40, { message: 'temperature_invalid' })
      .max(50, { message: 'temperature_invalid' })
      .optional()
      .describe('°C; with altitude_m gives one air density (ISA pressure, dry air)'),
    altitude_m: z
      .number({ message: 'altitude_invalid' })
      .min(-500, { message: 'altitude_invalid' })
      .max(6000, { message: 'altitude_invalid' })
      .optional()
      .describe('m; with temperature_c gives one air density'),
    wind_mps: bounded(AERO_LAB_WIND_MPS, 'wind_invalid')
      .optional()
      .describe('Head wind, m/s (negative: tail)'),
    lap: z
      .number({ message: 'lap_invalid' })
      .int({ message: 'lap_invalid' })
      .min(0, { message: 'lap_invalid' })
      .optional()
      .describe('0-based lap index: only that lap'),
    start_s: z.number({ message: 'range_invalid' }).min(0, { message: 'range_invalid' }).optional(),
    end_s: z.number({ message: 'range_invalid' }).min(0, { message: 'range_invalid' }).optional(),
    fit: z.boolean().optional().describe('Fit CdA and Crr by least squares instead of using the given ones'),
    include_samples: z
      .boolean()
      .optional()
      .describe("The selection's 1 Hz inputs, for a client that redraws the curve itself"),
  })
  .strict()
  .superRefine((v, ctx) => {
    if ((v.temperature_c === undefined) !== (v.altitude_m === undefined)) {
      const path = v.temperature_c === undefined ? 'temperature_c' : 'altitude_m';
      ctx.addIssue({
        code: 'custom',
        path: [path],
        message: `${path === 'temperature_c' ? 'temperature' : 'altitude'}_invalid`,
      });
    }
    if (v.lap !== undefined && (v.start_s !== undefined || v.end_s !== undefined)) {
      ctx.addIssue({ code: 'custom', path: ['lap'], message: 'range_invalid' });
    }
    if (v.start_s !== undefined && v.end_s !== undefined && !(v.end_s > v.start_s)) {
      ctx.addIssue({ code: 'custom', path: ['end_s'], message: 'range_invalid' });
    }
  });
export type AeroFitRequest = z.input<typeof aeroFitRequestSchema>;

const series = (description: string) => z.array(z.number().nullable()).describe(description);

export const aeroFitResponseSchema = z.object({
  activity_id: z.string(),
  parameters: z.object({
    cda_m2: z.number(),
    crr: z.number(),
    cda_source: z
      .enum(['given', 'bike', 'fit'])
      .describe("given in the request, the ride's bike's saved values, or the least-squares fit"),
    bike_id: z.string().nullable().describe("The ride's bike, where the lab saves CdA and Crr"),
    mass_kg: z.number().describe('Rider + bike + kit'),
    mass_source: z
      .enum(['given', 'rider'])
      .describe("given in the request, or the rider's and bike's weights"),
    rider_kg: z.number().nullable(),
    rider_kg_source: z
      .enum(RIDER_VALUE_SOURCES)
      .nullable()
      .describe('The dated weight in force on the ride date (settings), else the nearest entry; null: none'),
    rider_kg_from: z.string().nullable().describe('The date that weight holds from'),
    bike_kg: z.number().nullable(),
    drivetrain_efficiency: z.number(),
    air_density_kg_m3: z.number().describe('The one given or computed, else the mean of the recorded'),
    air_density_source: z.enum(['recorded', 'given', 'conditions']),
    wind_mps: z.number(),
    lap: z.number().nullable(),
    start_s: z.number(),
    end_s: z.number(),
  }),
  fit: z
    .object({
      cda_m2: z.number(),
      crr: z.number(),
      r2: z.number(),
      cda_se_m2: z.number(),
      crr_se: z.number(),
    })
    .nullable()
    .describe('The least-squares fit when fit was asked (its CdA and Crr are the parameters used)'),
  rmse_m: z.number().nullable().describe('Root-mean-square distance between virtual and recorded elevation'),
  samples_used: z.number(),
  series: z.object({
    step_s: z.number().describe('Seconds between points'),
    time_s: z.array(z.number()).describe("Seconds after the ride's start"),
    distance_m: series('Metres from the start, null where not recorded').nullable(),
    virtual_elevation_m: series('Virtual elevation, null where left out'),
    recorded_elevation_m: series('Recorded elevation'),
  }),
  samples: z
    .object({
      start_s: z.number(),
      gap: z.array(z.number()).describe('1 where the ride was paused'),
      power_w: series('W'),
      speed_mps: series('m/s'),
      altitude_m: series('m'),
      air_density_kg_m3: series('kg/m³ from the recorded altitude and temperature'),
    })
    .nullable()
    .describe('With include_samples: the inputs the curve was computed from'),
});
export type AeroFitResponse = z.infer<typeof aeroFitResponseSchema>;
