import { z } from 'zod';

export const BIKE_TYPES = ['road', 'tt', 'gravel', 'mountain'] as const;
export type BikeType = (typeof BIKE_TYPES)[number];

const optionalText = z
  .string()
  .max(80, { message: 'text_too_long' })
  .nullish()
  .transform((v) => {
    const trimmed = v?.trim() ?? '';
    return trimmed === '' ? null : trimmed;
  });

export const bikeSchema = z
  .object({
    name: z.string().trim().min(1, { message: 'bike_name_required' }).max(80, { message: 'text_too_long' }),
    type: z.enum(BIKE_TYPES, { message: 'bike_type_invalid' }),
    brand: optionalText,
    model: optionalText,
    year: z
      .number({ message: 'year_invalid' })
      .int({ message: 'year_invalid' })
      .min(1900, { message: 'year_invalid' })
      .refine((y) => y <= new Date().getFullYear() + 1, { message: 'year_invalid' })
      .nullish()
      .transform((v) => v ?? null),
    /** As ridden, kept to 0.1 kg; joins the rider's weight in the aero fit. Empty becomes null. */
    weight_kg: z
      .number({ message: 'bike_weight_invalid' })
      .min(3, { message: 'bike_weight_invalid' })
      .max(40, { message: 'bike_weight_invalid' })
      .nullish()
      .transform((v) => (v == null ? null : Math.round(v * 10) / 10)),
    is_primary: z.boolean().optional(),
  })
  .strict();
export type BikeInput = z.input<typeof bikeSchema>;

/**
 * A bike's CdA and Crr from the aero lab (bounds of `aero-lab.ts`), and the ride they were measured
 * on; null clears them. Only through PUT/PATCH /api/bikes/:id: a new bike has not been measured.
 */
export const bikeAeroSchema = z.object({
  cda_m2: z
    .number({ message: 'cda_invalid' })
    .min(0.1, { message: 'cda_invalid' })
    .max(0.8, { message: 'cda_invalid' })
    .nullable(),
  crr: z
    .number({ message: 'crr_invalid' })
    .min(0.0005, { message: 'crr_invalid' })
    .max(0.03, { message: 'crr_invalid' })
    .nullable(),
  aero_activity_id: z.string().uuid({ message: 'invalid' }).nullable(),
});

export const bikeUpdateSchema = bikeSchema.partial().extend(bikeAeroSchema.partial().shape).strict();

export const ACTIVITY_TYPES = ['Ride', 'VirtualRide', 'GravelRide', 'MountainBikeRide', 'EBikeRide'] as const;

/** PUT /api/activities/:id */
export const activityUpdateSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, { message: 'activity_name_required' })
      .max(200, { message: 'text_too_long' }),
    type: z.enum(ACTIVITY_TYPES, { message: 'invalid' }),
    bike_id: z.string().uuid({ message: 'invalid' }).nullable(),
    notes: z
      .string()
      .max(5000, { message: 'text_too_long' })
      .nullable()
      .transform((v) => (v?.trim() ? v.trim() : null)),
  })
  .partial()
  .strict();
