import { Profile } from '@garmin/fitsdk';
import { SDK_NUMERIC_FIELD_TYPES } from '../numeric-field-types.ts';

/**
 * The record (global message 20) fields the fast path reads, by their SDK names. Everything else in a
 * record is skipped: `recordsToSamples` reads only these.
 */
export const FAST_RECORD_FIELDS = [
  'timestamp',
  'positionLat',
  'positionLong',
  'altitude',
  'heartRate',
  'cadence',
  'distance',
  'speed',
  'power',
  'temperature',
  'leftRightBalance',
  'leftTorqueEffectiveness',
  'rightTorqueEffectiveness',
  'leftPedalSmoothness',
  'rightPedalSmoothness',
  'combinedPedalSmoothness',
  'fractionalCadence',
  'enhancedSpeed',
  'enhancedAltitude',
  'leftPco',
  'rightPco',
] as const;

export type FastRecordField = (typeof FAST_RECORD_FIELDS)[number];

/**
 * Array fields read element by element (power phase: [start, end], FIT power_phase_type 0 and 1), each
 * element a column of its own named by the field and the element's index (`leftPowerPhase0`). The SDK
 * gives null for an invalid element and keeps the others, so an element read alone is the SDK's value.
 */
export const FAST_RECORD_ARRAY_FIELDS = [
  'leftPowerPhase',
  'leftPowerPhasePeak',
  'rightPowerPhase',
  'rightPowerPhasePeak',
] as const;
const ARRAY_ELEMENTS = [0, 1] as const;

export type FastRecordElement =
  `${(typeof FAST_RECORD_ARRAY_FIELDS)[number]}${(typeof ARRAY_ELEMENTS)[number]}`;
export type FastRecordColumn = FastRecordField | FastRecordElement;

/** Every column, the plain fields first, then the array elements. */
export const FAST_RECORD_COLUMNS: readonly FastRecordColumn[] = [
  ...FAST_RECORD_FIELDS,
  ...FAST_RECORD_ARRAY_FIELDS.flatMap((name) => ARRAY_ELEMENTS.map((k) => `${name}${k}` as const)),
];

/**
 * One Float64Array per field, one entry per record message in file order, holding exactly the number
 * the SDK would put in that record's field (profile scale and offset applied the SDK's way), or NaN
 * where the SDK would give no number (field absent, invalid value, array, wrong size).
 */
export interface RecordColumns {
  count: number;
  fields: Record<FastRecordColumn, Float64Array>;
  /**
   * The one all-NaN column every field no record definition has shares (most files fill under half of
   * the fields): readers can skip a channel whose columns are all this one.
   */
  absent: Float64Array;
}

export const RECORD_MESG_NUM = 20;

/** How the SDK turns a field's raw value into its value, taken from the SDK's own profile. */
export interface FieldTransform {
  column: number;
  /** Numeric profile types get `raw / scale - offset`; others (date_time, enums) stay raw. */
  numeric: boolean;
  scale: number;
  offset: number;
  /** For an array field's element column: the element's index in the field. */
  element?: number;
}

function single(value: number | number[] | undefined, fallback: number): number | undefined {
  if (value === undefined) return fallback;
  if (!Array.isArray(value)) return value;
  return value.length > 1 ? undefined : (value[0] ?? fallback);
}

function buildTransforms(): Map<number, FieldTransform[]> | undefined {
  const profile = Profile.messages[RECORD_MESG_NUM];
  if (!profile) return undefined;
  const byNum = new Map<number, FieldTransform[]>();
  for (const [column, name] of FAST_RECORD_FIELDS.entries()) {
    const field = Object.values(profile.fields).find((f) => f.name === name);
    // The fast path relies on these being plain (non-array) fields with one scale and offset; a
    // profile that changes that disables it rather than decoding differently from the SDK.
    if (field?.array !== false) return undefined;
    const scale = single(field.scale, 1);
    const offset = single(field.offset, 0);
    if (scale === undefined || offset === undefined) return undefined;
    // raw / scale − offset is then finite and never −0 for every integer read (samples.ts relies on it).
    if (!(scale >= 1 && Number.isFinite(scale) && Number.isFinite(offset))) return undefined;
    byNum.set(field.num, [{ column, numeric: SDK_NUMERIC_FIELD_TYPES.has(field.type), scale, offset }]);
  }
  for (const name of FAST_RECORD_ARRAY_FIELDS) {
    const field = Object.values(profile.fields).find((f) => f.name === name);
    if (field?.array !== true) return undefined;
    const scale = single(field.scale, 1);
    const offset = single(field.offset, 0);
    // Unsigned or signed integers over a positive scale: finite, and never −0 (0 / scale − 0 is +0).
    if (scale === undefined || offset !== 0 || !(scale > 0 && Number.isFinite(scale))) return undefined;
    byNum.set(
      field.num,
      ARRAY_ELEMENTS.map((element) => ({
        column: FAST_RECORD_COLUMNS.indexOf(`${name}${element}`),
        numeric: SDK_NUMERIC_FIELD_TYPES.has(field.type),
        scale,
        offset,
        element,
      })),
    );
  }
  return byNum;
}

/** Field number → transforms (one per column) for the fields read; undefined if the SDK profile breaks an assumption. */
export const RECORD_TRANSFORMS = buildTransforms();

/**
 * Record fields whose value the SDK accumulates (distance, total_cycles, accumulated_power), each with
 * the fields that carry it as a component (compressed_speed_distance, cycles, compressed_accumulated_
 * power), and whether each carrier is an array field. The SDK's accumulator throws when an accumulated
 * field is read after one of its carriers in the same record (decoder.js #setAccumulatedField reads an
 * `offset` its message entries do not have), so the scan checks those records one by one.
 */
export const ACCUMULATED_CARRIERS: ReadonlyMap<number, readonly number[]> = (() => {
  const profile = Profile.messages[RECORD_MESG_NUM];
  const carriers = new Map<number, number[]>();
  for (const field of Object.values(profile?.fields ?? {})) {
    for (const component of field.components ?? []) {
      const target = profile?.fields[Number(component)];
      if (target?.isAccumulated) carriers.set(target.num, [...(carriers.get(target.num) ?? []), field.num]);
    }
  }
  return carriers;
})();

/** Profile `array` flag of a record field (the SDK's readValue isArray), undefined for unknown fields. */
export function recordFieldIsArray(num: number): boolean | undefined {
  return Profile.messages[RECORD_MESG_NUM]?.fields[num]?.array;
}
