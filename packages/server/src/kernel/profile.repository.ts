import type { Profile as ProfileInput } from '@vatio/schemas';
import type { Kysely, Selectable } from 'kysely';
import type { Database, SubscriptionsTable, UserProfilesTable, UserSettingsTable } from '../db/schema.ts';
import { riderValueAt } from './ride-settings.ts';

/**
 * The profile with the rider's weight in force today: the weight is not a profile column but the
 * dated record of athlete_settings_history (issue 25: one source of truth), of which the profile
 * shows the entry in force today (else the nearest) and its date.
 */
export type ProfileRow = Selectable<UserProfilesTable> & {
  weight_kg: number | null;
  /** effective_from of that entry. */
  weight_from: string | null;
};

/** The settings date of an instant (UTC day, as rides are dated: ride-settings.ts `rideDate`). */
const dateOf = (now: Date) => now.toISOString().slice(0, 10);

type Db = Kysely<Database>;
export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type SettingsRow = Selectable<UserSettingsTable>;

/** Profile, subscription and settings of one rider: every query is scoped by `userId`. */
export class ProfileRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The profile and the weight in force on `now`'s date. */
  async findProfile(userId: string, now: Date = new Date()): Promise<ProfileRow | undefined> {
    const row = await this.db
      .selectFrom('user_profiles')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row && this.withWeight(this.db, row, now);
  }

  private async withWeight(db: Db, row: Selectable<UserProfilesTable>, now: Date): Promise<ProfileRow> {
    const history = await db
      .selectFrom('athlete_settings_history')
      .selectAll()
      .where('user_id', '=', row.user_id)
      .where('weight_kg', 'is not', null)
      .execute();
    const weight = riderValueAt(history, 'weight_kg', dateOf(now));
    return { ...row, weight_kg: weight?.value ?? null, weight_from: weight?.from ?? null };
  }

  /**
   * A weight the rider gives in the profile (onboarding, an edit) is an entry dated today: saved only
   * when it differs from the one in force, so saving the profile unchanged adds nothing; the same day
   * again replaces that day's weight and leaves the entry's other values alone. A weight cleared in
   * the profile (null) is the rider saying they give none: every dated weight goes (an entry left
   * with no value goes with it), so no screen divides by a weight the rider took back. Absent: no
   * change. Returns whether the rider's weights changed.
   */
  private async saveWeight(db: Db, userId: string, weightKg: number | null | undefined, now: Date) {
    if (weightKg === undefined) return false;
    const history = await db
      .selectFrom('athlete_settings_history')
      .selectAll()
      .where('user_id', '=', userId)
      .where('weight_kg', 'is not', null)
      .execute();
    if (weightKg === null) {
      if (history.length === 0) return false;
      await db
        .updateTable('athlete_settings_history')
        .set({ weight_kg: null })
        .where('user_id', '=', userId)
        .execute();
      await db
        .deleteFrom('athlete_settings_history')
        .where('user_id', '=', userId)
        .where('ftp_w', 'is', null)
        .where('max_hr_bpm', 'is', null)
        .where('lthr_bpm', 'is', null)
        .execute();
      return true;
    }
    const inForce = riderValueAt(history, 'weight_kg', dateOf(now));
    if (inForce?.source === 'settings' && inForce.value === weightKg) return false;
    await db
      .insertInto('athlete_settings_history')
      .values({ user_id: userId, effective_from: dateOf(now), weight_kg: weightKg })
      .onConflict((oc) => oc.columns(['user_id', 'effective_from']).doUpdateSet({ weight_kg: weightKg }))
      .execute();
    return true;
  }

  /**
   * Onboarding (spec 000 §4): the profile and the free, active subscription are created together;
   * undefined when the rider already has a profile.
   */
  async createWithSubscription(
    userId: string,
    input: ProfileInput,
    now: Date,
  ): Promise<ProfileRow | undefined> {
    const { weight_kg: weightKg, ...fields } = input;
    return this.db.transaction().execute(async (trx) => {
      const profile = await trx
        .insertInto('user_profiles')
        .values({ user_id: userId, ...fields, created_at: now, updated_at: now })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .returningAll()
        .executeTakeFirst();
      if (!profile) return undefined;
      await trx
        .insertInto('subscriptions')
        .values({ user_id: userId, tier: 'free', status: 'active', created_at: now, updated_at: now })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
      // Onboarding without a weight says nothing about weights the settings may already hold.
      await this.saveWeight(trx, userId, weightKg ?? undefined, now);
      return this.withWeight(trx, profile, now);
    });
  }

  /**
   * The profile's fields, and its weight as an entry dated today (`saveWeight`).
   * `weightChanged` says whether a new weight was written (its rides are then re-analysed).
   */
  async updateProfile(
    userId: string,
    input: Partial<ProfileInput>,
    now: Date,
  ): Promise<{ profile: ProfileRow; weightChanged: boolean } | undefined> {
    const { weight_kg: weightKg, ...fields } = input;
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('user_profiles')
        .set({ ...fields, updated_at: now })
        .where('user_id', '=', userId)
        .returningAll()
        .executeTakeFirst();
      if (!row) return undefined;
      const weightChanged = await this.saveWeight(trx, userId, weightKg, now);
      return { profile: await this.withWeight(trx, row, now), weightChanged };
    });
  }

  findSubscription(userId: string): Promise<SubscriptionRow | undefined> {
    return this.db.selectFrom('subscriptions').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  findSettings(userId: string): Promise<SettingsRow | undefined> {
    return this.db.selectFrom('user_settings').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  async upsertSettings(
    userId: string,
    update: Partial<Pick<SettingsRow, 'notifications' | 'theme' | 'auto_sync' | 'language'>>,
    now: Date,
  ): Promise<SettingsRow> {
    return this.db
      .insertInto('user_settings')
      .values({ user_id: userId, ...update, updated_at: now })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...update, updated_at: now }))
      .returningAll()
      .executeTakeFirstOrThrow();
  }
}
