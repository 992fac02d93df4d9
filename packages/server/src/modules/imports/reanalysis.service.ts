import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { type AnalyzeActivityJob, QUEUES, type JobQueue } from '../../jobs/queue.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import type { AthleteSettingsRepository } from '../../kernel/athlete-settings.repository.ts';
import { decodeStreams } from '../../storage/stream-codec.ts';
import { hasPedalPhase } from './ride-preparation.ts';
import type { RidePreparer } from './preparation-pool.ts';
import type { RideFtpService } from '../activities/ride-ftp.service.ts';
import { isoDate, measureAdvancedFacts } from '../activities/ride-advanced-facts.ts';
import type { RideTacticsService } from '../activities/ride-tactics.service.ts';
import { ANALYSIS_VERSION } from '../activities/ride-import-analysis.ts';
import { ReanalysisRepository } from './reanalysis.repository.ts';

/**
 * Re-analysis from the stored original file, with the rider's settings (and profile and bike
 * weights) as they are now for the ride's date. Runs in the background when settings change, and on
 * request; the decoding and analysis go through the preparation pool (worker threads when
 * ANALYSIS_THREADS > 0), like imports.
 */
export class ReanalysisService {
  private readonly rows: ReanalysisRepository;

  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      blobs: BlobStore;
      athleteSettings: AthleteSettingsRepository;
      rideFtp: RideFtpService;
      rideTactics: RideTacticsService;
      preparer: RidePreparer;
      queue: JobQueue;
      now: () => Date;
      log: (message: string, details?: Record<string, unknown>) => void;
      /**
       * Runs every batch pass the rider owes (activities/pending-passes.ts `runRiderPendingPasses`,
       * any age); how many it covered. Throws when the pass fails, its records kept.
       */
      owedPasses?: (userId: string) => Promise<number>;
    },
  ) {
    this.rows = new ReanalysisRepository(deps.db);
  }

  /**
   * Issue 28 (trust): a re-analysis rewrites the ride's curve (a new ANALYSIS_VERSION, a new decoding),
   * which the rides in [its start, its start + 90 d) read for their eFTP and their tactics' critical
   * power, and each ride of a run was measured against the curves of the rides not re-analysed yet.
   * Each ride's write records the pass it owes in its own transaction (ReanalysisRepository.store);
   * the run's last ride (no other of the rider's rides waiting) runs every pass the rider owes, one
   * pass over all their windows, before that ride stops waiting, so "re-analysis idle" means its
   * figures are settled. The records are in the database, not in this process's memory: a run whose
   * rides went to several processes, or across a restart, passes over all of them; a pass that fails
   * on every try keeps its records for the sweep (activities/pending-passes.ts).
   */
  private async passAfterRun(userId: string): Promise<void> {
    await this.deps.owedPasses?.(userId);
  }

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
      const ids = await this.rows.markRider(trx, userId, which);
      for (const activityId of ids) {
        const job: AnalyzeActivityJob = { userId, activityId };
        await queue.send(QUEUES.analyzeActivity, job, trx);
      }
      return ids.length;
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
        const rows = await this.rows.markOutdated(trx, ANALYSIS_VERSION, batchSize);
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
    await this.rows.clearPending(job.userId, job.activityId);
    // It may have been its run's last ride: the others still get their pass.
    if ((await this.rows.pendingCount(job.userId)) === 0)
      await this.passAfterRun(job.userId).catch((passError: unknown) =>
        this.deps.log('the batch pass after a re-analysis failed', {
          userId: job.userId,
          error: passError instanceof Error ? passError.message : String(passError),
        }),
      );
  }

  pending(userId: string): Promise<number> {
    return this.rows.pendingCount(userId);
  }

  async run(job: AnalyzeActivityJob): Promise<void> {
    const { blobs, athleteSettings, rideFtp, rideTactics, preparer, now } = this.deps;
    const file = await this.rows.original(job.userId, job.activityId);
    if (!file) {
      // Deleted meanwhile, or a ride with no original to analyse (a Strava summary without streams):
      // nothing more this version could add to it.
      await this.rows.clearPending(job.userId, job.activityId, ANALYSIS_VERSION);
      if ((await this.rows.pendingCount(job.userId)) === 0) await this.passAfterRun(job.userId);
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
    // The streams are stored already (they do not depend on settings): the tactics and the advanced
    // facts read them.
    let streams = file.streams_blob_key ? decodeStreams(await blobs.get(file.streams_blob_key)) : undefined;
    // A blob stored before Vatio read platform centre offset and power phase lacks them: the file's
    // own streams replace it (written before the row points to them; the old blob goes after).
    let streamsBlobKey: string | undefined;
    if (reanalysed.pedalPhaseStreamsBlob && file.streams_blob_key && streams && !hasPedalPhase(streams)) {
      streamsBlobKey = await blobs.put(reanalysed.pedalPhaseStreamsBlob);
      streams = decodeStreams(reanalysed.pedalPhaseStreamsBlob);
    }
    const tactics =
      columns.has_power && columns.ftp_w !== null && streams
        ? await rideTactics.measure(
            job.userId,
            {
              streams,
              start: file.start_time,
              ftpW: columns.ftp_w,
              hasPower: columns.has_power,
            },
            undefined,
          )
        : null;
    // The run's last ride (no other waiting) keeps waiting until its run's batch pass has ended.
    const last = (await this.rows.pendingCount(job.userId, job.activityId)) === 0;
    await this.rows.store(
      job.userId,
      job.activityId,
      {
        ...columns,
        reanalysis_pending: last,
        summary: analysed.summaryJson,
        tactics,
        advanced_facts: streams
          ? JSON.stringify(
              measureAdvancedFacts(streams, { ftpW: columns.ftp_w ?? null, baseline, today: isoDate(now()) }),
            )
          : null,
        analysis_version: ANALYSIS_VERSION,
      },
      analysed.curve,
      now(),
      reanalysed.segments,
      streamsBlobKey,
      reanalysed.laps,
    );
    if (streamsBlobKey && file.streams_blob_key && file.streams_blob_key !== streamsBlobKey) {
      if (await this.rows.blobUnreferenced(file.streams_blob_key)) await blobs.delete(file.streams_blob_key);
    }
    if (last) {
      await this.passAfterRun(job.userId);
      await this.rows.clearPending(job.userId, job.activityId);
    } else if ((await this.rows.pendingCount(job.userId)) === 0) {
      // The others ended meanwhile (in another process): this ride's run ends here.
      await this.passAfterRun(job.userId);
    }
  }
}
