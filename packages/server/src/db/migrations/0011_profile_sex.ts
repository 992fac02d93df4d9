import { type Kysely, sql } from 'kysely';

// Issue 13: the rider's sex, optional, used only to pick Allen & Coggan's power-profile table (men's or
// women's) for the power-to-weight status and the power profile. Null: not said; the men's table is
// used and the answers say so.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('user_profiles')
    .addColumn('sex', 'text', (c) => c.check(sql`sex in ('female', 'male')`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('user_profiles').dropColumn('sex').execute();
}
