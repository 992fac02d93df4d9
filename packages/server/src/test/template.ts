import { sql } from 'kysely';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../db/database.ts';
import { startJobQueue } from '../jobs/queue.ts';

// The database every server test file starts from (global-setup.ts, test-database.ts). No vitest
// import here: the global set-up runs outside the test workers.

/** Every migration and the job queue's schema (pg-boss), as each test file's database starts. */
export async function prepareTemplate(handle: DatabaseHandle): Promise<void> {
  await migrateToLatest(handle.db);
  const queue = await startJobQueue(handle, {});
  await queue.stop();
}

/**
 * A migrated PGlite database, dumped. Uncompressed: each test file loads it, and gunzipping the
 * 4.6 MB dump (42 MB of data directory) cost more CPU than reading the 42 MB.
 */
export async function dumpPgliteTemplate(): Promise<Blob> {
  const handle = await openDatabase({ pgliteDir: 'memory://' });
  try {
    await prepareTemplate(handle);
    await sql`checkpoint`.execute(handle.db);
    const pglite = handle.pglite;
    if (!pglite) throw new Error('openDatabase did not expose its PGlite instance');
    return await pglite.dumpDataDir('none');
  } finally {
    await handle.close();
  }
}
