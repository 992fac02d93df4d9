import { fitCrc } from './crc.ts';
import {
  ACCUMULATED_CARRIERS,
  FAST_RECORD_COLUMNS,
  type FastRecordColumn,
  RECORD_MESG_NUM,
  RECORD_TRANSFORMS,
  type RecordColumns,
  recordFieldIsArray,
} from './record-columns.ts';

/**
 * One pass over a FIT file's messages. Record messages whose definition the fast path understands are
 * read straight into typed arrays; every definition and every other data message is copied, in order,
 * into a smaller FIT file (`rest`) for the Garmin SDK. Returns a fallback reason, meaning "give the whole
 * file to the SDK", for anything unusual: a size or CRC mismatch, chained files or trailing bytes, compressed
 * timestamp headers (the SDK stops there with an error), a base type the SDK rejects, a data message
 * without a definition, a record field in a float/64-bit/string base type, or a
 * record the SDK's accumulator would fail on. Never throws.
 */

const COMPRESSED_HEADER = 0x80;
const DEFINITION = 0x40;
const DEV_DATA = 0x20;
const LOCAL_NUM = 0x0f;
const BASE_TYPE_MASK = 0x1f;

/** Base type sizes (fit.js BaseTypeDefinitions); 0 = not a base type (the SDK throws on it). */
const BT_SIZE = [1, 1, 1, 2, 2, 4, 4, 1, 4, 8, 1, 2, 4, 1, 8, 8, 8];
/** Invalid values of the integer base types the fast path reads (fit.js BaseTypeDefinitions). */
const BT_INVALID = [0xff, 0x7f, 0xff, 0x7fff, 0xffff, 0x7fffffff, 0xffffffff, 0, 0, 0, 0, 0, 0, 0xff];
/** Integer base types read here: enum, sint8, uint8, sint16, uint16, sint32, uint32, uint8z, uint16z, uint32z, byte. */
const READABLE = new Set([0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x0a, 0x0b, 0x0c, 0x0d]);
const BYTE = 0x0d;

interface RawField {
  /** Offset of the field in the data message, the header byte included. */
  at: number;
  size: number;
  baseType: number;
  littleEndian: boolean;
}

interface FieldRead extends RawField {
  column: number;
  numeric: boolean;
  scale: number;
  offset: number;
  element?: number;
}

interface AccumulationRead extends RawField {
  num: number;
  isArray: boolean;
  /** For an accumulated field: the carriers that make the SDK throw when read before it. */
  carriers?: readonly number[];
}

interface LocalDefinition {
  /** Data message length, header byte included. */
  length: number;
  /** Set for record definitions: the fields to read; undefined for other messages. */
  reads?: FieldRead[];
  /** Set for record definitions: their index among the file's record definitions. */
  plan?: number;
  /** Why the fast path cannot read this record definition the SDK's way, if it cannot. */
  unsupported?: string;
  /** Accumulated fields and their carriers, in definition order, when both are in the definition. */
  accumulation?: AccumulationRead[];
  devFields: boolean;
}

export interface FastScan {
  /** The SDK's checkIntegrity() result for these bytes. */
  integrity: boolean;
  /** A FIT file with every definition and every non-record data message, for the SDK. */
  rest: Uint8Array;
  records: RecordColumns;
  /** Some record carried developer fields (skipped here; the SDK may still reject their description). */
  recordDeveloperFields: boolean;
}

/** Why a file goes to the SDK instead (for tests and diagnostics). */
export interface FastFallback {
  fallback: string;
}

/** What a local message number is defined as, for the message loop. */
const UNDEFINED_LOCAL = 0;
const OTHER_MESSAGE = 1;
/** A record definition with nothing to check per record: the common case, handled inline. */
const PLAIN_RECORD = 2;
/** A record definition to look at per record (unsupported layout, accumulator hazard, developer fields). */
const CHECKED_RECORD = 3;

/** An Int32Array that doubles when full (record offsets, copied spans): no JS array of numbers to box. */
class IntList {
  values: Int32Array;
  length = 0;
  constructor(capacity: number) {
    this.values = new Int32Array(Math.max(16, capacity));
  }
  push(value: number): void {
    if (this.length === this.values.length) {
      const grown = new Int32Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length++] = value;
  }
}

export function scanFit(bytes: Uint8Array): FastScan | FastFallback {
  if (!RECORD_TRANSFORMS) return { fallback: 'SDK profile differs from what the fast path assumes' };
  const n = bytes.length;
  const headerSize = bytes[0] ?? 0;
  if ((headerSize !== 12 && headerSize !== 14) || n < headerSize + 2) return { fallback: 'header' };
  const dataSize = u32(bytes, 4);
  const end = headerSize + dataSize;
  if (end + 2 !== n) return { fallback: 'size: truncated, chained or trailing bytes' };
  if (fitCrc(bytes, 0, end) !== u16(bytes, end)) return { fallback: 'file CRC' };
  const headerCrc = headerSize === 14 ? u16(bytes, 12) : 0;
  const integrity = headerCrc === 0 || headerCrc === fitCrc(bytes, 0, 12);

  // Per local message number: its kind, data message length and (records) plan, in typed arrays so the
  // loop below touches no object for an ordinary record; `definitions` has the rest for the checks.
  const kinds = new Uint8Array(16);
  const lengths = new Int32Array(16);
  const planOf = new Int32Array(16);
  const definitions: Array<LocalDefinition | undefined> = new Array(16).fill(undefined);
  // Records in runs: consecutive in the file, back to back, of one definition (a 4-hour ride has a few
  // hundred, broken by laps, events and redefinitions). Three entries per run: first byte, count, plan.
  const runs = new IntList(3 * 64);
  let records = 0;
  let runPlan = -1;
  /** Where the last record ended; a record starting there with the same plan extends its run. */
  let runEnd = -1;
  /** [from, to) byte ranges of the definitions and other messages, in order, for `rest`. */
  const restSpans = new IntList(64);
  let restBytes = 0;
  const plans: FieldRead[][] = [];
  /** Data message length of each plan's records. */
  const planLengths: number[] = [];
  let recordDeveloperFields = false;
  const keep = (from: number, to: number) => {
    const last = restSpans.length - 1;
    // A span that continues the previous one extends it.
    if (last > 0 && restSpans.values[last] === from) restSpans.values[last] = to;
    else {
      restSpans.push(from);
      restSpans.push(to);
    }
    restBytes += to - from;
  };

  let pos = headerSize;
  while (pos < end) {
    const header = bytes[pos]!;
    if (header & (COMPRESSED_HEADER | DEFINITION)) {
      if (header & COMPRESSED_HEADER) return { fallback: 'compressed timestamp header' };
      const definition = readDefinition(bytes, pos, end, header);
      if (!definition) return { fallback: 'definition overruns the data or has an unknown base type' };
      const local = definition.local;
      const localNum = header & LOCAL_NUM;
      if (local.reads) {
        local.plan = plans.length;
        plans.push(local.reads);
        planLengths.push(local.length);
        planOf[localNum] = local.plan;
        kinds[localNum] =
          local.unsupported || local.accumulation || local.devFields ? CHECKED_RECORD : PLAIN_RECORD;
      } else {
        kinds[localNum] = OTHER_MESSAGE;
      }
      lengths[localNum] = local.length;
      definitions[localNum] = local;
      keep(pos, definition.next);
      pos = definition.next;
      continue;
    }
    const localNum = header & LOCAL_NUM;
    const kind = kinds[localNum]!;
    const length = lengths[localNum]!;
    if (kind === UNDEFINED_LOCAL) return { fallback: 'data message without a definition' };
    if (pos + length > end) return { fallback: 'data message overruns the data' };
    if (kind === OTHER_MESSAGE) {
      keep(pos, pos + length);
      pos += length;
      continue;
    }
    if (kind === CHECKED_RECORD) {
      const local = definitions[localNum]!;
      if (local.unsupported) return { fallback: `record layout: ${local.unsupported}` };
      if (local.accumulation && accumulatorThrows(bytes, pos, local.accumulation)) {
        return { fallback: 'a record the SDK accumulator fails on' };
      }
      if (local.devFields) recordDeveloperFields = true;
    }
    const plan = planOf[localNum]!;
    if (plan === runPlan && pos === runEnd) {
      runs.values[runs.length - 2] = runs.values[runs.length - 2]! + 1;
    } else {
      runs.push(pos);
      runs.push(1);
      runs.push(plan);
      runPlan = plan;
    }
    records++;
    pos += length;
    runEnd = pos;
  }
  if (records === 0) return { fallback: 'no records' };

  // The SDK's file header fields the decoder reads (protocol and profile version) are kept; the header
  // shrinks to 12 bytes (no header CRC) and the data size and file CRC are those of what is left.
  const restEnd = 12 + restBytes;
  const rest = new Uint8Array(restEnd + 2);
  rest.set(bytes.subarray(0, 12), 0);
  let at = 12;
  for (let k = 0; k < restSpans.length; k += 2) {
    const from = restSpans.values[k]!;
    const to = restSpans.values[k + 1]!;
    if (to - from > 64) rest.set(bytes.subarray(from, to), at);
    else for (let p = from; p < to; p++) rest[at + p - from] = bytes[p]!;
    at += to - from;
  }
  rest[0] = 12;
  rest[4] = restBytes & 0xff;
  rest[5] = (restBytes >>> 8) & 0xff;
  rest[6] = (restBytes >>> 16) & 0xff;
  rest[7] = (restBytes >>> 24) & 0xff;
  const restCrc = fitCrc(rest, 0, restEnd);
  rest[restEnd] = restCrc & 0xff;
  rest[restEnd + 1] = restCrc >>> 8;

  return {
    integrity,
    rest,
    records: readRecords(bytes, runs.values.subarray(0, runs.length), records, plans, planLengths),
    recordDeveloperFields,
  };
}

function u16(b: Uint8Array, p: number): number {
  return (b[p] ?? 0) | ((b[p + 1] ?? 0) << 8);
}

function u32(b: Uint8Array, p: number): number {
  return ((b[p] ?? 0) | ((b[p + 1] ?? 0) << 8) | ((b[p + 2] ?? 0) << 16) | ((b[p + 3] ?? 0) << 24)) >>> 0;
}

function u16be(b: Uint8Array, p: number): number {
  return ((b[p] ?? 0) << 8) | (b[p + 1] ?? 0);
}

function u32be(b: Uint8Array, p: number): number {
  return (((b[p] ?? 0) << 24) | ((b[p + 1] ?? 0) << 16) | ((b[p + 2] ?? 0) << 8) | (b[p + 3] ?? 0)) >>> 0;
}

function readDefinition(
  bytes: Uint8Array,
  pos: number,
  end: number,
  header: number,
): { local: LocalDefinition; next: number } | undefined {
  if (pos + 6 > end) return undefined;
  const architecture = bytes[pos + 2] ?? 0;
  const littleEndian = architecture === 0;
  const globalNum = littleEndian ? u16(bytes, pos + 3) : u16be(bytes, pos + 3);
  const numFields = bytes[pos + 5] ?? 0;
  let p = pos + 6;
  if (p + 3 * numFields > end) return undefined;
  const isRecord = globalNum === RECORD_MESG_NUM;
  const reads: FieldRead[] = [];
  const accumulation: AccumulationRead[] = [];
  const present = new Set<number>();
  let unsupported: string | undefined;
  let length = 1;
  for (let i = 0; i < numFields; i++, p += 3) {
    const num = bytes[p] ?? 0;
    const size = bytes[p + 1] ?? 0;
    const baseType = (bytes[p + 2] ?? 0) & BASE_TYPE_MASK;
    if (baseType >= BT_SIZE.length) return undefined; // the SDK throws on an unknown base type
    if (isRecord) {
      present.add(num);
      const raw = { at: length, size, baseType, littleEndian };
      const transforms = RECORD_TRANSFORMS?.get(num);
      const transform = transforms !== undefined;
      for (const t of transforms ?? []) {
        if (t.element === undefined) {
          reads.push({ ...raw, ...t });
          continue;
        }
        // One element of an array field, read as a value of its own; an element the field is too
        // short for has no value (its column stays NaN for these records).
        const unit = BT_SIZE[baseType] ?? 1;
        if (size % unit === 0 && size >= (t.element + 1) * unit)
          reads.push({ ...raw, ...t, at: raw.at + t.element * unit, size: unit });
      }
      const carriers = ACCUMULATED_CARRIERS.get(num);
      const isCarrier = [...ACCUMULATED_CARRIERS.values()].some((c) => c.includes(num));
      if (carriers || isCarrier) {
        accumulation.push({ ...raw, num, isArray: recordFieldIsArray(num) ?? false, carriers });
      }
      if ((transform || carriers || isCarrier) && !READABLE.has(baseType)) {
        unsupported = `base type ${baseType} for field ${num}`;
      }
    }
    length += size;
  }
  let devFields = false;
  if (header & DEV_DATA) {
    if (p + 1 > end) return undefined;
    const numDev = bytes[p] ?? 0;
    p += 1;
    if (p + 3 * numDev > end) return undefined;
    for (let i = 0; i < numDev; i++, p += 3) length += bytes[p + 1] ?? 0;
    devFields = numDev > 0;
  }
  if (!isRecord) return { local: { length, devFields }, next: p };
  const hazard = [...ACCUMULATED_CARRIERS].some(
    ([accumulated, carriers]) => present.has(accumulated) && carriers.some((c) => present.has(c)),
  );
  return {
    local: { length, reads, unsupported, devFields, accumulation: hazard ? accumulation : undefined },
    next: p,
  };
}

/** Whether the SDK's accumulator throws on this record: an accumulated field after a carrier of it. */
function accumulatorThrows(b: Uint8Array, start: number, fields: readonly AccumulationRead[]): boolean {
  const seen: number[] = [];
  for (const f of fields) {
    if (isNull(b, start + f.at, f)) continue;
    if (f.carriers?.some((c) => seen.includes(c))) return true;
    seen.push(f.num);
  }
  return false;
}

/** Whether the SDK's readValue gives null for this field (then it is not in the message). */
function isNull(b: Uint8Array, at: number, f: RawField & { isArray: boolean }): boolean {
  const unit = BT_SIZE[f.baseType] ?? 1;
  if (f.size === 0 || f.size % unit !== 0) return true;
  const invalid = BT_INVALID[f.baseType];
  const first = readOne(b, at, f.baseType, f.littleEndian);
  if (f.size === unit) return first === invalid;
  let allInvalid = true;
  for (let p = at; p < at + f.size; p += unit) {
    if (readOne(b, p, f.baseType, f.littleEndian) !== invalid) {
      allInvalid = false;
      break;
    }
  }
  return allInvalid || (!f.isArray && f.baseType !== BYTE && first === invalid);
}

/** Reads one non-array field the SDK's way (stream.js readValue); NaN where the SDK gives null. */
function readValue(b: Uint8Array, at: number, f: RawField): number {
  const { size, baseType, littleEndian } = f;
  const unit = BT_SIZE[baseType] ?? 1;
  if (size === 0 || size % unit !== 0) return Number.NaN;
  const value = readOne(b, at, baseType, littleEndian);
  const invalid = BT_INVALID[baseType];
  if (size === unit) return value === invalid ? Number.NaN : value;
  // Several values in a field the profile says is not an array: the SDK keeps the first, and null when
  // every value is invalid (or, except for byte, when the first one is).
  let allInvalid = true;
  for (let p = at; p < at + size; p += unit) {
    if (readOne(b, p, baseType, littleEndian) !== invalid) {
      allInvalid = false;
      break;
    }
  }
  if (allInvalid) return Number.NaN;
  return baseType !== BYTE && value === invalid ? Number.NaN : value;
}

function readOne(b: Uint8Array, p: number, baseType: number, littleEndian: boolean): number {
  switch (baseType) {
    case 0x01:
      return ((b[p] ?? 0) << 24) >> 24;
    case 0x03:
      return ((littleEndian ? u16(b, p) : u16be(b, p)) << 16) >> 16;
    case 0x04:
    case 0x0b:
      return littleEndian ? u16(b, p) : u16be(b, p);
    case 0x05:
      return (littleEndian ? u32(b, p) : u32be(b, p)) | 0;
    case 0x06:
    case 0x0c:
      return littleEndian ? u32(b, p) : u32be(b, p);
    default:
      return b[p] ?? 0;
  }
}

/**
 * Fills the columns. Records are read a field at a time across all the records of a definition, run by
 * run, so each inner loop sees one base type, offset and scale, and steps through the bytes by the
 * record length. Within a record the fields are still applied in definition order, so a later valid
 * copy of a field overwrites an earlier one and an invalid copy leaves it (as the SDK's message object
 * does). Every column entry is written once per field read, value or NaN, so no column is filled with
 * NaN beforehand.
 */
function readRecords(
  bytes: Uint8Array,
  runs: Int32Array,
  count: number,
  plans: readonly FieldRead[][],
  planLengths: readonly number[],
): RecordColumns {
  const fieldCount = FAST_RECORD_COLUMNS.length;
  const used = new Uint8Array(fieldCount);
  for (const plan of plans) for (const f of plan) used[f.column] = 1;
  const absent = new Float64Array(count).fill(Number.NaN);
  const columns = FAST_RECORD_COLUMNS.map((_, c) => (used[c] ? new Float64Array(count) : absent));

  // The runs grouped by plan (a counting sort, file order kept within a plan): [first byte, count,
  // index of the first record] each.
  const runCount = runs.length / 3;
  const firstOf = new Int32Array(plans.length + 1);
  for (let r = 0; r < runCount; r++) {
    const slot = runs[3 * r + 2]! + 1;
    firstOf[slot] = firstOf[slot]! + 1;
  }
  for (let p = 0; p < plans.length; p++) firstOf[p + 1] = firstOf[p + 1]! + firstOf[p]!;
  const grouped = new Int32Array(runs.length);
  const next = firstOf.slice(0, plans.length);
  for (let r = 0, record = 0; r < runCount; r++) {
    const plan = runs[3 * r + 2]!;
    const k = next[plan]!;
    next[plan] = k + 1;
    grouped[3 * k] = runs[3 * r]!;
    grouped[3 * k + 1] = runs[3 * r + 1]!;
    grouped[3 * k + 2] = record;
    record += runs[3 * r + 1]!;
  }

  let scratch: Float64Array | undefined;
  const written = new Uint8Array(fieldCount);
  for (let p = 0; p < plans.length; p++) {
    const from = firstOf[p]!;
    const to = firstOf[p + 1]!;
    if (from === to) continue;
    const plan = plans[p]!;
    const length = planLengths[p]!;
    written.fill(0);
    for (const f of plan) {
      const column = columns[f.column]!;
      if (!written[f.column]) {
        readColumn(bytes, grouped, from, to, length, f, column);
        written[f.column] = 1;
        continue;
      }
      // The same field again in one definition: its valid values overwrite the earlier ones.
      scratch ??= new Float64Array(count);
      readColumn(bytes, grouped, from, to, length, f, scratch);
      forEachRecord(grouped, from, to, (i) => {
        if (!Number.isNaN(scratch![i]!)) column[i] = scratch![i]!;
      });
    }
    // Fields other definitions have and this one lacks: no value in this plan's records.
    for (let c = 0; c < fieldCount; c++) {
      if (!used[c] || written[c]) continue;
      const column = columns[c]!;
      for (let r = from; r < to; r++) {
        const first = grouped[3 * r + 2]!;
        column.fill(Number.NaN, first, first + grouped[3 * r + 1]!);
      }
    }
  }
  const fields = Object.fromEntries(FAST_RECORD_COLUMNS.map((name, i) => [name, columns[i]])) as Record<
    FastRecordColumn,
    Float64Array
  >;
  return { count, fields, absent };
}

/** Calls `fn` with the index of every record of the runs `from..to` of `grouped`. */
function forEachRecord(grouped: Int32Array, from: number, to: number, fn: (record: number) => void): void {
  for (let r = from; r < to; r++) {
    const first = grouped[3 * r + 2]!;
    const last = first + grouped[3 * r + 1]!;
    for (let i = first; i < last; i++) fn(i);
  }
}

/**
 * Reads field `f` of the records in the runs `from..to` of `grouped` (records `length` bytes apart)
 * into `out` at their record indices: the SDK's value, or NaN where the SDK gives none.
 */
function readColumn(
  b: Uint8Array,
  grouped: Int32Array,
  from: number,
  to: number,
  length: number,
  f: FieldRead,
  out: Float64Array,
): void {
  readRawColumn(b, grouped, from, to, length, f, out);
  // Non-numeric profile types (date_time, enums) stay raw, as x / 1 - 0 === x for every integer read
  // here; so do numeric ones of scale 1 and offset 0. Division is the costly part of a value (about half
  // the time of a column), and dividing by a power of two is multiplying by its exact reciprocal.
  if (!f.numeric || (f.scale === 1 && f.offset === 0)) return;
  const { scale, offset } = f;
  const reciprocal = 1 / scale;
  const exact = Number.isInteger(Math.log2(scale));
  for (let r = from; r < to; r++) {
    const first = grouped[3 * r + 2]!;
    const last = first + grouped[3 * r + 1]!;
    if (exact) for (let i = first; i < last; i++) out[i] = out[i]! * reciprocal - offset;
    else for (let i = first; i < last; i++) out[i] = out[i]! / scale - offset;
  }
}

/** `readColumn` before scale and offset: the raw integer, or NaN where the SDK gives none. */
function readRawColumn(
  b: Uint8Array,
  grouped: Int32Array,
  from: number,
  to: number,
  length: number,
  f: FieldRead,
  out: Float64Array,
): void {
  const { at, baseType, littleEndian } = f;
  const NaN_ = Number.NaN;
  // Each loop below: for every run, its records' field at `p`, `length` bytes apart.
  if (f.size !== BT_SIZE[baseType]) {
    for (let r = from; r < to; r++) {
      const first = grouped[3 * r + 2]!;
      const last = first + grouped[3 * r + 1]!;
      for (let i = first, p = grouped[3 * r]! + at; i < last; i++, p += length) out[i] = readValue(b, p, f);
    }
    return;
  }
  // One value of its base type: null exactly when it is the invalid value. The common little-endian
  // layouts get their own loops; the rest go through readOne.
  const invalid = BT_INVALID[baseType] as number;
  const kind = littleEndian ? baseType : -1;
  switch (kind) {
    case 0x00:
    case 0x02:
    case 0x0a:
    case 0x0d:
      for (let r = from; r < to; r++) {
        const first = grouped[3 * r + 2]!;
        const last = first + grouped[3 * r + 1]!;
        for (let i = first, p = grouped[3 * r]! + at; i < last; i++, p += length) {
          const raw = b[p]!;
          out[i] = raw !== invalid ? raw : NaN_;
        }
      }
      return;
    case 0x01:
      for (let r = from; r < to; r++) {
        const first = grouped[3 * r + 2]!;
        const last = first + grouped[3 * r + 1]!;
        for (let i = first, p = grouped[3 * r]! + at; i < last; i++, p += length) {
          const raw = (b[p]! << 24) >> 24;
          out[i] = raw !== invalid ? raw : NaN_;
        }
      }
      return;
    case 0x04:
    case 0x0b:
      for (let r = from; r < to; r++) {
        const first = grouped[3 * r + 2]!;
        const last = first + grouped[3 * r + 1]!;
        for (let i = first, p = grouped[3 * r]! + at; i < last; i++, p += length) {
          const raw = b[p]! | (b[p + 1]! << 8);
          out[i] = raw !== invalid ? raw : NaN_;
        }
      }
      return;
    case 0x03:
      for (let r = from; r < to; r++) {
        const first = grouped[3 * r + 2]!;
        const last = first + grouped[3 * r + 1]!;
        for (let i = first, p = grouped[3 * r]! + at; i < last; i++, p += length) {
          const raw = ((b[p]! | (b[p + 1]! << 8)) << 16) >> 16;
          out[i] = raw !== invalid ? raw : NaN_;
        }
      }
      return;
    case 0x05:
    case 0x06:
    case 0x0c: {
      const signed = baseType === 0x05;
      for (let r = from; r < to; r++) {
        const first = grouped[3 * r + 2]!;
        const last = first + grouped[3 * r + 1]!;
        for (let i = first, p = grouped[3 * r]! + at; i < last; i++, p += length) {
          const bits = b[p]! | (b[p + 1]! << 8) | (b[p + 2]! << 16) | (b[p + 3]! << 24);
          const raw = signed ? bits : bits >>> 0;
          out[i] = raw !== invalid ? raw : NaN_;
        }
      }
      return;
    }
    default:
      for (let r = from; r < to; r++) {
        const first = grouped[3 * r + 2]!;
        const last = first + grouped[3 * r + 1]!;
        for (let i = first, p = grouped[3 * r]! + at; i < last; i++, p += length) {
          const raw = readOne(b, p, baseType, littleEndian);
          out[i] = raw !== invalid ? raw : NaN_;
        }
      }
  }
}
