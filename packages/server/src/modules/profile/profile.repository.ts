import type { Profile as ProfileInput } from '@vatio/schemas';
import type { Kysely, Selectable } from 'kysely';
import type { Database, SubscriptionsTable, UserProfilesTable, UserSettingsTable } from '../../db/schema.ts';

export type ProfileRow = Selectable<UserProfilesTable>;
export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type SettingsRow = Selectable<UserSettingsTable>;

/** Profile, subscription and settings of one rider: every query is scoped by `userId`. */
export class ProfileRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findProfile(userId: string): Promise<ProfileRow | undefined> {
    return this.db.selectFrom('user_profiles').selectAll().where('user_id', '=', userId).executeTakeFirst();
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
    return this.db.transaction().execute(async (trx) => {
      const profile = await trx
        .insertInto('user_profiles')
        .values({ user_id: userId, ...input, created_at: now, updated_at: now })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .returningAll()
        .executeTakeFirst();
      if (!profile) return undefined;
      await trx
        .insertInto('subscriptions')
        .values({ user_id: userId, tier: 'free', status: 'active', created_at: now, updated_at: now })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
      return profile;
    });
  }

  updateProfile(userId: string, input: Partial<ProfileInput>, now: Date): Promise<ProfileRow | undefined> {
    return this.db
      .updateTable('user_profiles')
      .set({ ...input, updated_at: now })
      .where('user_id', '=', userId)
      .returningAll()
      .executeTakeFirst();
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
