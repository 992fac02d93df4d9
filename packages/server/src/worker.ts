import { loadConfig } from './config.ts';
import { migrateToLatest, openDatabase, pgliteDirFor } from './db/database.ts';
import { type JobQueue, startJobQueue } from './jobs/queue.ts';
import { bringAnalysesUpToDate, startPendingPassSweeper, startWorkers } from './job-workers.ts';
import { uploadDecodeLimits } from './modules/imports/upload.ts';
import { createRideServices } from './services.ts';
import { FsBlobStore } from './storage/blob-store.ts';
import { BlobRepository } from './storage/blob.repository.ts';
import { startBlobSweeper } from './storage/blob-sweep.ts';
import { join } from 'node:path';

/**
 * A worker process without the HTTP server: more hands for imports and re-analysis. Several can
 * run at once against one PostgreSQL (pg-boss hands each job to one of them); the embedded
 * database belongs to the server process alone, so this needs DATABASE_URL.
 */
export async function startWorkerProcess(): Promise<() => Promise<void>> {
  const config = loadConfig();
  if (!config.databaseUrl) {
    throw new Error(
      'vatio worker needs DATABASE_URL: the embedded database can only be used by the server process, which runs its own workers.',
    );
  }
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: pgliteDirFor(config.dataDir),
  });
  await migrateToLatest(database.db);
  const queue = withJobLog(await startJobQueue(database, {}), config.logLevel);
  const services = createRideServices({
    db: database.db,
    blobs: new FsBlobStore(join(config.dataDir, 'blobs')),
    queue,
    now: () => new Date(),
    log: (message, details) => console.error(message, details ?? {}),
    strava: { strava: config.strava, secretKey: config.secretKey, publicUrl: config.publicUrl },
    analysisThreads: config.analysisThreads,
    decodeLimits: uploadDecodeLimits(config.upload),
    databaseUrl: config.databaseUrl,
  });
  await startWorkers(queue, services);
  console.log('Vatio worker running; Ctrl-C to stop.');
  // Orphan bytes (a crash between a blob's write and its row) are swept here too (issue 28), every few
  // hours, with the hour's margin a shared PostgreSQL needs for uploads still in progress elsewhere.
  const stopSweeper = startBlobSweeper({
    root: join(config.dataDir, 'blobs'),
    rows: new BlobRepository(database.db),
    log: (swept) => {
      if (swept instanceof Error)
        console.error('blob store: the periodic orphan sweep failed', swept.message);
      else if (swept.orphans + swept.partial > 0) console.log('blob store: orphan files removed', swept);
    },
  });
  // The batch passes owed that a crash (or a failure) left, here too (issue 28, trust).
  const stopPassSweeper = startPendingPassSweeper(services, {
    log: (message, details) => console.error(message, details ?? {}),
  });
  void bringAnalysesUpToDate(services, (message, details) => console.log(message, details ?? ''));
  return async () => {
    await stopPassSweeper();
    await stopSweeper();
    await queue.stop();
    await services.preparer.close();
    await services.close();
    await database.close();
  };
}

/**
 * At LOG_LEVEL debug (or trace) a worker prints one JSON line per job it finished or failed, with
 * its pid: which process did what, when several share the queue (docs/DEPLOYMENT.md).
 */
function withJobLog(queue: JobQueue, logLevel: string): JobQueue {
  if (logLevel !== 'debug' && logLevel !== 'trace') return queue;
  return {
    ...queue,
    work: (name, handler, options) =>
      queue.work(
        name,
        async (data, attempt) => {
          const startedMs = Date.now();
          let outcome = 'done';
          try {
            await handler(data as never, attempt);
          } catch (error) {
            outcome = 'failed';
            throw error;
          } finally {
            console.log(
              JSON.stringify({
                level: 'debug',
                time: new Date().toISOString(),
                pid: process.pid,
                msg: `job ${outcome}`,
                queue: name,
                ms: Date.now() - startedMs,
              }),
            );
          }
        },
        options,
      ),
  };
}
