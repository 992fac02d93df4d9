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
