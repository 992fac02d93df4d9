import { Profile } from '@garmin/fitsdk';
import { fitCrc } from '../fast/crc.ts';
import { ByteWriter } from './byte-writer.ts';
import type { FieldSpec, MessageSpec } from './profile-fields.ts';

/**
 * A field's value as the caller gives it: a number, a FIT enum name, a string or a date; for an array
 * field, a list of numbers (null: that element has no value, written as the base type's invalid value).
 */
export type FieldValue = number | string | Date | ReadonlyArray<number | null>;

/** FIT epoch, 1989-12-31T00:00:00Z, in Unix ms (FIT profile, date_time). */
export const FIT_EPOCH_MS = 631_065_600_000;

/** FIT protocol: a 14-byte file header (12 bytes + header CRC) is the preferred form. */
const HEADER_BYTES = 14;
/** FIT protocol, record header: bit 6 = definition message, bits 0–3 = local message type. */
const DEFINITION_BIT = 0x40;
const LOCAL_TYPES = 16;
/** FIT protocol, definition message: "architecture" byte 0 = little-endian. */
const LITTLE_ENDIAN = 0;
/** encoder.js MAX_FIELD_SIZE: a field's size is one byte in the definition. */
const MAX_FIELD_BYTES = 255;

const utf8 = new TextEncoder();

interface Definition {
  /** Identifies the layout across messages (global number + fields present + their sizes). */
  key: string;
  /** The definition message with local type 0 in its header byte. */
  bytes: Uint8Array;
}

/**
 * Writes a FIT file message by message, byte-compatible with the SDK's Encoder (encoder.js):
 * - a definition holds the fields that have a value (undefined = absent), in the spec's order;
 * - local message types are handed out like the Encoder does: reuse the slot that holds an identical
 *   definition, else take the next of the 16 slots round-robin and write the definition there;
 * - the header is the Encoder's 14-byte one: protocol version byte 2 (the JS SDK's value, not the 0x20 the
 *   protocol page suggests; decoders accept both), profile version major·1000 + minor, data size, ".FIT",
 *   header CRC; the file ends with the CRC of everything before it (FIT protocol, "File CRC").
 */
export class FitFileWriter {
  private readonly out: ByteWriter;
  private readonly slots: Array<string | undefined> = new Array(LOCAL_TYPES).fill(undefined);
  private nextSlot = 0;
  /** Definitions already built, per spec, by presence mask (specs without string fields) or key. */
  private readonly definitions = new Map<MessageSpec, Map<number | string, Definition>>();
  private readonly strings: Array<Uint8Array | undefined> = [];
  /** Elements of each array field of the message being written. */
  private readonly arrays: Array<ReadonlyArray<number | null> | undefined> = [];

  constructor(estimatedBytes = 4096) {
    this.out = new ByteWriter(estimatedBytes + HEADER_BYTES + 2);
    this.out.reserve(HEADER_BYTES);
    this.out.length = HEADER_BYTES; // filled in by close()
  }

  /** Writes one message; `values` follows `spec.fields`, undefined meaning "field absent". */
  write(spec: MessageSpec, values: ArrayLike<FieldValue | undefined>): void {
    const { fields } = spec;
    let mask = 0;
    let sizes = '';
    let stringBytes = 0;
    for (let f = 0; f < fields.length; f++) {
      const value = values[f];
      // null is absent too, as for the SDK (mesg-definition.js skips `value == null`).
      if (value === undefined || value === null) continue;
      mask |= 1 << f;
      if (!spec.hasVariable) continue;
      const field = fields[f];
      if (field?.kind === 'string') {
        if (typeof value !== 'string') throw new Error(`FIT field ${field.name} needs a string`);
        const encoded = utf8.encode(value);
        if (encoded.length + 1 > MAX_FIELD_BYTES) throw new Error(`FIT field ${field.name} is too long`);
        this.strings[f] = encoded;
        sizes += `,${encoded.length + 1}`;
        stringBytes += encoded.length + 1;
      } else if (field?.array) {
        // An array field is as long as its list (mesg-definition.js #fieldSize: base size × length).
        const list = Array.isArray(value) ? (value as ReadonlyArray<number | null>) : [value as number];
        const bytes = list.length * field.sizeBytes;
        if (bytes === 0 || bytes > MAX_FIELD_BYTES)
          throw new Error(`FIT field ${field.name}: bad array size`);
        this.arrays[f] = list;
        sizes += `,${bytes}`;
        stringBytes += bytes;
      }
    }
    if (mask === 0) throw new Error('a FIT message needs at least one field');
    const definition = this.definitionFor(spec, mask, sizes);
    let local = this.slots.indexOf(definition.key);
    if (local === -1) {
      local = this.nextSlot;
      this.nextSlot = (this.nextSlot + 1) % LOCAL_TYPES;
      this.slots[local] = definition.key;
      const at = this.out.length;
      this.out.raw(definition.bytes);
      this.out.bytes[at] = DEFINITION_BIT | local;
    }
    const out = this.out;
    out.reserve(1 + spec.maxNumericBytes + stringBytes);
    out.u8(local);
    for (let f = 0; f < fields.length; f++) {
      const value = values[f];
      const field = fields[f];
      if (value === undefined || value === null || !field) continue;
      if (field.kind === 'string') {
        out.raw(this.strings[f] ?? new Uint8Array());
        out.u8(0);
      } else if (field.array) {
        for (const element of this.arrays[f] ?? [])
          out.intReserved(element === null ? field.invalid : storedValue(field, element), field.sizeBytes);
      } else {
        out.intReserved(storedValue(field, value), field.sizeBytes);
      }
    }
  }

  /** Fills in the header, appends the file CRC and returns the file. */
  close(): Uint8Array {
    const out = this.out;
    const b = out.bytes;
    const dataBytes = out.length - HEADER_BYTES;
    b[0] = HEADER_BYTES;
    b[1] = 2;
    const profileVersion = Profile.version.major * 1000 + Profile.version.minor;
    b[2] = profileVersion & 0xff;
    b[3] = profileVersion >>> 8;
    b[4] = dataBytes & 0xff;
    b[5] = (dataBytes >>> 8) & 0xff;
    b[6] = (dataBytes >>> 16) & 0xff;
    b[7] = dataBytes >>> 24;
    b.set([0x2e, 0x46, 0x49, 0x54], 8); // ".FIT"
    const headerCrc = fitCrc(b, 0, 12);
    b[12] = headerCrc & 0xff;
    b[13] = headerCrc >>> 8;
    const fileCrc = fitCrc(b, 0, out.length);
    out.int(fileCrc, 2);
    return out.bytes.slice(0, out.length);
  }

  private definitionFor(spec: MessageSpec, mask: number, sizes: string): Definition {
    let bySpec = this.definitions.get(spec);
    if (!bySpec) {
      bySpec = new Map();
      this.definitions.set(spec, bySpec);
    }
    const cacheKey = sizes === '' ? mask : `${mask}${sizes}`;
    let definition = bySpec.get(cacheKey);
    if (!definition) {
      definition = buildDefinition(spec, mask, sizes);
      bySpec.set(cacheKey, definition);
    }
    return definition;
  }
}

/**
 * FIT protocol, definition message: header byte, reserved, architecture, global message number (2 bytes),
 * field count, then per field its number, size in bytes and base type byte.
 */
function buildDefinition(spec: MessageSpec, mask: number, sizes: string): Definition {
  const present = spec.fields.filter((_, f) => mask & (1 << f));
  // Strings and arrays, in field order, are sized by their value.
  const variableSizes = sizes.split(',').slice(1).map(Number);
  const bytes = new Uint8Array(6 + 3 * present.length);
  bytes[0] = DEFINITION_BIT;
  bytes[2] = LITTLE_ENDIAN;
  bytes[3] = spec.mesgNum & 0xff;
  bytes[4] = spec.mesgNum >>> 8;
  bytes[5] = present.length;
  const layout: string[] = [];
  present.forEach((field, i) => {
    const size =
      field.kind === 'string' || field.array ? (variableSizes.shift() ?? field.sizeBytes) : field.sizeBytes;
    bytes[6 + 3 * i] = field.num;
    bytes[7 + 3 * i] = size;
    bytes[8 + 3 * i] = field.baseTypeByte;
    layout.push(`${field.num}:${size}`);
  });
  return { key: `${spec.mesgNum}/${layout.join(',')}`, bytes };
}

/**
 * The integer the SDK Encoder stores for `value` (encoder.js #transformValue): a non-finite number is the
 * base type's invalid value; numeric fields with a scale or offset store round((value + offset) · scale);
 * a date is seconds since the FIT epoch; an enum name is its number in the profile.
 */
export function storedValue(field: FieldSpec, value: FieldValue): number {
  if (Array.isArray(value)) throw new Error(`FIT field ${field.name} is not an array field`);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return field.invalid;
    return field.kind === 'scaled' ? Math.round((value + field.offset) * field.scale) : value;
  }
  if (value instanceof Date && field.kind === 'dateTime') return (value.getTime() - FIT_EPOCH_MS) / 1000;
  if (typeof value === 'string' && field.kind === 'enum') {
    const number = field.names?.get(value);
    if (number !== undefined) return number;
  }
  throw new Error(`Could not convert "${String(value)}" to FIT field ${field.name}`);
}
