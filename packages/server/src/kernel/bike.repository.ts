import type { Kysely, Selectable } from 'kysely';
import type { BikesTable, Database } from '../db/schema.ts';

export type BikeRow = Selectable<BikesTable>;
export type BikeValues = Pick<BikeRow, 'name' | 'type' | 'brand' | 'model' | 'year' | 'weight_kg'>;
/** What the aero lab saves on a bike (migration 0014). */
export type BikeAeroValues = Pick<BikeRow, 'cda_m2' | 'crr' | 'aero_measured_at' | 'aero_activity_id'>;

/** A rider's bikes. Every query carries the owner's id: another rider's bike is simply not found. */
export class BikeRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Spec 000 §7: primary first, then newest first. */
  list(userId: string): Promise<BikeRow[]> {
    return this.db
      .selectFrom('bikes')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('is_primary', 'desc')
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute();
  }

  /**
   * The rider's primary bike (its id, weight, and CdA and Crr saved from the aero lab), if any: the bike
   * new rides and predictions use.
   */
  primary(userId: string): Promise<Pick<BikeRow, 'id' | 'weight_kg' | 'cda_m2' | 'crr'> | undefined> {
    return this.db
      .selectFrom('bikes')
      .select(['id', 'weight_kg', 'cda_m2', 'crr'])
      .where('user_id', '=', userId)
      .where('is_primary', '=', true)
      .executeTakeFirst();
  }

  find(userId: string, bikeId: string): Promise<BikeRow | undefined> {
    return this.db
      .selectFrom('bikes')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', bikeId)
      .executeTakeFirst();
  }

  /** Whether the ride is one of the rider's (a bike's CdA names the ride it was measured on). */
  async ownsActivity(userId: string, activityId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('activities')
      .select('id')
      .where('user_id', '=', userId)
      .where('id', '=', activityId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** A rider's first bike becomes primary on its own; `makePrimary` forces it. */
  async create(userId: string, values: BikeValues, makePrimary: boolean, now: Date): Promise<BikeRow> {
    return this.db.transaction().execute(async (trx) => {
      const existing = await trx
        .selectFrom('bikes')
        .select('id')
        .where('user_id', '=', userId)
        .limit(1)
        .execute();
      const primary = makePrimary || existing.length === 0;
      if (primary) {
        await trx.updateTable('bikes').set({ is_primary: false }).where('user_id', '=', userId).execute();
      }
      return trx
        .insertInto('bikes')
        .values({ user_id: userId, ...values, is_primary: primary, created_at: now, updated_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
    });
  }

  update(
    userId: string,
    bikeId: string,
    values: Partial<BikeValues & BikeAeroValues>,
    now: Date,
  ): Promise<BikeRow | undefined> {
    return this.db
      .updateTable('bikes')
      .set({ ...values, updated_at: now })
      .where('user_id', '=', userId)
      .where('id', '=', bikeId)
      .returningAll()
      .executeTakeFirst();
  }

  /** Deleting the primary bike hands the role to the newest remaining one. */
  async delete(userId: string, bikeId: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const deleted = await trx
        .deleteFrom('bikes')
        .where('user_id', '=', userId)
        .where('id', '=', bikeId)
        .returning('is_primary')
        .executeTakeFirst();
      if (!deleted) return false;
      if (deleted.is_primary) {
        const next = await trx
          .selectFrom('bikes')
          .select('id')
          .where('user_id', '=', userId)
          .orderBy('created_at', 'desc')
          .limit(1)
          .executeTakeFirst();
        if (next)
          await trx.updateTable('bikes').set({ is_primary: true }).where('id', '=', next.id).execute();
      }
      return true;
    });
  }

  /** Spec 000 §4: clear is_primary on all the rider's bikes first, then set it on the chosen one. */
  async setPrimary(userId: string, bikeId: string, now: Date): Promise<BikeRow | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const bike = await trx
        .selectFrom('bikes')
        .select('id')
        .where('user_id', '=', userId)
        .where('id', '=', bikeId)
        .executeTakeFirst();
      if (!bike) return undefined;
      await trx.updateTable('bikes').set({ is_primary: false }).where('user_id', '=', userId).execute();
      return trx
        .updateTable('bikes')
        .set({ is_primary: true, updated_at: now })
        .where('user_id', '=', userId)
        .where('id', '=', bikeId)
        .returningAll()
        .executeTakeFirst();
    });
  }

  /** The rider's bike stored for this Strava gear id. */
  findByStravaGear(userId: string, gearId: string) {
    return this.db
      .selectFrom('bikes')
      .select('id')
      .where('user_id', '=', userId)
      .where('strava_gear_id', '=', gearId)
      .executeTakeFirst();
  }

  /**
   * Stores a Strava bike once per gear id: updated when stored before, created otherwise (primary
   * only when Strava says so and the rider has no primary bike yet).
   */
  async upsertStravaGear(
    userId: string,
    gearId: string,
    values: Pick<BikeRow, 'name' | 'type' | 'brand' | 'model'>,
    stravaPrimary: boolean,
    now: Date,
    /** Strava's distance for the gear (m): the bike's starting odometer, read now. */
    stravaDistanceM: number | null = null,
  ): Promise<{ id: string; created: boolean }> {
    const odometer =
      stravaDistanceM === null ? {} : { strava_distance_m: stravaDistanceM, strava_distance_at: now };
    return this.db.transaction().execute(async (trx) => {
      const existing = await trx
        .selectFrom('bikes')
        .select('id')
        .where('user_id', '=', userId)
        .where('strava_gear_id', '=', gearId)
        .executeTakeFirst();
      if (existing) {
        await trx
          .updateTable('bikes')
          .set({ ...values, ...odometer, updated_at: now })
          .where('user_id', '=', userId)
          .where('id', '=', existing.id)
          .execute();
        return { id: existing.id, created: false };
      }
      const hasPrimary = await trx
        .selectFrom('bikes')
        .select('id')
        .where('user_id', '=', userId)
        .where('is_primary', '=', true)
        .executeTakeFirst();
      const inserted = await trx
        .insertInto('bikes')
        .values({
          user_id: userId,
          ...values,
          ...odometer,
          year: null,
          strava_gear_id: gearId,
          is_primary: !hasPrimary && stravaPrimary,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: inserted.id, created: true };
    });
  }
}
