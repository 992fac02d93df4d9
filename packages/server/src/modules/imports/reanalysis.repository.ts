import { type Kysely, sql, type Transaction, type Updateable } from 'kysely';
import type { ActivitiesTable, Database, LapsTable } from '../../db/schema.ts';
import { type RideSegmentClimbs, SegmentRepository } from '../segments/segment.repository.ts';
import { RiderBestCurve } from '../activities/rider-best-curve.ts';
import { PendingPassRepository } from '../activities/pending-pass.repository.ts';
import { STREAM_CODEC_VERSION } from '../../storage/stream-codec.ts';

/** A re-analysed ride's columns, as the analysis gives them (the rider's name and type stay). */
export type ReanalysedColumns = Omit<
  Updateable<ActivitiesTable>,
  'id' | 'user_id' | 'created_at' | 'updated_at' | 'type' | 'name' | 'bike_id' | 'notes' | 'strava_id'
>;

/** A lap row as re-analysis writes it (the ride and rider are added here). */
export type NewLapRow = Omit<LapsTable, 'activity_id' | 'user_id'>;

/**
 * The rows background re-analysis reads and writes: which rides wait for it, the original each is
 * re-analysed from, and the new figures stored with the rider's best envelope.
 */
export class ReanalysisRepository {
  private readonly bestCurve = new RiderBestCurve();
  private readonly segments: SegmentRepository;
  private readonly pendingPasses: PendingPassRepository;

  constructor(private readonly db: Kysely<Database>) {
    this.segments = new SegmentRepository(db);
    this.pendingPasses = new PendingPassRepository(db);
  }

  /**
   * Marks the rider's rides from `fromDate` on, or ridden on one bike, as waiting for re-analysis,
   * in the caller's transaction (their jobs are queued in it); returns their ids.
   */
  async markRider(
    trx: Transaction<Database>,
    userId: string,
    which: { fromDate?: string | undefined; bikeId?: string },
  ): Promise<string[]> {
    let query = trx.updateTable('activities').set({ reanalysis_pending: true }).where('user_id', '=', userId);
    if (which.fromDate) query = query.where('start_time', '>=', new Date(`${which.fromDate}T00:00:00Z`));
    if (which.bikeId) query = query.where('bike_id', '=', which.bikeId);
    const rows = await query.returning('id').execute();
    return rows.map((r) => r.id);
  }

  /**
   * Up to `batchSize` rides of any rider stored by an older analysis version and not already
   * waiting, marked as waiting in the caller's transaction (rows another worker is marking are
   * skipped, not waited for). Every rider's: this is the start-up pass, not a rider's request.
   */
  markOutdated(trx: Transaction<Database>, analysisVersion: number, batchSize: number) {
    return trx
      .updateTable('activities')
      .set({ reanalysis_pending: true })
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('activities')
          .select('id')
          .where('analysis_version', '<', analysisVersion)
          .where('reanalysis_pending', '=', false)
          .limit(batchSize)
          .forUpdate()
          .skipLocked(),
      )
      .where('reanalysis_pending', '=', false)
      .returning(['id', 'user_id'])
      .execute();
  }

  /** The ride no longer waits; `analysisVersion` given when nothing more this version could add. */
  async clearPending(userId: string, activityId: string, analysisVersion?: number): Promise<void> {
    await this.db
      .updateTable('activities')
      .set({
        reanalysis_pending: false,
        ...(analysisVersion === undefined ? {} : { analysis_version: analysisVersion }),
      })
      .where('user_id', '=', userId)
      .where('id', '=', activityId)
      .execute();
  }

  /** The rider's rides waiting for re-analysis (but `except`, when given). */
  async pendingCount(userId: string, except?: string): Promise<number> {
    let query = this.db
      .selectFrom('activities')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('user_id', '=', userId)
      .where('reanalysis_pending', '=', true);
    if (except !== undefined) query = query.where('id', '<>', except);
    const row = await query.executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The ride's stored original and what its settings depend on; undefined when it has none. */
  original(userId: string, activityId: string) {
    return this.db
      .selectFrom('activity_files')
      .innerJoin('activities', 'activities.id', 'activity_files.activity_id')
      .leftJoin('activity_streams', 'activity_streams.activity_id', 'activity_files.activity_id')
      .select([
        'activity_files.blob_key',
        'activity_streams.blob_key as streams_blob_key',
        'activity_files.original_name',
        'activities.start_time',
        'activities.bike_id',
      ])
      .where('activity_files.user_id', '=', userId)
      .where('activity_files.activity_id', '=', activityId)
      .executeTakeFirst();
  }

  /**
   * The new figures, the ride's curve and the rider's best envelope, changed together in one
   * transaction; nothing when the ride was deleted meanwhile. With them, the batch pass the rewritten
   * curve owes the rides after it (issue 28, trust; activities/pending-passes.ts): at the ride's start,
   * and at its new one when the decoding moved it (its curve left the one and joined the other).
   */
  async store(
    userId: string,
    activityId: string,
    values: ReanalysedColumns,
    curve: { durations_s: number[]; power_w: number[] } | undefined,
    now: Date,
    segments?: RideSegmentClimbs,
    /** A new stream blob for the ride (already written), replacing the one it had. */
    streamsBlobKey?: string,
    /** The ride's laps as the file now decodes, replacing the stored ones; undefined keeps them. */
    laps?: NewLapRow[],
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const previous = await trx
        .selectFrom('activities')
        .select('start_time')
        .where('user_id', '=', userId)
        .where('id', '=', activityId)
        .executeTakeFirst();
      const updated = await trx
        .updateTable('activities')
        // No longer waiting, unless `values` says it still is (its run's batch pass comes first).
        .set({ reanalysis_pending: false, ...values, updated_at: now })
        .where('user_id', '=', userId)
        .where('id', '=', activityId)
        .returning('start_time')
        .executeTakeFirst();
      if (!updated) return; // deleted meanwhile
      for (const start of new Set([previous?.start_time, updated.start_time].map((t) => t?.getTime())))
        if (start !== undefined) await this.pendingPasses.record(trx, userId, new Date(start));
      if (streamsBlobKey)
        await trx
          .updateTable('activity_streams')
          .set({ blob_key: streamsBlobKey, codec_version: STREAM_CODEC_VERSION })
          .where('user_id', '=', userId)
          .where('activity_id', '=', activityId)
          .execute();
      await this.bestCurve.rideReplaced(trx, userId, activityId, updated.start_time, curve, now);
      if (laps) {
        // Laps stored before they were clipped to the ride (issue 25) are replaced by the file's own.
        await trx
          .deleteFrom('laps')
          .where('user_id', '=', userId)
          .where('activity_id', '=', activityId)
          .execute();
        if (laps.length > 0)
          await trx
            .insertInto('laps')
            .values(laps.map((lap) => ({ ...lap, activity_id: activityId, user_id: userId })))
            .execute();
      }
      if (segments) {
        // Its efforts as this analysis finds them: rides stored before segments existed gain theirs.
        await this.segments.rideRemoved(trx, userId, activityId, 'climb');
        if (segments.climbs.length > 0)
          await this.segments.rideStored(trx, userId, activityId, updated.start_time, segments);
      }
    });
  }

  /** Whether no ride's streams point to this blob any more (content-addressed blobs may be shared). */
  async blobUnreferenced(blobKey: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('activity_streams')
      .select('activity_id')
      .where('blob_key', '=', blobKey)
      .limit(1)
      .executeTakeFirst();
    return row === undefined;
  }
}
