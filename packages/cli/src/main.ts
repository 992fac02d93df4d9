// `vatio`: the command line. Commands are added as their features land.
import { loadConfig, migrateToLatest, openDatabase, pgliteDirFor, startServer } from '@vatio/server';

const USAGE = `Usage: vatio <command>

Commands:
  serve     run the web app and API (same as npm start, without the install/build steps)
  migrate   apply database migrations and exit
  help      show this help
`;

async function migrate(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: pgliteDirFor(config.dataDir),
  });
  try {
    const applied = await migrateToLatest(database.db);
    console.log(applied.length > 0 ? `applied: ${applied.join(', ')}` : 'database is up to date');
  } finally {
    await database.close();
  }
}

export async function main(argv: string[]): Promise<number> {
  const [command] = argv;
  switch (command) {
    case 'serve':
      await startServer();
      return 0;
    case 'migrate':
      await migrate();
      return 0;
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      console.log(USAGE);
      return 0;
    default:
      console.error(`vatio: unknown command "${command}"\n\n${USAGE}`);
      return 2;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code !== 0) process.exit(code);
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
