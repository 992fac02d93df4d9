/**
 * An unzip thread (`zip-unpacker.ts`): holds one archive, lists its activity entries under the upload
 * limits, then inflates and hashes one entry each time the main thread asks for the next, so the main
 * thread never inflates and never holds more than one entry.
 */
import { createHash } from 'node:crypto';
import { parentPort } from 'node:worker_threads';
import {
  type DecodeLimits,
  isFormatError,
  listActivityEntries,
  unzipEntry,
  type ZipEntryInfo,
} from '@vatio/formats';

export type UnzipRequest =
  | { kind: 'open'; bytes: Uint8Array; limits: DecodeLimits }
  | { kind: 'entry'; position: number };

export type UnzipReply =
  | { kind: 'entries'; names: string[] }
  | { kind: 'entry'; name: string; bytes: Uint8Array; sha256: string }
  | { kind: 'error'; code: string; message: string };

const port = parentPort;
if (!port) throw new Error('zip-worker.ts runs as a worker thread');
let archive: Uint8Array | undefined;
let entries: ZipEntryInfo[] = [];

const fail = (error: unknown): UnzipReply =>
  isFormatError(error)
    ? { kind: 'error', code: error.code, message: error.message }
    : {
        kind: 'error',
        code: 'CORRUPT_FILE',
        message: 'The zip archive is damaged and could not be unpacked.',
      };

port.on('message', (request: UnzipRequest) => {
  try {
    if (request.kind === 'open') {
      archive = request.bytes;
      entries = listActivityEntries(archive, request.limits);
      port.postMessage({ kind: 'entries', names: entries.map((e) => e.name) } satisfies UnzipReply);
      return;
    }
    const entry = entries[request.position];
    if (!archive || !entry) throw new Error('no such entry');
    const bytes = unzipEntry(archive, entry.index);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    // The entry moves to the main thread instead of being copied.
    port.postMessage({ kind: 'entry', name: entry.name, bytes, sha256 } satisfies UnzipReply, [
      bytes.buffer as ArrayBuffer,
    ]);
  } catch (error) {
    port.postMessage(fail(error));
  }
});
