import type { DecodeLimits } from '@vatio/formats';
import type { Kysely } from 'kysely';
import type { Database } from './db/schema.ts';
import type { JobQueue } from './jobs/queue.ts';
import { ImportAdmission, type ReadsInFlight } from './jobs/fair-share.ts';
import { ActivityRepository } from './modules/activities/activity.repository.ts';
import { RideStoreRepository } from './modules/activities/ride-store.repository.ts';
import { ReanalysisService } from './modules/imports/reanalysis.service.ts';
import { RideFtpService } from './modules/activities/ride-ftp.service.ts';
import { RideTacticsService } from './modules/activities/ride-tactics.service.ts';
import { BatchPasses } from './modules/activities/batch-pass.ts';
import { BatchPassRepository } from './modules/activities/batch-pass.repository.ts';
import { RiderPassLocks } from './modules/activities/batch-pass-lock.repository.ts';
import { PendingPassRepository } from './modules/activities/pending-pass.repository.ts';
import { runPendingPasses, runRiderPendingPasses } from './modules/activities/pending-passes.ts';
import { openLockDatabase } from './db/database.ts';
import { AthleteSettingsRepository } from './kernel/athlete-settings.repository.ts';
import { ImportRepository } from './modules/imports/import.repository.ts';
import { DemoService } from './modules/demo/demo.service.ts';
import { PlanRepository } from './modules/plan/plan.repository.ts';
import { ImportService } from './modules/imports/import.service.ts';
import { ImportStageTimes } from './modules/imports/import-stage-times.ts';
import { createPreparer } from './modules/imports/preparation-pool.ts';
import { idleClosingPreparer } from './idle-preparer.ts';
import { DemoFileCache } from './modules/demo/demo-files.ts';
import { demoMemoPreparer } from './modules/demo/demo-preparer.ts';
import type { BlobStore } from './storage/blob-store.ts';
import { createStravaServices, type StravaSettings } from './modules/strava/strava.module.ts';

/** The ride pipeline's repositories and services, shared by the HTTP app, the workers and the CLI. */
export function createRideServices(deps: {
  db: Kysely<Database>;
  blobs: BlobStore;
  queue: JobQueue;
  now: () => Date;
  log: (message: string, details?: Record<string, unknown>) => void;
  /** Strava client settings; the Strava jobs run only where they are given. */
  strava?: StravaSettings;
  /** Worker threads that decode and analyse imported files (0: in the calling thread). */
  analysisThreads?: number;
  /** Limits of the files imports decode (`uploadDecodeLimits` of the upload config); formats defaults if absent. */
  decodeLimits?: DecodeLimits;
  /** Where the import writes its time per stage (import-stage-times.ts); nothing is measured without it. */
  importStageTimesFile?: string;
  /** Riders' reads in flight (jobs/fair-share.ts); none where no HTTP is served (`vatio worker`). */
  reads?: ReadsInFlight;
  /**
   * PostgreSQL's URL: other processes may share the database, and a rider's batch passes take a lock
   * there (batch-pass-lock.repository.ts). None on the embedded database, which is this process's alone.
   */
  databaseUrl?: string | undefined;
}) {
  const activities = new ActivityRepository(deps.db);
  const rideStore = new RideStoreRepository(deps.db);
  const athleteSettings = new AthleteSettingsRepository(deps.db);
  const imports = new ImportRepository(deps.db);
  // The threads leave after a quiet minute and come back with the next file (idle-preparer.ts).
  // Issue 27: the demo's files are generated once a day, and their analysis kept for riders with the
  // same settings in force (demo-files.ts, demo-preparer.ts).
  const demoFiles = new DemoFileCache();
  const preparer = demoMemoPreparer(
    idleClosingPreparer(() => createPreparer(deps.analysisThreads ?? 0, deps.decodeLimits)),
    demoFiles,
  );
  const rideFtp = new RideFtpService({ activities, now: deps.now });
  const rideTactics = new RideTacticsService({
    activities,
    blobs: deps.blobs,
    now: deps.now,
    athleteSettings,
    measureFacts: (streamsBlob, request) => preparer.measureFacts(streamsBlob, request),
    measureFactsThreads: preparer.threads,
    reads: deps.reads,
  });
  // One per process: a rider's passes (after an import, after a ride is deleted) run one at a time;
  // across processes under the rider's lock, on PostgreSQL (issue 28, trust). Two lock connections:
  // more passes at once would only share the same analysis threads.
  const passLocks = deps.databaseUrl
    ? new RiderPassLocks(openLockDatabase(deps.databaseUrl, PASS_LOCK_CONNECTIONS), PASS_LOCK_CONNECTIONS)
    : undefined;
  const batchPasses = new BatchPasses({
    reads: new BatchPassRepository(deps.db),
    rideTactics,
    ...(passLocks ? { lock: passLocks } : {}),
  });
  const pendingPasses = new PendingPassRepository(deps.db);
  /** Runs the passes owed (deletions, re-analyses, Strava rides) that a crash or a failure left (pending-passes.ts). */
  const sweepPendingPasses = (minAgeS: number) =>
    runPendingPasses({ pending: pendingPasses, passes: batchPasses, log: deps.log }, minAgeS);
  /** Runs every pass the rider owes now: after a deletion, a re-analysis run, a Strava ride's store, a sync run. */
  const runOwedPasses = (userId: string) =>
    runRiderPendingPasses({ pending: pendingPasses, passes: batchPasses }, userId, 0);
  const importAdmission = new ImportAdmission(deps.reads, importsInFlight(preparer.threads));
  const importService = new ImportService({
    ...deps,
    imports,
    activities,
    rideStore,
    athleteSettings,
    rideFtp,
    rideTactics,
    preparer,
    stageTimes: new ImportStageTimes(deps.importStageTimesFile),
    passes: batchPasses,
  });
  const reanalysis = new ReanalysisService({
    ...deps,
    athleteSettings,
    rideFtp,
    rideTactics,
    preparer,
    owedPasses: runOwedPasses,
  });
  const demo = new DemoService({
    ...deps,
    activities,
    athleteSettings,
    importService,
    plans: new PlanRepository(deps.db),
    files: demoFiles,
  });
  const { strava: settings, ...rest } = deps;
  const strava = settings
    ? createStravaServices({
        ...rest,
        activities,
        rideStore,
        athleteSettings,
        rideFtp,
        rideTactics,
        owedPasses: runOwedPasses,
        settings,
      })
    : undefined;
  return {
    activities,
    rideStore,
    athleteSettings,
    imports,
    importService,
    reanalysis,
    demo,
    demoFiles,
    strava,
    preparer,
    reads: deps.reads,
    importAdmission,
    batchPasses,
    sweepPendingPasses,
    owedPasses: runOwedPasses,
    /** Closes what the services hold beside the database handle (the pass locks' connections). */
    close: async () => {
      await passLocks?.close();
    },
  };
}

/** Connections a process holds riders' pass locks on, at most (PostgreSQL; batch-pass-lock.repository.ts). */
const PASS_LOCK_CONNECTIONS = 2;

/**
 * Import files in flight (issue 28). While no rider's read waits: one per analysis thread plus two
 * whose database work and file writes run meanwhile in the main thread (with one, each file's wait
 * for its streams blob's fsyncs and its store left the analysis thread idle: 1,000 rides 25.4 s to
 * every file done instead of 27.9-28.1 s). While reads wait (jobs/fair-share.ts): one fewer, the
 * main thread's share of the files they overlap going to the reads.
 */
function importsInFlight(threads: number): { whileIdle: number; whileReadsWait: number } {
  return { whileIdle: threads + 2, whileReadsWait: threads + 1 };
}
export type RideServices = ReturnType<typeof createRideServices>;
