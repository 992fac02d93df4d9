import { fork } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from './config.ts';
import { pgliteDirFor } from './db/database.ts';

/**
 * Written in the embedded database's folder once the example rider is ready: later starts skip the
 * child process (a restore replaces the folder, and with it this file). Without it, or if the child
 * fails, the server's own background preparation and the first visitor's request still prepare it.
 */
const EXAMPLE_READY_MARKER = 'vatio-example-ready';

export type ExampleChildOutcome =
  | { ready: true; afterMs: number }
  | { ready: false; reason: string; error?: string };

/** Whether the server should prepare the example in a child before opening its database. */
export function exampleInChildNeeded(config: Config): boolean {
  return (
    config.exampleRiderPrepare &&
    !config.databaseUrl &&
    !config.dataDir.startsWith('memory://') &&
    !existsSync(join(pgliteDirFor(config.dataDir), EXAMPLE_READY_MARKER))
  );
}

/**
 * Prepares the public /analytics example rider in a short-lived process (example-process.ts) on the
 * embedded database, migrated and not yet opened by the server: PGlite's WASM heap grows by ~90 MB
 * storing its 103 demo rides and a WebAssembly memory never shrinks, but a process's goes back to the
 * system when it exits (issue 27: `npm start` sat at ~376 MB, over its 300 MB idle budget). The same
 * pattern as the migrations (db/database.ts, migrateInChildProcess). The server listens after it.
 */
export function prepareExampleInChildProcess(config: Config): Promise<ExampleChildOutcome> {
  // Beside this module in the sources (a shim that loads the TypeScript through tsx) and beside the
  // compiled bundle (scripts/build-server.mjs builds it as an entry of its own).
  const child = fork(fileURLToPath(new URL('./example-process.mjs', import.meta.url)), [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: {
      ...process.env,
      DATA_DIR: config.dataDir,
      EXAMPLE_RIDER_DAYS: String(config.exampleRiderDays),
      // Its analysis threads and import jobs are the server's own (config.analysisThreads).
      ANALYSIS_THREADS: String(config.analysisThreads),
    },
  });
  return new Promise((resolve) => {
    let outcome: ExampleChildOutcome = { ready: false, reason: 'failed', error: 'no answer' };
    child.on('message', (message: ExampleChildOutcome) => {
      outcome = message;
    });
    child.once('error', (error) => resolve({ ready: false, reason: 'failed', error: error.message }));
    child.once('exit', (code) => {
      if (outcome.ready && code === 0)
        writeFileSync(
          join(pgliteDirFor(config.dataDir), EXAMPLE_READY_MARKER),
          `${new Date().toISOString()}\n`,
        );
      resolve(code === 0 ? outcome : { ready: false, reason: 'failed', error: `exit ${code}` });
    });
  });
}
