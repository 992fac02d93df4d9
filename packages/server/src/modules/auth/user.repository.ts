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

  /** Creates the rider, or returns the existing one when two verifications race. */
  async findOrCreate(column: ContactColumn, contact: string): Promise<UserRow> {
    const inserted = await this.db
      .insertInto('users')
      .values({ [column]: contact })
      .onConflict((oc) => oc.column(column).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (inserted) return inserted;
    const existing = await this.findByContact(column, contact);
    if (!existing) throw new Error('user vanished between insert and select');
    return existing;
  }
}
