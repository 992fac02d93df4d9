import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { SegmentRepository, type StravaSegmentEffortInput } from '../segments/segment.repository.ts';

/**
 * The rider's rides as Strava knows them: the link of a stored ride to its Strava activity, the
 * Strava segment efforts stored with it, the name it follows and the gear its rides are put on.
 * (The rides themselves are stored through activities/activity.repository.ts, storeRide.)
 */
export class StravaRideRepository {
  private readonly segments: SegmentRepository;

  constructor(private readonly db: Kysely<Database>) {
    this.segments = new SegmentRepository(db);
  }

  /** The rider's ride linked to this Strava activity. */
  findByStravaId(userId: string, stravaId: number) {
    return this.db
      .selectFrom('activities')
      .select(['id', 'source'])
      .where('user_id', '=', userId)
      .where('strava_id', '=', stravaId)
      .executeTakeFirst();
  }

  /**
   * What a stored ride needs for the Strava efforts of the activity it is being linked to: its start,
   * whether it has a GPS track, its streams' blob and whether it has Strava efforts already.
   */
  async stravaEffortsTarget(userId: string, activityId: string) {
    const row = await this.db
      .selectFrom('activities as a')
      .leftJoin('activity_streams as s', (j) =>
        j.onRef('s.activity_id', '=', 'a.id').on('s.user_id', '=', userId),
      )
      .select(['a.id', 'a.start_time', 'a.has_gps', 'a.source', 's.blob_key'])
      .select((eb) =>
        eb
          .exists(
            eb
              .selectFrom('segment_efforts as e')
              .select('e.id')
              .where('e.user_id', '=', userId)
              .whereRef('e.activity_id', '=', 'a.id')
              .where('e.source', '=', 'strava'),
          )
          .as('has_strava_efforts'),
      )
      .where('a.user_id', '=', userId)
      .where('a.id', '=', activityId)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      startTime: row.start_time,
      hasGps: row.has_gps,
      source: row.source,
      streamsBlobKey: row.blob_key ?? undefined,
      hasStravaEfforts: Boolean(row.has_strava_efforts),
    };
  }

  /**
   * A stored ride's Strava segment efforts, in the caller's transaction (a file's ride linked to its
   * Strava activity): the same storage as a ride imported from Strava; an effort stored already (its
   * Strava id on this ride) is not stored again.
   */
  async stravaEffortsStored(
    trx: Transaction<Database>,
    userId: string,
    activityId: string,
    rideStart: Date,
    weightKg: number | null,
    efforts: readonly StravaSegmentEffortInput[],
  ): Promise<void> {
    if (efforts.length === 0) return;
    await this.segments.rideStored(trx, userId, activityId, rideStart, {
      climbs: [],
      weightKg,
      strava: efforts,
    });
  }

  /** Links a stored ride to its Strava activity, unless it is linked to one already. */
  async linkStrava(
    executor: Kysely<Database>,
    userId: string,
    activityId: string,
    stravaId: number,
  ): Promise<void> {
    await executor
      .updateTable('activities')
      .set({ strava_id: stravaId })
      .where('user_id', '=', userId)
      .where('id', '=', activityId)
      .where('strava_id', 'is', null)
      .execute();
  }

  /** The ride is no longer linked to Strava (its Strava activity was deleted; the rider's file stays). */
  async unlinkStrava(userId: string, activityId: string): Promise<void> {
    await this.db
      .updateTable('activities')
      .set({ strava_id: null })
      .where('user_id', '=', userId)
      .where('id', '=', activityId)
      .execute();
  }

  /** A ride imported from Strava follows its renaming there; an uploaded file keeps its own name. */
  async followStravaName(userId: string, activityId: string, name: string, now: Date): Promise<void> {
    await this.db
      .updateTable('activities')
      .set({ name, updated_at: now })
      .where('user_id', '=', userId)
      .where('id', '=', activityId)
      .where('source', '=', 'strava')
      .execute();
  }

  /** Rides imported from Strava with this gear that have no bike yet get the bike stored for it. */
  async linkStravaGearRides(userId: string, gearId: string, bikeId: string): Promise<void> {
    await this.db
      .updateTable('activities')
      .set({ bike_id: bikeId })
      .where('user_id', '=', userId)
      .where('bike_id', 'is', null)
      .where('strava_id', 'in', (eb) =>
        eb
          .selectFrom('strava_activities')
          .select('strava_id')
          .where('user_id', '=', userId)
          .where('gear_id', '=', gearId),
      )
      .execute();
  }
}
