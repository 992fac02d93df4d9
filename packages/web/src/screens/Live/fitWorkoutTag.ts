/**
 * Names a live ride's FIT file after the workout ridden, by appending two messages to the file the
 * formats package wrote (FIT Protocol, Garmin FIT SDK "Flexible and Interoperable Data Transfer"
 * protocol document §3 file structure, §4 record headers and definition messages; Profile.xlsx for the
 * message and field numbers):
 * - `sport` (global 12): sport (field 0, enum, 2 = cycling) and name (field 3, string). The import reads
 *   the first sport message's name as the ride's own name (formats' decode-fit `name`), so the stored
 *   ride is called after the workout, as a head unit names a ride done from a workout.
 * - `workout` (global 26): sport (field 4), wkt_name (field 8) and wkt_description (field 17) holding
 *   `vatio-workout:<source>:<id>`, the reference of the workout, for a reader that links a ride to the
 *   workout it followed. The forms (workoutChoices.ts makes them; the server's plan linking reads them):
 *   - `vatio-workout:plan:<YYYY-MM-DD>`: the training plan's workout of that day (the rider's local
 *     date, as GET /api/plan's `today` and `days[].date`), ridden as the plan showed it that day;
 *   - `vatio-workout:own:<id>`: the rider's own workout `<id>` (GET /api/workouts), ridden on its own;
 *   - `vatio-workout:library:<id>`: the library session `<id>` (GET /api/workouts/library), on its own.
 *   Only `plan:` says the ride was the plan's session of a day; `own:` and `library:` name the workout
 *   only (a reader may still match them to the day's planned workout of the same source and id).
 * The header's data size and both CRCs (header and file) are written again. Pure: tested by decoding.
 */

/** FIT CRC-16 (the SDK's nibble table, FIT Protocol §3.3.2). */
const CRC_TABLE = [
  0x0000, 0xcc01, 0xd801, 0x1400, 0xf001, 0x3c00, 0x2800, 0xe401, 0xa001, 0x6c00, 0x7800, 0xb401, 0x5000,
  0x9c01, 0x8801, 0x4400,
];

export function fitCrc(bytes: Uint8Array, from = 0, to = bytes.length): number {
  let crc = 0;
  for (let i = from; i < to; i++) {
    const byte = bytes[i]!;
    let tmp = CRC_TABLE[crc & 0xf]!;
    crc = (crc >> 4) & 0x0fff;
    crc = crc ^ tmp ^ CRC_TABLE[byte & 0xf]!;
    tmp = CRC_TABLE[crc & 0xf]!;
    crc = (crc >> 4) & 0x0fff;
    crc = crc ^ tmp ^ CRC_TABLE[(byte >> 4) & 0xf]!;
  }
  return crc;
}

/** A FIT string field: UTF-8, NUL-terminated, cut on a character boundary to fit `maxBytes`. */
export function fitString(text: string, maxBytes: number): Uint8Array {
  const encoder = new TextEncoder();
  let chars = [...text];
  let bytes = encoder.encode(chars.join(''));
  while (bytes.length + 1 > maxBytes && chars.length > 0) {
    chars = chars.slice(0, -1);
    bytes = encoder.encode(chars.join(''));
  }
  const out = new Uint8Array(bytes.length + 1);
  out.set(bytes);
  return out;
}

const CYCLING = 2;
const ENUM = 0x00;
const STRING = 0x07;
/** Local message type of the appended messages: any is free once the file's own records are written. */
const LOCAL = 0x0f;
/** Kept well under a field's 255-byte limit. */
const MAX_STRING_BYTES = 200;

type Field = { num: number; base: number; bytes: Uint8Array };

/** Definition message (header 0x40 | local) and its data message (header = local). */
function message(globalNum: number, fields: Field[]): number[] {
  const out = [0x40 | LOCAL, 0, 0, globalNum & 0xff, globalNum >> 8, fields.length];
  for (const f of fields) out.push(f.num, f.bytes.length, f.base);
  out.push(LOCAL);
  for (const f of fields) out.push(...f.bytes);
  return out;
}

export function workoutMessages(name: string, ref: string): Uint8Array {
  const sport = { base: ENUM, bytes: Uint8Array.of(CYCLING) };
  const nameBytes = fitString(name, MAX_STRING_BYTES);
  return Uint8Array.from([
    ...message(12, [
      { num: 0, ...sport },
      { num: 3, base: STRING, bytes: nameBytes },
    ]),
    ...message(26, [
      { num: 4, ...sport },
      { num: 8, base: STRING, bytes: nameBytes },
      { num: 17, base: STRING, bytes: fitString(`vatio-workout:${ref}`, MAX_STRING_BYTES) },
    ]),
  ]);
}

/** The FIT file with the workout's messages after its last record. */
export function tagFitWithWorkout(fit: Uint8Array, name: string, ref: string): Uint8Array {
  const view = new DataView(fit.buffer, fit.byteOffset, fit.byteLength);
  const headerSize = view.getUint8(0);
  const dataSize = view.getUint32(4, true);
  const extra = workoutMessages(name, ref);
  const out = new Uint8Array(headerSize + dataSize + extra.length + 2);
  out.set(fit.subarray(0, headerSize + dataSize));
  out.set(extra, headerSize + dataSize);
  const outView = new DataView(out.buffer);
  outView.setUint32(4, dataSize + extra.length, true);
  if (headerSize >= 14) outView.setUint16(12, fitCrc(out, 0, 12), true);
  const end = headerSize + dataSize + extra.length;
  outView.setUint16(end, fitCrc(out, 0, end), true);
  return out;
}
