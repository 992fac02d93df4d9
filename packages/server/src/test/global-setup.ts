import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrateToLatest, openDatabase } from '../db/database.ts';
import { startJobQueue } from '../jobs/queue.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplatePath: string;
  }
}

/**
 * PGlite takes 6–10 s to initialise a fresh database on this hardware. Build one migrated
 * database once, dump it, and let each test file start from the dump (about 1 s). Against
 * PostgreSQL (DATABASE_URL set) each test file makes its own database instead.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'vatio-pglite-template-'));
  const path = join(dir, 'template.tar.gz');
  if (!process.env.DATABASE_URL) {
    const handle = await openDatabase({ pgliteDir: 'memory://' });
    await migrateToLatest(handle.db);
    // Install the job queue's schema too, so each test file starts with it.
    const queue = await startJobQueue(handle, {});
    await queue.stop();
    const { sql } = await import('kysely');
    await sql`checkpoint`.execute(handle.db);
    // Reach the PGlite instance through a fresh query-less dump.
    const pglite = handle.pglite;
    if (!pglite) throw new Error('openDatabase did not expose its PGlite instance');
    const dump = await pglite.dumpDataDir('gzip');
    writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
    await handle.close();
  }
  project.provide('pgliteTemplatePath', path);
  return () => rmSync(dir, { recursive: true, force: true });
}
