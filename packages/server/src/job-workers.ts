import type { DemoRidesJob } from './modules/demo/demo.service.ts';
import type { ImportFileJob } from './modules/imports/import.service.ts';
import type { StravaSyncJob } from './modules/strava/strava-sync.service.ts';
import type { StravaWebhookEvent } from './modules/strava/strava-types.ts';
import type { RideServices } from './services.ts';
import { runAsRider } from './db/write-scope.ts';
import { PENDING_PASS_MIN_AGE_S } from './modules/activities/pending-passes.ts';
import { type AnalyzeActivityJob, QUEUES, type JobQueue } from './jobs/queue.ts';

/**
 * Import jobs each worker takes from the queue at once (issue 28: taking and completing them cost two
 * statements a file, on the embedded database's one thread). A worker's files start at once and wait
 * for `importAdmission` like any other (jobs/queue.ts); a few, so that a small upload's files still
 * spread over the workers.
 */
const IMPORT_JOBS_PER_FETCH = 4;

/** Runs the ride pipeline's jobs in this process (the server does by default; `vatio worker` too). */
export async function startWorkers(queue: JobQueue, services: RideServices): Promise<void> {
  // As many workers as files may run at once while no read waits (services.ts importAdmission, which
  // admits fewer while riders' reads are waiting: jobs/fair-share.ts).
  const admission = services.importAdmission;
  for (let i = 0; i < admission.maxInFlight; i++) {
    // Each job writes as its rider (db/write-scope.ts): only their cached answers are checked again.
    await queue.work<ImportFileJob>(
      QUEUES.importFile,
      (job, { lastAttempt }) =>
        runAsRider(job.userId ?? null, async () => {
          const leave = await admission.enter();
          try {
            // The admission is left once the file is settled: the batch pass after it runs beside
            // the next file (import.service.ts processFile).
            await services.importService.processFile(job, leave);
          } catch (error) {
            // Retried by the queue; after the last try the rider still gets an answer for the file.
            if (!lastAttempt) throw error;
            await services.importService.markFailed(job.fileId);
          } finally {
            leave();
          }
        }),
      { batchSize: IMPORT_JOBS_PER_FETCH },
    );
  }
  await queue.work<AnalyzeActivityJob>(QUEUES.analyzeActivity, (job, { lastAttempt }) =>
    runAsRider(job.userId, async () => {
      try {
        await services.reanalysis.run(job);
      } catch (error) {
        if (!lastAttempt) throw error;
        await services.reanalysis.abandon(job, error);
      }
    }),
  );
  await queue.work<DemoRidesJob>(QUEUES.demoRides, (job) =>
    runAsRider(job.userId, () => services.demo.run(job)),
  );
  const strava = services.strava;
  if (strava) {
    await queue.work<StravaSyncJob>(QUEUES.stravaSync, (job, { lastAttempt }) =>
      runAsRider(job.userId, () => strava.sync.run(job, lastAttempt)),
    );
    await queue.work<StravaWebhookEvent>(QUEUES.stravaEvent, (event) => strava.events.run(event));
  }
}

/**
 * Rides an older analysis stored are re-analysed in the background, once. Called after the server
 * listens (and when `vatio worker` starts): a large install may queue thousands of rides, and a
 * failure here must not keep the server from starting.
 */
export async function bringAnalysesUpToDate(
  services: RideServices,
  log: (message: string, details?: Record<string, unknown>) => void,
): Promise<void> {
  try {
    const queued = await services.reanalysis.scheduleOutdated();
    if (queued > 0) log(`re-analysing ${queued} rides stored by an older analysis`);
  } catch (error) {
    log('could not queue the re-analysis of older rides; the next start tries again', {
      error: error instanceof Error ? error.message : String(error),
    });
  }
}

/** How often the passes owed that a crash or a failure left are looked for (pending-passes.ts). */
const PENDING_PASS_SWEEP_EVERY_MS = 10 * 60_000;

/**
 * Runs the batch passes owed (after a deletion, a re-analysis, a ride stored from Strava) that a crash
 * or a failure left (issue 28, trust; modules/activities/pending-passes.ts): every record once now,
 * then every 10 minutes those recorded more than 5 minutes ago (the change that recorded one is
 * running its pass meanwhile). At start a
 * record may still be another process's running pass (PostgreSQL): run twice, it costs the second
 * pass a read (it finds the facts hold), against a ride's figures wrong until the next sweep. Where
 * the ride pipeline's jobs run (the server, `vatio worker`). Returns a stop that waits for a sweep
 * under way.
 */
export function startPendingPassSweeper(
  services: RideServices,
  options: {
    everyMs?: number;
    log: (message: string, details?: Record<string, unknown>) => void;
  },
): () => Promise<void> {
  let running: Promise<void> | undefined;
  const sweep = (minAgeS: number) => {
    if (running) return;
    running = services
      .sweepPendingPasses(minAgeS)
      .then(
        (swept) => {
          if (swept.passes + swept.failed > 0) options.log('batch passes owed run again', { ...swept });
        },
        (error: Error) =>
          options.log('the sweep of batch passes owed failed; the next one tries again', {
            error: error.message,
          }),
      )
      .finally(() => {
        running = undefined;
      });
  };
  sweep(0);
  const timer = setInterval(
    () => sweep(PENDING_PASS_MIN_AGE_S),
    options.everyMs ?? PENDING_PASS_SWEEP_EVERY_MS,
  );
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
