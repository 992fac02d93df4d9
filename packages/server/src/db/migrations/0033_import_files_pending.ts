import { type Kysely, sql } from 'kysely';

// Issue 28 (import speed): after each file, the import asks whether any of the rider's files is still
// waiting or being processed (its batch pass runs once, after the last). Only those rows are indexed:
// finished files, nearly all of them, stay out of it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index import_files_user_pending_idx on import_files (user_id)
    where status in ('queued', 'processing')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index import_files_user_pending_idx`.execute(db);
}
