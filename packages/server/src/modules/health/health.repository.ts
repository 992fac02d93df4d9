import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface QueueStats {
  /** Jobs due now and not started (created or waiting for a retry). */
  waiting: number;
  active: number;
  /** Seconds the oldest due job has waited since it became due; null with none waiting. */
  oldestWaitingS: number | null;
  /** Jobs that failed for good in the last hour (their retries used up). */
  failedLastHour: number;
}

export interface JobFailureRow {
  id: string;
  name: string;
  message: string | null;
  completed_on: Date;
  retry_count: number;
}

export class HealthRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Whether the database answers a trivial query. */
  async reachable(): Promise<boolean> {
    try {
      await this.ping();
      return true;
    } catch {
      return false;
    }
  }

  /** One round trip; throws when the database does not answer. */
  async ping(): Promise<void> {
    await sql`select 1`.execute(this.db);
  }

  /** Names of the migrations the database has applied (Kysely's migration table). */
  async appliedMigrations(): Promise<string[]> {
    const result = await sql<{ name: string }>`select name from kysely_migration`.execute(this.db);
    return result.rows.map((row) => row.name);
  }

  /**
   * The job queue's backlog and recent failures, from pg-boss's own table (the same on PGlite and
   * PostgreSQL; jobs/queue.ts). Times are the database's, as pg-boss writes them.
   */
  async queueStats(): Promise<QueueStats> {
    const result = await sql<{
      waiting: number;
      active: number;
      oldest_waiting_s: number | null;
      failed_last_hour: number;
    }>`select
        count(*) filter (where state in ('created', 'retry') and start_after <= now())::int as waiting,
        count(*) filter (where state = 'active')::int as active,
        extract(epoch from now() - min(start_after) filter (
          where state in ('created', 'retry') and start_after <= now()))::float8 as oldest_waiting_s,
        count(*) filter (
          where state = 'failed' and completed_on > now() - interval '1 hour')::int as failed_last_hour
      from pgboss.job`.execute(this.db);
    const row = result.rows[0];
    return {
      waiting: Number(row?.waiting ?? 0),
      active: Number(row?.active ?? 0),
      oldestWaitingS: row?.oldest_waiting_s == null ? null : Math.max(0, Number(row.oldest_waiting_s)),
      failedLastHour: Number(row?.failed_last_hour ?? 0),
    };
  }

  /** Jobs that failed for good since `since`, newest first; the message pg-boss kept of the error. */
  async jobFailures(since: Date, limit: number): Promise<JobFailureRow[]> {
    const result = await sql<JobFailureRow>`select id::text as id, name,
        coalesce(output->>'message', output->'value'->>'message', output->>'value') as message,
        completed_on, retry_count
      from pgboss.job
      where state = 'failed' and completed_on >= ${since}
      order by completed_on desc
      limit ${limit}`.execute(this.db);
    return result.rows.map((row) => ({
      ...row,
      completed_on: row.completed_on instanceof Date ? row.completed_on : new Date(row.completed_on),
      retry_count: Number(row.retry_count),
    }));
  }
}
