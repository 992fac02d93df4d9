import { sql } from 'kysely';
import type { DatabaseHandle } from '../db/database.ts';
import type { QueueName } from '../jobs/queue.ts';

/**
 * The queue's failed jobs waiting for their next try run it now: pg-boss waits 5-40 s between tries
 * (its backoff), which a test of a job failing on every try would wait for in full. Every try runs,
 * only sooner. Called from a wait loop's read, so a retry scheduled meanwhile is hurried on the next.
 */
export async function hurryRetries(database: DatabaseHandle, queue: QueueName): Promise<void> {
  await sql`update pgboss.job set start_after = now()
    where name = ${queue} and state = 'retry'`.execute(database.db);
}
