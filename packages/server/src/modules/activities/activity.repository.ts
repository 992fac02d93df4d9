import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { ActivitiesTable, Database, LapsTable } from '../../db/schema.ts';
import { RiderBestCurve } from './rider-best-curve.ts';
import { sameRideAs } from './same-ride.ts';
import { type DayPart, defaultNamesMatching, type RideLanguage } from './ride-name.ts';

export type ActivityRow = Selectable<ActivitiesTable>;
export type LapRow = Selectable<LapsTable>;

/** How the list can be ordered (GET /api/activities `sort`), each a stored column. */
export const ACTIVITY_SORT_COLUMNS = {
  date: 'start_time',
  distance: 'distance_m',
  duration: 'moving_time_s',
  elevation: 'elevation_gain_m',
  tss: 'training_stress_score',
  np: 'normalized_power_w',
  power: 'average_power_w',
} as const;
export type ActivitySort = keyof typeof ACTIVITY_SORT_COLUMNS;

export interface ActivityFilter {
  limit: number;
  offset: number;
  type?: string | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
  /** Newest first unless told otherwise; rides without the value come last either way. */
  sort?: { by: ActivitySort; order: 'asc' | 'desc' } | undefined;
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
    | 'recovered'
  > & {
    summary: string;
    bike_id: string | null;
    /** Decoded from a damaged file: only its first part. */
    recovered?: boolean;
  };
  file: { blob_key: string; original_name: string; format: string; size_bytes: number };
  streams: { blob_key: string; sample_count: number; codec_version: number };
  curve: { durations_s: number[]; power_w: number[] } | undefined;
  laps: Omit<LapRow, 'activity_id' | 'user_id'>[];
}

/** A rider's rides. Every query carries the owner's id: another rider's ride does not exist. */
export class ActivityRepository {
  private readonly bestCurve = new RiderBestCurve();

  constructor(private readonly db: Kysely<Database>) {}

  findByContentHash(userId: string, contentHash: string, executor: Kysely<Database> = this.db) {
    return executor
      .selectFrom('activities')
      .select(['id', 'start_time', 'recovered'])
      .select('elapsed_time_s as elapsedS')
      .where('user_id', '=', userId)
      .where('content_hash', '=', contentHash)
      .executeTakeFirst();
  }

  /**
   * The stored ride this span is a recording of (a FIT and its Strava activity, a damaged part and
   * the whole): the rule of `same-ride.ts`, as imports apply it.
   */
  async findSameRide(userId: string, startTime: Date, elapsedS: number) {
    const candidates = await this.overlapping(this.db, userId, startTime, elapsedS);
    return sameRideAs(
      { startTime, elapsedS },
      candidates.map((r) => ({ id: r.id, startTime: r.start_time, elapsedS: r.elapsed_time_s })),
    );
  }

  /**
   * Serializes the rider's ride writes until the transaction ends, so that two files of one ride
   * imported at the same moment (one upload, several jobs) see each other: the second finds the first.
   */
  async lockRides(trx: Transaction<Database>, userId: string): Promise<void> {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`rides:${userId}`}, 0))`.execute(trx);
  }

  /**
   * Stored rides that could be the same ride as this span (`same-ride.ts` decides): those starting
   * within a minute of it or overlapping it in time at all.
   */
  overlapping(executor: Kysely<Database>, userId: string, startTime: Date, elapsedS: number) {
    const endTime = new Date(startTime.getTime() + Math.max(0, elapsedS) * 1000);
    return executor
      .selectFrom('activities')
      .select(['id', 'start_time', 'elapsed_time_s', 'recovered'])
      .where('user_id', '=', userId)
      .where('start_time', '<=', new Date(Math.max(endTime.getTime(), startTime.getTime() + 60_000)))
      .where((eb) =>
        eb.or([
          eb('start_time', '>=', new Date(startTime.getTime() - 60_000)),
          eb(sql`start_time + make_interval(secs => elapsed_time_s)`, '>', startTime),
        ]),
      )
      .execute();
  }

  primaryBikeId(userId: string) {
    return this.db
      .selectFrom('bikes')
      .select(['id', 'weight_kg'])
      .where('user_id', '=', userId)
      .where('is_primary', '=', true)
      .executeTakeFirst();
  }

  /**
   * Stores one analysed ride in the caller's transaction, its curve merged into the rider's best
   * envelope there too; undefined when the same file is already stored.
   */
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
    await this.insertParts(trx, userId, inserted.id, ride, now);
    return inserted.id;
  }

  /** The rows beside the activity row: file, streams, curve, laps. */
  private async insertParts(
    trx: Transaction<Database>,
    userId: string,
    activityId: string,
    ride: NewRide,
    now: Date,
  ): Promise<void> {
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
      const stored = { activity_id: activityId, start_time: ride.activity.start_time, ...ride.curve };
      await this.bestCurve.rideStored(trx, userId, stored, now);
    }
    if (ride.laps.length > 0) {
      await trx
        .insertInto('laps')
        .values(ride.laps.map((lap) => ({ ...lap, activity_id: activityId, user_id: userId })))
        .execute();
    }
  }

  /**
   * Puts a complete file's ride in place of a stored one (a damaged part of it), in the caller's
   * transaction: the row keeps its id and what the rider chose (name, type, bike, notes); everything
   * read from the file (figures, file, streams, curve, laps) is the new file's. Returns the blob keys
   * the old ride used, for the caller to delete once nothing else points to them; undefined when the
   * ride is gone.
   */
  async replaceRide(
    trx: Transaction<Database>,
    userId: string,
    activityId: string,
    ride: NewRide,
    now: Date,
  ): Promise<string[] | undefined> {
    const { name: _name, type: _type, bike_id: _bike, source: _source, ...fromFile } = ride.activity;
    const updated = await trx
      .updateTable('activities')
      .set({
        ...fromFile,
        recovered: ride.activity.recovered ?? false,
        reanalysis_pending: false,
        updated_at: now,
      })
      .where('user_id', '=', userId)
      .where('id', '=', activityId)
      .returning('id')
      .executeTakeFirst();
    if (!updated) return undefined;
    const oldFile = await trx
      .deleteFrom('activity_files')
      .where('user_id', '=', userId)
      .where('activity_id', '=', activityId)
      .returning('blob_key')
      .executeTakeFirst();
    const oldStreams = await trx
      .deleteFrom('activity_streams')
      .where('user_id', '=', userId)
      .where('activity_id', '=', activityId)
      .returning('blob_key')
      .executeTakeFirst();
    await trx
      .deleteFrom('activity_curves')
      .where('user_id', '=', userId)
      .where('activity_id', '=', activityId)
      .execute();
    await trx
      .deleteFrom('laps')
      .where('user_id', '=', userId)
      .where('activity_id', '=', activityId)
      .execute();
    await this.insertParts(trx, userId, activityId, ride, now);
    // The old part's points in the best envelope carry this same id: when the id still holds any,
    // the envelope is rebuilt from the stored curves (the new one among them).
    await this.bestCurve.rideDeleted(trx, userId, activityId, now);
    return [oldFile?.blob_key, oldStreams?.blob_key].filter(
      (k): k is string => k !== undefined && k !== ride.file.blob_key && k !== ride.streams.blob_key,
    );
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
    const sort = filter.sort ?? { by: 'date', order: 'desc' };
    const column = ACTIVITY_SORT_COLUMNS[sort.by];
    const [rows, total] = await Promise.all([
      query
        .selectAll()
        .orderBy(column, (ob) => (sort.order === 'asc' ? ob.asc() : ob.desc()).nullsLast())
        .orderBy('start_time', 'desc')
        .orderBy('id')
        .limit(filter.limit)
        .offset(filter.offset)
        .execute(),
      query.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  }

  /**
   * Name and notes contain the words, case- and accent-insensitively enough for riders' titles; an
   * unnamed ride is found by its default name in the reader's language ("salida", "morning").
   */
  search(userId: string, q: string, limit: number, language: RideLanguage): Promise<ActivityRow[]> {
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const defaults = defaultNamesMatching(q, language);
    const partsOf = (virtual: boolean): DayPart[] =>
      defaults.filter((d) => d.virtual === virtual).map((d) => d.dayPart);
    return this.db
      .selectFrom('activities')
      .selectAll()
      .where('user_id', '=', userId)
      .where((eb) => {
        const unnamed = [false, true]
          .filter((virtual) => partsOf(virtual).length > 0)
          .map((virtual) =>
            eb.and([
              eb('name', 'is', null),
              eb('day_part', 'in', partsOf(virtual)),
              virtual ? eb('type', '=', 'VirtualRide') : eb('type', '!=', 'VirtualRide'),
            ]),
          );
        return eb.or([eb('name', 'ilike', pattern), eb('notes', 'ilike', pattern), ...unnamed]);
      })
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

  /** One ride's stored curve. */
  rideCurve(userId: string, activityId: string) {
    return this.db
      .selectFrom('activity_curves')
      .select(['durations_s', 'power_w'])
      .where('user_id', '=', userId)
      .where('activity_id', '=', activityId)
      .executeTakeFirst();
  }

  /** The rider's all-time best-power curve, as kept in rider_best_curves. */
  allTimeBestCurve(userId: string) {
    return this.bestCurve.allTime(this.db, userId);
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
    return query.orderBy('start_time').orderBy('activity_id').execute();
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

  /**
   * Deletes the ride with its rows (and its points from the rider's best envelope, in the same
   * transaction); returns the blob keys no remaining row of this rider uses.
   */
  async delete(userId: string, activityId: string, now = new Date()): Promise<string[] | undefined> {
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
      await this.bestCurve.rideDeleted(trx, userId, activityId, now);
      return [file?.blob_key, streams?.blob_key].filter((k): k is string => Boolean(k));
    });
  }
}
