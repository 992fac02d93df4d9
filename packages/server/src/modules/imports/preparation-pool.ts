import { Worker } from 'node:worker_threads';
import type { AthleteSettingsRow } from '../athlete/athlete-settings.repository.ts';
import type { PreparationRequest } from './preparation-worker.ts';
import { type PreparedFile, prepareFile } from './ride-preparation.ts';

/**
 * Where imports do their CPU work. Inline (in the calling thread) or on a pool of worker threads, so
 * that on a machine with more than one core the main thread keeps serving HTTP and the database
 * (PGlite runs in the main thread) while other rides are decoded and analysed.
 */
export interface RidePreparer {
  /** Threads doing the work (0 = inline): how many files are worth having in flight at once. */
  readonly threads: number;
  prepare(bytes: Uint8Array, fileName: string, settingsHistory: AthleteSettingsRow[]): Promise<PreparedFile>;
  close(): Promise<void>;
}

export function inlinePreparer(): RidePreparer {
  return {
    threads: 0,
    prepare: async (bytes, fileName, history) => prepareFile(bytes, fileName, history),
    close: async () => {},
  };
}

interface Pending {
  resolve: (result: PreparedFile) => void;
  reject: (error: Error) => void;
}

interface PoolThread {
  worker: Worker;
  pending: Map<number, Pending>;
}

/**
 * A pool of `threads` worker threads, started with the first file (a server whose jobs run elsewhere
 * never starts them); each file goes to the thread with the fewest files in flight.
 */
export function threadPreparer(threads: number): RidePreparer {
  let nextId = 1;
  let closing = false;
  const pool: PoolThread[] = [];

  const start = (slot: number): PoolThread => {
    // The workers run the TypeScript sources through tsx's loader, like the server itself.
    const worker = new Worker(new URL('./preparation-worker.mjs', import.meta.url));
    const thread: PoolThread = { worker, pending: new Map() };
    worker.on('message', (message: { id: number; result?: PreparedFile; error?: string }) => {
      const pending = thread.pending.get(message.id);
      if (!pending) return;
      thread.pending.delete(message.id);
      if (message.result) pending.resolve(message.result);
      else pending.reject(new Error(message.error ?? 'preparation failed'));
    });
    // A thread that dies (out of memory, a bug) fails its files, which the job queue retries, and is
    // replaced.
    const fail = (error: Error) => {
      for (const pending of thread.pending.values()) pending.reject(error);
      thread.pending.clear();
      if (!closing && pool[slot] === thread) pool[slot] = start(slot);
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`analysis thread exited with code ${code}`)));
    worker.unref();
    return thread;
  };
  return {
    threads,
    prepare(bytes, fileName, settingsHistory) {
      if (closing) return Promise.reject(new Error('the analysis threads are closed'));
      if (pool.length === 0) for (let slot = 0; slot < threads; slot++) pool.push(start(slot));
      const thread = pool.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
      const id = nextId++;
      return new Promise<PreparedFile>((resolve, reject) => {
        thread.pending.set(id, { resolve, reject });
        thread.worker.postMessage({ id, bytes, fileName, settingsHistory } satisfies PreparationRequest);
      });
    },
    async close() {
      closing = true;
      await Promise.all(pool.map((thread) => thread.worker.terminate()));
    },
  };
}

/** `ANALYSIS_THREADS` threads, or inline work when it is 0. */
export function createPreparer(threads: number): RidePreparer {
  return threads > 0 ? threadPreparer(threads) : inlinePreparer();
}
