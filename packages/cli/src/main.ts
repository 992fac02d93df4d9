// `vatio`: the command line. Commands are added as their features land. The server is imported only
// by the commands that need it, so `vatio analyze` starts fast and works without a database.
import { runAnalyze } from './analyze.ts';

const USAGE = `Usage: vatio <command>

Commands:
  analyze   analyse one ride file (vatio analyze FILE [--json] [--ftp W] [--weight KG] [--max-hr BPM])
  serve     run the web app and API (same as npm start, without the install/build steps)
  worker    run background workers only (needs DATABASE_URL; several may run at once)
  demo      create a demo rider with six months of synthetic rides (vatio demo [--email ADDRESS])
  migrate   apply database migrations and exit
  backup    write the database and stored files to one archive, also while the server runs
            (vatio backup FILE [--force]; embedded database only, see docs/OPERATIONS.md)
  restore   restore an archive of vatio backup into an empty DATA_DIR, the server stopped
            (vatio restore FILE [--force]; --force moves the current data aside)
  strava    Strava push subscription (vatio strava subscribe | subscriptions | unsubscribe ID)
  help      show this help
`;

async function migrate(): Promise<void> {
  const { loadConfig, migrateToLatest, openDatabase, pgliteDirFor } = await import('@vatio/server');
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
    case 'analyze':
      return runAnalyze(argv.slice(1));
    case 'serve': {
      const { startServer } = await import('@vatio/server');
      await startServer();
      return 0;
    }
    case 'migrate':
      await migrate();
      return 0;
    case 'demo': {
      const at = argv.indexOf('--email');
      const email = at > 0 ? argv[at + 1] : 'demo@vatio.local';
      if (!email?.includes('@')) {
        console.error('vatio demo: --email needs an e-mail address');
        return 2;
      }
      const { createDemoRider } = await import('@vatio/server');
      const { rides } = await createDemoRider(email, (message) => console.log(message));
      console.log(
        `\nDemo rider ready: ${rides} rides. Sign in as ${email}; without SMTP the code is written to DATA_DIR/outbox/.`,
      );
      return 0;
    }
    case 'worker': {
      const { startWorkerProcess } = await import('@vatio/server');
      const stop = await startWorkerProcess();
      await new Promise<void>((resolve) => {
        process.once('SIGINT', resolve);
        process.once('SIGTERM', resolve);
      });
      await stop();
      return 0;
    }
    case 'backup':
    case 'restore': {
      const { BackupError, runBackupCommand, runRestoreCommand } = await import('@vatio/server');
      try {
        const run = command === 'backup' ? runBackupCommand : runRestoreCommand;
        return await run(argv.slice(1), (message) => console.log(message));
      } catch (error) {
        if (!(error instanceof BackupError)) throw error;
        console.error(`vatio ${command}: ${error.message}`);
        return error.exitCode;
      }
    }
    case 'strava': {
      const { loadConfig, runStravaCommand } = await import('@vatio/server');
      const config = loadConfig();
      return runStravaCommand(argv.slice(1), { ...config.strava, publicUrl: config.publicUrl }, console.log);
    }
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
