import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../db/database.ts';

/**
 * A fresh, migrated database for one test file: PGlite from the template dump, or, when
 * DATABASE_URL is set, a new database on that PostgreSQL server, dropped again on close.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const dump = readFileSync(inject('pgliteTemplatePath'));
    return openDatabase({ pgliteDir: 'memory://', pgliteLoadDataDir: new Blob([dump]) });
  }
  const name = `vatio_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  await migrateToLatest(handle.db);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      // Our pools have been told to end, but a backend can outlive its client by a moment. A forced
      // drop would terminate it and its client, still closing, would throw "terminating connection
      // due to administrator command" into the test run: wait for a plain drop first, force last.
      let dropped = false;
      for (let attempt = 0; attempt < 50 && !dropped; attempt++) {
        try {
          await cleanup.query(`drop database if exists ${name}`);
          dropped = true;
        } catch {
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
      if (!dropped) await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
