import { type AthleteSettingsInput, athleteSettingsSchema } from '@vatio/schemas';
import { z } from 'zod';
import { toNumber } from '../../components/forms/formSchemas';
import { fromWeightUnit, type Units } from '../../lib/format';

// The athlete-settings form holds what its inputs hold (strings, the weight in the rider's unit);
// this schema turns that into the API's shape (empty → null, the weight in kg) and validates it
// with the schema the server uses, so both give the same messages.

/** Today as YYYY-MM-DD in the rider's own time zone. */
export function today(now = new Date()): string {
  const mm = String(now.getMonth() + 1).padStart(2, '0');
  const dd = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${mm}-${dd}`;
}

export function athleteSettingsFormSchema(units: Units) {
  return z
    .object({
      effective_from: z.string(),
      ftp_w: z.string(),
      /** In the rider's unit (kg or lb) until the transform below. */
      weight_kg: z.string(),
      max_hr_bpm: z.string(),
      lthr_bpm: z.string(),
    })
    .transform((values): AthleteSettingsInput => {
      const weight = toNumber(values.weight_kg);
      return {
        effective_from: values.effective_from,
        ftp_w: toNumber(values.ftp_w),
        weight_kg: weight === null ? null : fromWeightUnit(weight, units),
        max_hr_bpm: toNumber(values.max_hr_bpm),
        lthr_bpm: toNumber(values.lthr_bpm),
      };
    })
    .pipe(athleteSettingsSchema);
}

export type AthleteSettingsFormValues = z.input<ReturnType<typeof athleteSettingsFormSchema>>;
export type AthleteSettingsFormOutput = z.output<ReturnType<typeof athleteSettingsFormSchema>>;
