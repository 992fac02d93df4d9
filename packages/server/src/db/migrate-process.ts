// Entry of the short-lived process that creates and migrates an embedded database before the server
// opens it (database.ts, openMigratedDatabase): the memory initdb and DDL take leaves with it.
import { migrateToLatest, openDatabase } from './database.ts';
import { prepareEmbeddedQueues } from './queue-schema.repository.ts';

const [pgliteDir] = process.argv.slice(2);
if (!pgliteDir || !process.send) throw new Error('migrate-process runs as a child of the server');
const database = await openDatabase({ pgliteDir });
try {
  const applied = await migrateToLatest(database.db);
  // pg-boss's schema too: its DDL's memory leaves with this process (queue-schema.repository.ts).
  await prepareEmbeddedQueues(database);
  process.send({ applied });
} catch (error) {
  process.send({ error: error instanceof Error ? error.message : String(error) });
} finally {
  await database.close();
  process.disconnect();
}
