import { type Kysely, sql } from 'kysely';

// Rides and their import. Raw files and stream blobs live in the blob store (DATA_DIR/blobs, by
// SHA-256); rows point to them. PGlite writes bytea at ~2.5 MB/s, so no blob goes into a row.
export async function up(db: Kysely<unknown>): Promise<void> {
  const now = sql`now()`;
  const id = sql`gen_random_uuid()`;

  await db.schema
    .createTable('imports')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(id))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('source', 'text', (c) => c.notNull().check(sql`source in ('upload', 'strava', 'demo')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('imports_user_idx').on('imports').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('activities')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(id))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('bike_id', 'uuid', (c) => c.references('bikes.id').onDelete('set null'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('strava_id', 'bigint')
    .addColumn('content_hash', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('sport', 'text')
    .addColumn('sub_sport', 'text')
    .addColumn('start_time', 'timestamptz', (c) => c.notNull())
    .addColumn('elapsed_time_s', 'integer', (c) => c.notNull())
    .addColumn('moving_time_s', 'integer', (c) => c.notNull())
    .addColumn('distance_m', 'double precision')
    .addColumn('elevation_gain_m', 'double precision')
    .addColumn('average_speed_mps', 'double precision')
    .addColumn('max_speed_mps', 'double precision')
    .addColumn('average_power_w', 'double precision')
    .addColumn('max_power_w', 'double precision')
    .addColumn('normalized_power_w', 'double precision')
    .addColumn('intensity_factor', 'double precision')
    .addColumn('training_stress_score', 'double precision')
    .addColumn('variability_index', 'double precision')
    .addColumn('work_kj', 'double precision')
    .addColumn('ftp_w', 'double precision')
    .addColumn('average_heartrate_bpm', 'double precision')
    .addColumn('max_heartrate_bpm', 'double precision')
    .addColumn('average_cadence_rpm', 'double precision')
    .addColumn('calories_kcal', 'double precision')
    .addColumn('device_name', 'text')
    .addColumn('has_power', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('has_heartrate', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('has_gps', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('notes', 'text')
    /** The whole per-ride summary of the analysis library, for screens that need more than the columns. */
    .addColumn('summary', 'jsonb', (c) => c.notNull())
    .addColumn('analysis_version', 'integer', (c) => c.notNull())
    // Set when the rider's settings for the ride's date changed and a background re-analysis is due.
    .addColumn('reanalysis_pending', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('activities_user_content', ['user_id', 'content_hash'])
    .execute();
  await db.schema
    .createIndex('activities_user_start_idx')
    .on('activities')
    .columns(['user_id', 'start_time'])
    .execute();

  await db.schema
    .createTable('import_files')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(id))
    .addColumn('import_id', 'uuid', (c) => c.notNull().references('imports.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('blob_key', 'text')
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('queued', 'processing', 'done', 'duplicate', 'failed')`),
    )
    .addColumn('message_code', 'text')
    .addColumn('message', 'text')
    .addColumn('activity_id', 'uuid', (c) => c.references('activities.id').onDelete('set null'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('import_files_import_idx')
    .on('import_files')
    .columns(['import_id', 'position'])
    .execute();

  await db.schema
    .createTable('activity_files')
    .addColumn('activity_id', 'uuid', (c) => c.primaryKey().references('activities.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('blob_key', 'text', (c) => c.notNull())
    .addColumn('original_name', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('activity_streams')
    .addColumn('activity_id', 'uuid', (c) => c.primaryKey().references('activities.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('blob_key', 'text', (c) => c.notNull())
    .addColumn('sample_count', 'integer', (c) => c.notNull())
    .addColumn('codec_version', 'integer', (c) => c.notNull())
    .execute();

  // The per-ride mean-maximal curve, kept compact so range and all-time curves merge without decoding.
  await db.schema
    .createTable('activity_curves')
    .addColumn('activity_id', 'uuid', (c) => c.primaryKey().references('activities.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('start_time', 'timestamptz', (c) => c.notNull())
    .addColumn('durations_s', sql`double precision[]`, (c) => c.notNull())
    .addColumn('power_w', sql`real[]`, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('activity_curves_user_idx')
    .on('activity_curves')
    .columns(['user_id', 'start_time'])
    .execute();

  await db.schema
    .createTable('laps')
    .addColumn('activity_id', 'uuid', (c) => c.notNull().references('activities.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('lap_index', 'integer', (c) => c.notNull())
    .addColumn('start_offset_s', 'double precision', (c) => c.notNull())
    .addColumn('elapsed_time_s', 'double precision')
    .addColumn('moving_time_s', 'double precision')
    .addColumn('distance_m', 'double precision')
    .addColumn('average_power_w', 'double precision')
    .addColumn('max_power_w', 'double precision')
    .addColumn('normalized_power_w', 'double precision')
    .addColumn('average_heartrate_bpm', 'double precision')
    .addColumn('average_cadence_rpm', 'double precision')
    .addColumn('average_speed_mps', 'double precision')
    .addPrimaryKeyConstraint('laps_pk', ['activity_id', 'lap_index'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'laps',
    'activity_curves',
    'activity_streams',
    'activity_files',
    'import_files',
    'activities',
    'imports',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
