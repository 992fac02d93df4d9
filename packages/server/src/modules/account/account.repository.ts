import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Everything one rider owns, for export and deletion. Every query is scoped by the rider. */
export class AccountRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async snapshot(userId: string) {
    const db = this.db;
    const [user, profile, settings, subscription, bikes, athleteSettings, activities, laps, files] =
      await Promise.all([
        db
          .selectFrom('users')
          .select(['id', 'email', 'phone', 'created_at'])
          .where('id', '=', userId)
          .executeTakeFirst(),
        db.selectFrom('user_profiles').selectAll().where('user_id', '=', userId).executeTakeFirst(),
        db.selectFrom('user_settings').selectAll().where('user_id', '=', userId).executeTakeFirst(),
        db.selectFrom('subscriptions').selectAll().where('user_id', '=', userId).executeTakeFirst(),
        db.selectFrom('bikes').selectAll().where('user_id', '=', userId).orderBy('created_at').execute(),
        db
          .selectFrom('athlete_settings_history')
          .selectAll()
          .where('user_id', '=', userId)
          .orderBy('effective_from')
          .execute(),
        db.selectFrom('activities').selectAll().where('user_id', '=', userId).orderBy('start_time').execute(),
        db
          .selectFrom('laps')
          .selectAll()
          .where('user_id', '=', userId)
          .orderBy('activity_id')
          .orderBy('lap_index')
          .execute(),
        db.selectFrom('activity_files').selectAll().where('user_id', '=', userId).execute(),
      ]);
    const fitting = await this.fitting(userId);
    const trainingPlan = await this.trainingPlan(userId);
    // The garage (0017): bike parts and the service log.
    const [components, maintenance] = await Promise.all([
      db
        .selectFrom('bike_components')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('installed_on')
        .orderBy('id')
        .execute(),
      db
        .selectFrom('bike_maintenance')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('performed_on')
        .orderBy('id')
        .execute(),
    ]);
    return {
      user,
      profile,
      settings,
      subscription,
      bikes,
      athleteSettings,
      activities,
      laps,
      files,
      fitting,
      components,
      maintenance,
      trainingPlan,
    };
  }

  /** The training plan's rows (migration 0027): goals, own workouts, plan settings, day changes. */
  private async trainingPlan(userId: string) {
    const db = this.db;
    const [goals, workouts, plan, dayChanges] = await Promise.all([
      db.selectFrom('goals').selectAll().where('user_id', '=', userId).orderBy('event_date').execute(),
      db.selectFrom('workouts').selectAll().where('user_id', '=', userId).orderBy('name').execute(),
      db.selectFrom('training_plans').selectAll().where('user_id', '=', userId).executeTakeFirst(),
      db.selectFrom('plan_day_overrides').selectAll().where('user_id', '=', userId).orderBy('day').execute(),
    ]);
    return { goals, workouts, plan: plan ?? null, day_changes: dayChanges };
  }

  /** The rider's bike-fitting records (migration 0018), oldest first. */
  private async fitting(userId: string) {
    const db = this.db;
    const [measurements, positions, sessions, photos] = await Promise.all([
      db
        .selectFrom('body_measurements')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('measured_on')
        .execute(),
      db.selectFrom('bike_positions').selectAll().where('user_id', '=', userId).orderBy('fit_date').execute(),
      db
        .selectFrom('fitting_sessions')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('session_date')
        .execute(),
      db
        .selectFrom('fitting_photos')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .execute(),
    ]);
    return { measurements, positions, sessions, photos };
  }

  /** The blobs the rider's rows point to (raw files, stream blobs, uploads still waiting). */
  async blobKeys(userId: string): Promise<string[]> {
    const [files, streams, uploads, photos] = await Promise.all([
      this.db.selectFrom('activity_files').select('blob_key').where('user_id', '=', userId).execute(),
      this.db.selectFrom('activity_streams').select('blob_key').where('user_id', '=', userId).execute(),
      this.db.selectFrom('import_files').select('blob_key').where('user_id', '=', userId).execute(),
      this.db.selectFrom('fitting_photos').select('blob_key').where('user_id', '=', userId).execute(),
    ]);
    return [
      ...new Set(
        [...files, ...streams, ...uploads, ...photos]
          .map((r) => r.blob_key)
          .filter((k): k is string => Boolean(k)),
      ),
    ];
  }

  /** Removes the rider; every table's rows go with it (foreign keys cascade). */
  async deleteUser(userId: string): Promise<boolean> {
    const row = await this.db.deleteFrom('users').where('id', '=', userId).returning('id').executeTakeFirst();
    return row !== undefined;
  }
}
