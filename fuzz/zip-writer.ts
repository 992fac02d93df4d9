import { deflateSync } from 'fflate';

/** One entry of a hand-built archive; the `declared*` fields let a test lie in the headers. */
export interface ZipEntrySpec {
  /** The entry name as bytes (so NUL, invalid UTF-8 and absolute paths can be written as they are). */
  name: Uint8Array | string;
  data: Uint8Array;
  /** 8 = deflate (default), 0 = stored. */
  method?: 0 | 8;
  /** Unpacked size written in the headers instead of the real one. */
  declaredSize?: number;
  /** CRC-32 written instead of the real one. */
  declaredCrc?: number;
  /** Already deflated data (a bomb made once and reused), with its real unpacked size. */
  deflated?: { bytes: Uint8Array; size: number; crc: number };
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 (ISO 3309), as zip and gzip use it. */
export function crc32(bytes: Uint8Array, crc = 0): number {
  let c = ~crc >>> 0;
  for (let i = 0; i < bytes.length; i++) c = (CRC_TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8)) >>> 0;
  return ~c >>> 0;
}

const encoder = new TextEncoder();

/**
 * A zip archive (APPNOTE 4.3.7/4.3.12/4.3.16) written byte by byte, so every field can be made to lie:
 * names, sizes, CRCs and the directory's entry count. `declaredEntries` overrides the count in the end
 * of central directory record.
 */
export function buildZip(entries: ZipEntrySpec[], options: { declaredEntries?: number } = {}): Uint8Array {
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = typeof entry.name === 'string' ? encoder.encode(entry.name) : entry.name;
    const method = entry.deflated ? 8 : (entry.method ?? 8);
    const body = entry.deflated ? entry.deflated.bytes : method === 8 ? deflateSync(entry.data) : entry.data;
    const size = entry.declaredSize ?? (entry.deflated ? entry.deflated.size : entry.data.length);
    const crc = entry.declaredCrc ?? (entry.deflated ? entry.deflated.crc : crc32(entry.data));
    const local = new Uint8Array(30 + name.length + body.length);
    const lv = new DataView(local.buffer);
    lv.setUint32(0, 0x04034b50, true);
    lv.setUint16(4, 20, true);
    lv.setUint16(8, method, true);
    lv.setUint32(14, crc, true);
    lv.setUint32(18, body.length, true);
    lv.setUint32(22, size >>> 0, true);
    lv.setUint16(26, name.length, true);
    local.set(name, 30);
    local.set(body, 30 + name.length);
    const central = new Uint8Array(46 + name.length);
    const cv = new DataView(central.buffer);
    cv.setUint32(0, 0x02014b50, true);
    cv.setUint16(4, 20, true);
    cv.setUint16(6, 20, true);
    cv.setUint16(10, method, true);
    cv.setUint32(16, crc, true);
    cv.setUint32(20, body.length, true);
    cv.setUint32(24, size >>> 0, true);
    cv.setUint16(28, name.length, true);
    cv.setUint32(42, offset, true);
    central.set(name, 46);
    locals.push(local);
    centrals.push(central);
    offset += local.length;
  }
  const centralSize = centrals.reduce((s, c) => s + c.length, 0);
  const end = new Uint8Array(22);
  const ev = new DataView(end.buffer);
  ev.setUint32(0, 0x06054b50, true);
  const count = options.declaredEntries ?? entries.length;
  ev.setUint16(8, Math.min(0xffff, count), true);
  ev.setUint16(10, Math.min(0xffff, count), true);
  ev.setUint32(12, centralSize, true);
  ev.setUint32(16, offset, true);
  return concat([...locals, ...centrals, end]);
}

export function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((s, p) => s + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
