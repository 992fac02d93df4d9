import { type Kysely, sql } from 'kysely';

// Damaged files (issue 11, item 2). A FIT file that fails its size/CRC check but whose first part can
// be read is stored, marked `recovered`, and its import file says so with the status 'recovered'; a
// complete file of the same ride arriving later replaces it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('activities')
    .addColumn('recovered', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await sql`alter table import_files drop constraint import_files_status_check`.execute(db);
  await sql`alter table import_files add constraint import_files_status_check
    check (status in ('queued', 'processing', 'done', 'recovered', 'duplicate', 'failed'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update import_files set status = 'done' where status = 'recovered'`.execute(db);
  await sql`alter table import_files drop constraint import_files_status_check`.execute(db);
  await sql`alter table import_files add constraint import_files_status_check
    check (status in ('queued', 'processing', 'done', 'duplicate', 'failed'))`.execute(db);
  await db.schema.alterTable('activities').dropColumn('recovered').execute();
}
