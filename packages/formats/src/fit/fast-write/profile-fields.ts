import { Profile } from '@garmin/fitsdk';
import { SDK_NUMERIC_FIELD_TYPES } from '../numeric-field-types.ts';

/**
 * Field layouts for the messages Vatio writes, taken from the SDK's FIT profile (Profile.messages) with
 * the SDK Encoder's choices, so that the fast writer's definition messages are byte for byte the
 * Encoder's (mesg-definition.js):
 * - the base type is the profile's, except that `enum` fields are written as uint8 (0x02), as the SDK's
 *   FieldTypeToBaseType maps them; both are one byte with 0xFF as the invalid value (FIT protocol, base
 *   type table), so decoders read the same value;
 * - a field with several components is written unscaled; otherwise the profile's scale and offset apply,
 *   to numeric field types only (date_time and FIT enum types are written as given);
 * - a string field's size is its UTF-8 length plus the NUL terminator.
 */

/** How a JS value becomes the stored integer (encoder.js #transformValue). */
export type FieldKind = 'number' | 'scaled' | 'dateTime' | 'string' | 'enum';

export interface FieldSpec {
  name: string;
  /** Field definition number (FIT profile). */
  num: number;
  /** Base type byte as written in the definition, endian-ability bit (0x80) included. */
  baseTypeByte: number;
  /** Bytes per value; strings are sized by their content. */
  sizeBytes: number;
  /** The base type's invalid value, written for a present but non-finite number. */
  invalid: number;
  kind: FieldKind;
  scale: number;
  offset: number;
  /** For FIT enum types (kind 'enum'): value name → number, from Profile.types. */
  names?: ReadonlyMap<string, number>;
  /** An array field of the profile (e.g. record left_power_phase): its value is a list, sized by its length. */
  array: boolean;
}

export interface MessageSpec<Name extends string = string> {
  mesgNum: number;
  fields: readonly FieldSpec[];
  /** Field index by name, for callers that fill a values array. */
  index: Readonly<Record<Name, number>>;
  hasStrings: boolean;
  /** Some field is sized by its value (a string or an array field). */
  hasVariable: boolean;
  /** Bytes of the numeric fields when all are present (strings come on top). */
  maxNumericBytes: number;
}

/**
 * FIT base types the SDK writes for the profile's base type names (FIT protocol, "Base Types": number,
 * endian ability, size, invalid value). 64-bit and float types are left out: Vatio writes none.
 */
const BASE_TYPES: Record<string, { byte: number; sizeBytes: number; invalid: number }> = {
  enum: { byte: 0x02, sizeBytes: 1, invalid: 0xff }, // the SDK writes enum as uint8
  sint8: { byte: 0x01, sizeBytes: 1, invalid: 0x7f },
  uint8: { byte: 0x02, sizeBytes: 1, invalid: 0xff },
  sint16: { byte: 0x83, sizeBytes: 2, invalid: 0x7fff },
  uint16: { byte: 0x84, sizeBytes: 2, invalid: 0xffff },
  sint32: { byte: 0x85, sizeBytes: 4, invalid: 0x7fffffff },
  uint32: { byte: 0x86, sizeBytes: 4, invalid: 0xffffffff },
  string: { byte: 0x07, sizeBytes: 1, invalid: 0x00 },
  uint8z: { byte: 0x0a, sizeBytes: 1, invalid: 0x00 },
  uint16z: { byte: 0x8b, sizeBytes: 2, invalid: 0x0000 },
  uint32z: { byte: 0x8c, sizeBytes: 4, invalid: 0x00000000 },
  byte: { byte: 0x0d, sizeBytes: 1, invalid: 0xff },
};

interface ProfileField {
  num: number;
  name: string;
  type: string;
  baseType: string;
  scale: number | number[];
  offset: number | number[];
  components: unknown[];
  array: boolean;
}

/** The spec of `mesgName` (Profile.MesgNum key, e.g. 'RECORD') with `fieldNames`, in this order. */
export function messageSpec<const Name extends string>(
  mesgName: string,
  fieldNames: readonly Name[],
): MessageSpec<Name> {
  const mesgNum = Profile.MesgNum[mesgName];
  const profile = mesgNum === undefined ? undefined : Profile.messages[mesgNum];
  if (mesgNum === undefined || !profile) throw new Error(`FIT profile has no message ${mesgName}`);
  const byName = new Map<string, ProfileField>();
  for (const field of Object.values(profile.fields as Record<string, ProfileField>)) {
    if (!byName.has(field.name)) byName.set(field.name, field);
  }
  const index = {} as Record<Name, number>;
  const fields = fieldNames.map((name, i) => {
    const field = byName.get(name);
    if (!field) throw new Error(`FIT profile message ${mesgName} has no field ${name}`);
    index[name] = i;
    return fieldSpec(field);
  });
  return {
    mesgNum,
    fields,
    index,
    hasStrings: fields.some((field) => field.kind === 'string'),
    hasVariable: fields.some((field) => field.kind === 'string' || field.array),
    maxNumericBytes: fields.reduce(
      (sum, field) => sum + (field.kind === 'string' || field.array ? 0 : field.sizeBytes),
      0,
    ),
  };
}

function fieldSpec(field: ProfileField): FieldSpec {
  const base = BASE_TYPES[field.baseType];
  if (!base)
    throw new Error(`fast FIT writer: base type ${field.baseType} of ${field.name} is not supported`);
  const several = field.components.length > 1;
  const first = (x: number | number[] | undefined, fallback: number) =>
    (Array.isArray(x) ? x[0] : x) ?? fallback;
  const scale = several ? 1 : first(field.scale, 1);
  const offset = several ? 0 : first(field.offset, 0);
  let kind: FieldKind;
  if (SDK_NUMERIC_FIELD_TYPES.has(field.type)) kind = scale !== 1 || offset !== 0 ? 'scaled' : 'number';
  else if (field.type === 'dateTime') kind = 'dateTime';
  else if (field.type === 'string') kind = 'string';
  else kind = 'enum';
  const spec: FieldSpec = {
    name: field.name,
    num: field.num,
    baseTypeByte: base.byte,
    sizeBytes: base.sizeBytes,
    invalid: base.invalid,
    kind,
    scale,
    offset,
    array: field.array === true,
  };
  if (kind === 'enum') spec.names = enumNames(field.type);
  return spec;
}

/** Name → value of a FIT type; the first value wins, as in the SDK's lookup (Object.entries().find). */
function enumNames(type: string): Map<string, number> {
  const names = new Map<string, number>();
  const values = (Profile.types as Record<string, Record<string, string>>)[type] ?? {};
  for (const [value, name] of Object.entries(values)) if (!names.has(name)) names.set(name, Number(value));
  return names;
}
