import type { Kysely, Selectable } from 'kysely';
import type { Database, UsersTable } from '../../db/schema.ts';

export type UserRow = Selectable<UsersTable>;
export type ContactColumn = 'email' | 'phone';

export class UserRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findByContact(column: ContactColumn, contact: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where(column, '=', contact).executeTakeFirst();
  }

  findById(userId: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  }

  /** Adds or replaces the rider's e-mail or phone; undefined when another account already uses it. */
  async setContact(userId: string, column: ContactColumn, contact: string): Promise<UserRow | undefined> {
    const taken = await this.findByContact(column, contact);
    if (taken && taken.id !== userId) return undefined;
    return this.db
      .updateTable('users')
      .set({ [column]: contact, updated_at: new Date() })
      .where('id', '=', userId)
      .returningAll()
      .executeTakeFirst()
      .catch((error: unknown) => {
        // A concurrent link of the same contact lost the race on the unique index.
        if (String((error as { code?: string }).code) === '23505') return undefined;
        throw error;
      });
  }

  /** Creates the rider, or returns the existing one when two verifications race. */
  /** The rider with this contact; a new one is created, with `language` in its settings when given. */
  async findOrCreate(column: ContactColumn, contact: string, language?: 'es' | 'en'): Promise<UserRow> {
    const inserted = await this.db
      .insertInto('users')
      .values({ [column]: contact })
      .onConflict((oc) => oc.column(column).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (inserted) {
      if (language) {
        await this.db
          .insertInto('user_settings')
          .values({ user_id: inserted.id, language })
          .onConflict((oc) => oc.column('user_id').doNothing())
          .execute();
      }
      return inserted;
    }
    const existing = await this.findByContact(column, contact);
    if (!existing) throw new Error('user vanished between insert and select');
    return existing;
  }
}
