// Entry of the short-lived process that prepares the public /analytics example rider on an embedded
// database before the server opens it (issue 27, example-in-child.ts): its demo rides go through the
// real import jobs, and the memory that grows PGlite's WASM heap (which never shrinks: the server sat
// at ~376 MB instead of ~280 MB) leaves with this process, as migrate-process.ts does for DDL.
import { join } from 'node:path';
import { buildVatio } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase, pgliteDirFor } from './db/database.ts';
import { startWorkers } from './job-workers.ts';
import { countDueJobs } from './jobs/job.repository.ts';
import { startJobQueue } from './jobs/queue.ts';
import { FsBlobStore } from './storage/blob-store.ts';

if (!process.send) throw new Error('example-process runs as a child of the server');
const config = loadConfig();
const database = await openDatabase({ pgliteDir: pgliteDirFor(config.dataDir) });
const queue = await startJobQueue(database, {});
const blobs = new FsBlobStore(join(config.dataDir, 'blobs'));
const { app, services, example } = await buildVatio({ config, database, queue, blobs });
try {
  await startWorkers(queue, services);
  // No grace: nobody is served by this process. Bounded as the server's own preparation was.
  const outcome = await example.prepare({ delayMs: 0, pollMs: 250, maxMs: 30 * 60_000 });
  // Ready counts the example's files; the jobs its rides queued after them (and a retry of one) are
  // finished here too, or the server would run them on start, with the memory this process spares it.
  const deadline = Date.now() + 120_000;
  while (outcome.ready && (await countDueJobs(database.db)) > 0 && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 250));
  process.send(
    outcome.ready
      ? { ready: true, afterMs: outcome.afterMs }
      : { ready: false, reason: outcome.reason, error: outcome.error ? String(outcome.error) : undefined },
  );
} catch (error) {
  process.send({
    ready: false,
    reason: 'failed',
    error: error instanceof Error ? error.message : String(error),
  });
} finally {
  // The queue first: a job in flight finishes (graceful stop) before the analysis threads close.
  await queue.stop();
  await app.close();
  await database.close();
  process.disconnect();
}
