import type { RidePreparer } from './modules/imports/preparation-pool.ts';

/**
 * How long the analysis threads stay after their last file (issue 27). Each thread is a V8 isolate
 * with the formats and analysis code loaded, ~40 MB resident that an idle server kept for ever after
 * its first import (or the example rider's preparation at start-up). A burst of uploads keeps them
 * (files arrive seconds apart); the first file after a quiet minute waits for one thread to start
 * again (~0.2 s on the compiled server, measured in the report).
 */
export const ANALYSIS_THREADS_IDLE_MS = 60_000;

/**
 * A preparer whose pool is opened with the first file and closed once it has had nothing to do for
 * `idleMs`; the next file opens a new one. Inline preparers (0 threads) hold no threads: given as is.
 */
export function idleClosingPreparer(
  open: () => RidePreparer,
  idleMs = ANALYSIS_THREADS_IDLE_MS,
): RidePreparer {
  const first = open();
  if (first.threads === 0) return first;
  let current: RidePreparer | undefined = first;
  let inFlight = 0;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  const run = async <T>(work: (preparer: RidePreparer) => Promise<T>): Promise<T> => {
    if (closed) throw new Error('the analysis threads are closed');
    clearTimeout(timer);
    current ??= open();
    const preparer = current;
    inFlight++;
    try {
      return await work(preparer);
    } finally {
      inFlight--;
      if (inFlight === 0) {
        timer = setTimeout(() => {
          if (inFlight > 0 || current !== preparer) return;
          current = undefined;
          void preparer.close();
        }, idleMs);
        // An idle timer never keeps the process alive (a CLI import ends when its work does).
        timer.unref();
      }
    }
  };
  return {
    threads: first.threads,
    prepare: (bytes, fileName, rider) => run((p) => p.prepare(bytes, fileName, rider)),
    reanalyse: (bytes, originalName, rider) => run((p) => p.reanalyse(bytes, originalName, rider)),
    measureFacts: (streamsBlob, request) => run((p) => p.measureFacts(streamsBlob, request)),
    async close() {
      closed = true;
      clearTimeout(timer);
      await current?.close();
      current = undefined;
    },
  };
}
