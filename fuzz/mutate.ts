/**
 * Hostile inputs made from valid files: generic byte damage (bit flips, insertions, deletions,
 * truncations, splices) and damage aimed at each format's structure (FIT sizes and counts, XML
 * nesting, entities and encodings, zip bombs and entry names). Every input is a pure function of
 * (seed, format, index): `Rng.forInput` gives it a generator of its own.
 */
import { deflateSync, gzipSync } from 'fflate';
import { Rng } from './rng.ts';
import type { FuzzFormat, SeedFile } from './seeds.ts';
import { buildZip, concat, crc32, type ZipEntrySpec } from './zip-writer.ts';

export interface FuzzInput {
  format: FuzzFormat;
  index: number;
  /** The seed file it was made from. */
  from: string;
  /** What was done to it, in words (printed with a failure, to reproduce it). */
  mutation: string;
  /** The file name it is uploaded under (hostile itself sometimes). */
  name: string;
  bytes: Uint8Array;
}

/** The largest flood, bomb or text an input may carry: 20 MB, or about 1 MB with `small`. */
let maxGrowth = 20_000_000;

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: false });

// ---------------------------------------------------------------------------------------------------
// Generic byte damage

function bitFlips(rng: Rng, b: Uint8Array): [Uint8Array, string] {
  const out = b.slice();
  const n = rng.range(1, 16);
  // Half the flips land in the first 2 KB, where headers and definitions are.
  for (let k = 0; k < n; k++) {
    const at = rng.chance(0.5) ? rng.int(Math.min(2048, out.length)) : rng.int(out.length);
    out[at] = out[at]! ^ (1 << rng.int(8));
  }
  return [out, `${n} bit flips`];
}

const INTERESTING = [0x00, 0x01, 0x7f, 0x80, 0xfe, 0xff, 0x40, 0x20, 0x0e, 0x0c];

function byteSets(rng: Rng, b: Uint8Array): [Uint8Array, string] {
  const out = b.slice();
  const n = rng.range(1, 8);
  for (let k = 0; k < n; k++) out[rng.int(out.length)] = rng.pick(INTERESTING);
  return [out, `${n} bytes set to boundary values`];
}

function insertBytes(rng: Rng, b: Uint8Array): [Uint8Array, string] {
  const at = rng.int(b.length + 1);
  const n = rng.pick([1, 2, 3, 7, 64, 1000]);
  const fill = rng.chance(0.5) ? rng.bytes(n) : new Uint8Array(n).fill(rng.pick(INTERESTING));
  return [concat([b.subarray(0, at), fill, b.subarray(at)]), `insert ${n} bytes at ${at}`];
}

function deleteBytes(rng: Rng, b: Uint8Array): [Uint8Array, string] {
  const at = rng.int(b.length);
  const n = Math.min(b.length - at, rng.pick([1, 2, 3, 13, 100, 5000]));
  return [concat([b.subarray(0, at), b.subarray(at + n)]), `delete ${n} bytes at ${at}`];
}

function truncate(rng: Rng, b: Uint8Array): [Uint8Array, string] {
  const cut = rng.chance(0.3) ? rng.int(Math.min(64, b.length)) : rng.int(b.length);
  return [b.slice(0, cut), `truncate to ${cut} bytes`];
}

function duplicateChunk(rng: Rng, b: Uint8Array): [Uint8Array, string] {
  const at = rng.int(b.length);
  const n = Math.min(b.length - at, rng.range(1, 4096));
  const times = rng.range(2, 20);
  const chunk = b.subarray(at, at + n);
  return [
    concat([b.subarray(0, at + n), ...Array.from({ length: times }, () => chunk), b.subarray(at + n)]),
    `repeat ${n} bytes at ${at} ×${times}`,
  ];
}

function splice(rng: Rng, a: Uint8Array, b: Uint8Array, otherName: string): [Uint8Array, string] {
  const cutA = rng.int(a.length);
  const cutB = rng.int(b.length);
  return [
    concat([a.subarray(0, cutA), b.subarray(cutB)]),
    `splice at ${cutA} with ${otherName} from ${cutB}`,
  ];
}

type Mutator = (rng: Rng, b: Uint8Array) => [Uint8Array, string];
const GENERIC: readonly Mutator[] = [bitFlips, byteSets, insertBytes, deleteBytes, truncate, duplicateChunk];

function generic(rng: Rng, bytes: Uint8Array): [Uint8Array, string] {
  let out = bytes;
  const steps: string[] = [];
  const n = rng.range(1, 3);
  for (let k = 0; k < n && out.length > 0; k++) {
    const [next, what] = rng.pick(GENERIC)(rng, out);
    out = next;
    steps.push(what);
  }
  return [out, steps.join(', ')];
}

// ---------------------------------------------------------------------------------------------------
// FIT structure (FIT protocol: 12/14-byte header, definition and data messages, CRC-16 at the end)

interface FitMessage {
  at: number;
  definition: boolean;
  local: number;
  /** Definitions: number of fields and where the field triplets start; developer count offset. */
  numFields?: number;
  devCountAt?: number;
  globalNum?: number;
  length: number;
}

/** The messages of a FIT file, as far as its structure can be followed. */
export function walkFit(b: Uint8Array, limit = 100_000): FitMessage[] {
  const headerSize = b[0] ?? 0;
  if (b.length < headerSize + 2) return [];
  const dataSize = (b[4]! | (b[5]! << 8) | (b[6]! << 16) | (b[7]! << 24)) >>> 0;
  const end = Math.min(b.length - 2, headerSize + dataSize);
  const lengths = new Map<number, number>();
  const out: FitMessage[] = [];
  let pos = headerSize;
  while (pos < end && out.length < limit) {
    const h = b[pos]!;
    if (h & 0x80) {
      const len = lengths.get((h >> 5) & 3);
      if (len === undefined) break;
      out.push({ at: pos, definition: false, local: (h >> 5) & 3, length: len });
      pos += len;
      continue;
    }
    const local = h & 0x0f;
    if (h & 0x40) {
      const numFields = b[pos + 5] ?? 0;
      let len = 1;
      for (let i = 0; i < numFields; i++) len += b[pos + 6 + 3 * i + 1] ?? 0;
      let next = pos + 6 + 3 * numFields;
      let devCountAt: number | undefined;
      if (h & 0x20) {
        devCountAt = next;
        const nDev = b[next] ?? 0;
        for (let i = 0; i < nDev; i++) len += b[next + 1 + 3 * i + 1] ?? 0;
        next += 1 + 3 * nDev;
      }
      const arch = b[pos + 2] ?? 0;
      const globalNum = arch === 0 ? b[pos + 3]! | (b[pos + 4]! << 8) : (b[pos + 3]! << 8) | b[pos + 4]!;
      lengths.set(local, len);
      out.push({ at: pos, definition: true, local, numFields, devCountAt, globalNum, length: next - pos });
      pos = next;
      continue;
    }
    const len = lengths.get(local);
    if (len === undefined) break;
    out.push({ at: pos, definition: false, local, length: len });
    pos += len;
  }
  return out;
}

/** FIT CRC-16 (FIT protocol, "CRC"). */
export function fitCrc(b: Uint8Array, from: number, to: number): number {
  const table = [
    0x0000, 0xcc01, 0xd801, 0x1400, 0xf001, 0x3c00, 0x2800, 0xe401, 0xa001, 0x6c00, 0x7800, 0xb401, 0x5000,
    0x9c01, 0x8801, 0x4400,
  ];
  let crc = 0;
  for (let i = from; i < to; i++) {
    const byte = b[i]!;
    let tmp = table[crc & 0xf]!;
    crc = (crc >> 4) & 0x0fff;
    crc = crc ^ tmp ^ table[byte & 0xf]!;
    tmp = table[crc & 0xf]!;
    crc = (crc >> 4) & 0x0fff;
    crc = crc ^ tmp ^ table[(byte >> 4) & 0xf]!;
  }
  return crc;
}

/**
 * Makes a damaged FIT file consistent again: data size from the length, header CRC and file CRC
 * recomputed. Damage then reaches the columnar fast path and the SDK's message decoding instead of
 * stopping at the integrity check.
 */
export function repairFit(b: Uint8Array, keepDataSize = false): Uint8Array {
  const headerSize = b[0] === 14 ? 14 : 12;
  if (b.length < headerSize + 2) return b;
  const out = b.slice();
  const view = new DataView(out.buffer);
  if (!keepDataSize) view.setUint32(4, out.length - headerSize - 2, true);
  if (headerSize === 14) view.setUint16(12, fitCrc(out, 0, 12), true);
  view.setUint16(out.length - 2, fitCrc(out, 0, out.length - 2), true);
  return out;
}

function withSize(b: Uint8Array): DataView {
  return new DataView(b.buffer, b.byteOffset, b.byteLength);
}

function fitStructural(rng: Rng, bytes: Uint8Array): [Uint8Array, string] {
  const messages = walkFit(bytes);
  const definitions = messages.filter((m) => m.definition);
  const data = messages.filter((m) => !m.definition);
  const kind = rng.int(12);
  const out = bytes.slice();
  const view = withSize(out);
  const repair = rng.chance(0.75);
  const done = (b: Uint8Array, what: string, keepSize = false): [Uint8Array, string] =>
    repair ? [repairFit(b, keepSize), `${what}, CRCs repaired`] : [b, what];
  if (kind === 0 || definitions.length === 0) {
    const size = rng.pick([0, 1, out.length * 2, 0x7fffffff, 0xffffffff, rng.int(2 ** 32)]);
    if (out.length >= 8) view.setUint32(4, size >>> 0, true);
    return done(out, `FIT header data size ${size >>> 0}`, true);
  }
  const def = rng.pick(definitions);
  switch (kind) {
    case 1: {
      // A field size: 0, odd, or the most a byte holds (every later message shifts).
      const numFields = def.numFields ?? 0;
      if (numFields === 0) break;
      const field = rng.int(numFields);
      const size = rng.pick([0, 1, 3, 5, 7, 255, rng.int(256)]);
      out[def.at + 6 + 3 * field + 1] = size;
      return done(out, `FIT field ${field} of the definition at ${def.at}: size ${size}`);
    }
    case 2: {
      const n = rng.pick([0, 255, rng.int(256)]);
      out[def.at + 5] = n;
      return done(out, `FIT definition at ${def.at}: ${n} fields`);
    }
    case 3: {
      // Developer fields: the flag set and a large count of large fields after the normal ones.
      const n = rng.pick([1, 255, rng.int(256)]);
      const fieldsEnd = def.at + 6 + 3 * (def.numFields ?? 0);
      const triplets = new Uint8Array(3 * n);
      for (let i = 0; i < n; i++)
        triplets.set([rng.int(256), rng.pick([1, 255, rng.int(256)]), rng.int(4)], 3 * i);
      const header = out[def.at]! | 0x20;
      if (def.devCountAt !== undefined) {
        out[def.devCountAt] = n;
        return done(out, `FIT definition at ${def.at}: developer field count ${n}`);
      }
      const grown = concat([out.subarray(0, fieldsEnd), Uint8Array.of(n), triplets, out.subarray(fieldsEnd)]);
      grown[def.at] = header;
      return done(grown, `FIT definition at ${def.at}: ${n} developer fields added`);
    }
    case 4: {
      const numFields = def.numFields ?? 0;
      if (numFields === 0) break;
      const field = rng.int(numFields);
      const baseType = rng.pick([0x00, 0x07, 0x1f, 0x8f, 0x88, 0x89, 0x8e, 0xff, rng.int(256)]);
      out[def.at + 6 + 3 * field + 2] = baseType;
      return done(
        out,
        `FIT field ${field} of the definition at ${def.at}: base type 0x${baseType.toString(16)}`,
      );
    }
    case 5: {
      const globalNum = rng.pick([0, 18, 19, 20, 21, 206, 207, 0xfffe, 0xffff, rng.int(0x10000)]);
      view.setUint16(def.at + 3, globalNum, out[def.at + 2] === 0);
      return done(out, `FIT definition at ${def.at}: global message ${globalNum}`);
    }
    case 6: {
      out[def.at + 2] = out[def.at + 2] === 0 ? 1 : 0;
      return done(out, `FIT definition at ${def.at}: architecture flipped`);
    }
    case 7: {
      // A huge record count: one data message repeated many times (a few MB at most).
      const record = data.length ? rng.pick(data) : undefined;
      if (!record) break;
      const times = rng.pick([1000, 20_000, 200_000]);
      const copies = Math.min(times, Math.floor(Math.min(8_000_000, maxGrowth) / Math.max(1, record.length)));
      const message = out.subarray(record.at, record.at + record.length);
      const flood = new Uint8Array(message.length * copies);
      for (let k = 0; k < copies; k++) flood.set(message, k * message.length);
      return done(
        concat([out.subarray(0, record.at), flood, out.subarray(record.at)]),
        `FIT data message at ${record.at} repeated ${copies} times`,
      );
    }
    case 8: {
      // Compressed-timestamp headers on data messages.
      const n = rng.range(1, 20);
      for (let k = 0; k < n && data.length; k++) {
        const m = rng.pick(data);
        out[m.at] = 0x80 | ((m.local & 3) << 5) | rng.int(32);
      }
      return done(out, `FIT ${n} compressed timestamp headers`);
    }
    case 9: {
      // A data message whose local number has no definition (or another definition's).
      const m = data.length ? rng.pick(data) : undefined;
      if (!m) break;
      out[m.at] = rng.int(16);
      return done(out, `FIT data message at ${m.at}: local number ${out[m.at]}`);
    }
    case 10: {
      // Chained FIT files, or trailing bytes after the CRC.
      const tail = rng.chance(0.5) ? bytes : rng.bytes(rng.pick([1, 2, 100]));
      return [
        concat([bytes, tail]),
        `FIT ${tail === bytes ? 'chained to itself' : `${tail.length} trailing bytes`}`,
      ];
    }
    default: {
      // Header size byte and protocol/profile versions.
      const at = rng.pick([0, 1, 2, 3]);
      out[at] = rng.pick([12, 14, 0, 0xff, 0x10, 0x20, rng.int(256)]);
      return [out, `FIT header byte ${at} = ${out[at]}`];
    }
  }
  return generic(rng, bytes);
}

// ---------------------------------------------------------------------------------------------------
// XML (TCX, GPX)

const LAUGHS =
  '<!DOCTYPE lolz [<!ENTITY lol "lol">' +
  Array.from(
    { length: 9 },
    (_, i) =>
      `<!ENTITY lol${i + 1} "${Array.from({ length: 10 }, () => `&lol${i === 0 ? '' : i};`).join('')}">`,
  ).join('') +
  ']>';
const EXTERNAL = [
  '<!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>',
  '<!DOCTYPE x [<!ENTITY xxe SYSTEM "http://127.0.0.1:1/evil">]>',
  '<!DOCTYPE x [<!ENTITY % p SYSTEM "file:///etc/shadow"> %p;]>',
  '<!DOCTYPE x SYSTEM "http://127.0.0.1:1/evil.dtd">',
];

const INVALID_UTF8 = [
  [0xc3, 0x28],
  [0xff],
  [0xfe, 0xff],
  [0xc0, 0xaf],
  [0xed, 0xa0, 0x80],
  [0xf4, 0x90, 0x80, 0x80],
  [0xe2, 0x82],
  [0x00],
];

const NUMBERS = [
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-1e308',
  '',
  ' ',
  '0x10',
  '١٢٣',
  '-0',
  '9'.repeat(400),
  '1,5',
  '+',
  '.',
];
const TIMES = [
  '0000-00-00T00:00:00Z',
  '275760-09-13T00:00:00Z',
  '+275760-09-13T00:00:00.000Z',
  '-271821-04-20T00:00:00Z',
  '1970-01-01T00:00:00Z',
  '1900-01-01T00:00:00Z',
  '2024-05-01T08:00:00+99:99',
  '9999-12-31T23:59:59Z',
  '2024-05-01',
  'yesterday',
  '2024-02-30T25:61:61Z',
];
const TAG_NAMES = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'Trackpoint',
  'trkpt',
  'a:b:c',
  '#text',
  '@_lat',
];

/** Positions just before a '<' (element boundaries), sampled. */
function tagPositions(text: string, rng: Rng, want = 1): number[] {
  const out: number[] = [];
  for (let k = 0; k < want * 4 && out.length < want; k++) {
    const from = rng.int(text.length);
    const at = text.indexOf('<', from);
    if (at > 0) out.push(at);
  }
  return out.length ? out : [Math.floor(text.length / 2)];
}

function afterDeclaration(text: string): number {
  const decl = text.indexOf('?>');
  return decl >= 0 && decl < 200 ? decl + 2 : 0;
}

function replaceNth(
  text: string,
  pattern: RegExp,
  rng: Rng,
  make: (match: string) => string,
): [string, number] {
  const matches = [...text.matchAll(pattern)];
  if (matches.length === 0) return [text, 0];
  const n = rng.range(1, Math.min(20, matches.length));
  let out = text;
  for (let k = 0; k < n; k++) {
    const m = rng.pick(matches);
    const at = m.index ?? 0;
    // Positions move after the first replacement; replacing by search from the old index is enough here.
    const found = out.indexOf(m[0], Math.max(0, at - 64));
    if (found < 0) continue;
    out = out.slice(0, found) + make(m[0]) + out.slice(found + m[0].length);
  }
  return [out, n];
}

function xmlStructural(rng: Rng, bytes: Uint8Array, format: 'tcx' | 'gpx'): [Uint8Array, string] {
  const text = decoder.decode(bytes);
  const kind = rng.int(13);
  const point = format === 'tcx' ? 'Trackpoint' : 'trkpt';
  switch (kind) {
    case 0: {
      const depth = Math.min(rng.pick([1000, 10_000, 100_000, 500_000]), maxGrowth / 10);
      const [at] = tagPositions(text, rng);
      const tag = rng.pick(['a', point, 'Extensions', 'x:y']);
      const closed = rng.chance(0.7);
      const nest = `<${tag}>`.repeat(depth) + (closed ? `</${tag}>`.repeat(depth) : '');
      return [
        encoder.encode(text.slice(0, at) + nest + text.slice(at)),
        `XML nesting ${depth} deep (${tag}${closed ? '' : ', unclosed'})`,
      ];
    }
    case 1: {
      const at = afterDeclaration(text);
      const use = rng.pick(['&lol9;', '&lol5;', '&lol9;&lol9;']);
      const withUse = text.replace(/<(name|Notes|Id|time|Time)>/, (m) => `${m}${use}`);
      return [
        encoder.encode(text.slice(0, at) + LAUGHS + withUse.slice(at)),
        `billion laughs DOCTYPE, ${use} used`,
      ];
    }
    case 2: {
      const at = afterDeclaration(text);
      const dtd = rng.pick(EXTERNAL);
      const withUse = text.replace(/<(name|Notes|Id|time|Time)>/, (m) => `${m}&xxe;`);
      return [encoder.encode(text.slice(0, at) + dtd + withUse.slice(at)), `external entity ${dtd}`];
    }
    case 3: {
      const n = rng.range(1, 10);
      let out = bytes;
      for (let k = 0; k < n; k++) {
        const at = rng.int(out.length);
        out = concat([out.subarray(0, at), Uint8Array.from(rng.pick(INVALID_UTF8)), out.subarray(at)]);
      }
      return [out, `${n} invalid UTF-8 sequences`];
    }
    case 4: {
      // UTF-16 with a byte-order mark, sometimes cut at an odd byte or with the wrong mark.
      const le = rng.chance(0.5);
      const units = new Uint8Array(text.length * 2 + 2);
      units.set(le ? [0xff, 0xfe] : [0xfe, 0xff]);
      for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        const [lo, hi] = [c & 0xff, c >> 8];
        units.set(le ? [lo, hi] : [hi, lo], 2 + 2 * i);
      }
      const odd = rng.chance(0.3);
      if (rng.chance(0.2)) units.set(le ? [0xfe, 0xff] : [0xff, 0xfe]);
      return [
        odd ? units.subarray(0, units.length - 1) : units,
        `UTF-16${le ? 'LE' : 'BE'}${odd ? ', odd length' : ''}`,
      ];
    }
    case 5: {
      const size = Math.min(rng.pick([100_000, 1_000_000, 8_000_000]), maxGrowth);
      const [at] = tagPositions(text, rng);
      const big = rng.chance(0.5) ? `<name>${'x'.repeat(size)}</name>` : `<a b="${'y'.repeat(size)}"/>`;
      return [
        encoder.encode(text.slice(0, at) + big + text.slice(at)),
        `XML text or attribute of ${size} characters`,
      ];
    }
    case 6: {
      const [out, n] = replaceNth(text, />-?\d+(\.\d+)?</g, rng, () => `>${rng.pick(NUMBERS)}<`);
      return [encoder.encode(out), `${n} numbers replaced`];
    }
    case 7: {
      const [out, n] = replaceNth(text, /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, rng, () =>
        rng.pick(TIMES),
      );
      return [encoder.encode(out), `${n} times replaced`];
    }
    case 8: {
      const [out, n] = replaceNth(text, /<\/?[A-Za-z:]+[ >]/g, rng, () => '');
      return [encoder.encode(out), `${n} tags removed`];
    }
    case 9: {
      // A track point repeated many times (same time: many samples in one second).
      const start = text.indexOf(`<${point}`);
      const end = text.indexOf(`</${point}>`, start);
      if (start < 0 || end < 0) break;
      const one = text.slice(start, end + point.length + 3);
      const times = rng.pick([1000, 30_000, 100_000]);
      const copies = Math.min(times, Math.floor(maxGrowth / one.length));
      return [
        encoder.encode(text.slice(0, start) + one.repeat(copies) + text.slice(start)),
        `${point} repeated ${copies} times`,
      ];
    }
    case 10: {
      const [at] = tagPositions(text, rng);
      const junk = rng.pick([
        '<![CDATA[',
        '<!--',
        '<?xml version="1.0"?>',
        '<!DOCTYPE',
        ']]>',
        '</',
        '<a',
        '&',
        '&#0;',
        '&#xD800;',
        '&#99999999;',
        '&unknown;',
      ]);
      return [
        encoder.encode(text.slice(0, at) + junk + text.slice(at)),
        `XML junk ${JSON.stringify(junk)} inserted`,
      ];
    }
    case 11: {
      const [out, n] = replaceNth(
        text,
        /<\/?[A-Za-z]+(?=[ >])/g,
        rng,
        (m) => `${m.startsWith('</') ? '</' : '<'}${rng.pick(TAG_NAMES)}`,
      );
      return [encoder.encode(out), `${n} tag names replaced`];
    }
    default: {
      const [out, n] = replaceNth(text, /(lat|lon|StartTime|Sport)="[^"]*"/g, rng, (m) => {
        const name = m.slice(0, m.indexOf('='));
        return rng.chance(0.5) ? `${name}="${rng.pick(NUMBERS)}"` : `${m} ${m}`;
      });
      return [encoder.encode(out), `${n} attributes replaced or repeated`];
    }
  }
  return generic(rng, bytes);
}

// ---------------------------------------------------------------------------------------------------
// Zip archives

const HOSTILE_NAMES: readonly (string | Uint8Array)[] = [
  '../../etc/passwd.fit',
  '../../../../../../tmp/vatio-fuzz.fit',
  '/etc/passwd.fit',
  '/absolute/ride.fit',
  'C:\\Windows\\ride.fit',
  '..\\..\\ride.fit',
  'a\u0000b.fit',
  'ride.fit\u0000.txt',
  '\u0000.fit',
  'activities/\r\nX-Injected: 1.fit',
  `${'x'.repeat(60_000)}.fit`,
  '__proto__.fit',
  'CON.fit',
  '.fit',
  ' .fit',
  'ride\u202e.tif.fit',
  'ride\ud800.fit',
  Uint8Array.from([0xff, 0xfe, 0x2e, 0x66, 0x69, 0x74]),
  Uint8Array.from([0xc0, 0xaf, 0x2e, 0x2e, 0x2f, 0x61, 0x2e, 0x66, 0x69, 0x74]),
];

/** Deflated zeros, made once per size (a bomb: about 1000:1). */
const bombs = new Map<number, { bytes: Uint8Array; size: number; crc: number }>();
function zeroBomb(size: number, head?: Uint8Array) {
  const key = size + (head ? 0.5 : 0);
  let bomb = bombs.get(key);
  if (!bomb) {
    const data = new Uint8Array(size);
    if (head) data.set(head);
    // fflate's deflateSync on zeros: ~1 s per 256 MB; only a few sizes are ever made.
    bomb = { bytes: deflateSync(data, { level: 9 }), size, crc: crc32(data) };
    bombs.set(key, bomb);
  }
  return bomb;
}

function zipStructural(rng: Rng, seed: SeedFile, rides: readonly SeedFile[]): [Uint8Array, string] {
  const ride = rng.pick(rides);
  const kind = rng.int(10);
  switch (kind) {
    case 0: {
      const wanted = rng.pick([16 * 1024 * 1024, 100 * 1024 * 1024, 300 * 1024 * 1024]);
      // Small inputs: a 1 MB bomb whose headers claim the size wanted.
      const size = maxGrowth < wanted / 10 ? 1024 * 1024 : wanted;
      const fitHead = rng.chance(0.5) ? ride.bytes.subarray(0, 14) : undefined;
      const lie = rng.pick([
        size === wanted ? undefined : wanted,
        size === wanted ? undefined : wanted,
        1000,
        0,
        0xffffffff,
      ]);
      const entry: ZipEntrySpec = {
        name: rng.pick(['bomb.fit', 'a/bomb.gpx', 'bomb.tcx']),
        data: new Uint8Array(0),
        deflated: zeroBomb(size, fitHead),
        declaredSize: lie,
      };
      const count = rng.pick([1, 1, 3, 12]);
      const entries = Array.from({ length: count }, (_, i) => ({
        ...entry,
        name: `${i}-${entry.name as string}`,
      }));
      return [
        buildZip(entries),
        `zip bomb: ${count} × ${size} bytes of zeros${fitHead ? ' behind a FIT header' : ''}${lie !== undefined ? `, declared ${lie}` : ''}`,
      ];
    }
    case 1: {
      const n = rng.pick([300, 2_001, 20_001]);
      const tiny = rng.chance(0.5) ? Uint8Array.of(rng.int(256)) : ride.bytes.subarray(0, 14);
      const entries = Array.from({ length: n }, (_, i) => ({
        name: `activities/${i}.fit`,
        data: tiny,
        method: 0 as const,
      }));
      return [buildZip(entries), `zip with ${n} entries`];
    }
    case 2: {
      const inner = buildZip([{ name: 'inner/ride.fit', data: ride.bytes }]);
      const depth = rng.range(1, 4);
      let nested = inner;
      for (let k = 1; k < depth; k++) nested = buildZip([{ name: `level${k}.zip`, data: nested }]);
      const outerName = rng.pick(['nested.zip', 'nested.fit', 'nested.fit.gz']);
      const data = outerName.endsWith('.gz') ? gzipSync(nested, { mtime: 0 }) : nested;
      return [buildZip([{ name: outerName, data }]), `nested zip ${depth} deep as ${outerName}`];
    }
    case 3: {
      const name = rng.pick(HOSTILE_NAMES);
      const label =
        typeof name === 'string'
          ? JSON.stringify(name.length > 80 ? `${name.slice(0, 20)}…(${name.length})` : name)
          : `bytes ${[...name].join(' ')}`;
      return [buildZip([{ name, data: ride.bytes }]), `entry named ${label}`];
    }
    case 4: {
      const lie = rng.pick([0, 1, 14, ride.bytes.length - 1, ride.bytes.length * 10, 0x7fffffff, 0xffffffff]);
      return [
        buildZip([
          { name: 'ride.fit', data: ride.bytes, declaredSize: lie, method: rng.chance(0.3) ? 0 : 8 },
        ]),
        `entry declares ${lie} bytes`,
      ];
    }
    case 5: {
      const crc = rng.int(2 ** 32);
      return [buildZip([{ name: 'ride.fit', data: ride.bytes, declaredCrc: crc }]), `entry with a wrong CRC`];
    }
    case 6: {
      const count = rng.pick([0, 2, 0xffff]);
      return [
        buildZip([{ name: 'ride.fit', data: ride.bytes }], { declaredEntries: count }),
        `directory declares ${count} entries`,
      ];
    }
    case 7: {
      return [
        buildZip([
          { name: 'ride.fit', data: ride.bytes },
          { name: 'ride.fit', data: rng.bytes(100) },
        ]),
        'two entries with one name',
      ];
    }
    case 8: {
      // A gzip bomb as an entry, or a gzip whose footer lies.
      const size = Math.min(rng.pick([1024 * 1024, 64 * 1024 * 1024, 255 * 1024 * 1024]), maxGrowth * 13);
      const gz = gzipSync(new Uint8Array(size), { level: 9, mtime: 0 });
      if (rng.chance(0.4))
        new DataView(gz.buffer).setUint32(gz.length - 4, rng.pick([1, 100, 0xffffffff]), true);
      return [buildZip([{ name: 'ride.fit.gz', data: gz, method: 0 }]), `gzip of ${size} zeros as an entry`];
    }
    default: {
      const [out, what] = generic(rng, seed.bytes);
      return [out, `zip bytes: ${what}`];
    }
  }
}

// ---------------------------------------------------------------------------------------------------

const UPLOAD_NAMES = [
  '../../etc/passwd',
  'a\u0000b.fit',
  '/abs/ride.fit',
  'ride\r\n.fit',
  `${'n'.repeat(3000)}.fit`,
  'ride ñ ü 漢字.fit',
  '.',
];

export interface MutateContext {
  format: FuzzFormat;
  seeds: readonly SeedFile[];
  /** Rides of any format (the zip mutations put them in archives). */
  rides: readonly SeedFile[];
  /**
   * Keep every input small (floods, bombs and long texts capped at about 1 MB; bombs lie about their
   * size instead of being that large): the `npm test` budget.
   */
  small?: boolean;
}

/** Input `index` of a run with `seed`: the same arguments always give the same bytes. */
export function makeInput(context: MutateContext, seed: number, index: number): FuzzInput {
  const { format, seeds, rides } = context;
  const rng = Rng.forInput(seed, format, index);
  maxGrowth = context.small ? 1_000_000 : 20_000_000;
  const from = rng.pick(seeds);
  let bytes: Uint8Array;
  let mutation: string;
  const roll = rng.next();
  if (roll < 0.45) [bytes, mutation] = generic(rng, from.bytes);
  else if (roll < 0.55) {
    const other = rng.pick(rng.chance(0.7) ? seeds : rides);
    [bytes, mutation] = splice(rng, from.bytes, other.bytes, other.name);
  } else if (format === 'fit') [bytes, mutation] = fitStructural(rng, from.bytes);
  else if (format === 'zip') [bytes, mutation] = zipStructural(rng, from, rides);
  else [bytes, mutation] = xmlStructural(rng, from.bytes, format);
  // Now and then the damaged file gzipped (Strava's exports are .fit.gz, .gpx.gz).
  if (format !== 'zip' && rng.chance(0.05)) {
    bytes = gzipSync(bytes, { mtime: 0 });
    mutation += ', gzipped';
  }
  let name = `fuzz-${index}.${format}`;
  if (rng.chance(0.03)) {
    name = rng.pick(UPLOAD_NAMES);
    mutation += `, uploaded as ${JSON.stringify(name.length > 40 ? `${name.slice(0, 10)}…` : name)}`;
  }
  return { format, index, from: from.name, mutation, name, bytes };
}
