import { QUEUES, type JobQueue } from '../../jobs/queue.ts';
import { AppError } from '../../errors.ts';
import type { BikeRepository } from '../../kernel/bike.repository.ts';
import type { StravaActivityRepository } from './strava-activity.repository.ts';
import type { PauseReason } from './rate-limit.ts';
import { importStravaBikes } from './strava-bikes.ts';
import {
  isTransientStravaError,
  StravaRateLimitedError,
  StravaUnauthorizedError,
  type StravaUnavailableError,
  StravaUnreachableError,
} from './strava-client.ts';
import type { StravaConnectionRepository } from './strava-connection.repository.ts';
import type { StravaRideImport } from './strava-ride-import.ts';
import { StravaNotConnectedError, type StravaSession } from './strava-session.ts';
import type { StravaActivity } from './strava-types.ts';
import type { SyncAction, SyncStatusRepository } from './sync-status.repository.ts';
import type { StravaRideRepository } from './strava-ride.repository.ts';

/** `failures`: Strava failed (no answer, 5xx) this many times in a row, with no progress in between. */
type RunJob = { userId: string; runId: string; failures?: number };

export type StravaSyncJob =
  | (RunJob & { step: 'list'; afterS: number; page: number; thenImport: boolean })
  | (RunJob & { step: 'import' })
  | (RunJob & { step: 'bikes' })
  /** A bike import the rider asked for during another run: starts it once that run has ended. */
  | { userId: string; step: 'queued_bikes'; queuedAt: string };

/** The steps of a run (all but the queued bike request, which belongs to no run yet). */
type RunStep = Exclude<StravaSyncJob, { step: 'queued_bikes' }>;

/** A queued bike import looks this often whether the run ahead of it has ended, s. */
const QUEUED_BIKES_POLL_S = 5;

/** Strava's largest page (https://developers.strava.com/docs/reference/#api-Activities-getLoggedInAthleteActivities). */
export const PAGE_SIZE = 100;
/** One import step stops after this many rides or this long, then queues the next: short jobs resume well. */
const RIDES_PER_STEP = 10;
const STEP_BUDGET_MS = 20_000;
/**
 * Strava failing in a row (no answer, 5xx): a ride that met a 5xx on each of this many tries fails
 * alone (Strava may be broken for that one activity; it can be retried from the sync page); the run
 * gives up after this many failures in a row without progress (~10 minutes of waits by default).
 */
export const RIDE_TRIES = 4;
export const RUN_TRIES = 8;
/** The longest wait between two tries after Strava failed, ms. */
const MAX_RETRY_DELAY_MS = 5 * 60_000;
/** Spec 001 §2.13: 'Importar Actividades' covers the last 6 months. */
export const IMPORT_WINDOW_DAYS = 183;

export const SYNC_ERRORS = {
  STRAVA_TOKEN_EXPIRED: 'Strava token expired. Reconnect to Strava.',
  STRAVA_NOT_CONNECTED: 'Not connected to Strava.',
  STRAVA_UNAVAILABLE: 'Strava could not be reached. Try again later.',
  STRAVA_SCOPE: 'Strava did not grant access to your bikes (profile:read_all). Connect again and allow it.',
} as const;

/**
 * The rider's Strava imports as chains of short background jobs (pg-boss): list the activities
 * page by page, then import the pending rides a few at a time, or import the bikes. Progress lives
 * in sync_status and strava_activities, so a chain that stops — rate limit, restart, crash — carries
 * on from there. On a rate limit the chain re-queues itself until Strava's window resets.
 */
export class StravaSyncService {
  constructor(
    private readonly deps: {
      queue: JobQueue;
      connections: StravaConnectionRepository;
      stravaActivities: StravaActivityRepository;
      stravaRides: StravaRideRepository;
      bikes: BikeRepository;
      status: SyncStatusRepository;
      rides: StravaRideImport;
      /**
       * Runs every batch pass the rider owes (activities/pending-passes.ts `runRiderPendingPasses`);
       * throws when it fails, its records kept.
       */
      owedPasses: (userId: string) => Promise<number>;
      session: (userId: string) => StravaSession;
      now: () => Date;
      log: (message: string, details?: Record<string, unknown>) => void;
      /** STRAVA_RETRY_DELAY_MS: the first wait after Strava failed, and how often a waiting run looks again. */
      retryDelayMs?: number;
    },
  ) {}

  private get retryDelayMs(): number {
    return this.deps.retryDelayMs ?? 5_000;
  }

  /** Lists the last `days` of activities and imports the rides among them not stored yet. */
  async startActivities(userId: string, days: number, action: SyncAction = 'import_activities') {
    await this.ensureCanStart(userId);
    const { status, queue, now } = this.deps;
    const afterS = Math.floor(now().getTime() / 1000) - days * 86_400;
    const runId = await status.start(userId, action, 'importing', 0, now());
    const job: StravaSyncJob = {
      userId,
      runId,
      step: 'list',
      afterS,
      page: 1,
      thenImport: action !== 'refresh_list',
    };
    await queue.send(QUEUES.stravaSync, job);
  }

  /** Imports the chosen activities of the rider's Strava list (sync dashboard). */
  async startSelected(userId: string, stravaIds: number[]) {
    await this.ensureCanStart(userId);
    const { status, stravaActivities, queue, now } = this.deps;
    const queued = await stravaActivities.markPending(userId, stravaIds, undefined, now());
    const runId = await status.start(userId, 'import_selected', 'processing', queued, now());
    await queue.send(QUEUES.stravaSync, { userId, runId, step: 'import' } satisfies StravaSyncJob);
    return queued;
  }

  /**
   * Imports the rider's bikes. During another run (an activity import, perhaps waiting for Strava's
   * rate limit) the request is queued and starts when that run ends: it neither replaces that run
   * nor is lost. Returns whether it started now or was queued.
   */
  async startBikes(userId: string): Promise<'started' | 'queued'> {
    const { status, queue, now } = this.deps;
    const connection = await this.ensureConnected(userId);
    if (!connection.scopes.split(',').includes('profile:read_all')) throw new AppError('STRAVA_SCOPE');
    const current = await status.find(userId);
    if (current && status.isRunning(current, now())) {
      if (current.action === 'import_bikes') throw new AppError('BIKES_IMPORT_RUNNING');
      const { queuedAt, added } = await status.queueBikes(userId, now());
      if (added)
        await queue.send(QUEUES.stravaSync, {
          userId,
          step: 'queued_bikes',
          queuedAt: queuedAt.toISOString(),
        } satisfies StravaSyncJob);
      return 'queued';
    }
    const runId = await status.start(userId, 'import_bikes', 'importing', 0, now());
    await queue.send(QUEUES.stravaSync, { userId, runId, step: 'bikes' } satisfies StravaSyncJob);
    return 'started';
  }

  private async ensureCanStart(userId: string) {
    const { status, now } = this.deps;
    const connection = await this.ensureConnected(userId);
    const current = await status.find(userId);
    if (current && status.isRunning(current, now()))
      // One run at a time; the rider is told which one holds the way (the screen shows the message).
      throw new AppError(current.action === 'import_bikes' ? 'BIKES_IMPORT_RUNNING' : 'SYNC_RUNNING');
    return connection;
  }

  private async ensureConnected(userId: string) {
    const connection = await this.deps.connections.find(userId);
    if (!connection) throw new AppError('STRAVA_NOT_CONNECTED');
    if (connection.token_invalid) throw new AppError('STRAVA_TOKEN_EXPIRED');
    return connection;
  }

  /**
   * The queued bike import: waits while another run goes on (or waits for Strava), then starts the
   * bike run. A run that died without ending goes stale (sync-status.repository.ts), so the bikes
   * still come.
   */
  private async startQueuedBikes(job: Extract<StravaSyncJob, { step: 'queued_bikes' }>) {
    const { status, queue, now } = this.deps;
    const row = await status.find(job.userId);
    const queuedAt = new Date(job.queuedAt);
    if (row?.bikes_queued_at?.getTime() !== queuedAt.getTime()) return; // started already, or disconnected
    if (status.isRunning(row, now())) {
      await queue.send(QUEUES.stravaSync, job, undefined, { startAfterS: QUEUED_BIKES_POLL_S });
      return;
    }
    const runId = await status.startQueuedBikes(job.userId, queuedAt, now());
    if (runId)
      await queue.send(QUEUES.stravaSync, {
        userId: job.userId,
        runId,
        step: 'bikes',
      } satisfies StravaSyncJob);
  }

  /** A run has ended: a bike import queued behind it starts now rather than at its next look. */
  private async runEnded(userId: string) {
    const row = await this.deps.status.find(userId);
    if (row?.bikes_queued_at)
      await this.deps.queue.send(QUEUES.stravaSync, {
        userId,
        step: 'queued_bikes',
        queuedAt: row.bikes_queued_at.toISOString(),
      } satisfies StravaSyncJob);
  }

  /** The job handler: one step of a chain. */
  async run(job: StravaSyncJob, lastAttempt: boolean): Promise<void> {
    const { status, stravaActivities, now } = this.deps;
    if (job.step === 'queued_bikes') return this.startQueuedBikes(job);
    if (!(await status.isCurrent(job.userId, job.runId))) return; // a newer run replaced this one
    let claimed: number | undefined;
    let progressed = false;
    try {
      if (job.step === 'list') await this.listPage(job);
      else if (job.step === 'bikes') await this.bikes(job);
      else
        await this.importSome(
          job,
          (id) => {
            claimed = id;
          },
          () => {
            progressed = true;
          },
        );
    } catch (error) {
      if (claimed !== undefined) await stravaActivities.release(job.userId, claimed, now());
      if (error instanceof StravaRateLimitedError) return this.pause(job, error.resumeAt, error.reason);
      if (error instanceof StravaUnauthorizedError || error instanceof StravaNotConnectedError) {
        const code =
          error instanceof StravaNotConnectedError ? 'STRAVA_NOT_CONNECTED' : 'STRAVA_TOKEN_EXPIRED';
        return this.fail(job, code);
      }
      if (isTransientStravaError(error))
        return this.unavailable(job, progressed ? 1 : (job.failures ?? 0) + 1, error);
      this.deps.log('strava sync step failed', { step: job.step, error: (error as Error).message });
      if (lastAttempt) return this.fail(job, 'STRAVA_UNAVAILABLE');
      throw error; // pg-boss retries the step with backoff
    }
  }

  private async listPage(job: Extract<StravaSyncJob, { step: 'list' }>) {
    const { stravaActivities, status, queue, now } = this.deps;
    const session = this.deps.session(job.userId);
    const page = await session.get<StravaActivity[]>('/athlete/activities', {
      after: job.afterS,
      page: job.page,
      per_page: PAGE_SIZE,
    });
    for (const activity of page) await stravaActivities.upsert(job.userId, activity, now());
    await status.update(job.userId, job.runId, { paused_until: null }, now(), {});
    if (page.length === PAGE_SIZE) {
      await queue.send(QUEUES.stravaSync, {
        ...job,
        page: job.page + 1,
        failures: 0,
      } satisfies StravaSyncJob);
      return;
    }
    // Every page read: the window's totals, and what is left to import.
    const from = new Date(job.afterS * 1000);
    if (job.thenImport) await stravaActivities.markPending(job.userId, 'all-listed', from, now());
    const counts = await stravaActivities.counts(job.userId, from);
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    if (!job.thenImport) {
      await status.update(
        job.userId,
        job.runId,
        {
          status: 'completed',
          total_activities: total,
          processed_activities: total,
          skipped_activities: counts.skipped,
          completed_at: now(),
        },
        now(),
      );
      await this.runEnded(job.userId);
      return;
    }
    await status.update(
      job.userId,
      job.runId,
      {
        status: 'processing',
        total_activities: total,
        processed_activities: counts.imported + counts.skipped,
        skipped_activities: counts.skipped,
      },
      now(),
    );
    await queue.send(QUEUES.stravaSync, {
      userId: job.userId,
      runId: job.runId,
      step: 'import',
    } satisfies StravaSyncJob);
  }

  private async importSome(
    job: Extract<StravaSyncJob, { step: 'import' }>,
    onClaim: (id: number | undefined) => void,
    onProgress: () => void,
  ) {
    const { stravaActivities, status, rides, connections, queue, now } = this.deps;
    const session = this.deps.session(job.userId);
    const started = Date.now();
    for (let n = 0; n < RIDES_PER_STEP && Date.now() - started < STEP_BUDGET_MS; n++) {
      const row = await stravaActivities.claimNext(job.userId, now());
      if (!row && (await stravaActivities.unfinished(job.userId)) > 0) {
        // Another job holds the last rides (a worker elsewhere, or one that died and whose claim
        // has not expired yet): look again shortly instead of declaring the run complete.
        await queue.send(QUEUES.stravaSync, { ...job, failures: 0 }, undefined, { startAfterS: 5 });
        return;
      }
      if (!row) {
        // Rides come newest first, each measured against the rides stored before it: now that the
        // run's rides are all stored, the batch pass over their windows (activities/batch-pass.ts)
        // measures again the rides whose eFTP or window's critical power they changed. Issue 28: it
        // measured the tactics and advanced facts of the rider's whole history (every ride with power
        // read, with its facts, and the curves of all their windows), and re-estimated no eFTP: a
        // ride kept the eFTP of the rides stored before it (the run's newest, of itself alone).
        await this.passAfterRun(job);
        await status.update(
          job.userId,
          job.runId,
          { status: 'completed', completed_at: now(), current_activity: null, paused_until: null },
          now(),
        );
        await connections.markSynced(job.userId, now());
        await this.runEnded(job.userId);
        return;
      }
      onClaim(row.strava_id);
      await status.update(job.userId, job.runId, { current_activity: row.name, paused_until: null }, now());
      // The failures in a row so far were all this ride's (the same ride is claimed again after one).
      const lastTry = n === 0 && (job.failures ?? 0) + 1 >= RIDE_TRIES;
      try {
        const outcome = await rides.importOne(session, row, { lastTry });
        await status.update(job.userId, job.runId, {}, now(), {
          processed_activities: 1,
          ...(outcome === 'imported' ? { imported_activities: 1 } : {}),
          ...(outcome === 'skipped' ? { skipped_activities: 1 } : {}),
        });
      } catch (error) {
        if (
          error instanceof StravaRateLimitedError ||
          error instanceof StravaUnauthorizedError ||
          error instanceof StravaNotConnectedError ||
          error instanceof StravaUnreachableError ||
          (isTransientStravaError(error) && !lastTry)
        )
          throw error; // the whole run waits (retried with backoff) or stops; the ride goes back to pending
        // This ride failed (Strava 5xx for its streams, streams that cannot be read…); the others go
        // on. Released instead, it would be claimed again next time and block the rest for ever.
        // It can be retried later from the sync page.
        this.deps.log('strava ride import failed', {
          strava_id: row.strava_id,
          error: (error as Error).message,
        });
        await stravaActivities.settle(
          job.userId,
          row.strava_id,
          { state: 'failed', message: (error as Error).message || 'Import failed' },
          now(),
        );
        await status.update(job.userId, job.runId, {}, now(), { failed_activities: 1 });
      }
      onClaim(undefined);
      onProgress();
    }
    await queue.send(QUEUES.stravaSync, { ...job, failures: 0 });
  }

  /**
   * The batch pass over the windows of the rides the run stored. Each ride's store recorded the pass
   * it owes in its own transaction (strava-ride-import.ts; issue 28, trust), so the run's steps may run
   * in several jobs and processes, and a crash mid-run leaves the records of the rides stored so far
   * (the sweep, activities/pending-passes.ts, runs them if the run does not end). Here every pass the
   * rider owes runs as one, which removes their records. A pass that fails fails the step (retried);
   * after its last try the records stay for the sweep.
   */
  private async passAfterRun(job: RunJob) {
    await this.deps.owedPasses(job.userId);
  }

  private async bikes(job: Extract<StravaSyncJob, { step: 'bikes' }>) {
    const { bikes, stravaRides, status, now } = this.deps;
    const session = this.deps.session(job.userId);
    const result = await importStravaBikes({ bikes, stravaRides }, session, now, async (name) => {
      await status.update(job.userId, job.runId, { current_activity: name, paused_until: null }, now(), {});
    });
    const total = result.created + result.updated;
    await status.update(
      job.userId,
      job.runId,
      {
        status: 'completed',
        total_activities: total,
        processed_activities: total,
        current_activity: null,
        completed_at: now(),
      },
      now(),
    );
  }

  /**
   * Waits for Strava's window to reset: the same step is queued again, checking every few seconds
   * while the wait is short (a 15-minute window) and every minute while it is long (the daily one).
   */
  private async pause(job: RunStep, resumeAt: Date, reason: PauseReason) {
    const { status, queue, now } = this.deps;
    const waitS = Math.max(1, (resumeAt.getTime() - now().getTime()) / 1000);
    await status.update(job.userId, job.runId, { paused_until: resumeAt, pause_reason: reason }, now());
    // Default: every 5 s, and every minute during a long wait (STRAVA_RETRY_DELAY_MS scales both).
    const lookS = this.retryDelayMs / 1000;
    await queue.send(QUEUES.stravaSync, job, undefined, {
      startAfterS: Math.min(waitS, waitS > 900 ? lookS * 12 : lookS),
    });
  }

  /**
   * Strava did not answer or answered 5xx: nothing is wrong with the rider's data, so the same step
   * is tried again after a wait that doubles with each failure in a row (the rider sees "Strava is
   * not answering, trying again at…"); after RUN_TRIES in a row the run ends with
   * STRAVA_UNAVAILABLE, its progress kept for the next one.
   */
  private async unavailable(job: RunStep, failures: number, error: StravaUnavailableError) {
    const { status, queue, now } = this.deps;
    this.deps.log('strava did not answer; the step waits', {
      step: job.step,
      failures,
      status: error.status,
      error: error.message,
    });
    if (failures >= RUN_TRIES) return this.fail(job, 'STRAVA_UNAVAILABLE');
    const delayMs = Math.min(MAX_RETRY_DELAY_MS, this.retryDelayMs * 2 ** (failures - 1));
    await status.update(
      job.userId,
      job.runId,
      { paused_until: new Date(now().getTime() + delayMs), pause_reason: 'unavailable' },
      now(),
    );
    // Timed by the real clock (unlike a rate limit, nothing here holds requests back until then).
    await queue.send(QUEUES.stravaSync, { ...job, failures }, undefined, { startAfterS: delayMs / 1000 });
  }

  private async fail(job: RunStep, code: keyof typeof SYNC_ERRORS) {
    const { status, now } = this.deps;
    await status.update(
      job.userId,
      job.runId,
      {
        status: 'error',
        error: { code, message: SYNC_ERRORS[code] },
        current_activity: null,
        paused_until: null,
        completed_at: now(),
      },
      now(),
    );
    await this.runEnded(job.userId);
  }
}
