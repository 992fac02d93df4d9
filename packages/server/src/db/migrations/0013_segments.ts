import { type Kysely, sql } from 'kysely';

// Segments (issue 14): every climb of a ride with GPS becomes a segment the first time it is ridden
// and gains an effort each time a later ride's climb matches it (packages/analysis segments/matching.ts);
// the list shows the segments ridden at least twice. Efforts go with their ride (cascade) and carry
// what the segment card shows of that day: power, heart rate, the weight in force, the temperature.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('segments')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // Null: named per reader from its length and gradient.
    .addColumn('name', 'text')
    .addColumn('start_lat', 'double precision', (c) => c.notNull())
    .addColumn('start_lng', 'double precision', (c) => c.notNull())
    .addColumn('end_lat', 'double precision', (c) => c.notNull())
    .addColumn('end_lng', 'double precision', (c) => c.notNull())
    .addColumn('length_m', 'double precision', (c) => c.notNull())
    .addColumn('avg_grade_pct', 'double precision', (c) => c.notNull())
    // Gradient of each of the 12 equal sections, % (pacing reads it by thirds).
    .addColumn('section_grade_pct', sql`real[]`, (c) => c.notNull())
    .addColumn('starred', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('hidden', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // Matching looks up the rider's segments that start near a climb's start.
  await db.schema
    .createIndex('segments_user_start_idx')
    .on('segments')
    .columns(['user_id', 'start_lat', 'start_lng'])
    .execute();

  await db.schema
    .createTable('segment_efforts')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('segment_id', 'uuid', (c) => c.notNull().references('segments.id').onDelete('cascade'))
    .addColumn('activity_id', 'uuid', (c) => c.notNull().references('activities.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // When the effort started (the ride's start plus start_offset_s), for ordering without the ride.
    .addColumn('start_time', 'timestamptz', (c) => c.notNull())
    .addColumn('start_offset_s', 'double precision', (c) => c.notNull())
    .addColumn('end_offset_s', 'double precision', (c) => c.notNull())
    .addColumn('elapsed_s', 'double precision', (c) => c.notNull())
    .addColumn('avg_power_w', 'double precision')
    .addColumn('avg_hr_bpm', 'double precision')
    .addColumn('weight_kg', 'double precision')
    .addColumn('temperature_c', 'double precision')
    // Time at each of the 13 section marks (s from the start) and mean power of each section (W).
    .addColumn('splits_s', sql`real[]`, (c) => c.notNull())
    .addColumn('section_power_w', sql`real[]`, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('segment_efforts_segment_idx')
    .on('segment_efforts')
    .columns(['user_id', 'segment_id', 'start_time'])
    .execute();
  await db.schema
    .createIndex('segment_efforts_activity_idx')
    .on('segment_efforts')
    .column('activity_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('segment_efforts').ifExists().execute();
  await db.schema.dropTable('segments').ifExists().execute();
}
