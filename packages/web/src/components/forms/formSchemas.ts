import {
  type BikeInput,
  bikeSchema,
  PROFILE_SEXES,
  type ProfileInput,
  profileSchema,
  UNITS,
} from '@vatio/schemas';
import { z } from 'zod';
import type { Bike, Profile } from '../../api/types';

// The forms hold what the inputs hold (strings); these schemas turn that into the API's shape
// (empty optional values → null, weight a decimal, height and year integers) and then validate
// with the very schemas the server uses, so the browser and the server agree on every message.

/** '' → null; otherwise a number (a decimal comma is accepted). NaN fails validation later. */
export function toNumber(value: string): number | null {
  const text = value.trim().replace(',', '.');
  return text === '' ? null : Number(text);
}

export const profileFormSchema = z
  .object({
    first_name: z.string(),
    last_name: z.string(),
    date_of_birth: z.string(),
    weight_kg: z.string(),
    height_cm: z.string(),
    cycling_experience: z.string(),
    preferred_units: z.enum(UNITS),
    goals: z.string(),
    /** '' is "not said". */
    sex: z.union([z.enum(PROFILE_SEXES), z.literal('')]),
  })
  .transform(
    (values): ProfileInput => ({
      first_name: values.first_name,
      last_name: values.last_name,
      date_of_birth: values.date_of_birth.trim() || null,
      weight_kg: toNumber(values.weight_kg),
      height_cm: toNumber(values.height_cm),
      // Checked by profileSchema: an empty choice gives 'experience_required'.
      cycling_experience: values.cycling_experience as ProfileInput['cycling_experience'],
      preferred_units: values.preferred_units,
      goals: values.goals,
      sex: values.sex === '' ? null : values.sex,
    }),
  )
  .pipe(profileSchema);

export type ProfileFormValues = z.input<typeof profileFormSchema>;
export type ProfileFormOutput = z.output<typeof profileFormSchema>;

export function profileToFormValues(profile: Profile | null): ProfileFormValues {
  return {
    first_name: profile?.first_name ?? '',
    last_name: profile?.last_name ?? '',
    date_of_birth: profile?.date_of_birth?.slice(0, 10) ?? '',
    weight_kg: profile?.weight_kg == null ? '' : String(profile.weight_kg),
    height_cm: profile?.height_cm == null ? '' : String(profile.height_cm),
    cycling_experience: profile?.cycling_experience ?? '',
    preferred_units: profile?.preferred_units ?? 'metric',
    goals: profile?.goals ?? '',
    sex: profile?.sex ?? '',
  };
}

export const bikeFormSchema = z
  .object({
    name: z.string(),
    type: z.string(),
    brand: z.string(),
    model: z.string(),
    year: z.string(),
    weight_kg: z.string(),
  })
  .transform(
    (values): BikeInput => ({
      name: values.name,
      // Checked by bikeSchema ('bike_type_invalid').
      type: values.type as BikeInput['type'],
      brand: values.brand,
      model: values.model,
      year: toNumber(values.year),
      weight_kg: toNumber(values.weight_kg),
    }),
  )
  .pipe(bikeSchema);

export type BikeFormValues = z.input<typeof bikeFormSchema>;
export type BikeFormOutput = z.output<typeof bikeFormSchema>;

export function bikeToFormValues(bike: Bike | null | undefined): BikeFormValues {
  return {
    name: bike?.name ?? '',
    type: bike?.type ?? 'road',
    brand: bike?.brand ?? '',
    model: bike?.model ?? '',
    year: bike?.year == null ? '' : String(bike.year),
    weight_kg: bike?.weight_kg == null ? '' : String(bike.weight_kg),
  };
}
