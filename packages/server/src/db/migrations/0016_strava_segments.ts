import { type Kysely, sql } from 'kysely';

// Strava segment efforts join the segment list (issue 14). A Strava segment is a Vatio segment keyed
// by its Strava id (or the climb segment it coincides with, which then carries the id); its efforts
// are stored with the ride they belong to (cascade, as every effort) and say where they came from.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('segments')
    // 'climb': found by the climb detector; 'strava': first seen as a Strava segment.
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('climb'))
    .addColumn('strava_segment_id', 'bigint')
    // Strava's name of the segment; the rider's own name (name) wins over it.
    .addColumn('source_name', 'text')
    .execute();
  await db.schema
    .createIndex('segments_user_strava_idx')
    .on('segments')
    .columns(['user_id', 'strava_segment_id'])
    .unique()
    .where(sql.ref('strava_segment_id'), 'is not', null)
    .execute();
  await db.schema
    .alterTable('segment_efforts')
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('climb'))
    // Strava's effort id as text: the newest ones exceed JavaScript's exact integers.
    .addColumn('strava_effort_id', 'text')
    .execute();
  await db.schema
    .createIndex('segment_efforts_strava_idx')
    .on('segment_efforts')
    .columns(['activity_id', 'strava_effort_id'])
    .unique()
    .where(sql.ref('strava_effort_id'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('segment_efforts_strava_idx').ifExists().execute();
  await db.schema.dropIndex('segments_user_strava_idx').ifExists().execute();
  await db.schema.alterTable('segment_efforts').dropColumn('strava_effort_id').dropColumn('source').execute();
  await db.schema
    .alterTable('segments')
    .dropColumn('source_name')
    .dropColumn('strava_segment_id')
    .dropColumn('source')
    .execute();
}
