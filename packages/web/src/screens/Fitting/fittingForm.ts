import {
  type BikePositionInput,
  type BodyMeasurementInput,
  bikePositionSchema,
  bodyMeasurementSchema,
  FITTING_SESSION_TYPES,
  type FittingSessionInput,
  fittingSessionSchema,
} from '@vatio/schemas';
import { z } from 'zod';
import type { BikePosition, BodyMeasurement, FittingSession } from '../../api/fitting';
import { fromWeightUnit, toWeightUnit, type Units } from '../../lib/format';

// The fitting forms hold what the inputs hold (strings, in the rider's units); these schemas turn
// that into the API's shape (cm, kg, mm, degrees) and then validate with the very schemas the server
// uses, so the browser and the server agree on every bound and message.

/** How a value is typed and shown: body lengths cm|in, weight kg|lb, bike lengths mm|in, degrees, 0–10. */
export type FieldKind = 'bodyCm' | 'weight' | 'bikeMm' | 'deg' | 'score';

const CM_PER_IN = 2.54;
const MM_PER_IN = 25.4;

/** A stored value in the rider's unit (rounded for the input). */
export function toDisplay(kind: FieldKind, value: number, units: Units): number {
  if (units === 'imperial') {
    if (kind === 'bodyCm') return Math.round((value / CM_PER_IN) * 10) / 10;
    if (kind === 'bikeMm') return Math.round((value / MM_PER_IN) * 100) / 100;
    if (kind === 'weight') return Math.round(toWeightUnit(value, units) * 10) / 10;
  }
  return value;
}

/** A value typed in the rider's unit, back to the stored unit. */
export function fromDisplay(kind: FieldKind, value: number, units: Units): number {
  if (units === 'imperial') {
    if (kind === 'bodyCm') return value * CM_PER_IN;
    if (kind === 'bikeMm') return value * MM_PER_IN;
    if (kind === 'weight') return fromWeightUnit(value, units);
  }
  return value;
}

export function unitLabel(kind: FieldKind, units: Units): string {
  const imperial = units === 'imperial';
  switch (kind) {
    case 'bodyCm':
      return imperial ? 'in' : 'cm';
    case 'bikeMm':
      return imperial ? 'in' : 'mm';
    case 'weight':
      return imperial ? 'lb' : 'kg';
    case 'deg':
      return '°';
    case 'score':
      return '/10';
  }
}

/** Spec 001 §2.9: measurements basic (height, weight, inseam) and advanced (the rest). */
export const MEASUREMENT_FIELDS = [
  { name: 'height_cm', kind: 'bodyCm', group: 'basic' },
  { name: 'weight_kg', kind: 'weight', group: 'basic' },
  { name: 'inseam_cm', kind: 'bodyCm', group: 'basic' },
  { name: 'torso_cm', kind: 'bodyCm', group: 'advanced' },
  { name: 'arm_cm', kind: 'bodyCm', group: 'advanced' },
  { name: 'shoulder_width_cm', kind: 'bodyCm', group: 'advanced' },
  { name: 'sit_bone_width_cm', kind: 'bodyCm', group: 'advanced' },
  { name: 'flexibility_score', kind: 'score', group: 'advanced' },
] as const satisfies readonly { name: keyof BodyMeasurement; kind: FieldKind; group: string }[];

/** Spec 001 §2.9: positions grouped as saddle, handlebar, drivetrain, foot (and the joint angles, ratings). */
export const POSITION_FIELDS = [
  { name: 'saddle_height_mm', kind: 'bikeMm', group: 'saddle' },
  { name: 'saddle_setback_mm', kind: 'bikeMm', group: 'saddle' },
  { name: 'saddle_angle_deg', kind: 'deg', group: 'saddle' },
  { name: 'handlebar_drop_mm', kind: 'bikeMm', group: 'handlebar' },
  { name: 'handlebar_reach_mm', kind: 'bikeMm', group: 'handlebar' },
  { name: 'stem_length_mm', kind: 'bikeMm', group: 'handlebar' },
  { name: 'stem_angle_deg', kind: 'deg', group: 'handlebar' },
  { name: 'handlebar_width_mm', kind: 'bikeMm', group: 'handlebar' },
  { name: 'crank_length_mm', kind: 'bikeMm', group: 'drivetrain' },
  { name: 'q_factor_mm', kind: 'bikeMm', group: 'drivetrain' },
  { name: 'cleat_fore_aft_mm', kind: 'bikeMm', group: 'foot' },
  { name: 'cleat_angle_deg', kind: 'deg', group: 'foot' },
  { name: 'knee_angle_min_deg', kind: 'deg', group: 'angles' },
  { name: 'knee_angle_max_deg', kind: 'deg', group: 'angles' },
  { name: 'hip_angle_deg', kind: 'deg', group: 'angles' },
  { name: 'back_angle_deg', kind: 'deg', group: 'angles' },
  { name: 'shoulder_angle_deg', kind: 'deg', group: 'angles' },
  { name: 'elbow_angle_deg', kind: 'deg', group: 'angles' },
  { name: 'wrist_angle_deg', kind: 'deg', group: 'angles' },
  { name: 'comfort_rating', kind: 'score', group: 'ratings' },
  { name: 'power_rating', kind: 'score', group: 'ratings' },
] as const satisfies readonly { name: keyof BikePosition; kind: FieldKind; group: string }[];
export const POSITION_GROUPS = ['saddle', 'handlebar', 'drivetrain', 'foot', 'angles', 'ratings'] as const;

/** '' → null; otherwise a number (a decimal comma is accepted). NaN fails validation later. */
export function toNumber(value: string | undefined): number | null {
  const text = (value ?? '').trim().replace(',', '.');
  return text === '' ? null : Number(text);
}

const numberStrings = <Name extends string>(fields: readonly { name: Name }[]) =>
  Object.fromEntries(fields.map((f) => [f.name, z.string()])) as Record<Name, z.ZodString>;

const measurementStrings = z.object({
  measured_on: z.string(),
  ...numberStrings(MEASUREMENT_FIELDS),
  injury_history: z.string(),
  notes: z.string(),
});
const positionStrings = z.object({
  bike_id: z.string(),
  name: z.string(),
  fit_date: z.string(),
  ...numberStrings(POSITION_FIELDS),
  fitter_name: z.string(),
  notes: z.string(),
});
export type MeasurementStrings = z.infer<typeof measurementStrings>;
export type PositionStrings = z.infer<typeof positionStrings>;

export function measurementInput(values: MeasurementStrings, units: Units): BodyMeasurementInput {
  const out: Record<string, unknown> = {
    measured_on: values.measured_on,
    injury_history: values.injury_history,
    notes: values.notes,
  };
  for (const f of MEASUREMENT_FIELDS) {
    const n = toNumber(values[f.name]);
    out[f.name] = n === null ? null : fromDisplay(f.kind, n, units);
  }
  return out as BodyMeasurementInput;
}

export function positionInput(values: PositionStrings, units: Units): BikePositionInput {
  const out: Record<string, unknown> = {
    bike_id: values.bike_id,
    name: values.name,
    fit_date: values.fit_date,
    fitter_name: values.fitter_name,
    notes: values.notes,
  };
  for (const f of POSITION_FIELDS) {
    const n = toNumber(values[f.name]);
    out[f.name] = n === null ? null : fromDisplay(f.kind, n, units);
  }
  return out as BikePositionInput;
}

const anyNumber = (values: Record<string, string>, fields: readonly { name: string }[]) =>
  fields.some((f) => (values[f.name] ?? '').trim() !== '');

export type FittingDialogMode = 'new' | 'measurement' | 'position';

/**
 * The 'New fitting' dialog (and its edit twins): a measurement and/or a position. In a new fitting an
 * untouched part is left out (null); at least one part is needed.
 */
export function fittingFormSchema(units: Units, mode: FittingDialogMode) {
  return z
    .object({ measurement: measurementStrings, position: positionStrings })
    .transform((values) => ({
      measurement:
        mode === 'measurement' || (mode === 'new' && anyNumber(values.measurement, MEASUREMENT_FIELDS))
          ? measurementInput(values.measurement, units)
          : null,
      position:
        mode === 'position' ||
        (mode === 'new' && (values.position.bike_id !== '' || anyNumber(values.position, POSITION_FIELDS)))
          ? positionInput(values.position, units)
          : null,
    }))
    .pipe(
      z
        .object({ measurement: bodyMeasurementSchema.nullable(), position: bikePositionSchema.nullable() })
        .refine((v) => v.measurement !== null || v.position !== null, { message: 'fitting_empty' }),
    );
}
export type FittingFormValues = z.input<ReturnType<typeof fittingFormSchema>>;
export type FittingFormOutput = z.output<ReturnType<typeof fittingFormSchema>>;

const text = (value: number | null | undefined, kind: FieldKind, units: Units) =>
  value == null ? '' : String(toDisplay(kind, value, units));

export function fittingFormValues(
  units: Units,
  today: string,
  measurement: BodyMeasurement | null,
  position: BikePosition | null,
  defaultBikeId: string,
): FittingFormValues {
  const m: Record<string, string> = {
    measured_on: measurement?.measured_on ?? today,
    injury_history: measurement?.injury_history ?? '',
    notes: measurement?.notes ?? '',
  };
  for (const f of MEASUREMENT_FIELDS) m[f.name] = text(measurement?.[f.name], f.kind, units);
  const p: Record<string, string> = {
    bike_id: position?.bike_id ?? defaultBikeId,
    name: position?.name ?? '',
    fit_date: position?.fit_date ?? today,
    fitter_name: position?.fitter_name ?? '',
    notes: position?.notes ?? '',
  };
  for (const f of POSITION_FIELDS) p[f.name] = text(position?.[f.name], f.kind, units);
  return { measurement: m as MeasurementStrings, position: p as PositionStrings };
}

// ---- sessions ----

/** One item per line in the textareas. */
const lines = (value: string) =>
  value
    .split('\n')
    .map((s) => s.trim())
    .filter((s) => s !== '');

export const sessionFormSchema = z
  .object({
    session_date: z.string(),
    bike_id: z.string(),
    session_type: z.string(),
    fitter_name: z.string(),
    goals: z.string(),
    issues_addressed: z.string(),
    adjustments_made: z.string(),
    comfort_improvement: z.string(),
    power_improvement: z.string(),
    follow_up_required: z.boolean(),
    follow_up_on: z.string(),
    notes: z.string(),
  })
  .transform(
    (v): FittingSessionInput => ({
      session_date: v.session_date,
      bike_id: v.bike_id || null,
      session_type: v.session_type as FittingSessionInput['session_type'],
      fitter_name: v.fitter_name,
      goals: lines(v.goals),
      issues_addressed: lines(v.issues_addressed),
      adjustments_made: lines(v.adjustments_made),
      comfort_improvement: toNumber(v.comfort_improvement),
      power_improvement: toNumber(v.power_improvement),
      follow_up_required: v.follow_up_required,
      follow_up_on: v.follow_up_required && v.follow_up_on ? v.follow_up_on : null,
      notes: v.notes,
    }),
  )
  .pipe(fittingSessionSchema);
export type SessionFormValues = z.input<typeof sessionFormSchema>;
export type SessionFormOutput = z.output<typeof sessionFormSchema>;

export function sessionFormValues(session: FittingSession | null, today: string): SessionFormValues {
  return {
    session_date: session?.session_date ?? today,
    bike_id: session?.bike_id ?? '',
    session_type: session?.session_type ?? FITTING_SESSION_TYPES[0],
    fitter_name: session?.fitter_name ?? '',
    goals: (session?.goals ?? []).join('\n'),
    issues_addressed: (session?.issues_addressed ?? []).join('\n'),
    adjustments_made: (session?.adjustments_made ?? []).join('\n'),
    comfort_improvement: session?.comfort_improvement == null ? '' : String(session.comfort_improvement),
    power_improvement: session?.power_improvement == null ? '' : String(session.power_improvement),
    follow_up_required: session?.follow_up_required ?? false,
    follow_up_on: session?.follow_up_on ?? '',
    notes: session?.notes ?? '',
  };
}

/** Today's date in the browser's zone, YYYY-MM-DD. */
export function todayIso(now = new Date()): string {
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
}

/** A stored value in the rider's units with its unit ('745 mm', '29.3 in', '28.0°', '6/10'), or '—'. */
export function formatFit(
  kind: FieldKind,
  value: number | null | undefined,
  format: { units: Units; number: (v: number | null | undefined, digits?: number) => string },
): string {
  if (value == null) return '—';
  const imperial = format.units === 'imperial';
  // Whole millimetres unless the value has a fraction (a 172.5 mm crank).
  const digits =
    kind === 'bikeMm' ? (imperial || !Number.isInteger(value) ? 1 : 0) : kind === 'score' ? 0 : 1;
  const shown = format.number(toDisplay(kind, value, format.units), digits);
  if (kind === 'deg') return `${shown}°`;
  if (kind === 'score') return `${shown}/10`;
  return `${shown} ${unitLabel(kind, format.units)}`;
}
