import type { Kysely, Selectable, Transaction } from 'kysely';
import type {
  BikePositionsTable,
  BodyMeasurementsTable,
  Database,
  FittingPhotosTable,
  FittingSessionsTable,
} from '../../db/schema.ts';

export type BodyMeasurementRow = Selectable<BodyMeasurementsTable>;
export type BikePositionRow = Selectable<BikePositionsTable>;
export type FittingSessionRow = Selectable<FittingSessionsTable>;
export type FittingPhotoRow = Selectable<FittingPhotosTable>;

type Editable<Row> = Omit<Row, 'id' | 'user_id' | 'created_at' | 'updated_at'>;
export type BodyMeasurementValues = Editable<BodyMeasurementRow>;
export type BikePositionValues = Omit<Editable<BikePositionRow>, 'is_active'>;
export type FittingSessionValues = Omit<
  Editable<FittingSessionRow>,
  'goals' | 'issues_addressed' | 'adjustments_made'
> & { goals: string[]; issues_addressed: string[]; adjustments_made: string[] };
export type FittingPhotoValues = Pick<
  FittingPhotoRow,
  'blob_key' | 'content_type' | 'size_bytes' | 'file_name'
>;

const json = (value: unknown) => JSON.stringify(value);
const sessionColumns = (v: FittingSessionValues) => ({
  ...v,
  goals: json(v.goals),
  issues_addressed: json(v.issues_addressed),
  adjustments_made: json(v.adjustments_made),
});

/**
 * The rider's fitting records (migration 0018). Every query carries the owner's id: another rider's
 * measurement, position, session or photo is not found, whatever its id.
 */
export class FittingRepository {
  constructor(private readonly db: Kysely<Database>) {}

  // ---- body measurements: a dated history, newest first ----

  listMeasurements(userId: string): Promise<BodyMeasurementRow[]> {
    return this.db
      .selectFrom('body_measurements')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('measured_on', 'desc')
      .orderBy('created_at', 'desc')
      .execute();
  }

  createMeasurement(userId: string, values: BodyMeasurementValues, now: Date): Promise<BodyMeasurementRow> {
    return this.db
      .insertInto('body_measurements')
      .values({ ...values, user_id: userId, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  updateMeasurement(
    userId: string,
    id: string,
    values: BodyMeasurementValues,
    now: Date,
  ): Promise<BodyMeasurementRow | undefined> {
    return this.db
      .updateTable('body_measurements')
      .set({ ...values, updated_at: now })
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  async deleteMeasurement(userId: string, id: string): Promise<boolean> {
    const row = await this.db
      .deleteFrom('body_measurements')
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  // ---- bike positions: per bike, at most one active (partial unique index) ----

  async ownsBike(userId: string, bikeId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('bikes')
      .select('id')
      .where('user_id', '=', userId)
      .where('id', '=', bikeId)
      .executeTakeFirst();
    return row !== undefined;
  }

  listPositions(userId: string, bikeId?: string): Promise<BikePositionRow[]> {
    let query = this.db.selectFrom('bike_positions').selectAll().where('user_id', '=', userId);
    if (bikeId) query = query.where('bike_id', '=', bikeId);
    return query
      .orderBy('bike_id')
      .orderBy('is_active', 'desc')
      .orderBy('fit_date', 'desc')
      .orderBy('created_at', 'desc')
      .execute();
  }

  findPosition(userId: string, id: string): Promise<BikePositionRow | undefined> {
    return this.db
      .selectFrom('bike_positions')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Clears the bike's active position (inside the caller's transaction, before one is set). */
  private async clearActive(trx: Transaction<Database>, userId: string, bikeId: string): Promise<void> {
    await trx
      .updateTable('bike_positions')
      .set({ is_active: false })
      .where('user_id', '=', userId)
      .where('bike_id', '=', bikeId)
      .where('is_active', '=', true)
      .execute();
  }

  /** A bike's first position is active on its own; `makeActive` forces it. */
  createPosition(
    userId: string,
    values: BikePositionValues,
    makeActive: boolean,
    now: Date,
  ): Promise<BikePositionRow> {
    return this.db.transaction().execute(async (trx) => {
      const existing = await trx
        .selectFrom('bike_positions')
        .select('id')
        .where('user_id', '=', userId)
        .where('bike_id', '=', values.bike_id)
        .limit(1)
        .execute();
      const active = makeActive || existing.length === 0;
      if (active) await this.clearActive(trx, userId, values.bike_id);
      return trx
        .insertInto('bike_positions')
        .values({ ...values, user_id: userId, is_active: active, created_at: now, updated_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
    });
  }

  /** `active`: true makes it the bike's one active position, false clears it, undefined leaves it. */
  updatePosition(
    userId: string,
    id: string,
    values: Partial<BikePositionValues>,
    active: boolean | undefined,
    now: Date,
  ): Promise<BikePositionRow | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('bike_positions')
        .select(['id', 'bike_id', 'is_active'])
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      if (!before) return undefined;
      const bikeId = values.bike_id ?? before.bike_id;
      // Moved to another bike while active: it stays active there only when asked.
      const isActive = active ?? (bikeId === before.bike_id ? before.is_active : false);
      if (isActive) await this.clearActive(trx, userId, bikeId);
      return trx
        .updateTable('bike_positions')
        .set({ ...values, is_active: isActive, updated_at: now })
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    });
  }

  /** Deleting the active position hands the role to the bike's newest remaining one. */
  deletePosition(userId: string, id: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const deleted = await trx
        .deleteFrom('bike_positions')
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .returning(['bike_id', 'is_active'])
        .executeTakeFirst();
      if (!deleted) return false;
      if (deleted.is_active) {
        const next = await trx
          .selectFrom('bike_positions')
          .select('id')
          .where('user_id', '=', userId)
          .where('bike_id', '=', deleted.bike_id)
          .orderBy('fit_date', 'desc')
          .orderBy('created_at', 'desc')
          .limit(1)
          .executeTakeFirst();
        if (next)
          await trx
            .updateTable('bike_positions')
            .set({ is_active: true })
            .where('user_id', '=', userId)
            .where('id', '=', next.id)
            .execute();
      }
      return true;
    });
  }

  // ---- fitting sessions ----

  listSessions(userId: string): Promise<FittingSessionRow[]> {
    return this.db
      .selectFrom('fitting_sessions')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('session_date', 'desc')
      .orderBy('created_at', 'desc')
      .execute();
  }

  createSession(userId: string, values: FittingSessionValues, now: Date): Promise<FittingSessionRow> {
    return this.db
      .insertInto('fitting_sessions')
      .values({ ...sessionColumns(values), user_id: userId, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  updateSession(
    userId: string,
    id: string,
    values: FittingSessionValues,
    now: Date,
  ): Promise<FittingSessionRow | undefined> {
    return this.db
      .updateTable('fitting_sessions')
      .set({ ...sessionColumns(values), updated_at: now })
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  async deleteSession(userId: string, id: string): Promise<boolean> {
    const row = await this.db
      .deleteFrom('fitting_sessions')
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  // ---- photos ----

  listPhotos(userId: string): Promise<FittingPhotoRow[]> {
    return this.db
      .selectFrom('fitting_photos')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .execute();
  }

  findPhoto(userId: string, id: string): Promise<FittingPhotoRow | undefined> {
    return this.db
      .selectFrom('fitting_photos')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  createPhoto(userId: string, values: FittingPhotoValues, now: Date): Promise<FittingPhotoRow> {
    return this.db
      .insertInto('fitting_photos')
      .values({ ...values, user_id: userId, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /**
   * Stores the marked points and measured angles, and (when a position is named) fills that
   * position's joint angles in the same transaction. Undefined when the photo or the position is
   * not the rider's.
   */
  savePhotoAnalysis(
    userId: string,
    id: string,
    analysis: {
      points: Record<string, { x: number; y: number }>;
      angles: Record<string, number | null>;
      position_id: string | null;
      notes: string | null;
      positionAngles: Partial<BikePositionValues> | null;
    },
    now: Date,
  ): Promise<FittingPhotoRow | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const photo = await trx
        .selectFrom('fitting_photos')
        .select('id')
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      if (!photo) return undefined;
      if (analysis.position_id) {
        const position = await trx
          .updateTable('bike_positions')
          .set({ ...(analysis.positionAngles ?? {}), updated_at: now })
          .where('user_id', '=', userId)
          .where('id', '=', analysis.position_id)
          .returning('id')
          .executeTakeFirst();
        if (!position) return undefined;
      }
      return trx
        .updateTable('fitting_photos')
        .set({
          points: json(analysis.points),
          angles: json(analysis.angles),
          position_id: analysis.position_id,
          notes: analysis.notes,
          updated_at: now,
        })
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    });
  }

  /** The deleted photo's blob key (to sweep), or undefined when it was not the rider's. */
  async deletePhoto(userId: string, id: string): Promise<string | undefined> {
    const row = await this.db
      .deleteFrom('fitting_photos')
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .returning('blob_key')
      .executeTakeFirst();
    return row?.blob_key;
  }
}
