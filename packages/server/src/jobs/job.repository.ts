import { CompiledQuery, type Kysely, sql } from 'kysely';
import type PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../db/database.ts';
import type { Database } from '../db/schema.ts';

// The statements the job queue runs itself, beside pg-boss's own: pg-boss's database adapters
// (its SQL through Kysely, so a job can be queued in the caller's transaction) and two reads and
// writes of its `pgboss.job` table.

/** pg-boss's database adapter over a Kysely executor (one statement, with parameters). */
export function kyselyAdapter(executor: Kysely<Database>): PgBoss.Db {
  return {
    executeSql: async (text, values) => {
      const result = await executor.executeQuery(CompiledQuery.raw(text, values ?? []));
      return { rows: result.rows as unknown[] };
    },
  };
}

/**
 * On PGlite everything shares one in-process connection. pg-boss goes through Kysely's connection
 * lock so its statements never land inside another request's transaction; its multi-statement
 * schema scripts (no parameters) use `exec`.
 */
export function pgliteAdapter(handle: DatabaseHandle): PgBoss.Db {
  const pglite = handle.pglite!;
  return {
    executeSql: (text, values) =>
      handle.db.connection().execute(async () => {
        if (values && values.length > 0) return pglite.query(text, values);
        const results = await pglite.exec(text);
        return results.at(-1) ?? { rows: [] };
      }),
  };
}

/**
 * The embedded database belongs to one process, so at start-up any job still marked active was
 * cut off by a crash or a kill of the previous run: hand it back to the queue now rather than
 * after its expiry. (On PostgreSQL other workers may be alive; expiry does it there.)
 */
export async function recoverOrphanedJobs(db: Kysely<Database>): Promise<void> {
  await sql`update pgboss.job set state = 'retry', start_after = now() where state = 'active'`.execute(db);
}

/** Whether a job of this queue with this singleton key is still waiting to start. */
export async function hasWaitingJob(
  executor: Kysely<Database>,
  name: string,
  singletonKey: string,
): Promise<boolean> {
  const waiting = await sql`select 1 from pgboss.job where name = ${name}
    and singleton_key = ${singletonKey} and state in ('created', 'retry') limit 1`.execute(executor);
  return waiting.rows.length > 0;
}
