import { type Kysely, sql } from 'kysely';

// sync_status (spec 001 §3) learns why a run waits and that the rider asked for the bikes while
// another run went on: a bike import asked for during an activity import is queued behind it
// (issue 11 item 3), never dropped and never replacing the activity import.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('sync_status')
    /** Why the run waits until paused_until: 'retry_after', 'daily', 'quarter' or 'backoff'. */
    .addColumn('pause_reason', 'text', (c) =>
      c.check(sql`pause_reason in ('retry_after', 'daily', 'quarter', 'backoff')`),
    )
    /** When the rider asked for a bike import that waits for the current run to end (null: none waits). */
    .addColumn('bikes_queued_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('sync_status')
    .dropColumn('bikes_queued_at')
    .dropColumn('pause_reason')
    .execute();
}
