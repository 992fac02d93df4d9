import { type ExpressionBuilder, type Kysely, type Selectable, sql } from 'kysely';
import type { Database, StravaActivitiesTable, StravaActivityState } from '../../db/schema.ts';
import { CYCLING_SPORT_TYPES, type StravaActivity, sportTypeOf } from './strava-types.ts';

export type StravaActivityRow = Selectable<StravaActivitiesTable>;

/** A claimed row whose job died is handed out again after this long. */
const CLAIM_EXPIRY_MS = 5 * 60 * 1000;

/**
 * The rider's Strava activities as last listed, with where each stands ('listed' → 'pending' →
 * 'importing' → 'imported' | 'skipped' | 'failed'). The import jobs work from these rows, so a run
 * that stops (rate limit, restart) picks up where it was.
 */
export class StravaActivityRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Stores a listed activity or refreshes its summary; the state of a known one is kept. */
  async upsert(userId: string, activity: StravaActivity, now: Date): Promise<StravaActivityRow> {
    const sportType = sportTypeOf(activity);
    const values = {
      name: activity.name,
      sport_type: sportType,
      start_time: new Date(activity.start_date),
      distance_m: activity.distance ?? null,
      moving_time_s: activity.moving_time ?? null,
      elapsed_time_s: activity.elapsed_time ?? null,
      elevation_gain_m: activity.total_elevation_gain ?? null,
      average_speed_mps: activity.average_speed ?? null,
      max_speed_mps: activity.max_speed ?? null,
      average_watts: activity.average_watts ?? null,
      max_watts: activity.max_watts ?? null,
      device_watts: activity.device_watts === true,
      has_heartrate: activity.has_heartrate === true,
      gear_id: activity.gear_id ?? null,
      raw: JSON.stringify(activity),
      updated_at: now,
    };
    const state: StravaActivityState = CYCLING_SPORT_TYPES.has(sportType) ? 'listed' : 'skipped';
    return this.db
      .insertInto('strava_activities')
      .values({ user_id: userId, strava_id: activity.id, ...values, state })
      .onConflict((oc) => oc.columns(['user_id', 'strava_id']).doUpdateSet(values))
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  find(userId: string, stravaId: number): Promise<StravaActivityRow | undefined> {
    return this.db
      .selectFrom('strava_activities')
      .selectAll()
      .where('user_id', '=', userId)
      .where('strava_id', '=', stravaId)
      .executeTakeFirst();
  }

  /** Newest first, optionally from a date on. */
  list(userId: string, from?: Date): Promise<StravaActivityRow[]> {
    let query = this.db.selectFrom('strava_activities').selectAll().where('user_id', '=', userId);
    if (from) query = query.where('start_time', '>=', from);
    return query.orderBy('start_time', 'desc').orderBy('strava_id', 'desc').execute();
  }

  /** Queues the listed, failed or interrupted rides among these for import; returns how many. */
  async markPending(userId: string, stravaIds: number[] | 'all-listed', from: Date | undefined, now: Date) {
    let query = this.db
      .updateTable('strava_activities')
      .set({ state: 'pending', message: null, updated_at: now })
      .where('user_id', '=', userId)
      .where('state', 'in', ['listed', 'failed', 'importing']);
    if (stravaIds !== 'all-listed') {
      if (stravaIds.length === 0) return 0;
      query = query.where('strava_id', 'in', stravaIds);
    }
    if (from) query = query.where('start_time', '>=', from);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Counts by state, for a window. */
  async counts(userId: string, from?: Date): Promise<Record<StravaActivityState, number>> {
    let query = this.db
      .selectFrom('strava_activities')
      .select(['state', sql<number>`count(*)::int`.as('n')])
      .where('user_id', '=', userId);
    if (from) query = query.where('start_time', '>=', from);
    const rows = await query.groupBy('state').execute();
    const counts = { listed: 0, pending: 0, importing: 0, imported: 0, skipped: 0, failed: 0 };
    for (const row of rows) counts[row.state] = Number(row.n);
    return counts;
  }

  /**
   * Takes the next ride to import, newest first, so two workers never import the same one. A row
   * claimed by a job that died is taken again after CLAIM_EXPIRY_MS.
   */
  async claimNext(userId: string, now: Date): Promise<StravaActivityRow | undefined> {
    const expired = new Date(now.getTime() - CLAIM_EXPIRY_MS);
    const claimable = (w: ExpressionBuilder<Database, 'strava_activities'>) =>
      w.or([
        w('state', '=', 'pending'),
        w.and([w('state', '=', 'importing'), w('claimed_at', '<', expired)]),
      ]);
    // The condition is repeated outside the subquery: on PostgreSQL a second worker that picked the
    // same row re-checks it after the first one's update and gets nothing rather than a double claim.
    return this.db
      .updateTable('strava_activities')
      .set({ state: 'importing', claimed_at: now, updated_at: now })
      .where('user_id', '=', userId)
      .where(claimable)
      .where('strava_id', '=', (eb) =>
        eb
          .selectFrom('strava_activities')
          .select('strava_id')
          .where('user_id', '=', userId)
          .where(claimable)
          .orderBy('start_time', 'desc')
          .limit(1),
      )
      .returningAll()
      .executeTakeFirst();
  }

  /** Puts a claimed ride back in the queue (the run paused or stopped before it was done). */
  async release(userId: string, stravaId: number, now: Date): Promise<void> {
    await this.db
      .updateTable('strava_activities')
      .set({ state: 'pending', claimed_at: null, updated_at: now })
      .where('user_id', '=', userId)
      .where('strava_id', '=', stravaId)
      .where('state', '=', 'importing')
      .execute();
  }

  /** The activity's import outcome; in the caller's transaction when given one. */
  async settle(
    userId: string,
    stravaId: number,
    outcome: {
      state: 'imported' | 'skipped' | 'failed';
      activityId?: string | null;
      message?: string | null;
    },
    now: Date,
    executor: Kysely<Database> = this.db,
  ): Promise<void> {
    await executor
      .updateTable('strava_activities')
      .set({
        state: outcome.state,
        activity_id: outcome.activityId ?? null,
        message: outcome.message ?? null,
        claimed_at: null,
        updated_at: now,
      })
      .where('user_id', '=', userId)
      .where('strava_id', '=', stravaId)
      .execute();
  }

  /** Rides still queued or being imported by some job (a dead job's claim counts until it expires). */
  async unfinished(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('strava_activities')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('user_id', '=', userId)
      .where('state', 'in', ['pending', 'importing'])
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async delete(userId: string, stravaId: number): Promise<void> {
    await this.db
      .deleteFrom('strava_activities')
      .where('user_id', '=', userId)
      .where('strava_id', '=', stravaId)
      .execute();
  }

  async deleteAll(userId: string): Promise<void> {
    await this.db.deleteFrom('strava_activities').where('user_id', '=', userId).execute();
  }
}
