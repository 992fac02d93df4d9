import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/** The few statements a backup needs: what schema it holds, and a checkpoint before the copy. */
export class BackupRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The migrations applied to this database, by name (Kysely's own bookkeeping table). */
  async appliedMigrations(): Promise<string[]> {
    const result = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
      this.db,
    );
    return result.rows.map((row) => row.name);
  }

  /**
   * Writes every dirty page to the data files. The copy that follows is consistent without it (it
   * is a crash image: the WAL holds every committed write), but after a checkpoint the restored
   * database has next to nothing to replay when it first starts.
   */
  async checkpoint(): Promise<void> {
    await sql`checkpoint`.execute(this.db);
  }
}
