import { type Kysely, sql } from 'kysely';

// Bike fitting (issue 15, spec 001 §2.9 and §3): the rider's body measurements (a dated history),
// bike positions (per bike; at most one active per bike, enforced by a partial unique index),
// fitting sessions, and side photos with the marked joints and the angles measured on them (the
// image itself is a blob of the blob store, as ride files are). Every row belongs to a rider and
// goes with the account (cascade); a position goes with its bike.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('body_measurements')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('measured_on', 'date', (c) => c.notNull())
    // Body lengths in cm, weight in kg (spec 001 §3).
    .addColumn('height_cm', 'double precision')
    .addColumn('weight_kg', 'double precision')
    .addColumn('inseam_cm', 'double precision')
    .addColumn('torso_cm', 'double precision')
    .addColumn('arm_cm', 'double precision')
    .addColumn('shoulder_width_cm', 'double precision')
    .addColumn('sit_bone_width_cm', 'double precision')
    .addColumn('flexibility_score', 'integer')
    .addColumn('injury_history', 'text')
    .addColumn('notes', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('body_measurements_user_idx')
    .on('body_measurements')
    .columns(['user_id', 'measured_on'])
    .execute();

  await db.schema
    .createTable('bike_positions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('bike_id', 'uuid', (c) => c.notNull().references('bikes.id').onDelete('cascade'))
    .addColumn('name', 'text')
    .addColumn('fit_date', 'date', (c) => c.notNull())
    // Lengths in mm, angles in degrees; knee angles are flexion (0° a straight leg).
    .addColumn('saddle_height_mm', 'double precision')
    .addColumn('saddle_setback_mm', 'double precision')
    .addColumn('saddle_angle_deg', 'double precision')
    .addColumn('handlebar_drop_mm', 'double precision')
    .addColumn('handlebar_reach_mm', 'double precision')
    .addColumn('stem_length_mm', 'double precision')
    .addColumn('stem_angle_deg', 'double precision')
    .addColumn('handlebar_width_mm', 'double precision')
    .addColumn('crank_length_mm', 'double precision')
    .addColumn('cleat_fore_aft_mm', 'double precision')
    .addColumn('cleat_angle_deg', 'double precision')
    .addColumn('q_factor_mm', 'double precision')
    .addColumn('knee_angle_max_deg', 'double precision')
    .addColumn('knee_angle_min_deg', 'double precision')
    .addColumn('hip_angle_deg', 'double precision')
    .addColumn('back_angle_deg', 'double precision')
    .addColumn('shoulder_angle_deg', 'double precision')
    .addColumn('elbow_angle_deg', 'double precision')
    .addColumn('wrist_angle_deg', 'double precision')
    .addColumn('comfort_rating', 'integer')
    .addColumn('power_rating', 'integer')
    .addColumn('fitter_name', 'text')
    .addColumn('notes', 'text')
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('bike_positions_user_idx')
    .on('bike_positions')
    .columns(['user_id', 'bike_id', 'fit_date'])
    .execute();
  // One active position per bike, whatever the code does.
  await sql`create unique index bike_positions_one_active on bike_positions (bike_id) where is_active`.execute(
    db,
  );

  await db.schema
    .createTable('fitting_sessions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('bike_id', 'uuid', (c) => c.references('bikes.id').onDelete('set null'))
    .addColumn('session_date', 'date', (c) => c.notNull())
    .addColumn('session_type', 'text', (c) => c.notNull())
    .addColumn('fitter_name', 'text')
    // Lists of short texts, as JSON arrays.
    .addColumn('goals', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('issues_addressed', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('adjustments_made', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('comfort_improvement', 'integer')
    .addColumn('power_improvement', 'integer')
    .addColumn('follow_up_required', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('follow_up_on', 'date')
    .addColumn('notes', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('fitting_sessions_user_idx')
    .on('fitting_sessions')
    .columns(['user_id', 'session_date'])
    .execute();

  await db.schema
    .createTable('fitting_photos')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('position_id', 'uuid', (c) => c.references('bike_positions.id').onDelete('set null'))
    // The image in the blob store (SHA-256 key), checked by its magic bytes before it is stored.
    .addColumn('blob_key', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('file_name', 'text')
    // Marked joints in image pixels ({ hip: { x, y }, … }) and the angles measured on them.
    .addColumn('points', 'jsonb')
    .addColumn('angles', 'jsonb')
    .addColumn('notes', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('fitting_photos_user_idx')
    .on('fitting_photos')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema.createIndex('fitting_photos_blob_idx').on('fitting_photos').column('blob_key').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('fitting_photos').ifExists().execute();
  await db.schema.dropTable('fitting_sessions').ifExists().execute();
  await db.schema.dropTable('bike_positions').ifExists().execute();
  await db.schema.dropTable('body_measurements').ifExists().execute();
}
