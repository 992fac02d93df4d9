import { runAsBookkeeping, runUnattributed } from '../db/write-scope.ts';
import type { Transaction } from 'kysely';
import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import {
  hasWaitingJob,
  kyselyAdapter,
  recoverJobsOfGoneOwners,
  recoverOrphanedJobs,
  stampJobOwner,
  withQueueSetupLock,
} from './job.repository.ts';
import { keepAlive, LIVENESS_PREFIX } from './liveness.ts';
import {
  bossOptions,
  pgliteAdapter,
  type QueueName,
  type QueueOptions,
  startBossWithQueues,
} from '../db/queue-schema.repository.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';

export { QUEUES, type QueueName, type QueueOptions } from '../db/queue-schema.repository.ts';

// Background work through pg-boss (DESIGN §2): a PostgreSQL job queue with SKIP LOCKED, retries
// and expiry, on the same database as the data. Jobs survive restarts; a job whose worker died
// is retried after it expires.

/** A job of QUEUES.analyzeActivity: one stored ride to analyse again (imports/reanalysis.service.ts). */
export interface AnalyzeActivityJob {
  userId: string;
  activityId: string;
}

export interface JobQueue {
  /** Queues a job; pass the transaction to queue it atomically with the rows it refers to. */
  send(
    name: QueueName,
    data: object,
    trx?: Transaction<Database>,
    options?: {
      startAfterS?: number;
      /** Not queued while a job of this queue with the same key is still waiting to start. */
      singletonKey?: string;
    },
  ): Promise<void>;
  /**
   * Queues one job per `data`, all in one statement (issue 28: an upload of 25 files queued them one
   * statement each, the costliest statement of an import on PGlite); in `trx` as `send`.
   */
  sendMany(name: QueueName, data: readonly object[], trx?: Transaction<Database>): Promise<void>;
  /**
   * `lastAttempt` is true when a failure now will not be retried. `batchSize` jobs are fetched at once
   * (one statement for them, one to complete them) and started at once, the handler bounding how many
   * run; a job that fails is retried alone, the others of its batch complete.
   */
  work<T>(
    name: QueueName,
    handler: (data: T, attempt: { lastAttempt: boolean }) => Promise<void>,
    options?: { batchSize?: number },
  ): Promise<void>;
  stop(): Promise<void>;
  /** Whether the queue has started and not been stopped (readiness, GET /api/health/ready). */
  running(): boolean;
}

/**
 * How often a worker on the embedded database asks for jobs nobody woke it for (pg-boss's retries of
 * failed jobs, 5 s and more after the failure, and expired ones): every job sent wakes its workers.
 */
const PGLITE_POLLING_S = 5;

let unhandledGuard = false;

/**
 * pg-boss 10 marks a finished job completed or failed without awaiting it (manager.js, onFetch): with
 * the database away at that moment the rejection went unhandled and Node ended the process (issue
 * 16, found by database-outage.test.ts). A rejection that says the database is away is logged
 * instead: the job stays active and goes back to the queue once the database is back (liveness.ts).
 * Any other unhandled rejection still ends the process, as Node's default does.
 */
function survivePgBossWritesWhileDatabaseAway(): void {
  if (unhandledGuard) return;
  unhandledGuard = true;
  process.on('unhandledRejection', (reason) => {
    if (isDatabaseUnavailable(reason)) {
      console.error(
        'job queue: a job state could not be written, the database is away:',
        (reason as Error).message,
      );
      return;
    }
    throw reason;
  });
}

export async function startJobQueue(handle: DatabaseHandle, options: QueueOptions): Promise<JobQueue> {
  const common = bossOptions(options);
  const boss =
    handle.engine === 'postgres' && handle.url
      ? new PgBoss({
          ...common,
          connectionString: handle.url,
          max: 4,
          // Passed on to its pg.Pool (not in pg-boss's types): no endless wait for a database away.
          ...({ connectionTimeoutMillis: 5_000 } as object),
        })
      : new PgBoss({ ...common, db: pgliteAdapter(handle) });
  boss.on('error', (error: Error) => console.error('job queue error:', error.message));
  if (handle.engine === 'postgres') survivePgBossWritesWhileDatabaseAway();
  const setUp = () => startBossWithQueues(boss, common);
  // Several servers and workers may start at once on one PostgreSQL (docs/DEPLOYMENT.md): one at a
  // time, or pg-boss's queue creation deadlocks (job.repository.ts). The embedded database has one.
  if (handle.engine === 'postgres') await withQueueSetupLock(handle.db, setUp);
  else await setUp();
  let running = true;
  boss.on('stopped', () => {
    running = false;
  });
  if (handle.engine === 'pglite') await recoverOrphanedJobs(handle.db);
  // On PostgreSQL other processes share the queue: a dead one's jobs go back within seconds of its
  // death (liveness.ts), checked at start and every 10 s by every process.
  const liveness = handle.engine === 'postgres' && handle.url ? keepAlive(handle.url) : undefined;
  let sweeper: NodeJS.Timeout | undefined;
  const batchSizes = new Map<QueueName, number>();
  if (liveness) {
    const sweep = () =>
      recoverJobsOfGoneOwners(handle.db, LIVENESS_PREFIX).then(
        (n) => {
          if (n > 0) console.error(`job queue: ${n} job(s) of a stopped process handed back`);
        },
        (error: Error) => console.error('job queue: could not check for abandoned jobs:', error.message),
      );
    void sweep();
    sweeper = setInterval(() => void sweep(), 10_000);
    sweeper.unref();
  }
  // Issue 28: every worker asked for its queue's next jobs once a second, each ask a statement on the
  // embedded database's thread: 260 of the 1,000-ride import's 530 fetches (60 s on a loaded machine)
  // were for four queues with nothing in them, 250 took its files. Jobs sent in this process wake their queue's workers here instead; the
  // polling only finds the others: on PostgreSQL, jobs other processes send (1 s, as before); on
  // PGlite, which no other process opens, only pg-boss's own retries of failed jobs and expired ones
  // (`PGLITE_POLLING_S`).
  const polling = options.pollingIntervalSeconds ?? (handle.engine === 'pglite' ? PGLITE_POLLING_S : 1);
  const workerIds = new Map<QueueName, string[]>();
  const wakeTimers = new Set<NodeJS.Timeout>();
  /** Wakes up to `count` of this process's workers of the queue (each asks for up to its batch). */
  const wake = (name: QueueName, count: number) => {
    for (const id of (workerIds.get(name) ?? []).slice(0, Math.max(1, count))) boss.notifyWorker(id);
  };
  /** Wakes them when a job sent for later is due (pg-boss's start_after). */
  const wakeAt = (name: QueueName, delayMs: number) => {
    const timer = setTimeout(() => {
      wakeTimers.delete(timer);
      wake(name, 1);
    }, delayMs);
    timer.unref();
    wakeTimers.add(timer);
  };
  return {
    async send(name, data, trx, options) {
      // The queues use pg-boss's standard policy, where a singletonKey alone is not enforced.
      if (options?.singletonKey && (await hasWaitingJob(trx ?? handle.db, name, options.singletonKey)))
        return;
      await boss.send(name, data, {
        ...(trx ? { db: kyselyAdapter(trx) } : {}),
        // pg-boss adds it to now() as an interval, so fractions of a second hold (tests wait ms).
        ...(options?.startAfterS
          ? { startAfter: Math.max(0.05, Math.round(options.startAfterS * 1000) / 1000) }
          : {}),
        ...(options?.singletonKey ? { singletonKey: options.singletonKey } : {}),
      });
      // A job queued in a transaction is seen once it commits: on PGlite the worker's ask waits for
      // the transaction's connection; on PostgreSQL a missed one is found by the next poll.
      if (options?.startAfterS) wakeAt(name, options.startAfterS * 1000 + 50);
      else wake(name, 1);
    },
    async sendMany(name, data, trx) {
      if (data.length === 0) return;
      // pg-boss's insert takes the retry, backoff and expiry of the queue (createQueue above), as send does.
      await boss.insert(
        data.map((d) => ({ name, data: d })),
        trx ? { db: kyselyAdapter(trx) } : {},
      );
      wake(name, Math.ceil(data.length / (batchSizes.get(name) ?? 1)));
    },
    async work(name, handler, options) {
      let workerId: string | undefined;
      const batchSize = options?.batchSize ?? 1;
      workerId = await boss.work(
        name,
        { pollingIntervalSeconds: polling, batchSize, includeMetadata: true },
        async (jobs) => {
          // The mark is read only by recovery (jobs/liveness.ts), never by a rider's answer.
          if (liveness && jobs.length > 0)
            await runAsBookkeeping(() =>
              stampJobOwner(
                handle.db,
                name,
                jobs.map((job) => job.id),
                liveness.owner,
              ),
            ).catch((error: Error) =>
              console.error('job queue: could not mark a job as ours:', error.message),
            );
          const runJob = (job: (typeof jobs)[number]) =>
            // Unattributed unless the handler says whose job it is (db/write-scope.ts): pg-boss may run
            // it in whatever context woke its worker, a rider's request included.
            runUnattributed(() =>
              handler(job.data as never, { lastAttempt: job.retryCount >= job.retryLimit }),
            );
          if (jobs.length === 1) await runJob(jobs[0]!);
          else {
            // The batch's jobs start at once, and the handler bounds how many run (the import's
            // ImportAdmission): run one after the other, a worker's fourth file waited for its first
            // three while the other workers had nothing (issue 28: under the load bench, files fetched
            // four at a time by one worker were stored one by one, the other admitted lane idle).
            // pg-boss fails or completes a batch as a whole: a failure is this job's alone (failed
            // here, retried as its own), and pg-boss completes only the jobs still active.
            await Promise.all(
              jobs.map((job) =>
                runJob(job).catch((error: unknown) => boss.fail(name, job.id, error as object)),
              ),
            );
          }
          // pg-boss waits a whole polling interval after every fetch, a fruitful one too (worker.js):
          // while jobs keep coming, fetch the next at once, or 1,000 files would take 1,000 s.
          if (jobs.length > 0 && workerId !== undefined) boss.notifyWorker(workerId);
        },
      );
      workerIds.set(name, [...(workerIds.get(name) ?? []), workerId]);
      batchSizes.set(name, batchSize);
    },
    running: () => running,
    async stop() {
      running = false;
      if (sweeper) clearInterval(sweeper);
      for (const timer of wakeTimers) clearTimeout(timer);
      await boss.stop({ graceful: true, wait: true, timeout: 10_000, close: true });
      await liveness?.close();
    },
  };
}
