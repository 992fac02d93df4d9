import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

export class HealthRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Whether the database answers a trivial query. */
  async reachable(): Promise<boolean> {
    try {
      await sql`select 1`.execute(this.db);
      return true;
    } catch {
      return false;
    }
  }
}
