import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** The longest wait between two tries for a rider's lock another process holds (ms). */
const MAX_RETRY_MS = 1_000;

/**
 * A rider's batch passes, one at a time across processes (issue 28, trust). BatchPasses runs a rider's
 * passes one at a time in its process; on PostgreSQL a `vatio worker` beside `vatio serve` runs them
 * too, and a pass reads, measures, then writes what it measured: an import's pass that read before a
 * ride was deleted could write, after the deletion's pass, figures measured with that ride. Here a
 * pass holds the rider's advisory lock from before its read to after its writes.
 *
 * A session lock (`pg_advisory_lock`'s kind) on a connection of a pool of its own (`db`, opened with
 * database.ts `openLockDatabase`), not a transaction lock: the pass's statements run on the data pool
 * meanwhile, so the lock's transaction would stay open, idle, for the whole pass (seconds to minutes
 * of measuring on the analysis threads), a transaction no statement of its own needs. And not a
 * connection of the data pool (10): passes of several riders each holding one idle while they
 * measure would leave the requests, and the passes' own reads and writes, waiting for a connection.
 * The lock's pool has `connections`; more passes at once wait here for one (without the pool's
 * 5-second limit on waiting). A lock another process holds is tried again (`pg_try_advisory_lock`,
 * 25 ms, doubling to a second) with the connection given back meanwhile: a pass waiting for one
 * rider holds no connection another rider's pass could use. A process that dies closes its
 * connections, and PostgreSQL lets its locks go with them. The key is the rider's, hashed: two riders
 * sharing one only take turns.
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
    const key = sql`hashtextextended(${`batch-pass:${userId}`}, 0)`;
    for (let retryMs = 25; ; retryMs = Math.min(retryMs * 2, MAX_RETRY_MS)) {
      const outcome = await this.withConnectionSlot(() =>
        this.db.connection().execute(async (connection) => {
          const { rows } = await sql<{
            locked: boolean;
          }>`select pg_try_advisory_lock(${key}) as locked`.execute(connection);
          if (!rows[0]?.locked) return { locked: false as const };
          try {
            return { locked: true as const, value: await work() };
          } finally {
            await sql`select pg_advisory_unlock(${key})`.execute(connection);
          }
        }),
      );
      if (outcome.locked) return outcome.value;
      await new Promise((resolve) => setTimeout(resolve, retryMs));
    }
  }

  close(): Promise<void> {
    return this.db.destroy();
  }

  /** At most `connections` at once: the pool's own wait gives up after 5 s, this one does not. */
  private async withConnectionSlot<T>(work: () => Promise<T>): Promise<T> {
    if (this.held >= this.connections) await new Promise<void>((resolve) => this.queue.push(resolve));
    else this.held++;
    try {
      return await work();
    } finally {
      // The slot goes to the next waiting pass as it is, or back.
      const next = this.queue.shift();
      if (next) next();
      else this.held--;
    }
  }
}
