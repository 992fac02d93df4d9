import { type Kysely, sql } from 'kysely';

// Issue 26 (a finished ride linked to the workout it was ridden from): `activities.workout_ref` keeps
// the reference the ride's FIT file carries (`<kind>:<ref>` of `vatio-workout:<kind>:<ref>`, e.g.
// `library:threshold-2x20`; formats fit/workout-tag.ts), NULL for a ride without one. The plan matches
// a ride to its planned workout by it before it falls back to the day's ride (plan.service.ts).
// `ride_compliance` keeps each linked ride's step-by-step compliance with what it was measured from
// (`input_key`: the ride's version, the workout, the FTP, the day), so the plan and ride answers read
// it instead of decoding every ride's streams again after a restart; it goes with its ride.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table activities add column workout_ref text`.execute(db);
  await db.schema
    .createTable('ride_compliance')
    .addColumn('activity_id', 'uuid', (c) => c.primaryKey().references('activities.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('input_key', 'text', (c) => c.notNull())
    .addColumn('answer', 'jsonb', (c) => c.notNull())
    .addColumn('computed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('ride_compliance_user_idx').on('ride_compliance').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ride_compliance').execute();
  await sql`alter table activities drop column workout_ref`.execute(db);
}
