import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { ActivitiesTable, Database, LapsTable } from '../../db/schema.ts';
import { type RideSegmentClimbs, SegmentRepository } from '../segments/segment.repository.ts';
import { RiderBestCurve } from './rider-best-curve.ts';
import { sameRideAs } from './same-ride.ts';

/**
 * The ride store: the one write path of a new ride (uploads, demo rides, Strava imports) and the
 * replacement of a damaged part by its complete file, split from ActivityRepository (the reads).
 * Every query carries the owner's id: another rider's ride does not exist.
 */

type LapRow = Selectable<LapsTable>;

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
    | 'tactics'
    | 'advanced_facts'
    | 'workout_ref'
  > & {
    summary: string;
    /** The Vatio workout the ride's file says it was ridden from (`<kind>:<ref>`); none from Strava. */
    workout_ref?: string | null;
    /** The ride's tactical facts as JSON (`RideTacticsService.measure`); none without power or FTP. */
    tactics?: string | null;
    /** The ride's advanced-page facts as JSON (`measureAdvancedFacts`); none without a stream. */
    advanced_facts?: string | null;
    bike_id: string | null;
    /** Decoded from a damaged file: only its first part. */
    recovered?: boolean;
    /** The Strava activity this ride was imported from. */
    strava_id?: number | null;
  };
  /** The original; undefined for a Strava activity stored from its summary alone (no streams). */
  file: { blob_key: string; original_name: string; format: string; size_bytes: number } | undefined;
  streams: { blob_key: string; sample_count: number; codec_version: number } | undefined;
  curve: { durations_s: number[]; power_w: number[] } | undefined;
  laps: Omit<LapRow, 'activity_id' | 'user_id'>[];
  /** The ride's climbs with a position (segments: efforts on known ones, new ones from the rest). */
  segments?: RideSegmentClimbs | undefined;
}

/** A ride the rider already has, which `storeRide` found instead of storing this one again. */
export interface StoredRideMatch {
  id: string;
  recovered: boolean;
  elapsedS: number;
  /** The very same bytes (content hash), not only the same ride. */
  sameBytes: boolean;
}

export type StoreRideResult = { kind: 'inserted'; id: string } | { kind: 'existing'; match: StoredRideMatch };

/**
 * Stored rides that could be the same ride as this span (`same-ride.ts` decides): those starting
 * within a minute of it or overlapping it in time at all.
 */
export function overlappingRides(
  executor: Kysely<Database>,
  userId: string,
  startTime: Date,
  elapsedS: number,
  /** The ride stored with these bytes (content hash) is returned too, wherever it lies in time. */
  orContentHash?: string,
) {
  const endTime = new Date(startTime.getTime() + Math.max(0, elapsedS) * 1000);
  return executor
    .selectFrom('activities')
    .select(['id', 'start_time', 'elapsed_time_s', 'recovered', 'content_hash'])
    .where('user_id', '=', userId)
    .where((eb) => {
      const overlaps = eb.and([
        eb('start_time', '<=', new Date(Math.max(endTime.getTime(), startTime.getTime() + 60_000))),
        eb.or([
          eb('start_time', '>=', new Date(startTime.getTime() - 60_000)),
          eb(sql`start_time + make_interval(secs => elapsed_time_s)`, '>', startTime),
        ]),
      ]);
      return orContentHash === undefined
        ? overlaps
        : eb.or([eb('content_hash', '=', orContentHash), overlaps]);
    })
    .execute();
}

/** The rider's ride stored with these very bytes (content hash). */
export function findByContentHash(executor: Kysely<Database>, userId: string, contentHash: string) {
  return executor
    .selectFrom('activities')
    .select(['id', 'start_time', 'recovered'])
    .select('elapsed_time_s as elapsedS')
    .where('user_id', '=', userId)
    .where('content_hash', '=', contentHash)
    .executeTakeFirst();
}

/** The rider's ride lock (`RideStoreRepository.lockRides`): one rider's ride writes, one at a time. */
function ridesLock(userId: string) {
  return sql`pg_advisory_xact_lock(hashtextextended(${`rides:${userId}`}, 0))`;
}

/**
 * The call that takes a blob's transaction lock (`ActivityRepository.lockBlob`): one key space for
 * every lock on blobs, whichever statement takes it.
 */
export function blobLock(key: string) {
  return sql`pg_advisory_xact_lock(hashtextextended(${`blob:${key}`}, 0))`;
}

/** Stores and replaces a rider's rides, in the caller's transaction. */
export class RideStoreRepository {
  private readonly bestCurve = new RiderBestCurve();
  private readonly segments: SegmentRepository;

  constructor(db: Kysely<Database>) {
    this.segments = new SegmentRepository(db);
  }

  /**
   * Serializes the rider's ride writes until the transaction ends, so that two files of one ride
   * imported at the same moment (one upload, several jobs) see each other: the second finds the first.
   */
  private async lockRides(
    trx: Transaction<Database>,
    userId: string,
    blobKey?: string,
  ): Promise<{ version: string | undefined } | undefined> {
    const rides = ridesLock(userId);
    // The blob's lock in the same statement (issue 28: a statement a file less), after the rider's as
    // when it was taken on its own later in the transaction: the same order, no new deadlock. So is
    // the rider's row lock of the best envelope (`RiderBestCurve.rideStored`, after the insert before),
    // with the envelope's version.
    const first = blobKey === undefined ? [rides] : [rides, blobLock(blobKey)];
    const locked = await this.bestCurve.lockRiderFirst(trx, userId, first);
    // A rider gone meanwhile: their ride locks still taken (the insert that follows fails on them).
    if (!locked) await sql`select ${sql.join(first)}`.execute(trx);
    return locked;
  }

  /**
   * The rider's ride lock alone (`storeRide` takes it first), for a transaction that settles one of
   * their import files without storing a ride (ImportRepository.finishAndLook: every transaction that
   * settles a file of theirs holds it).
   */
  async lockRiderRides(trx: Transaction<Database>, userId: string): Promise<void> {
    await sql`select ${ridesLock(userId)}`.execute(trx);
  }

  /**
   * The one write path for a new ride (uploads, demo rides, Strava imports). Under the rider's ride
   * lock, the ride already stored with the same bytes, else the same ride by the rule of
   * `same-ride.ts`, is returned instead of storing a second copy; otherwise the ride is inserted with
   * its file, streams, curve (merged into the rider's best envelope) and laps. In the caller's
   * transaction, so what the caller records beside it (the import file's outcome, the Strava
   * activity's state, a replacement of a damaged part) commits with it.
   */
  async storeRide(
    trx: Transaction<Database>,
    userId: string,
    ride: NewRide,
    now: Date,
    /**
     * A blob whose lock (`ActivityRepository.lockBlob`) the caller needs in this transaction too,
     * taken here with the rider's, before anything else: held until the commit, as there.
     */
    options: { lockBlob?: string } = {},
  ): Promise<StoreRideResult> {
    const locked = await this.lockRides(trx, userId, options.lockBlob);
    const existing = await this.findStored(trx, userId, ride);
    if (existing) return { kind: 'existing', match: existing };
    const id = await this.insertRide(trx, userId, ride, now, locked);
    if (id) return { kind: 'inserted', id };
    // Unreachable under the lock (the same bytes were looked for above); kept total for the types.
    const again = await this.findStored(trx, userId, ride);
    if (!again) throw new Error('A ride conflicted on its content hash and cannot be found.');
    return { kind: 'existing', match: again };
  }

  private async findStored(
    trx: Transaction<Database>,
    userId: string,
    ride: NewRide,
  ): Promise<StoredRideMatch | undefined> {
    // One read for both (issue 28: they were two statements a file): the ride with these very bytes,
    // and the rides whose span could be this one's (`overlappingRides`).
    const hash = ride.activity.content_hash;
    const startTime = ride.activity.start_time;
    const elapsedS = ride.activity.elapsed_time_s;
    const rows = await overlappingRides(trx, userId, startTime, elapsedS, hash);
    const sameBytes = rows.find((r) => r.content_hash === hash);
    if (sameBytes)
      return {
        id: sameBytes.id,
        recovered: sameBytes.recovered,
        elapsedS: sameBytes.elapsed_time_s,
        sameBytes: true,
      };
    const same = sameRideAs(
      { startTime, elapsedS },
      rows.map((r) => ({
        id: r.id,
        recovered: r.recovered,
        startTime: r.start_time,
        elapsedS: r.elapsed_time_s,
      })),
    );
    return same && { id: same.id, recovered: same.recovered, elapsedS: same.elapsedS, sameBytes: false };
  }

  /**
   * Inserts one analysed ride in the caller's transaction, its curve merged into the rider's best
   * envelope there too; undefined when the same file is already stored. Only through `storeRide`.
   */
  private async insertRide(
    trx: Transaction<Database>,
    userId: string,
    ride: NewRide,
    now: Date,
    /** The rider's row locked and their envelope's version read in `trx` (`lockRides`). */
    locked: { version: string | undefined } | undefined,
  ): Promise<string | undefined> {
    // Issue 28: the ride's row and the rows beside it that need only its id (file, streams, curve) in
    // one statement, where they were four. Each part is inserted from the row the ride's insert
    // returns, so a ride not inserted (these bytes are stored already) inserts none of them; the
    // values carry their column's type, as an INSERT ... SELECT infers none from its target.
    const { file, streams, curve } = ride;
    let query = trx.with('ride', (db) =>
      db
        .insertInto('activities')
        .values({ ...ride.activity, user_id: userId, created_at: now, updated_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'content_hash']).doNothing())
        .returning(['id', 'user_id', 'start_time']),
    );
    if (file)
      query = query.with('file', (db) =>
        db
          .insertInto('activity_files')
          .columns(['activity_id', 'user_id', 'blob_key', 'original_name', 'format', 'size_bytes'])
          .expression(
            db
              .selectFrom('ride')
              .select([
                'ride.id',
                'ride.user_id',
                sql<string>`${file.blob_key}::text`.as('blob_key'),
                sql<string>`${file.original_name}::text`.as('original_name'),
                sql<string>`${file.format}::text`.as('format'),
                sql<number>`${file.size_bytes}::integer`.as('size_bytes'),
              ]),
          ),
      ) as unknown as typeof query;
    if (streams)
      query = query.with('streams', (db) =>
        db
          .insertInto('activity_streams')
          .columns(['activity_id', 'user_id', 'blob_key', 'sample_count', 'codec_version'])
          .expression(
            db
              .selectFrom('ride')
              .select([
                'ride.id',
                'ride.user_id',
                sql<string>`${streams.blob_key}::text`.as('blob_key'),
                sql<number>`${streams.sample_count}::integer`.as('sample_count'),
                sql<number>`${streams.codec_version}::integer`.as('codec_version'),
              ]),
          ),
      ) as unknown as typeof query;
    if (curve)
      query = query.with('curve', (db) =>
        db
          .insertInto('activity_curves')
          .columns(['activity_id', 'user_id', 'start_time', 'durations_s', 'power_w'])
          .expression(
            db
              .selectFrom('ride')
              .select([
                'ride.id',
                'ride.user_id',
                'ride.start_time',
                sql<number[]>`${curve.durations_s}::double precision[]`.as('durations_s'),
                sql<number[]>`${curve.power_w}::real[]`.as('power_w'),
              ]),
          ),
      ) as unknown as typeof query;
    const inserted = await query.selectFrom('ride').select('ride.id').executeTakeFirst();
    if (!inserted) return undefined;
    await this.insertParts(trx, userId, inserted.id, ride, now, { rowsInserted: true, locked });
    return inserted.id;
  }

  /**
   * The rows beside the activity row: file, streams, curve, laps, segment efforts; `rowsInserted`:
   * the file, streams and curve rows went in with the activity row (`insertRide`).
   */
  private async insertParts(
    trx: Transaction<Database>,
    userId: string,
    activityId: string,
    ride: NewRide,
    now: Date,
    {
      rowsInserted = false,
      locked,
    }: { rowsInserted?: boolean; locked?: { version: string | undefined } | undefined } = {},
  ): Promise<void> {
    if (ride.file && !rowsInserted)
      await trx
        .insertInto('activity_files')
        .values({ activity_id: activityId, user_id: userId, ...ride.file })
        .execute();
    if (ride.streams && !rowsInserted)
      await trx
        .insertInto('activity_streams')
        .values({ activity_id: activityId, user_id: userId, ...ride.streams })
        .execute();
    if (ride.curve) {
      if (!rowsInserted)
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
      await this.bestCurve.rideStored(trx, userId, stored, now, locked);
    }
    if (ride.laps.length > 0) {
      await trx
        .insertInto('laps')
        .values(ride.laps.map((lap) => ({ ...lap, activity_id: activityId, user_id: userId })))
        .execute();
    }
    if (ride.segments && (ride.segments.climbs.length > 0 || (ride.segments.strava?.length ?? 0) > 0))
      // A ride just inserted has no effort yet, nor has one whose efforts `replaceRide` removed.
      await this.segments.rideStored(trx, userId, activityId, ride.activity.start_time, ride.segments, {
        noEffortsYet: true,
      });
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
    const {
      name: _name,
      type: _type,
      bike_id: _bike,
      source: _source,
      strava_id: _strava,
      ...fromFile
    } = ride.activity;
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
    await this.segments.rideRemoved(trx, userId, activityId);
    await this.insertParts(trx, userId, activityId, ride, now);
    // The old part's points in the best envelope carry this same id: when the id still holds any,
    // the envelope is rebuilt from the stored curves (the new one among them).
    await this.bestCurve.rideDeleted(trx, userId, activityId, now);
    return [oldFile?.blob_key, oldStreams?.blob_key].filter(
      (k): k is string => k !== undefined && k !== ride.file?.blob_key && k !== ride.streams?.blob_key,
    );
  }
}
