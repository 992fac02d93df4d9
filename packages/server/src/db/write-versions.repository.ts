import { CompiledQuery, type DatabaseConnection, type Driver } from 'kysely';
import { tagIfUnavailable } from './unavailable.ts';

/**
 * The versions in write_versions (migration 0026, PostgreSQL only): how a write moves them, and how a
 * move that failed after its write committed is made later. Who moves them and when: write-epoch.ts.
 */

/** Whether write_versions is known to exist yet (the write epoch keeps it: WriteEpoch). */
export interface VersionsTable {
  versionsTableReady: boolean;
}

/** write_versions' scope for writes made for nobody in particular (migration 0026). */
export const EVERYONE_SCOPE = '*';

/**
 * Moves one scope's version to a fresh number. On a conflict the new number is drawn in DO UPDATE,
 * after the row is locked: a transaction that waited for another's bump still ends on a number
 * nobody saw before (one drawn in VALUES could be older than the one it overwrites).
 */
const BUMP_SQL = `insert into write_versions (scope, version) values ($1, nextval('write_version_seq'))
  on conflict (scope) do update set version = nextval('write_version_seq')`;

/** Moves `scopes` (sorted: one lock order everywhere, so no cycle) on `connection`. */
export async function moveScopes(
  connection: DatabaseConnection,
  scopes: string[],
  table: VersionsTable,
): Promise<void> {
  try {
    if (!table.versionsTableReady) {
      const found = await connection.executeQuery<{ found: boolean }>(
        CompiledQuery.raw(`select to_regclass('write_versions') is not null as found`),
      );
      if (!found.rows[0]?.found) return;
      table.versionsTableReady = true;
    }
    for (const scope of [...scopes].sort())
      await connection.executeQuery(CompiledQuery.raw(BUMP_SQL, [scope]));
  } catch (error) {
    throw tagIfUnavailable(error);
  }
}

/** How often moves that could not be made are tried again (while the database is away). */
const LATE_MOVE_RETRY_MS = 1000;

/**
 * Version moves of committed writes that failed on the writer's connection: tried at once on a
 * connection of their own, then every second until they take. Until then the database was out of
 * reach, and so were the session checks that would read the versions; a server that answers again
 * reads them moved within about a second. Lost only if this process ends first (docs/DEPLOYMENT.md).
 */
export class LateVersionMoves {
  private readonly pending = new Set<string>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly driver: Driver,
    private readonly table: VersionsTable,
  ) {}

  /** Resolves once every pending move took; rejects when they could not be made now (kept for later). */
  async move(scopes: string[]): Promise<void> {
    for (const scope of scopes) this.pending.add(scope);
    try {
      await this.flush();
    } catch (error) {
      this.timer ??= setInterval(() => {
        this.flush().then(
          () => {
            clearInterval(this.timer);
            this.timer = undefined;
          },
          () => undefined,
        );
      }, LATE_MOVE_RETRY_MS).unref();
      throw error;
    }
  }

  private async flush(): Promise<void> {
    const scopes = [...this.pending];
    if (scopes.length === 0) return;
    const connection = await this.driver.acquireConnection();
    try {
      await moveScopes(connection, scopes, this.table);
      for (const scope of scopes) this.pending.delete(scope);
    } finally {
      await this.driver.releaseConnection(connection);
    }
  }

  /** Stops trying (the database is being closed). */
  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}
