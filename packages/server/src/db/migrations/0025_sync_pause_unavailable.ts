import { type Kysely, sql } from 'kysely';

// Issue 16 ("Faults"): a run also waits when Strava does not answer or answers 5xx — it tries again
// after a growing wait instead of failing the rides — and the rider is told so: pause_reason
// 'unavailable'. The check PostgreSQL named for the column in 0006 is replaced by a wider one.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sync_status drop constraint if exists sync_status_pause_reason_check`.execute(db);
  await sql`alter table sync_status add constraint sync_status_pause_reason_check
    check (pause_reason in ('retry_after', 'daily', 'quarter', 'backoff', 'unavailable'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update sync_status set pause_reason = 'backoff' where pause_reason = 'unavailable'`.execute(db);
  await sql`alter table sync_status drop constraint if exists sync_status_pause_reason_check`.execute(db);
  await sql`alter table sync_status add constraint sync_status_pause_reason_check
    check (pause_reason in ('retry_after', 'daily', 'quarter', 'backoff'))`.execute(db);
}
