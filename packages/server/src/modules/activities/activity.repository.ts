import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { ActivitiesTable, Database, LapsTable } from '../../db/schema.ts';

export type ActivityRow = Selectable<ActivitiesTable>;
export type LapRow = Selectable<LapsTable>;

export interface ActivityFilter {
  limit: number;
  offset: number;
  type?: string | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
}

export interface NewRide {
  activity: Omit<
    ActivitiesTable,
    | 'id'
    | 'user_id'
    | 'created_at'
    | 'updated_at'
    | 'summary'
    | 'strava_id'
    | 'bike_id'
    | 'notes'
    | 'reanalysis_pending'
  > & {
    summary: string;
    bike_id: string | null;
  };
  file: { blob_key: string; original_name: string; format: string; size_bytes: number };
  streams: { blob_key: string; sample_count: number; codec_version: number };
  curve: { durations_s: number[]; power_w: number[] } | undefined;
  laps: Omit<LapRow, 'activity_id' | 'user_id'>[];
}

/** A rider's rides. Every query carries the owner's id: another rider's ride does not exist. */
export class ActivityRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findByContentHash(userId: string, contentHash: string) {
    return this.db
      .selectFrom('activities')
      .select('id')
      .where('user_id', '=', userId)
      .where('content_hash', '=', contentHash)
      .executeTakeFirst();
  }

  /**
   * The same ride recorded or exported differently (a FIT and its Strava GPX): it starts within a
   * minute of this one and lasts as long, within 5 % or a minute.
   */
  findSameRide(userId: string, startTime: Date, elapsedS: number) {
    const toleranceS = Math.round(Math.max(60, elapsedS * 0.05));
    return this.db
      .selectFrom('activities')
      .select('id')
      .where('user_id', '=', userId)
      .where('start_time', '>=', new Date(startTime.getTime() - 60_000))
      .where('start_time', '<=', new Date(startTime.getTime() + 60_000))
      .where('elapsed_time_s', '>=', elapsedS - toleranceS)
      .where('elapsed_time_s', '<=', elapsedS + toleranceS)
      .executeTakeFirst();
  }

  primaryBikeId(userId: string) {
    return this.db
      .selectFrom('bikes')
      .select(['id', 'weight_kg'])
      .where('user_id', '=', userId)
      .where('is_primary', '=', true)
      .executeTakeFirst();
  }

  /** Stores one analysed ride in the caller's transaction; undefined when the same file is already stored. */
  async insertRide(
    trx: Transaction<Database>,
    userId: string,
    ride: NewRide,
    now: Date,
  ): Promise<string | undefined> {
    const inserted = await trx
      .insertInto('activities')
      .values({ ...ride.activity, user_id: userId, created_at: now, updated_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'content_hash']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return undefined;
    const activityId = inserted.id;
    await trx
      .insertInto('activity_files')
      .values({ activity_id: activityId, user_id: userId, ...ride.file })
      .execute();
    await trx
      .insertInto('activity_streams')
      .values({ activity_id: activityId, user_id: userId, ...ride.streams })
      .execute();
    if (ride.curve) {
      await trx
        .insertInto('activity_curves')
        .values({
          activity_id: activityId,
          user_id: userId,
          start_time: ride.activity.start_time,
          ...ride.curve,
        })
        .execute();
    }
    if (ride.laps.length > 0) {
      await trx
        .insertInto('laps')
        .values(ride.laps.map((lap) => ({ ...lap, activity_id: activityId, user_id: userId })))
        .execute();
    }
    return activityId;
  }

  async list(userId: string, filter: ActivityFilter): Promise<{ rows: ActivityRow[]; total: number }> {
    let query = this.db.selectFrom('activities').where('user_id', '=', userId);
    if (filter.type) query = query.where('type', '=', filter.type);
    if (filter.startDate) query = query.where('start_time', '>=', new Date(`${filter.startDate}T00:00:00Z`));
    if (filter.endDate)
      query = query.where(
        'start_time',
        '<',
        new Date(Date.parse(`${filter.endDate}T00:00:00Z`) + 86_400_000),
      );
    const [rows, total] = await Promise.all([
      query
        .selectAll()
        .orderBy('start_time', 'desc')
        .orderBy('id')
        .limit(filter.limit)
        .offset(filter.offset)
        .execute(),
      query.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  }

  /** Name and notes contain the words, case- and accent-insensitively enough for riders' titles. */
  search(userId: string, q: string, limit: number): Promise<ActivityRow[]> {
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return this.db
      .selectFrom('activities')
      .selectAll()
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('name', 'ilike', pattern), eb('notes', 'ilike', pattern)]))
      .orderBy('start_time', 'desc')
      .limit(limit)
      .execute();
  }

  find(userId: string, activityId: string): Promise<ActivityRow | undefined> {
    return this.db
      .selectFrom('activities')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', activityId)
      .executeTakeFirst();
  }

  laps(userId: string, activityId: string): Promise<LapRow[]> {
    return this.db
      .selectFrom('laps')
      .selectAll()
      .where('user_id', '=', userId)
      .where('activity_id', '=', activityId)
      .orderBy('lap_index')
      .execute();
  }

  streamsPointer(userId: string, activityId: string) {
    return this.db
      .selectFrom('activity_streams')
      .select(['blob_key', 'codec_version'])
      .where('user_id', '=', userId)
      .where('activity_id', '=', activityId)
      .executeTakeFirst();
  }

  filePointer(userId: string, activityId: string) {
    return this.db
      .selectFrom('activity_files')
      .selectAll()
      .where('user_id', '=', userId)
      .where('activity_id', '=', activityId)
      .executeTakeFirst();
  }

  /** The rider's rides whose load is measured against an estimated FTP (summary.ftpSource). */
  ridesWithEstimatedFtp(userId: string) {
    return this.db
      .selectFrom('activities')
      .select(['id', 'start_time', 'normalized_power_w', 'ftp_w', 'summary'])
      .where('user_id', '=', userId)
      .where(sql<boolean>`summary->>'ftpSource' = 'estimated'`)
      .execute();
  }

  /** A ride's FTP, IF, TSS and summary rewritten (an estimated FTP re-derived). */
  async updateLoad(
    userId: string,
    activityId: string,
    values: Pick<ActivityRow, 'ftp_w' | 'intensity_factor' | 'training_stress_score'> & { summary: string },
  ): Promise<void> {
    await this.db
      .updateTable('activities')
      .set(values)
      .where('user_id', '=', userId)
      .where('id', '=', activityId)
      .execute();
  }

  /** Per-ride curves in a date range (both ends optional), for best-of curves. */
  curves(userId: string, range: { from?: Date; to?: Date } = {}) {
    let query = this.db
      .selectFrom('activity_curves')
      .select(['activity_id', 'start_time', 'durations_s', 'power_w'])
      .where('user_id', '=', userId);
    if (range.from) query = query.where('start_time', '>=', range.from);
    if (range.to) query = query.where('start_time', '<', range.to);
    return query.execute();
  }

  update(
    userId: string,
    activityId: string,
    values: Partial<Pick<ActivityRow, 'name' | 'type' | 'bike_id' | 'notes'>>,
    now: Date,
  ): Promise<ActivityRow | undefined> {
    return this.db
      .updateTable('activities')
      .set({ ...values, updated_at: now })
      .where('user_id', '=', userId)
      .where('id', '=', activityId)
      .returningAll()
      .executeTakeFirst();
  }

  /** Whether any stored ride, of any rider, still points to this blob. */
  async blobInUse(key: string): Promise<boolean> {
    const file = await this.db
      .selectFrom('activity_files')
      .select('activity_id')
      .where('blob_key', '=', key)
      .limit(1)
      .executeTakeFirst();
    if (file) return true;
    const streams = await this.db
      .selectFrom('activity_streams')
      .select('activity_id')
      .where('blob_key', '=', key)
      .limit(1)
      .executeTakeFirst();
    if (streams) return true;
    const pending = await this.db
      .selectFrom('import_files')
      .select('id')
      .where('blob_key', '=', key)
      .where('status', 'in', ['queued', 'processing'])
      .limit(1)
      .executeTakeFirst();
    return pending !== undefined;
  }

  /** Deletes the ride with its rows; returns the blob keys no remaining row of this rider uses. */
  async delete(userId: string, activityId: string): Promise<string[] | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const file = await trx
        .selectFrom('activity_files')
        .select('blob_key')
        .where('user_id', '=', userId)
        .where('activity_id', '=', activityId)
        .executeTakeFirst();
      const streams = await trx
        .selectFrom('activity_streams')
        .select('blob_key')
        .where('user_id', '=', userId)
        .where('activity_id', '=', activityId)
        .executeTakeFirst();
      const deleted = await trx
        .deleteFrom('activities')
        .where('user_id', '=', userId)
        .where('id', '=', activityId)
        .returning('id')
        .executeTakeFirst();
      if (!deleted) return undefined;
      return [file?.blob_key, streams?.blob_key].filter((k): k is string => Boolean(k));
    });
  }
}
