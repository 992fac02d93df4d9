import { type Kysely, sql } from 'kysely';

// Issue 28 (trust): a ride's deletion commits, then its batch pass measures again the rides of the 90
// days after it (ride-delete.ts). A crash between the two, or a pass that failed, left those rides
// with figures measured with a ride that no longer exists, and nothing repaired them. The pass owed
// is recorded here in the deletion's own transaction (`curves_removed_at`: the deleted ride's start,
// where its window begins) and removed once the pass's writes are done; a row left over is run again
// at start and by a periodic sweep (activities/pending-passes.ts). Goes with its rider.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('pending_batch_passes')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('curves_removed_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('pending_batch_passes_user_idx')
    .on('pending_batch_passes')
    .column('user_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('pending_batch_passes').execute();
}
