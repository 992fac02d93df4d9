import type { Writable } from 'node:stream';

// A minimal POSIX ustar writer and reader for the backup archive: regular files only, names under
// 100 bytes (the archive's longest is `blobs/ab/cd/<64 hex>`, 76), sizes under 8 GiB (11 octal
// digits). Any `tar -tf`/`tar -xf` reads what this writes; a hand-rolled format keeps the archive
// streamable (nothing is held whole in memory but the database dump) without a new dependency.

const BLOCK = 512;
const ZEROS = Buffer.alloc(BLOCK * 2);

/** The archive is damaged: a header's checksum, a truncated entry, a missing end. */
export class TarFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TarFormatError';
  }
}

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

function header(name: string, size: number, mtimeS: number): Buffer {
  const block = Buffer.alloc(BLOCK);
  if (Buffer.byteLength(name) > 99) throw new Error(`tar: name too long: ${name}`);
  block.write(name, 0, 'utf8');
  block.write(octal(0o600, 8), 100, 'ascii'); // mode
  block.write(octal(0, 8), 108, 'ascii'); // uid
  block.write(octal(0, 8), 116, 'ascii'); // gid
  block.write(octal(size, 12), 124, 'ascii');
  block.write(octal(mtimeS, 12), 136, 'ascii');
  block.write('        ', 148, 'ascii'); // checksum field counts as spaces while summing
  block.write('0', 156, 'ascii'); // regular file
  block.write('ustar\x0000', 257, 'binary');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return block;
}

/** Writes entries to a stream, waiting on its back-pressure. */
export class TarWriter {
  constructor(private readonly out: Writable) {}

  private async write(chunk: Uint8Array): Promise<void> {
    if (this.out.destroyed) throw new Error('the backup stream was closed');
    if (!this.out.write(chunk)) {
      await new Promise<void>((resolve, reject) => {
        const done = (error?: Error) => {
          this.out.off('drain', done);
          this.out.off('close', closed);
          this.out.off('error', done);
          if (error) reject(error);
          else resolve();
        };
        const closed = () => done(new Error('the backup stream was closed'));
        this.out.once('drain', done);
        this.out.once('close', closed);
        this.out.once('error', done);
      });
    }
  }

  /** One file; `body` yields exactly `size` bytes. */
  async entry(
    name: string,
    size: number,
    body: Iterable<Uint8Array> | AsyncIterable<Uint8Array>,
  ): Promise<void> {
    await this.write(header(name, size, Math.floor(Date.now() / 1000)));
    let written = 0;
    for await (const chunk of body) {
      written += chunk.length;
      if (written > size) throw new Error(`tar: ${name} grew while it was archived`);
      await this.write(chunk);
    }
    if (written !== size) throw new Error(`tar: ${name} changed size while it was archived`);
    const pad = (BLOCK - (size % BLOCK)) % BLOCK;
    if (pad > 0) await this.write(ZEROS.subarray(0, pad));
  }

  /** The two zero blocks that end an archive. */
  async finish(): Promise<void> {
    await this.write(ZEROS);
  }
}

/** Reads exact byte counts from a stream of chunks. */
class ByteReader {
  private buffered: Buffer[] = [];
  private length = 0;
  private done = false;
  constructor(private readonly source: AsyncIterator<Buffer>) {}

  private async fill(n: number): Promise<boolean> {
    while (this.length < n && !this.done) {
      const next = await this.source.next();
      if (next.done) this.done = true;
      else {
        this.buffered.push(next.value);
        this.length += next.value.length;
      }
    }
    return this.length >= n;
  }

  /** Exactly n bytes, or null at a clean end (no byte left); throws on a partial read. */
  async read(n: number): Promise<Buffer | null> {
    if (!(await this.fill(n))) {
      if (this.length === 0) return null;
      throw new TarFormatError('the archive ends in the middle of an entry (truncated)');
    }
    const all = this.buffered.length === 1 ? this.buffered[0]! : Buffer.concat(this.buffered);
    const out = all.subarray(0, n);
    const rest = all.subarray(n);
    this.buffered = rest.length > 0 ? [rest] : [];
    this.length = rest.length;
    return out;
  }

  /** Up to `max` bytes (at least one), for streaming an entry's body in chunks. */
  async readUpTo(max: number): Promise<Buffer> {
    if (this.length === 0 && !(await this.fill(1)))
      throw new TarFormatError('the archive ends in the middle of an entry (truncated)');
    return (await this.read(Math.min(max, this.length)))!;
  }
}

function parseOctal(block: Buffer, start: number, width: number): number {
  const text = block
    .toString('ascii', start, start + width)
    .replace(/[\0 ]+$/g, '')
    .trim();
  if (!/^[0-7]*$/.test(text)) throw new TarFormatError('an entry header is damaged');
  return text === '' ? 0 : Number.parseInt(text, 8);
}

export interface TarEntry {
  name: string;
  size: number;
  /** The entry's bytes; must be read to the end before the next entry. */
  body: AsyncIterable<Buffer>;
}

/**
 * The regular-file entries of a ustar stream, in order. Checks each header's checksum and the end
 * blocks, so a truncated or bit-flipped header is a TarFormatError, not a silently shorter archive.
 */
export async function* readTar(source: AsyncIterable<Buffer>): AsyncGenerator<TarEntry> {
  const reader = new ByteReader(source[Symbol.asyncIterator]());
  for (;;) {
    const block = await reader.read(BLOCK);
    if (block === null) throw new TarFormatError('the archive has no end marker (truncated)');
    if (block.every((byte) => byte === 0)) return;
    const stored = parseOctal(block, 148, 8);
    let sum = 0;
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : block[i]!;
    if (sum !== stored) throw new TarFormatError('an entry header is damaged (checksum)');
    const name = block.toString('utf8', 0, 100).replace(/\0.*$/s, '');
    const size = parseOctal(block, 124, 12);
    const type = String.fromCharCode(block[156]!);
    let left = size;
    const body = (async function* () {
      while (left > 0) {
        const chunk = await reader.readUpTo(Math.min(left, 1 << 20));
        left -= chunk.length;
        yield chunk;
      }
    })();
    if (type === '0' || type === '\0') yield { name, size, body };
    // Drain what the consumer left unread (or a non-file entry), then the padding.
    while (left > 0) left -= (await reader.readUpTo(Math.min(left, 1 << 20))).length;
    const pad = (BLOCK - (size % BLOCK)) % BLOCK;
    if (pad > 0 && (await reader.read(pad)) === null)
      throw new TarFormatError('the archive ends in the middle of an entry (truncated)');
  }
}
