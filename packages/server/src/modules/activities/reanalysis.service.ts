import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { QUEUES, type JobQueue } from '../../jobs/queue.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import type { AthleteSettingsRepository } from '../athlete/athlete-settings.repository.ts';
import type { RidePreparer } from '../imports/preparation-pool.ts';
import type { RideFtpService } from './ride-ftp.service.ts';
import { ANALYSIS_VERSION } from './ride-import-analysis.ts';
import { RiderBestCurve } from './rider-best-curve.ts';

export interface AnalyzeActivityJob {
  userId: string;
  activityId: string;
}

/**
 * Re-analysis from the stored original file, with the rider's settings (and profile and bike
 * weights) as they are now for the ride's date. Runs in the background when settings change, and on
 * request; the decoding and analysis go through the preparation pool (worker threads when
 * ANALYSIS_THREADS > 0), like imports.
 */
export class ReanalysisService {
  private readonly bestCurve = new RiderBestCurve();

  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      blobs: BlobStore;
      athleteSettings: AthleteSettingsRepository;
      rideFtp: RideFtpService;
      preparer: RidePreparer;
      queue: JobQueue;
      now: () => Date;
      log: (message: string, details?: Record<string, unknown>) => void;
    },
  ) {}

  /** Marks the rider's rides from `fromDate` on (all of them when undefined) and queues them. */
  scheduleFrom(userId: string, fromDate: string | undefined): Promise<number> {
    return this.schedule(userId, { fromDate });
  }

  /** Marks and queues the rides ridden on one bike (its weight changed). */
  scheduleBike(userId: string, bikeId: string): Promise<number> {
    return this.schedule(userId, { bikeId });
  }

  private async schedule(userId: string, which: { fromDate?: string | undefined; bikeId?: string }) {
    const { db, queue } = this.deps;
    // Marked and queued together: a crash in between must not leave rides pending with no job.
    return db.transaction().execute(async (trx) => {
      let query = trx
        .updateTable('activities')
        .set({ reanalysis_pending: true })
        .where('user_id', '=', userId);
      if (which.fromDate) query = query.where('start_time', '>=', new Date(`${which.fromDate}T00:00:00Z`));
      if (which.bikeId) query = query.where('bike_id', '=', which.bikeId);
      const rows = await query.returning('id').execute();
      for (const row of rows) {
        const job: AnalyzeActivityJob = { userId, activityId: row.id };
        await queue.send(QUEUES.analyzeActivity, job, trx);
      }
      return rows.length;
    });
  }

  /**
   * Every rider's rides stored by an older version of the analysis (ANALYSIS_VERSION), marked and
   * queued once: a ride already pending is not queued again, so restarts and several workers
   * starting together add no second job. In batches of a few hundred rows, each marked and queued in
   * one short transaction (rows another worker is marking are skipped, not waited for). Returns how
   * many rides were queued.
   */
  async scheduleOutdated(batchSize = 500): Promise<number> {
    const { db, queue } = this.deps;
    let queued = 0;
    for (;;) {
      const batch = await db.transaction().execute(async (trx) => {
        const rows = await trx
          .updateTable('activities')
          .set({ reanalysis_pending: true })
          .where('id', 'in', (eb) =>
            eb
              .selectFrom('activities')
              .select('id')
              .where('analysis_version', '<', ANALYSIS_VERSION)
              .where('reanalysis_pending', '=', false)
              .limit(batchSize)
              .forUpdate()
              .skipLocked(),
          )
          .where('reanalysis_pending', '=', false)
          .returning(['id', 'user_id'])
          .execute();
        for (const row of rows) {
          const job: AnalyzeActivityJob = { userId: row.user_id, activityId: row.id };
          await queue.send(QUEUES.analyzeActivity, job, trx);
        }
        return rows.length;
      });
      queued += batch;
      if (batch < batchSize) return queued;
    }
  }

  /**
   * After the last failed try (the original unreadable, the blob store unreachable): the ride keeps
   * the analysis it has and is no longer shown as waiting. Its version stays, so the next start tries
   * again when the analysis has changed since.
   */
  async abandon(job: AnalyzeActivityJob, error: unknown): Promise<void> {
    this.deps.log('re-analysis failed; the ride keeps its previous analysis', {
      activityId: job.activityId,
      error: error instanceof Error ? error.message : String(error),
    });
    await this.deps.db
      .updateTable('activities')
      .set({ reanalysis_pending: false })
      .where('user_id', '=', job.userId)
      .where('id', '=', job.activityId)
      .execute();
  }

  async pending(userId: string): Promise<number> {
    const row = await this.deps.db
      .selectFrom('activities')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('user_id', '=', userId)
      .where('reanalysis_pending', '=', true)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async run(job: AnalyzeActivityJob): Promise<void> {
    const { db, blobs, athleteSettings, rideFtp, preparer, now } = this.deps;
    const file = await db
      .selectFrom('activity_files')
      .innerJoin('activities', 'activities.id', 'activity_files.activity_id')
      .select([
        'activity_files.blob_key',
        'activity_files.original_name',
        'activities.start_time',
        'activities.bike_id',
      ])
      .where('activity_files.user_id', '=', job.userId)
      .where('activity_files.activity_id', '=', job.activityId)
      .executeTakeFirst();
    if (!file) {
      // Deleted meanwhile, or a ride with no original to analyse (a Strava summary without streams):
      // nothing more this version could add to it.
      await db
        .updateTable('activities')
        .set({ reanalysis_pending: false, analysis_version: ANALYSIS_VERSION })
        .where('user_id', '=', job.userId)
        .where('id', '=', job.activityId)
        .execute();
      return;
    }
    const [bytes, baseline, bikeKg] = await Promise.all([
      blobs.get(file.blob_key),
      athleteSettings.baseline(job.userId),
      athleteSettings.bikeWeightKg(job.userId, file.bike_id),
    ]);
    const reanalysed = await preparer.reanalyse(bytes, file.original_name, { baseline, bikeKg });
    // Its own curve is stored already: the eFTP window holds it.
    const analysed = await rideFtp.applyEstimate(job.userId, reanalysed, file.start_time, undefined);
    const { type: _type, ...columns } = analysed.columns; // the rider may have renamed or retyped the ride
    const at = now();
    // The row, the ride's curve and the rider's best envelope change together.
    await db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('activities')
        .set({
          ...columns,
          summary: analysed.summaryJson,
          analysis_version: ANALYSIS_VERSION,
          reanalysis_pending: false,
          updated_at: at,
        })
        .where('user_id', '=', job.userId)
        .where('id', '=', job.activityId)
        .returning('start_time')
        .executeTakeFirst();
      if (!updated) return; // deleted meanwhile
      await this.bestCurve.rideReplaced(
        trx,
        job.userId,
        job.activityId,
        updated.start_time,
        analysed.curve,
        at,
      );
    });
  }
}
