/**
 * A growable little-endian byte buffer. Integers are written the way the SDK's OutputStream writes them
 * (`value & mask`, then DataView setUint/setInt): the low `size` bytes of ToInt32(value), so a fraction
 * is truncated toward zero and an out-of-range value wraps, exactly as in files the SDK Encoder writes.
 */
export class ByteWriter {
  bytes: Uint8Array;
  length = 0;

  constructor(initialBytes: number) {
    this.bytes = new Uint8Array(Math.max(64, initialBytes));
  }

  /** Makes room for `count` more bytes. */
  reserve(count: number): void {
    const needed = this.length + count;
    if (needed <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(needed, this.bytes.length * 2));
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
  }

  u8(value: number): void {
    this.reserve(1);
    this.bytes[this.length++] = value;
  }

  /** The low `sizeBytes` (1, 2 or 4) bytes of ToInt32(value), little-endian. */
  int(value: number, sizeBytes: number): void {
    this.reserve(sizeBytes);
    this.intReserved(value, sizeBytes);
  }

  /** `int` after a `reserve` that covers it: one capacity check per message instead of per field. */
  intReserved(value: number, sizeBytes: number): void {
    const v = value | 0;
    const b = this.bytes;
    let p = this.length;
    b[p++] = v;
    if (sizeBytes > 1) {
      b[p++] = v >> 8;
      if (sizeBytes > 2) {
        b[p++] = v >> 16;
        b[p++] = v >> 24;
      }
    }
    this.length = p;
  }

  raw(bytes: Uint8Array): void {
    this.reserve(bytes.length);
    this.bytes.set(bytes, this.length);
    this.length += bytes.length;
  }
}
