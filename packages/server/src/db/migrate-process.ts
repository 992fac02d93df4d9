// Entry of the short-lived process that creates and migrates an embedded database before the server
// opens it (database.ts, openMigratedDatabase): the memory initdb and DDL take leaves with it.
import { migrateToLatest, openDatabase } from './database.ts';

const [pgliteDir] = process.argv.slice(2);
if (!pgliteDir || !process.send) throw new Error('migrate-process runs as a child of the server');
const database = await openDatabase({ pgliteDir });
try {
  process.send({ applied: await migrateToLatest(database.db) });
} catch (error) {
  process.send({ error: error instanceof Error ? error.message : String(error) });
} finally {
  await database.close();
  process.disconnect();
}
