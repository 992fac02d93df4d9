import { Worker } from 'node:worker_threads';
import type { DecodeLimits } from '@vatio/formats';
import type { UnzipReply, UnzipRequest } from './zip-worker.ts';

export interface UnpackedEntry {
  name: string;
  bytes: Uint8Array;
  /** SHA-256 of the bytes (hex), computed on the unzip thread. */
  sha256: string;
}

export type UnpackResult = { ok: true; count: number } | { ok: false; code: string; message: string };

/**
 * Unpacks an archive's activity entries on a thread of its own (issue 11, item 8: inflating 20 × 49 MB
 * on the request thread stalled every request for seconds and held all of it in memory at once). The
 * entries come one at a time: the next is inflated only after `onEntry` has finished with the previous
 * one (stored it), so memory holds the archive and one entry. The archive's bytes move to the thread.
 */
export async function unpackZip(
  archive: Uint8Array,
  limits: DecodeLimits,
  onEntry: (entry: UnpackedEntry) => Promise<void>,
): Promise<UnpackResult> {
  const worker = new Worker(new URL('./zip-worker.mjs', import.meta.url));
  let waiting: { resolve: (reply: UnzipReply) => void; reject: (error: Error) => void } | undefined;
  const failed = (error: Error) => {
    waiting?.reject(error);
    waiting = undefined;
  };
  worker.on('message', (reply: UnzipReply) => {
    waiting?.resolve(reply);
    waiting = undefined;
  });
  worker.on('error', failed);
  worker.on('exit', (code) => failed(new Error(`unzip thread exited with code ${code}`)));
  const ask = (request: UnzipRequest, transfer: ArrayBuffer[] = []) =>
    new Promise<UnzipReply>((resolve, reject) => {
      waiting = { resolve, reject };
      worker.postMessage(request, transfer);
    });
  try {
    // A copy the thread can own: the multipart buffer may share memory with other parts.
    const own = new Uint8Array(archive);
    const listed = await ask({ kind: 'open', bytes: own, limits }, [own.buffer]);
    if (listed.kind === 'error') return { ok: false, code: listed.code, message: listed.message };
    if (listed.kind !== 'entries') throw new Error('unexpected reply from the unzip thread');
    for (let position = 0; position < listed.names.length; position++) {
      const reply = await ask({ kind: 'entry', position });
      if (reply.kind === 'error') return { ok: false, code: reply.code, message: reply.message };
      if (reply.kind !== 'entry') throw new Error('unexpected reply from the unzip thread');
      await onEntry(reply);
    }
    return { ok: true, count: listed.names.length };
  } finally {
    worker.removeAllListeners('exit');
    await worker.terminate();
  }
}
