import { type Kysely, sql } from 'kysely';

// Each rider's all-time best-power curve (the monotone envelope of every stored per-ride curve on the
// shared duration grid, with the ride and start of each point), kept up to date in the transaction
// that stores, re-analyses or deletes a ride, so the all-time curve is one row read instead of a merge
// of every ride. No row means "not built yet" (rides stored before this table): readers merge the
// per-ride curves then, and the next write for the rider builds it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rider_best_curves')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('durations_s', sql`double precision[]`, (c) => c.notNull())
    .addColumn('power_w', sql`real[]`, (c) => c.notNull())
    // Parallel to durations_s: the ride that set each point and its start (ISO 8601), as text arrays,
    // which both engines' drivers return as arrays of strings.
    .addColumn('activity_ids', sql`text[]`, (c) => c.notNull())
    .addColumn('start_times', sql`text[]`, (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rider_best_curves').ifExists().execute();
}
