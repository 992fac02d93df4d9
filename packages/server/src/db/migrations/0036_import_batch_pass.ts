import { type Kysely, sql } from 'kysely';

// Issue 28 (trust): an import read `done` once its files were, but its rider's batch pass (eFTP,
// tactical and advanced facts measured again with every ride of the batch stored) ended after, and
// its rides changed after "done". An import waits for that pass until this is cleared
// (ImportService.afterLastFile): `done` means settled. Imports stored before are settled already,
// except those with files still to process, whose pass is still to come.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table imports add column batch_pass_pending boolean not null default false`.execute(db);
  await sql`update imports set batch_pass_pending = true where exists (
    select 1 from import_files f where f.import_id = imports.id and f.user_id = imports.user_id
      and f.status in ('queued', 'processing'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table imports drop column batch_pass_pending`.execute(db);
}
