import { sql } from 'kysely';
import type { DatabaseHandle } from '../db/database.ts';

type Query = (query: string, ...rest: unknown[]) => Promise<{ rows: unknown[] }>;

/**
 * Runs `run` with every SQL statement the app sends to the embedded database passed through `watch`
 * (which calls on), but those of the job queue (pg-boss polls on its own).
 */
async function watchingQueries(
  database: DatabaseHandle,
  run: () => Promise<unknown>,
  watch: (query: string, send: () => Promise<{ rows: unknown[] }>) => Promise<{ rows: unknown[] }>,
): Promise<void> {
  const pglite = database.pglite;
  if (!pglite) throw new Error('statements are counted on the embedded database');
  const original = pglite.query;
  pglite.query = ((query: string, ...rest: unknown[]) => {
    const send = () => (original as Query).call(pglite, query, ...rest);
    return /\bpgboss\b/i.test(query) ? send() : watch(query.replace(/\s+/g, ' ').trim(), send);
  }) as typeof original;
  try {
    await run();
  } finally {
    pglite.query = original;
  }
}

/**
 * The SQL statements the app sends to the embedded database while `run` runs, in order, but those of
 * the job queue. On PGlite every statement waits its turn on the one connection, so their number is
 * what a request pays in waits under load (issue 28).
 */
export async function statementsDuring(
  database: DatabaseHandle,
  run: () => Promise<unknown>,
): Promise<string[]> {
  const seen: string[] = [];
  await watchingQueries(database, run, (query, send) => {
    seen.push(query);
    return send();
  });
  return seen;
}

/**
 * `statementsDuring` with what each statement answered: its rows and the bytes of their JSON (what the
 * embedded database built and handed to this thread), to hold a read to what it needs (issue 28).
 */
export async function readsDuring(
  database: DatabaseHandle,
  run: () => Promise<unknown>,
): Promise<{ query: string; rows: unknown[]; bytes: number }[]> {
  const seen: { query: string; rows: unknown[]; bytes: number }[] = [];
  await watchingQueries(database, run, async (query, send) => {
    const result = await send();
    seen.push({ query, rows: result.rows, bytes: JSON.stringify(result.rows).length });
    return result;
  });
  return seen;
}

/**
 * The turns the app's statements wait for the embedded database's one connection while `run` runs,
 * with the connection kept busy by other work the whole time (two loops of one-statement requests,
 * as under the 200-rider load): each turn lists the statements that ran between two of the other
 * work's, in order. Statements sent together (or a transaction, which holds the connection from its
 * begin to its commit) run in one turn; a statement sent after the answer of the one before it waits
 * a turn of its own. Those of the job queue, and those `counted` leaves out, are not listed (issue 28).
 */
export async function turnsUnderLoad(
  database: DatabaseHandle,
  run: () => Promise<unknown>,
  counted: (query: string) => boolean = () => true,
): Promise<string[][]> {
  const turns: string[][] = [];
  let afterOther = true;
  let running = true;
  const other = async () => {
    while (running) await sql`select 'other work'`.execute(database.db);
  };
  await watchingQueries(
    database,
    async () => {
      const loops = [other(), other()];
      try {
        await run();
      } finally {
        running = false;
        await Promise.all(loops);
      }
    },
    (query, send) => {
      if (query === "select 'other work'") afterOther = true;
      else if (counted(query)) {
        if (afterOther) turns.push([]);
        turns.at(-1)!.push(query);
        afterOther = false;
      }
      return send();
    },
  );
  return turns;
}
