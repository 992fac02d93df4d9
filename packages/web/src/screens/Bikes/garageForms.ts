import {
  COMPONENT_KINDS,
  type ComponentKind,
  componentReplaceSchema,
  componentSchema,
  maintenanceSchema,
  moveRidesSchema,
} from '@vatio/schemas';
import { z } from 'zod';
import type { Units } from '../../lib/format';

// The garage's forms hold strings (what the inputs hold); these schemas turn them into the API's
// shape and validate with the schemas the server uses, so both give the same message in the field.

/** '' → null; otherwise a number (a decimal comma is accepted). NaN fails validation later. */
export function toNumber(value: string): number | null {
  const text = value.trim().replace(',', '.');
  return text === '' ? null : Number(text);
}

const KM_PER_MILE = 1.609344;

/** A distance interval typed in the rider's unit, in whole km (the API's unit). */
export function intervalToKm(value: string, units: Units): number | null {
  const n = toNumber(value);
  if (n === null || Number.isNaN(n)) return n;
  return Math.round(units === 'imperial' ? n * KM_PER_MILE : n);
}

export function kmToInterval(km: number | null | undefined, units: Units): string {
  if (km == null) return '';
  return String(Math.round(units === 'imperial' ? km / KM_PER_MILE : km));
}

export const today = () => new Date().toISOString().slice(0, 10);

export const componentFormSchema = (units: Units) =>
  z
    .object({
      kind: z.string(),
      brand: z.string(),
      model: z.string(),
      installed_on: z.string(),
      price: z.string(),
      service_km: z.string(),
      service_hours: z.string(),
    })
    .transform(
      (v): z.input<typeof componentSchema> => ({
        // Checked by componentSchema ('component_kind_invalid').
        kind: v.kind as ComponentKind,
        brand: v.brand,
        model: v.model,
        installed_on: v.installed_on,
        price: toNumber(v.price),
        service_km: intervalToKm(v.service_km, units),
        service_hours: toNumber(v.service_hours),
      }),
    )
    .pipe(componentSchema);
export type ComponentFormValues = z.input<ReturnType<typeof componentFormSchema>>;
export type ComponentFormOutput = z.output<ReturnType<typeof componentFormSchema>>;
export const KINDS: readonly ComponentKind[] = COMPONENT_KINDS;

export const replaceFormSchema = z
  .object({ installed_on: z.string(), brand: z.string(), model: z.string(), price: z.string() })
  .transform(
    (v): z.input<typeof componentReplaceSchema> => ({
      installed_on: v.installed_on,
      brand: v.brand,
      model: v.model,
      price: toNumber(v.price),
    }),
  )
  .pipe(componentReplaceSchema);
export type ReplaceFormValues = z.input<typeof replaceFormSchema>;
export type ReplaceFormOutput = z.output<typeof replaceFormSchema>;

export const maintenanceFormSchema = z
  .object({
    performed_on: z.string(),
    what: z.string(),
    notes: z.string(),
    cost: z.string(),
    component_id: z.string(),
  })
  .transform(
    (v): z.input<typeof maintenanceSchema> => ({
      performed_on: v.performed_on,
      what: v.what,
      notes: v.notes,
      cost: toNumber(v.cost),
      component_id: v.component_id === '' ? null : v.component_id,
    }),
  )
  .pipe(maintenanceSchema);
export type MaintenanceFormValues = z.input<typeof maintenanceFormSchema>;
export type MaintenanceFormOutput = z.output<typeof maintenanceFormSchema>;

export const moveFormSchema = z
  .object({ from: z.string(), to: z.string() })
  .transform((v): z.input<typeof moveRidesSchema> => ({ from: v.from, to: v.to }))
  .pipe(moveRidesSchema);
export type MoveFormValues = z.input<typeof moveFormSchema>;
export type MoveFormOutput = z.output<typeof moveFormSchema>;
