import { type Kysely, sql } from 'kysely';

// The rider's garage (issue 15, /bikes): each bike's parts with their install day and service interval,
// a service log, and the distance Strava had for an imported bike (its starting odometer). Parts and log
// lines go with their bike and their rider (cascade); a log line keeps its text when its part goes.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('bikes')
    // Strava's gear distance (m) at the bike import, and when it was read.
    .addColumn('strava_distance_m', 'double precision')
    .addColumn('strava_distance_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('bike_components')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('bike_id', 'uuid', (c) => c.notNull().references('bikes.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('brand', 'text')
    .addColumn('model', 'text')
    .addColumn('installed_on', 'date', (c) => c.notNull())
    .addColumn('retired_on', 'date')
    // The part this one replaced (history kept: the old row stays, retired).
    .addColumn('replaces_id', 'uuid', (c) => c.references('bike_components.id').onDelete('set null'))
    .addColumn('price', 'double precision')
    .addColumn('service_km', 'double precision')
    .addColumn('service_hours', 'double precision')
    .addColumn('notes', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('bike_components_user_bike_idx')
    .on('bike_components')
    .columns(['user_id', 'bike_id'])
    .execute();

  await db.schema
    .createTable('bike_maintenance')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('bike_id', 'uuid', (c) => c.notNull().references('bikes.id').onDelete('cascade'))
    .addColumn('component_id', 'uuid', (c) => c.references('bike_components.id').onDelete('set null'))
    .addColumn('performed_on', 'date', (c) => c.notNull())
    .addColumn('what', 'text', (c) => c.notNull())
    .addColumn('notes', 'text')
    .addColumn('cost', 'double precision')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('bike_maintenance_user_bike_idx')
    .on('bike_maintenance')
    .columns(['user_id', 'bike_id'])
    .execute();
  // The sums over a bike's rides (stats, component distances) read the rider's rides by bike.
  await db.schema
    .createIndex('activities_user_bike_start_idx')
    .on('activities')
    .columns(['user_id', 'bike_id', 'start_time'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('activities_user_bike_start_idx').execute();
  await db.schema.dropTable('bike_maintenance').execute();
  await db.schema.dropTable('bike_components').execute();
  await db.schema
    .alterTable('bikes')
    .dropColumn('strava_distance_at')
    .dropColumn('strava_distance_m')
    .execute();
}
