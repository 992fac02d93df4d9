import { type Kysely, type RawBuilder, type Selectable, sql } from 'kysely';
import type { Database, RiderBestCurvesTable } from '../../db/schema.ts';

export type BestCurveRow = Pick<
  Selectable<RiderBestCurvesTable>,
  'durations_s' | 'power_w' | 'activity_ids' | 'start_times'
>;

export interface StoredRideCurve {
  activity_id: string;
  start_time: Date;
  durations_s: number[];
  power_w: number[];
}

/**
 * The rider_best_curves rows (a rider's all-time best-power envelope) and the per-ride curves they are
 * built from. Every method takes the database or the caller's transaction and the owner's id.
 */
/**
 * The version of a rider's envelope row (null without one): its tuple's transaction id and place,
 * which every write of the row renews and no other version of it shares.
 */
const ENVELOPE_ROW_VERSION = sql<
  string | null
>`rider_best_curves.xmin::text || ':' || rider_best_curves.ctid::text`;

export class BestCurveRepository {
  /**
   * Serialises envelope updates of one rider until the transaction ends: a row lock on the rider
   * (FOR NO KEY UPDATE, which foreign-key checks of concurrent ride inserts do not wait for). Two
   * imports of the same rider committing together then each merge into the other's result.
   */
  async lockRider(trx: Kysely<Database>, userId: string): Promise<void> {
    await this.lockRiderAfter(trx, userId, []);
  }

  /**
   * `lockRider`, then `find`. Two statements, not one (issue 28 had joined them to save a statement
   * a ride): on PostgreSQL a statement reads the rows committed when it started, so one that waited
   * for the rider's lock while another import of theirs stored a ride read the envelope as it was
   * before that import, and merged the new ride into it over that import's points (a ride's bests
   * lost from the all-time curve). The read after the lock sees what the lock's holder committed.
   */
  async lockRiderAndFind(trx: Kysely<Database>, userId: string): Promise<BestCurveRow | undefined> {
    if (!(await this.lockRiderAfter(trx, userId, []))) return undefined;
    return this.find(trx, userId);
  }

  /**
   * `lockRider`, answering with the version of the rider's envelope row (ENVELOPE_ROW_VERSION; none
   * without a row) instead of the row. Issue 28: the envelope's four arrays (~15 KB) were
   * read and parsed for every ride stored, the costliest result of an import to parse.
   */
  async lockRiderAndVersion(trx: Kysely<Database>, userId: string): Promise<string | undefined> {
    return (await this.lockRiderAndVersionAfter(trx, userId, []))?.version;
  }

  /**
   * `lockRiderAndVersion` with other locks in the same statement (`first`: lock functions, such as
   * the ride store's advisory locks), which are taken before the rider's row, as when each was a
   * statement of its own before it (issue 28: a statement less for every ride stored). The version is
   * read by a statement of its own after the locks (`lockRiderAndFind` says why). Undefined when the
   * rider is gone (no lock of `first` taken then).
   */
  async lockRiderAndVersionAfter(
    trx: Kysely<Database>,
    userId: string,
    first: readonly RawBuilder<unknown>[],
  ): Promise<{ version: string | undefined } | undefined> {
    if (!(await this.lockRiderAfter(trx, userId, first))) return undefined;
    const row = await trx
      .selectFrom('rider_best_curves')
      .select(ENVELOPE_ROW_VERSION.as('version'))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return { version: row?.version ?? undefined };
  }

  /** The locks `first`, then the rider's row (`lockRider`), in one statement; false when the rider is gone. */
  private async lockRiderAfter(
    trx: Kysely<Database>,
    userId: string,
    first: readonly RawBuilder<unknown>[],
  ): Promise<boolean> {
    const row = await trx
      .selectFrom('users')
      .select(['users.id', ...first.map((lock, k) => lock.as(`lock_${k}`))])
      .where('users.id', '=', userId)
      .forNoKeyUpdate()
      .executeTakeFirst();
    return row !== undefined;
  }

  /** `find`, with the row's version (`lockRiderAndVersion`). */
  async findWithVersion(
    db: Kysely<Database>,
    userId: string,
  ): Promise<{ row: BestCurveRow; version: string } | undefined> {
    const found = await db
      .selectFrom('rider_best_curves')
      .select(['durations_s', 'power_w', 'activity_ids', 'start_times'])
      .select(ENVELOPE_ROW_VERSION.as('version'))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!found?.version) return undefined;
    const { version, ...row } = found;
    return { row, version };
  }

  find(db: Kysely<Database>, userId: string): Promise<BestCurveRow | undefined> {
    return db
      .selectFrom('rider_best_curves')
      .select(['durations_s', 'power_w', 'activity_ids', 'start_times'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  async save(trx: Kysely<Database>, userId: string, row: BestCurveRow, now: Date): Promise<void> {
    await trx
      .insertInto('rider_best_curves')
      .values({ user_id: userId, ...row, updated_at: now })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({
          durations_s: row.durations_s,
          power_w: row.power_w,
          activity_ids: row.activity_ids,
          start_times: row.start_times,
          updated_at: now,
        }),
      )
      .execute();
  }

  async remove(trx: Kysely<Database>, userId: string): Promise<void> {
    await trx.deleteFrom('rider_best_curves').where('user_id', '=', userId).execute();
  }

  /** The rider's per-ride curves, oldest ride first (the earlier ride keeps a tied point). */
  rideCurves(db: Kysely<Database>, userId: string): Promise<StoredRideCurve[]> {
    return db
      .selectFrom('activity_curves')
      .select(['activity_id', 'start_time', 'durations_s', 'power_w'])
      .where('user_id', '=', userId)
      .orderBy('start_time')
      .orderBy('activity_id')
      .execute();
  }

  /** Replaces one ride's stored curve (re-analysis); none when the new analysis has no power. */
  async replaceRideCurve(
    trx: Kysely<Database>,
    userId: string,
    activityId: string,
    startTime: Date,
    curve: { durations_s: number[]; power_w: number[] } | undefined,
  ): Promise<void> {
    await trx
      .deleteFrom('activity_curves')
      .where('user_id', '=', userId)
      .where('activity_id', '=', activityId)
      .execute();
    if (curve === undefined) return;
    await trx
      .insertInto('activity_curves')
      .values({ activity_id: activityId, user_id: userId, start_time: startTime, ...curve })
      .execute();
  }
}
