import { setFlagsFromString } from 'node:v8';
import { Worker } from 'node:worker_threads';
import type { DecodeLimits } from '@vatio/formats';
import type { PreparationRequest, PreparationResult } from './preparation-worker.ts';
import {
  type PreparedFile,
  prepareFile,
  type ReanalysedRide,
  reanalyseFile,
  type RiderForRide,
} from './ride-preparation.ts';
import { measureRideFacts, type RideFacts, type RideFactsRequest } from '../activities/ride-facts.ts';

/**
 * Where imports and re-analyses do their CPU work. Inline (in the calling thread) or on a pool of worker threads, so
 * that on a machine with more than one core the main thread keeps serving HTTP and the database
 * (PGlite runs in the main thread) while other rides are decoded and analysed.
 */
export interface RidePreparer {
  /** Threads doing the work (0 = inline): how many files are worth having in flight at once. */
  readonly threads: number;
  prepare(bytes: Uint8Array, fileName: string, rider: RiderForRide): Promise<PreparedFile>;
  /** A stored original analysed again (`reanalyseFile`). */
  reanalyse(bytes: Uint8Array, originalName: string, rider: RiderForRide): Promise<ReanalysedRide>;
  /**
   * A ride's tactical and advanced facts measured from its streams blob (ride-facts.ts): at import
   * and in the batch pass, off the main thread (issue 28: they held it ~80 ms a ride).
   */
  measureFacts(streamsBlob: Uint8Array, request: RideFactsRequest): Promise<RideFacts>;
  close(): Promise<void>;
}

/** `limits`: the decode limits of imported files (the server's upload limits); the formats defaults if absent. */
export function inlinePreparer(limits?: DecodeLimits): RidePreparer {
  return {
    threads: 0,
    prepare: async (bytes, fileName, rider) => prepareFile(bytes, fileName, rider, limits),
    reanalyse: async (bytes, originalName, rider) => reanalyseFile(bytes, originalName, rider),
    measureFacts: async (streamsBlob, request) => measureRideFacts(streamsBlob, request),
    close: async () => {},
  };
}

/** A request before the pool numbers it (Omit over each variant of the union, not over their common keys). */
type WithoutId<R> = R extends unknown ? Omit<R, 'id'> : never;

interface Pending {
  resolve: (result: PreparationResult) => void;
  reject: (error: Error) => void;
}

interface PoolThread {
  worker: Worker;
  pending: Map<number, Pending>;
}

/**
 * The old generation an analysis thread's heap starts with, MB (V8's `--initial-old-space-size`).
 * Issue 28: an analysis keeps ~12 MB alive but allocates ~4.5 MB of arrays a file, many large enough
 * to go straight to the old generation, whose limit V8 keeps a few MB above what survives: the
 * thread ran a full mark-compact every ~3 files (342 in the 1,000-ride import, 4.7 s of pauses plus
 * the concurrent marking on V8's helper threads). From 64 MB it runs a few; 300 of the bench's rides
 * on one analysis thread took 24 % less CPU (8.8 -> 6.7 s, the thread and V8's helpers together).
 */
const ANALYSIS_THREAD_INITIAL_OLD_SPACE_MB = 64;

/**
 * V8 reads its heap flags when an isolate is created, so the flag set here holds for the worker
 * threads started after it (this process's main heap is configured already). The flag is the
 * process's: worker threads started later for other work (zip unpacking) get the same starting old
 * generation, a limit before their first full collection, not memory they take.
 */
let analysisHeapConfigured = false;
function configureAnalysisThreadHeap(): void {
  if (analysisHeapConfigured) return;
  analysisHeapConfigured = true;
  setFlagsFromString(`--initial-old-space-size=${ANALYSIS_THREAD_INITIAL_OLD_SPACE_MB}`);
}

/**
 * A pool of `threads` worker threads, started with the first file (a server whose jobs run elsewhere
 * never starts them); each file goes to the thread with the fewest files in flight.
 */
export function threadPreparer(threads: number, limits?: DecodeLimits): RidePreparer {
  let nextId = 1;
  let closing = false;
  const pool: PoolThread[] = [];

  const start = (slot: number): PoolThread => {
    configureAnalysisThreadHeap();
    // The workers run the TypeScript sources through tsx's loader, like the server itself.
    const worker = new Worker(new URL('./preparation-worker.mjs', import.meta.url));
    const thread: PoolThread = { worker, pending: new Map() };
    worker.on('message', (message: { id: number; result?: PreparationResult; error?: string }) => {
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
  const send = (request: WithoutId<PreparationRequest>): Promise<PreparationResult> => {
    if (closing) return Promise.reject(new Error('the analysis threads are closed'));
    if (pool.length === 0) for (let slot = 0; slot < threads; slot++) pool.push(start(slot));
    const thread = pool.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
    const id = nextId++;
    return new Promise<PreparationResult>((resolve, reject) => {
      thread.pending.set(id, { resolve, reject });
      thread.worker.postMessage({ ...request, id } as PreparationRequest);
    });
  };
  return {
    threads,
    prepare: (bytes, fileName, rider) =>
      send({ kind: 'prepare', bytes, fileName, rider, limits }) as Promise<PreparedFile>,
    reanalyse: (bytes, fileName, rider) =>
      send({ kind: 'reanalyse', bytes, fileName, rider }) as Promise<ReanalysedRide>,
    // The blob is copied (the caller still stores it).
    measureFacts: (streamsBlob, request) =>
      send({ kind: 'facts', streamsBlob, request }) as Promise<RideFacts>,
    async close() {
      closing = true;
      await Promise.all(pool.map((thread) => thread.worker.terminate()));
    },
  };
}

/** `ANALYSIS_THREADS` threads, or inline work when it is 0. */
export function createPreparer(threads: number, limits?: DecodeLimits): RidePreparer {
  return threads > 0 ? threadPreparer(threads, limits) : inlinePreparer(limits);
}
