import { type Kysely, sql } from 'kysely';

// Issue 13: the built-in example rider behind the public /analytics. A flag on the user row (never
// signs in, never listed), and at most one such row per instance: the partial unique index makes a
// second concurrent creation fail instead of generating a second example.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('is_example', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await sql`create unique index users_one_example on users (is_example) where is_example`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index users_one_example`.execute(db);
  await db.schema.alterTable('users').dropColumn('is_example').execute();
}
