import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * A rider's batch passes, one at a time across processes (issue 28, trust). BatchPasses runs a rider's
 * passes one at a time in its process; on PostgreSQL a `vatio worker` beside `vatio serve` runs them
 * too, and a pass reads, measures, then writes what it measured: an import's pass that read before a
 * ride was deleted could write, after the deletion's pass, figures measured with that ride. Here a
 * pass holds the rider's advisory lock from before its read to after its writes.
 *
 * A session lock (`pg_advisory_lock`) on a connection of a pool of its own (`db`, opened with
 * database.ts `openLockDatabase`), not a transaction lock: the pass's statements run on the data pool
 * meanwhile, so the lock's transaction would stay open, idle, for the whole pass (seconds to minutes of
 * measuring on the analysis threads), a transaction no statement of its own needs. And not a
 * connection of the data pool (10): passes of several riders each holding one idle while they
 * measure would leave the requests, and the passes' own reads and writes, waiting for a connection.
 * The lock's pool has `connections`; more passes at once wait here for one (without the pool's
 * 5-second limit on waiting). A process that dies closes its connections, and PostgreSQL lets its
 * locks go with them. The key is the rider's, hashed: two riders sharing one only take turns.
 */
export class RiderPassLocks {
  private held = 0;
  private readonly queue: (() => void)[] = [];

  constructor(
    private readonly db: Kysely<Database>,
    private readonly connections: number,
  ) {}

  /** Runs `work` holding the rider's pass lock. */
  async hold<T>(userId: string, work: () => Promise<T>): Promise<T> {
    if (this.held >= this.connections) await new Promise<void>((resolve) => this.queue.push(resolve));
    else this.held++;
    try {
      return await this.db.connection().execute(async (connection) => {
        const key = sql`hashtextextended(${`batch-pass:${userId}`}, 0)`;
        await sql`select pg_advisory_lock(${key})`.execute(connection);
        try {
          return await work();
        } finally {
          await sql`select pg_advisory_unlock(${key})`.execute(connection);
        }
      });
    } finally {
      // The slot goes to the next waiting pass as it is, or back.
      const next = this.queue.shift();
      if (next) next();
      else this.held--;
    }
  }

  close(): Promise<void> {
    return this.db.destroy();
  }
}
