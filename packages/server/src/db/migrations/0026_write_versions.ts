import { type Kysely, sql } from 'kysely';

// Issue 16 (Load, PostgreSQL): every committed write moves a version here, per rider ('*' for writes
// not made for one rider), in the same transaction as the write (db/write-epoch.ts). A server reads
// the rider's pair with the session check, so an answer it keeps (http/rider-response-cache.ts) is
// known to be still right whichever process wrote last. No foreign key: a rider's deletion is itself
// a write whose version is stamped in the same transaction. `scope` is the rider's id as text or '*'.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create sequence write_version_seq`.execute(db);
  await sql`create table write_versions (
    scope text primary key,
    version bigint not null
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table write_versions`.execute(db);
  await sql`drop sequence write_version_seq`.execute(db);
}
