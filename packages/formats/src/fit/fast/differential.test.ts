import { CrcCalculator } from '@garmin/fitsdk';
import { describe, expect, it } from 'vitest';
import type { Activity } from '../../activity.ts';
import { decodeActivity } from '../../decode.ts';
import { generateRide } from '../../synthetic/ride.ts';
import { createRng } from '../../synthetic/rng.ts';
import { fixtureNames, readFixture } from '../../test-support/fixtures.ts';
import { gunzipLimited } from '../../zip/gzip.ts';
import { decodeFit } from '../decode-fit.ts';
import { encodeFit } from '../encode.ts';
import { fitCrc } from './crc.ts';
import { readFitFast } from './read-fit-fast.ts';

/**
 * The fast path must give exactly what the SDK path gives: the same Activity (every stream value, NaN
 * where NaN, the same metadata and warnings) or the same error. Checked on the real fixtures, on
 * synthetic rides and on fuzzed files. The SDK decodes at about 2–3 MB/s on the shared 2-core machine,
 * so the fuzz uses short rides (≈3–6 KB) and ~3,000 cases: 15–30 s in all, depending on the load.
 */

const SLOW = { timeout: 120_000 };
const READ_OPTIONS = {
  expandSubFields: false,
  expandComponents: false,
  convertTypesToStrings: false,
  convertDateTimesToDates: false,
  mergeHeartRates: false,
} as const;

type Outcome = { ok: true; activity: Activity } | { ok: false; error: string };

function outcome(bytes: Uint8Array, fastPath: boolean): Outcome {
  try {
    return { ok: true, activity: decodeFit(bytes, { fastPath }) };
  } catch (error) {
    const e = error as { code?: string; message?: string };
    return { ok: false, error: `${e.code ?? 'NOT_A_FORMAT_ERROR'}: ${e.message ?? String(error)}` };
  }
}

/** First difference between two outcomes, or undefined. Streams are compared with Object.is (NaN = NaN). */
function difference(a: Outcome, b: Outcome): string | undefined {
  if (!a.ok) return b.ok ? `fast path fails (${a.error}), SDK path decodes` : sameError(a.error, b.error);
  if (!b.ok) return `fast path decodes, SDK path fails (${b.error})`;
  const { streams: sa, ...ma } = a.activity;
  const { streams: sb, ...mb } = b.activity;
  const ka = Object.keys(sa).sort().join();
  const kb = Object.keys(sb).sort().join();
  if (ka !== kb) return `stream channels differ: ${ka} | ${kb}`;
  for (const key of Object.keys(sa) as Array<keyof typeof sa>) {
    const x = sa[key];
    const y = sb[key];
    if (!x || !y || x.length !== y.length) return `${key}: lengths differ`;
    for (let i = 0; i < x.length; i++) {
      if (!Object.is(x[i], y[i])) return `${key}[${i}]: ${x[i]} | ${y[i]}`;
    }
  }
  const ja = JSON.stringify(ma);
  const jb = JSON.stringify(mb);
  return ja === jb ? undefined : `metadata differs:\n${ja}\n${jb}`;
}

function sameError(a: string, b: string): string | undefined {
  return a === b ? undefined : `errors differ: ${a} | ${b}`;
}

/** True when the fast path (not the SDK fallback) decoded the file; the reason otherwise. */
function takesFastPath(bytes: Uint8Array, onFallback?: (reason: string) => void): boolean {
  return readFitFast(bytes, READ_OPTIONS, onFallback) !== undefined;
}

function fitBytes(name: string): Uint8Array {
  const raw = readFixture(name);
  return name.endsWith('.gz') ? gunzipLimited(raw, 256 * 1024 * 1024) : raw;
}

/** Recomputes the header CRC (14-byte headers) and the file CRC, so a mutated file passes integrity. */
function withValidCrc(bytes: Uint8Array): Uint8Array {
  const out = bytes.slice();
  const headerSize = out[0] ?? 12;
  if (headerSize === 14 && out.length >= 14) {
    const h = fitCrc(out, 0, 12);
    out[12] = h & 0xff;
    out[13] = h >>> 8;
  }
  if (out.length >= headerSize + 2) {
    const c = fitCrc(out, 0, out.length - 2);
    out[out.length - 2] = c & 0xff;
    out[out.length - 1] = c >>> 8;
  }
  return out;
}

/** The file cut after `dataBytes` bytes of messages, with a header and CRC that agree with the cut. */
function truncatedConsistently(bytes: Uint8Array, dataBytes: number): Uint8Array {
  const headerSize = bytes[0] ?? 12;
  const out = new Uint8Array(headerSize + dataBytes + 2);
  out.set(bytes.subarray(0, headerSize + dataBytes));
  new DataView(out.buffer).setUint32(4, dataBytes, true);
  return withValidCrc(out);
}

/** Byte offsets of the definition messages of a well-formed FIT file (no compressed headers). */
function definitionSpans(bytes: Uint8Array): Array<[number, number]> {
  const headerSize = bytes[0] ?? 12;
  const end = headerSize + new DataView(bytes.buffer, bytes.byteOffset).getUint32(4, true);
  const sizes = new Map<number, number>();
  const spans: Array<[number, number]> = [];
  let pos = headerSize;
  while (pos < end) {
    const header = bytes[pos] ?? 0;
    if (header & 0x40) {
      const numFields = bytes[pos + 5] ?? 0;
      let size = 0;
      let p = pos + 6;
      for (let i = 0; i < numFields; i++, p += 3) size += bytes[p + 1] ?? 0;
      if (header & 0x20) {
        const numDev = bytes[p] ?? 0;
        p += 1;
        for (let i = 0; i < numDev; i++, p += 3) size += bytes[p + 1] ?? 0;
      }
      sizes.set(header & 0x0f, size);
      spans.push([pos, p]);
      pos = p;
    } else {
      pos += 1 + (sizes.get(header & 0x0f) ?? 0);
    }
  }
  return spans;
}

/** Record field numbers worth renumbering to (FIT profile, record message). */
const INTERESTING_FIELDS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 13, 18, 19, 28, 29, 30, 43, 47, 53, 73, 78, 253];
/** FIT base type bytes as written in definitions (endian bit included), plus two the SDK rejects. */
const BASE_TYPES = [
  0x00, 0x01, 0x02, 0x83, 0x84, 0x85, 0x86, 0x07, 0x88, 0x89, 0x0a, 0x8b, 0x8c, 0x0d, 0x8e, 0x8f, 0x90, 0x11,
  0x1f,
];

/** Short synthetic rides with varied content: pauses, laps, missing channels, unknown-side balance. */
function baseRides(): Uint8Array[] {
  const rides: Uint8Array[] = [];
  for (let seed = 1; seed <= 4; seed++) {
    const ride = generateRide({ seed, durationS: 60 + 30 * seed, ftpW: 200 + 20 * seed });
    const s = ride.streams;
    if (seed % 2 === 0) {
      // A pause (timer stop/start) and a lap.
      for (let i = 20; i < 35; i++) s.gapMask[i] = 1;
      ride.laps = [{ startTimeS: 0, elapsedTimeS: 40, timerTimeS: 25, distanceM: 300, avgPowerW: 180 }];
    }
    if (seed === 3) {
      // No position for a while, no heart rate, no pedal figures.
      for (let i = 10; i < 30; i++) {
        if (s.latDeg) s.latDeg[i] = Number.NaN;
        if (s.lngDeg) s.lngDeg[i] = Number.NaN;
      }
      s.heartRateBpm = undefined;
      s.torqueEffectivenessLeftPct = undefined;
      s.pedalSmoothnessRightPct = undefined;
    }
    rides.push(encodeFit(ride));
  }
  return rides;
}

describe('FIT fast path ≡ SDK path', () => {
  it('gives the same Activity on every FIT fixture', SLOW, () => {
    const names = fixtureNames().filter((n) => /\.fit(\.gz)?$/i.test(n));
    expect(names.length).toBeGreaterThan(0);
    const fast: string[] = [];
    const fallbacks: string[] = [];
    for (const name of names) {
      const bytes = fitBytes(name);
      const diff = difference(outcome(bytes, true), outcome(bytes, false));
      expect(diff, name).toBeUndefined();
      if (takesFastPath(bytes, (reason) => fallbacks.push(`  ${name}: ${reason}`))) fast.push(name);
    }
    console.info(
      `fast path: ${fast.length}/${names.length} FIT fixtures; to the SDK:\n${fallbacks.join('\n')}`,
    );
    // The ordinary files must take the fast path, or the test proves nothing about it.
    expect(fast.length).toBeGreaterThan(names.length / 2);
  });

  it('gives the same Activity on synthetic rides (and takes the fast path on them)', SLOW, () => {
    const rides = [...baseRides(), encodeFit(generateRide({ seed: 9, durationS: 1800 }))];
    for (const bytes of rides) {
      expect(takesFastPath(bytes)).toBe(true);
      expect(difference(outcome(bytes, true), outcome(bytes, false))).toBeUndefined();
    }
    // decodeActivity (the public entry) uses the fast path.
    const viaPublic = decodeActivity(rides[0] ?? new Uint8Array());
    expect(difference({ ok: true, activity: viaPublic }, outcome(rides[0] ?? new Uint8Array(), false))).toBe(
      undefined,
    );
  });

  it('computes the SDK’s CRC', () => {
    const rng = createRng(5);
    for (let k = 0; k < 200; k++) {
      const bytes = Uint8Array.from({ length: Math.floor(rng() * 300) }, () => Math.floor(rng() * 256));
      expect(fitCrc(bytes, 0, bytes.length)).toBe(CrcCalculator.calculateCRC(bytes, 0, bytes.length));
      // Any sub-range, so every alignment of the four-byte steps and every tail length is covered.
      const from = Math.floor(rng() * bytes.length);
      const to = from + Math.floor(rng() * (bytes.length - from + 1));
      expect(fitCrc(bytes, from, to)).toBe(CrcCalculator.calculateCRC(bytes, from, to));
    }
  });

  it('computes the SDK’s CRC on long views at every alignment of their buffer', () => {
    // fitCrc reads aligned 32-bit words of the underlying buffer, 16 bytes a step: views that start at
    // each offset within a word, with every tail length, and ranges that start inside them.
    const rng = createRng(11);
    const buffer = Uint8Array.from({ length: 4096 }, () => Math.floor(rng() * 256));
    for (let offset = 0; offset < 8; offset++) {
      for (const length of [0, 1, 3, 15, 16, 17, 31, 32, 33, 63, 64, 65, 1000, 4000 - offset]) {
        const view = buffer.subarray(offset, offset + length);
        expect(fitCrc(view, 0, view.length)).toBe(CrcCalculator.calculateCRC(view, 0, view.length));
        const from = Math.floor(rng() * (length + 1));
        const to = from + Math.floor(rng() * (length - from + 1));
        expect(fitCrc(view, from, to)).toBe(CrcCalculator.calculateCRC(view, from, to));
      }
    }
  });

  it('gives the same Activity or the same error on thousands of fuzzed files', SLOW, () => {
    const rng = createRng(20_240_601);
    const pick = (n: number) => Math.floor(rng() * n);
    const bases = baseRides();
    const stats = { cases: 0, fastPath: 0, decoded: 0, failed: 0 };
    const failures: string[] = [];
    const reasons = new Map<string, number>();
    const check = (label: string, bytes: Uint8Array) => {
      stats.cases++;
      const fast = outcome(bytes, true);
      const diff = difference(fast, outcome(bytes, false));
      if (diff !== undefined && failures.length < 5) failures.push(`${label}: ${diff}`);
      if (fast.ok) stats.decoded++;
      else stats.failed++;
      let engaged = false;
      try {
        engaged = takesFastPath(bytes, (reason) => {
          const key = reason.replace(/\d+/g, 'N').slice(0, 70);
          reasons.set(key, (reasons.get(key) ?? 0) + 1);
        });
      } catch (error) {
        if (failures.length < 5) failures.push(`${label}: readFitFast threw ${String(error)}`);
      }
      if (engaged) stats.fastPath++;
    };
    const flip = (bytes: Uint8Array, positions: number[]) => {
      const out = bytes.slice();
      for (const p of positions) out[p] = (out[p] ?? 0) ^ (1 + pick(255));
      return out;
    };
    for (const [b, base] of bases.entries()) {
      const headerSize = base[0] ?? 12;
      const dataEnd = base.length - 2;
      const definitions = definitionSpans(base);
      for (let k = 0; k < 200; k++) {
        // Random flips anywhere in the messages, CRC fixed so the fast path reads them.
        const positions = Array.from({ length: 1 + pick(4) }, () => headerSize + pick(dataEnd - headerSize));
        check(`base ${b} flips ${positions.join(',')} (crc fixed)`, withValidCrc(flip(base, positions)));
      }
      for (let k = 0; k < 150; k++) {
        // Flips inside definition messages: base types, sizes, field numbers, architecture, local numbers.
        const [from, to] = definitions[pick(definitions.length)] ?? [headerSize, headerSize + 1];
        const positions = Array.from({ length: 1 + pick(2) }, () => from + pick(to - from));
        check(`base ${b} definition flips ${positions.join(',')}`, withValidCrc(flip(base, positions)));
      }
      for (let k = 0; k < 100; k++) {
        // A record field renumbered and retyped: accumulated fields and their carriers (distance after
        // compressed_speed_distance trips the SDK's accumulator), enhanced/plain pairs, duplicates.
        const out = base.slice();
        const [from, to] = definitions[pick(definitions.length)] ?? [headerSize, headerSize + 1];
        const fields = Math.floor((to - from - 6) / 3);
        const at = from + 6 + 3 * pick(Math.max(1, fields));
        out[at] = INTERESTING_FIELDS[pick(INTERESTING_FIELDS.length)] ?? 253;
        if (pick(2) === 0) out[at + 2] = BASE_TYPES[pick(BASE_TYPES.length)] ?? 0;
        check(`base ${b} field ${out[at]} type ${out[at + 2]} at ${at}`, withValidCrc(out));
      }
      for (let k = 0; k < 40; k++) {
        // Record definitions made big-endian (architecture 1, global number byte-swapped): every record
        // value is then read in the other byte order, by both paths, plus a few flips.
        const out = base.slice();
        for (const [from] of definitions) {
          if (out[from + 3] === 20 && out[from + 4] === 0 && pick(3) > 0) {
            out[from + 2] = 1;
            out[from + 3] = 0;
            out[from + 4] = 20;
          }
        }
        const positions = Array.from({ length: pick(3) }, () => headerSize + pick(dataEnd - headerSize));
        check(
          `base ${b} big-endian records, flips ${positions.join(',')}`,
          withValidCrc(flip(out, positions)),
        );
      }
      for (let k = 0; k < 100; k++) {
        // Flips anywhere, header included, CRC left wrong (the SDK path's truncated/damaged handling).
        const positions = Array.from({ length: 1 + pick(3) }, () => pick(base.length));
        check(`base ${b} raw flips ${positions.join(',')}`, flip(base, positions));
      }
      for (let k = 0; k < 80; k++) {
        // Truncated with a header and CRC that agree, and truncated as a dying recorder leaves it.
        const cut = pick(dataEnd - headerSize);
        check(`base ${b} consistent cut ${cut}`, truncatedConsistently(base, cut));
        check(`base ${b} raw cut ${cut}`, base.slice(0, headerSize + cut));
      }
    }
    console.info(
      `fuzz: ${stats.cases} files, ${stats.fastPath} through the fast path, ${stats.decoded} decoded, ` +
        `${stats.failed} refused (same error on both paths); sent to the SDK because:\n` +
        [...reasons].map(([reason, count]) => `  ${count} × ${reason}`).join('\n'),
    );
    expect(failures).toEqual([]);
    expect(stats.cases).toBeGreaterThanOrEqual(2500);
    expect(stats.fastPath).toBeGreaterThan(stats.cases / 4);
  });
});
