import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** How far `vatio demo` has got for one rider. */
export interface DemoProgress {
  /** Rides stored. */
  stored: number;
  /** The rider's import files still queued or being processed. */
  busy: number;
  /** Demo generation jobs not finished yet (of any rider: the CLI fills one account at a time). */
  jobs: number;
}

export class DemoRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async progress(userId: string): Promise<DemoProgress> {
    const row = await sql<DemoProgress>`
      select
        (select count(*)::int from activities where user_id = ${userId}) as stored,
        (select count(*)::int from import_files where user_id = ${userId} and status in ('queued', 'processing')) as busy,
        (select count(*)::int from pgboss.job where name = 'demo-rides' and state in ('created', 'retry', 'active')) as jobs
    `.execute(this.db);
    return row.rows[0]!;
  }
}
