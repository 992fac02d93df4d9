import { deflateSync } from 'node:zlib';

/** CRC-32 (ISO 3309, the PNG specification's chunk checksum), table-driven. */
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), 8 + data.length);
  return out;
}

/**
 * A real PNG built in memory (8-bit greyscale or RGB, no filter), so tests, browser specs and benches
 * that upload a photo need no image file: `pixel(x, y)` gives the grey level or the [r, g, b] values.
 */
export function encodePng(
  width: number,
  height: number,
  pixel: (x: number, y: number) => number | readonly [number, number, number],
): Buffer {
  const rgb = Array.isArray(pixel(0, 0));
  const channels = rgb ? 3 : 1;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = rgb ? 2 : 0; // colour type: RGB or greyscale
  const stride = width * channels + 1;
  const rows = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    rows[y * stride] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const value = pixel(x, y);
      const values = typeof value === 'number' ? [value] : value;
      for (let c = 0; c < channels; c++) rows[y * stride + 1 + x * channels + c] = values[c]!;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A uniform mid-grey PNG: the smallest real image the photo upload accepts. */
export function greyPng(width: number, height: number): Buffer {
  return encodePng(width, height, () => 0x80);
}
