import { type Config, ConfigError, loadConfig } from './config.ts';
import { openMigratedDatabase, pgliteDirFor } from './db/database.ts';
import type { FastifyInstance } from 'fastify';
import { buildVatio } from './app.ts';
import type { ExampleRiderService } from './modules/example-rider/example-rider.service.ts';
import {
  type ExampleChildOutcome,
  exampleInChildNeeded,
  prepareExampleInChildProcess,
} from './example-in-child.ts';
import { startJobQueue } from './jobs/queue.ts';
import { bringAnalysesUpToDate, startPendingPassSweeper, startWorkers } from './job-workers.ts';
import { join } from 'node:path';
import { startAdminSocket } from './backup/admin-socket.ts';
import { FsBlobStore } from './storage/blob-store.ts';
import { BlobRepository } from './storage/blob.repository.ts';
import { startBlobSweeper, sweepOrphanBlobs } from './storage/blob-sweep.ts';
import { leanEngine } from './lean-engine.ts';

/** Connections waiting to be accepted (see listen below). */
const LISTEN_BACKLOG = 4096;

/** Starts Vatio: configuration, database and migrations, then the HTTP server. */
export async function startServer(config: Config = loadConfig()) {
  // Before PGlite is compiled: its idle memory (lean-engine.ts).
  leanEngine();
  // The example rider of an embedded database is prepared by a child before the server opens it
  // (example-in-child.ts): its memory leaves with the child. Once; later starts find it ready.
  let exampleInChild: ExampleChildOutcome | undefined;
  const { database, applied } = await openMigratedDatabase(
    { databaseUrl: config.databaseUrl, pgliteDir: pgliteDirFor(config.dataDir) },
    async () => {
      if (exampleInChildNeeded(config)) exampleInChild = await prepareExampleInChildProcess(config);
    },
  );
  const queue = await startJobQueue(database, {});
  const blobs = new FsBlobStore(join(config.dataDir, 'blobs'));
  const { app, services, example } = await buildVatio({ config, database, queue, blobs });
  if (config.inProcessWorkers) await startWorkers(queue, services);
  // The batch passes owed (deletions, re-analyses, Strava rides, failed import passes) that a crash
  // or a failure left: now, and every few minutes.
  const stopPassSweeper = config.inProcessWorkers
    ? startPendingPassSweeper(services, {
        log: (message, details) => app.log.warn(details ?? {}, message),
      })
    : async () => {};
  if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');
  if (!config.webDistDir)
    app.log.warn('web app not built: only the API is served (run npm start to build it)');
  // `vatio backup` while the server runs: only this process can copy the embedded database.
  const closeAdminSocket =
    database.engine === 'pglite'
      ? await startAdminSocket({
          dataDir: config.dataDir,
          database,
          blobs,
          log: {
            info: (message) => app.log.info(message),
            error: (error, message) => app.log.error({ err: error }, message),
          },
        })
      : async () => {};
  // Orphans are swept at start (below) and every few hours while it runs (issue 28): a long-running
  // server does not wait for a restart.
  const stopSweeper = startBlobSweeper({
    root: join(config.dataDir, 'blobs'),
    rows: new BlobRepository(database.db),
    log: (swept) => {
      if (swept instanceof Error)
        app.log.warn({ err: swept }, 'blob store: the periodic orphan sweep failed');
      else if (swept.orphans + swept.partial > 0) app.log.warn(swept, 'blob store: orphan files removed');
    },
  });
  // Stops the example rider's background preparation (below) when the server closes.
  const stopPreparing = new AbortController();
  app.addHook('onClose', async () => {
    stopPreparing.abort();
    await stopPassSweeper();
    await stopSweeper();
    await closeAdminSocket();
    await queue.stop();
    await database.close();
  });
  // A queue of connections not yet accepted longer than Node's 511: after a restart every rider's
  // browser reconnects at once (up to 6 connections each), and a connection the kernel drops from a
  // full queue is retried only 1, 3, 7, 15 s later: to the rider, a screen stuck for half a minute
  // (bench/load.ts's warm-up of 200 riders saw exactly that). The kernel caps it (somaxconn).
  await app.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG });
  const where = config.databaseUrl
    ? 'PostgreSQL (DATABASE_URL)'
    : `embedded PGlite in ${pgliteDirFor(config.dataDir)}`;
  console.log(`\n  Vatio is running at ${config.publicUrl}  (database: ${where})\n`);
  if (config.inProcessWorkers) {
    void bringAnalysesUpToDate(services, (message, details) => app.log.info(details ?? {}, message));
  }
  if (exampleInChild?.ready)
    app.log.info({ readyAfterS: Math.round(exampleInChild.afterMs / 100) / 10 }, 'example rider ready');
  else if (exampleInChild)
    app.log.warn(exampleInChild, 'example rider not prepared before start-up: preparing it here');
  // Without a child (PostgreSQL) or when the child failed; a ready example costs it one query.
  if (config.exampleRiderPrepare)
    prepareExampleRider(app, example, stopPreparing.signal, !exampleInChild?.ready);
  // What a crash of an earlier run left in the blob store (storage/blob-sweep.ts).
  const startedAt = new Date(Date.now() - process.uptime() * 1000);
  void sweepOrphanBlobs(
    join(config.dataDir, 'blobs'),
    new BlobRepository(database.db),
    database.engine === 'pglite' ? startedAt : new Date(Date.now() - 3_600_000),
    database.engine === 'pglite' ? startedAt : new Date(Date.now() - 600_000),
  ).then(
    (swept) => {
      if (swept.orphans + swept.partial > 0) app.log.warn(swept, 'blob store: files a crash left removed');
    },
    (error: Error) =>
      app.log.warn({ err: error }, 'blob store: the orphan sweep failed; the next start tries again'),
  );

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  return app;
}

/**
 * The public /analytics example rider, prepared in the background after listen (issue 25 §8) so its
 * first visitor does not wait a minute: a few seconds' grace for the first requests, then the demo
 * rides through the import jobs, polled every few seconds, given up after half an hour (the first
 * visitor's request then takes over, as before). Stops with the server.
 */
function prepareExampleRider(
  app: FastifyInstance,
  example: ExampleRiderService,
  signal: AbortSignal,
  logReady: boolean,
): void {
  void example.prepare({ delayMs: 3_000, pollMs: 3_000, maxMs: 30 * 60_000, signal }).then((outcome) => {
    if (outcome.ready) {
      if (logReady)
        app.log.info({ readyAfterS: Math.round(outcome.afterMs / 100) / 10 }, 'example rider ready');
    } else if (outcome.reason !== 'stopped')
      app.log.warn({ reason: outcome.reason, err: outcome.error }, 'example rider not prepared at start-up');
  });
}

// Run directly (`node --import tsx packages/server/src/main.ts`); inside the compiled `vatio` bundle this
// module is never the entry (the file name check keeps a bundled copy from starting a second server).
const isEntryPoint = import.meta.url.endsWith('/main.ts') && import.meta.url === `file://${process.argv[1]}`;
if (isEntryPoint) {
  startServer().catch((error: unknown) => {
    if (error instanceof ConfigError) console.error(`\nVatio cannot start: ${error.message}\n`);
    else console.error(error);
    process.exit(1);
  });
}
