import { CompiledQuery, type Kysely, sql } from 'kysely';
import type PgBoss from 'pg-boss';
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
 * The embedded database belongs to one process, so at start-up any job still marked active was
 * cut off by a crash or a kill of the previous run: hand it back to the queue now rather than
 * after its expiry. (On PostgreSQL other workers may be alive; expiry does it there.)
 */
export async function recoverOrphanedJobs(db: Kysely<Database>): Promise<void> {
  await sql`update pgboss.job set state = 'retry', start_after = now() where state = 'active'`.execute(db);
}

/**
 * Jobs due now that have not finished, of every queue (the example rider's process waits for none to
 * be left before it exits: example-process.ts). Jobs scheduled for later are not counted.
 */
export async function countDueJobs(executor: Kysely<Database>): Promise<number> {
  const due = await sql<{ n: number }>`select count(*)::int as n from pgboss.job
    where state in ('created', 'retry', 'active') and start_after <= now()`.execute(executor);
  return due.rows[0]?.n ?? 0;
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

/** Advisory lock key of the job queue's set-up ('vatioq' in ASCII); any other user picks another. */
const QUEUE_SETUP_LOCK = 0x766174696f71n;

/**
 * Runs the queue's set-up (pg-boss's schema, then one `createQueue` per queue) while holding a
 * PostgreSQL advisory lock, so processes starting together on one database take turns. pg-boss's
 * `create_queue` inserts the queue row and then adds a foreign key to that table in one transaction:
 * two processes creating the same queue at once deadlock (each waits for the other's lock), and
 * PostgreSQL kills one of them, which took down a `vatio worker` started beside the servers.
 */
export async function withQueueSetupLock<T>(db: Kysely<Database>, work: () => Promise<T>): Promise<T> {
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${QUEUE_SETUP_LOCK})`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${QUEUE_SETUP_LOCK})`.execute(connection);
    }
  });
}

/**
 * Marks active jobs with the process that runs them (jobs/liveness.ts). pg-boss overwrites the
 * output column when the job completes or fails, so the mark lives only while the job runs.
 */
export async function stampJobOwner(
  db: Kysely<Database>,
  name: string,
  jobIds: readonly string[],
  owner: string,
): Promise<void> {
  // Every job of a fetched batch at once: those the batch has not reached yet are this process's too.
  await sql`update pgboss.job set output = jsonb_build_object('vatio_owner', ${owner}::text)
    where name = ${name} and id = any(${[...jobIds]}::uuid[]) and state = 'active'`.execute(db);
}

/**
 * Hands back to the queue the active jobs whose process is gone: its liveness connection
 * (`vatio:<owner>`) is no longer in pg_stat_activity, or it never stamped the job (it died between
 * taking and stamping it). Jobs started in the last 10 s are left alone: their process may not have
 * stamped them yet. Returns how many jobs went back.
 */
export async function recoverJobsOfGoneOwners(db: Kysely<Database>, prefix: string): Promise<number> {
  const result = await sql`update pgboss.job set state = 'retry', start_after = now()
    where state = 'active'
      and started_on < now() - interval '10 seconds'
      and (output is null or not (output ? 'vatio_owner') or not exists (
        select 1 from pg_stat_activity a
        where a.application_name = ${prefix} || (pgboss.job.output->>'vatio_owner')))`.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}
