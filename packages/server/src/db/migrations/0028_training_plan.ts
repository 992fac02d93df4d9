import { type Kysely, sql } from 'kysely';

// The training plan (issue 26): the rider's goals (events), their own structured workouts, the plan's
// settings (one plan per rider; the days themselves are computed on read from these rows, the goals
// and the rides: modules/plan/plan.service.ts), the rider's changes to single days, and the private
// calendar-feed token (only its SHA-256 is kept, as for API keys). Every row goes with the account.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('goals')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('event_date', 'date', (c) => c.notNull())
    .addColumn('priority', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    // A stored ride whose route is the event's course; the goal stays if the ride goes.
    .addColumn('course_activity_id', 'uuid', (c) => c.references('activities.id').onDelete('set null'))
    .addColumn('expected_tss', 'double precision')
    .addColumn('notes', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('goals_priority_check', sql`priority in ('A', 'B', 'C')`)
    .execute();
  await db.schema.createIndex('goals_user_idx').on('goals').columns(['user_id', 'event_date']).execute();

  await db.schema
    .createTable('workouts')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('purpose', 'text')
    // The workout model of packages/analysis workouts/workout.ts, validated before it is stored.
    .addColumn('structure', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('workouts_user_idx').on('workouts').columns(['user_id', 'name']).execute();

  await db.schema
    .createTable('training_plans')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    // The day the plan was made: days before it are the past, measured against this plan.
    .addColumn('start_date', 'date', (c) => c.notNull())
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('training_weekdays', sql`integer[]`, (c) => c.notNull())
    .addColumn('weekly_hours', 'double precision')
    .addColumn('target_ctl', 'double precision')
    .addColumn('ramp_per_week', 'double precision')
    .addColumn('load_weeks_per_block', 'integer', (c) => c.notNull().defaultTo(3))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('plan_day_overrides')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('day', 'date', (c) => c.notNull())
    // skip | move | swap | edit (modules/plan/plan-days.ts says what each does).
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('other_day', 'date')
    .addColumn('library_workout_id', 'text')
    .addColumn('workout_id', 'uuid', (c) => c.references('workouts.id').onDelete('set null'))
    .addColumn('tss', 'double precision')
    .addColumn('note', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('plan_day_overrides_pk', ['user_id', 'day'])
    .execute();

  await db.schema
    .createTable('calendar_tokens')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    // SHA-256 (hex) of the whole token; the token itself is shown once and never stored.
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('calendar_tokens').execute();
  await db.schema.dropTable('plan_day_overrides').execute();
  await db.schema.dropTable('training_plans').execute();
  await db.schema.dropTable('workouts').execute();
  await db.schema.dropTable('goals').execute();
}
