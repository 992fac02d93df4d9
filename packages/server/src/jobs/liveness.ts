import { randomUUID } from 'node:crypto';
import pg from 'pg';

/**
 * A process's mark of life on PostgreSQL (issue 16, Faults: a `vatio worker` or server killed with
 * SIGKILL mid-import). pg-boss 10 has no heartbeat: a job whose worker died stays "active" until it
 * expires (5 minutes here) and the next maintenance run (1 minute) hands it back. Instead, each
 * process that works jobs keeps one idle connection named `vatio:<owner>` (application_name) and
 * stamps every job it starts with that owner (job.repository.ts, stampJobOwner). When the process
 * dies, the kernel closes its sockets and PostgreSQL ends that session at once, so its name leaves
 * pg_stat_activity; any live process then hands the dead owner's jobs back to the queue within
 * seconds (recoverJobsOfGoneOwners). The connection comes back by itself after the database was
 * away, under a new name: the jobs of the old one go back too (their failure could not be written
 * while the database was away), and one still running here may be handed out twice, which the jobs
 * tolerate (they are idempotent: an import file is claimed and settled once).
 */
export interface Liveness {
  readonly owner: string;
  close(): Promise<void>;
}

export const LIVENESS_PREFIX = 'vatio:';

export function keepAlive(url: string): Liveness {
  // A new name for every connection: jobs stamped before the database went away (whose failure
  // could not be recorded then) belong to a session that is gone, and go back to the queue.
  let owner = randomUUID();
  let client: pg.Client | undefined;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  const reconnectLater = () => {
    client = undefined;
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      connect();
    }, 2_000);
    timer.unref();
  };
  const connect = () => {
    owner = randomUUID();
    const next = new pg.Client({
      connectionString: url,
      application_name: `${LIVENESS_PREFIX}${owner}`,
      connectionTimeoutMillis: 5_000,
      keepAlive: true,
    });
    next.on('error', () => reconnectLater());
    next.on('end', () => reconnectLater());
    next.connect().then(
      () => {
        if (closed) void next.end();
        else client = next;
      },
      () => reconnectLater(),
    );
  };
  connect();
  return {
    get owner() {
      return owner;
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await client?.end().catch(() => {});
    },
  };
}
