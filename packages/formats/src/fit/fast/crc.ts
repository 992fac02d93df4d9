/**
 * FIT CRC-16 (the SDK's nibble-table CRC, reflected polynomial 0xA001, initial value 0), computed from
 * 256-entry tables sixteen bytes at a time ("slicing by 16", Kounavis & Berry 2005, as in zlib's and
 * Intel's CRC-32 code): the same value, with the sixteen table reads of a step independent of each other
 * instead of one long chain. The bytes are read as aligned little-endian 32-bit words, four per step.
 */

/** Tables per step: t[k] (at k · 256) is the CRC of a byte followed by k zero bytes. */
const SLICES = 16;

const TABLES = (() => {
  const tables = new Uint16Array(SLICES * 256);
  for (let i = 0; i < 256; i++) {
    let crc = i;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
    tables[i] = crc;
  }
  for (let k = 1; k < SLICES; k++) {
    for (let i = 0; i < 256; i++) {
      const previous = tables[(k - 1) * 256 + i]!;
      tables[k * 256 + i] = (previous >>> 8) ^ tables[previous & 0xff]!;
    }
  }
  return tables;
})();

/** Word reads give bytes in file order only on a little-endian machine (every platform Node ships for). */
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

export function fitCrc(bytes: Uint8Array, start: number, end: number): number {
  const t = TABLES;
  let crc = 0;
  let i = start;
  // Bytes one at a time up to a 4-byte boundary of the underlying buffer (Uint32Array needs one).
  while (i < end && (bytes.byteOffset + i) & 3) crc = (crc >>> 8) ^ t[(crc ^ bytes[i++]!) & 0xff]!;
  const steps = LITTLE_ENDIAN ? Math.floor((end - i) / 16) : 0;
  if (steps > 0) {
    crc = crcOfWords(new Uint32Array(bytes.buffer, bytes.byteOffset + i, steps * 4), crc);
    i += steps * 16;
  }
  for (; i < end; i++) crc = (crc >>> 8) ^ t[(crc ^ bytes[i]!) & 0xff]!;
  return crc;
}

/**
 * The CRC after `words` (four per 16-byte step), from `crc`. A loop alone in its function, returning as
 * soon as it ends: see `ridePass` (@vatio/analysis, metrics/ride-pass.ts) on why code after a long loop
 * costs so much on Node 20.
 */
function crcOfWords(words: Uint32Array, crc: number): number {
  const t = TABLES;
  for (let w = 0; w < words.length; w += 4) {
    // The CRC (16 bits) enters the first two bytes; t[15] is for the first byte, t[0] for the last.
    const a = words[w]! ^ crc;
    const b = words[w + 1]!;
    const c = words[w + 2]!;
    const d = words[w + 3]!;
    crc =
      t[3840 + (a & 0xff)]! ^
      t[3584 + ((a >>> 8) & 0xff)]! ^
      t[3328 + ((a >>> 16) & 0xff)]! ^
      t[3072 + (a >>> 24)]! ^
      t[2816 + (b & 0xff)]! ^
      t[2560 + ((b >>> 8) & 0xff)]! ^
      t[2304 + ((b >>> 16) & 0xff)]! ^
      t[2048 + (b >>> 24)]! ^
      t[1792 + (c & 0xff)]! ^
      t[1536 + ((c >>> 8) & 0xff)]! ^
      t[1280 + ((c >>> 16) & 0xff)]! ^
      t[1024 + (c >>> 24)]! ^
      t[768 + (d & 0xff)]! ^
      t[512 + ((d >>> 8) & 0xff)]! ^
      t[256 + ((d >>> 16) & 0xff)]! ^
      t[d >>> 24]!;
  }
  return crc;
}
