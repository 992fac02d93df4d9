import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database, UsersTable } from '../../db/schema.ts';

export type ExampleUserRow = Selectable<UsersTable>;

/** How far the example rider's generation has got. */
export interface ExampleProgress {
  /** Rides stored. */
  stored: number;
  /** Its import files still queued or being processed. */
  busy: number;
  /** Its demo generation jobs not finished yet. */
  jobs: number;
}

/** The one built-in example rider (users.is_example, migration 0010). */
export class ExampleRiderRepository {
  constructor(private readonly db: Kysely<Database>) {}

  find(): Promise<ExampleUserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('is_example', '=', true).executeTakeFirst();
  }

  /**
   * Creates the example user; undefined when another request (or process) created it first: the
   * partial unique index allows one example row, and the e-mail is unique too.
   */
  create(email: string): Promise<ExampleUserRow | undefined> {
    return this.db
      .insertInto('users')
      .values({ email, is_example: true })
      .onConflict((oc) => oc.doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  async progress(userId: string): Promise<ExampleProgress> {
    const row = await sql<ExampleProgress>`
      select
        (select count(*)::int from activities where user_id = ${userId}) as stored,
        (select count(*)::int from import_files where user_id = ${userId} and status in ('queued', 'processing')) as busy,
        (select count(*)::int from pgboss.job where name = 'demo-rides' and state in ('created', 'retry', 'active')
           and data->>'userId' = ${userId}) as jobs
    `.execute(this.db);
    return row.rows[0]!;
  }
}
