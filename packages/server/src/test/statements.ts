import type { DatabaseHandle } from '../db/database.ts';

/**
 * The SQL statements the app sends to the embedded database while `run` runs, in order, but those of
 * the job queue (pg-boss polls on its own). On PGlite every statement waits its turn on the one
 * connection, so their number is what a request pays in waits under load (issue 28).
 */
export async function statementsDuring(
  database: DatabaseHandle,
  run: () => Promise<unknown>,
): Promise<string[]> {
  const pglite = database.pglite;
  if (!pglite) throw new Error('statements are counted on the embedded database');
  const original = pglite.query;
  const seen: string[] = [];
  pglite.query = ((query: string, ...rest: unknown[]) => {
    if (!/\bpgboss\b/i.test(query)) seen.push(query.replace(/\s+/g, ' ').trim());
    return (original as (...args: unknown[]) => unknown).call(pglite, query, ...rest);
  }) as typeof original;
  try {
    await run();
  } finally {
    pglite.query = original;
  }
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
  const pglite = database.pglite;
  if (!pglite) throw new Error('statements are counted on the embedded database');
  const original = pglite.query;
  const seen: { query: string; rows: unknown[]; bytes: number }[] = [];
  pglite.query = (async (query: string, ...rest: unknown[]) => {
    const result = (await (original as (...args: unknown[]) => Promise<{ rows: unknown[] }>).call(
      pglite,
      query,
      ...rest,
    )) as { rows: unknown[] };
    if (!/\bpgboss\b/i.test(query))
      seen.push({
        query: query.replace(/\s+/g, ' ').trim(),
        rows: result.rows,
        bytes: JSON.stringify(result.rows).length,
      });
    return result;
  }) as typeof original;
  try {
    await run();
  } finally {
    pglite.query = original;
  }
  return seen;
}
