import { type Kysely, sql } from 'kysely';

// Strava: one connection per rider (tokens encrypted at rest), the rider's Strava activity list as
// last read (the sync dashboard shows it; import jobs resume from it), and the import status record
// of spec 001 §3 (sync_status, one per rider).
export async function up(db: Kysely<unknown>): Promise<void> {
  const now = sql`now()`;

  await db.schema
    .createTable('strava_connections')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    // One Strava athlete feeds one rider: webhook events name the athlete, not the rider.
    .addColumn('athlete_id', 'bigint', (c) => c.notNull().unique())
    .addColumn('athlete_name', 'text')
    /** Granted scopes, comma-separated as Strava returns them ('read,activity:read_all'). */
    .addColumn('scopes', 'text', (c) => c.notNull())
    /** AES-256-GCM under a key derived from SECRET_KEY (lib/secret-box.ts); never stored in clear. */
    .addColumn('access_token_enc', 'text', (c) => c.notNull())
    .addColumn('refresh_token_enc', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    /** Set when Strava refused the tokens (401): the rider must connect again. */
    .addColumn('token_invalid', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('last_sync_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('strava_activities')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('strava_id', 'bigint', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sport_type', 'text', (c) => c.notNull())
    .addColumn('start_time', 'timestamptz', (c) => c.notNull())
    .addColumn('distance_m', 'double precision')
    .addColumn('moving_time_s', 'integer')
    .addColumn('elapsed_time_s', 'integer')
    .addColumn('elevation_gain_m', 'double precision')
    .addColumn('average_speed_mps', 'double precision')
    .addColumn('max_speed_mps', 'double precision')
    .addColumn('average_watts', 'double precision')
    .addColumn('max_watts', 'double precision')
    .addColumn('device_watts', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('has_heartrate', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('gear_id', 'text')
    /** The summary as Strava sent it (what the import needs beyond the columns above). */
    .addColumn('raw', 'jsonb', (c) => c.notNull())
    .addColumn('state', 'text', (c) =>
      c.notNull().check(sql`state in ('listed', 'pending', 'importing', 'imported', 'skipped', 'failed')`),
    )
    .addColumn('claimed_at', 'timestamptz')
    .addColumn('message', 'text')
    .addColumn('activity_id', 'uuid', (c) => c.references('activities.id').onDelete('set null'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('strava_activities_pk', ['user_id', 'strava_id'])
    .execute();
  await db.schema
    .createIndex('strava_activities_state_idx')
    .on('strava_activities')
    .columns(['user_id', 'state', 'start_time'])
    .execute();

  await db.schema
    .createTable('sync_status')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('idle', 'importing', 'processing', 'completed', 'error')`),
    )
    .addColumn('action', 'text')
    /** Which run the counters belong to: jobs of an older run stop when a new one starts. */
    .addColumn('run_id', 'text')
    .addColumn('total_activities', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('processed_activities', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed_activities', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('skipped_activities', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('imported_activities', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('current_activity', 'text')
    /** Set while the import waits for Strava's rate-limit window to reset. */
    .addColumn('paused_until', 'timestamptz')
    .addColumn('started_at', 'timestamptz')
    .addColumn('completed_at', 'timestamptz')
    .addColumn('error_code', 'text')
    .addColumn('error_message', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  // A ride imported from Strava is stored once per rider.
  await db.schema
    .createIndex('activities_user_strava_idx')
    .on('activities')
    .columns(['user_id', 'strava_id'])
    .unique()
    .where(sql.ref('strava_id'), 'is not', null)
    .execute();

  await db.schema.alterTable('bikes').addColumn('strava_gear_id', 'text').execute();
  await db.schema
    .createIndex('bikes_user_strava_gear_idx')
    .on('bikes')
    .columns(['user_id', 'strava_gear_id'])
    .unique()
    .where(sql.ref('strava_gear_id'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('bikes_user_strava_gear_idx').ifExists().execute();
  await db.schema.alterTable('bikes').dropColumn('strava_gear_id').execute();
  await db.schema.dropIndex('activities_user_strava_idx').ifExists().execute();
  for (const table of ['sync_status', 'strava_activities', 'strava_connections']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
