import { fork } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { Kysely, Migrator, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { migrations } from './migrations/index.ts';
import type { Database } from './schema.ts';
import { lockPgliteDir } from './pglite-lock.ts';
import { EventLoopSlices } from './event-loop-slices.ts';
import { countingWrites, noteEpochOf, WriteEpoch } from './write-epoch.ts';

export type Engine = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: Engine;
  /** The PostgreSQL URL, when the engine is PostgreSQL (the job queue connects with it). */
  url?: string;
  /** The embedded instance, when the engine is PGlite (tests dump it as a template). */
  pglite?: PGlite;
  /** Writes this process committed; on PGlite an unchanged epoch proves nothing changed (write-epoch.ts). */
  writes: WriteEpoch;
  close: () => Promise<void>;
}

/**
 * A pool of its own, of `connections`, for locks held on a session while the work they guard runs on
 * the data pool (modules/activities/batch-pass-lock.repository.ts): PostgreSQL only. Connections open
 * when a lock is taken and close after ten idle seconds (pg's default).
 */
export function openLockDatabase(databaseUrl: string, connections: number): Kysely<Database> {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: connections,
    connectionTimeoutMillis: 5_000,
    keepAlive: true,
  });
  // As the data pool's (openDatabase): a lost connection, idle or held, fails its next statement
  // instead of ending the process. Its locks went with it.
  pool.on('error', (error) => console.error('database lock connection lost:', error.message));
  pool.on('connect', (client) => {
    client.on('error', (error) => console.error('database lock connection lost in use:', error.message));
  });
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

const DATE_OID = 1082;
const INT8_OID = 20;

/** A DATE stays the 'YYYY-MM-DD' text it is: parsing it into a Date would shift it by the host's time zone. */
const keepText = (value: string) => value;

export interface OpenDatabaseOptions {
  databaseUrl?: string | undefined;
  /** Folder for the embedded database; `memory://` keeps it in memory (tests). */
  pgliteDir?: string;
  /** Preloaded data directory dump (tests start from a migrated template instead of running initdb). */
  pgliteLoadDataDir?: Blob;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      // Issue 16 (Faults): with the database away, a request fails within seconds (503
      // DATABASE_UNAVAILABLE) instead of waiting for a connection forever; keep-alive notices a
      // connection whose peer vanished without closing it.
      connectionTimeoutMillis: 5_000,
      keepAlive: true,
      types: {
        getTypeParser: ((oid: number, format?: string) => {
          if (oid === DATE_OID) return keepText;
          // count(*) and bigint as numbers, the same as on PGlite (values here stay far below 2^53).
          if (oid === INT8_OID) return (v: string) => Number(v);
          return pg.types.getTypeParser(oid, format as 'text');
        }) as typeof pg.types.getTypeParser,
      },
    });
    // An idle connection the database dropped (restarted, network cut) is reported here; without a
    // listener Node would treat it as an unhandled 'error' event and end the process. The pool has
    // already discarded it and opens a new one on the next query.
    pool.on('error', (error) => console.error('database connection lost:', error.message));
    // The pool listens only to idle connections: one checked out (a transaction between two
    // statements) that loses its server emitted an unhandled 'error' and ended the whole process
    // (issue 16, found by database-outage.test.ts). Its next statement fails instead, and the pool
    // discards it when it is released.
    pool.on('connect', (client) => {
      client.on('error', (error) => console.error('database connection lost in use:', error.message));
    });
    const writes = new WriteEpoch(false, true);
    const db = new Kysely<Database>({ dialect: countingWrites(new PostgresDialect({ pool }), writes) });
    return { db, engine: 'postgres', url: options.databaseUrl, writes, close: () => db.destroy() };
  }
  const dir = options.pgliteDir ?? 'memory://';
  let unlock = () => {};
  if (!dir.startsWith('memory://')) {
    mkdirSync(dir, { recursive: true });
    unlock = lockPgliteDir(dir);
  }
  let pglite: PGlite;
  try {
    pglite = await createPglite(dir, options.pgliteLoadDataDir);
  } catch (error) {
    unlock();
    throw error;
  }
  // The embedded database belongs to this process alone: every write to it goes through here.
  const writes = new WriteEpoch(true);
  const db = new Kysely<Database>({
    dialect: countingWrites(new PGliteDialect(pglite), writes, new EventLoopSlices()),
  });
  noteEpochOf(db, writes);
  return {
    db,
    engine: 'pglite',
    pglite,
    writes,
    close: async () => {
      try {
        await db.destroy();
      } finally {
        unlock();
      }
    },
  };
}

/**
 * PostgreSQL's default shared_buffers (128 MB) lives inside PGlite's WASM heap and counts in full
 * towards the server's resident memory; 32 MB keeps an idle server under 300 MB. Pages that do not
 * fit are read back through the file system (and the OS page cache), which the dashboard and bulk
 * import benches showed no slower on a rider archive of 2,000 rides.
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

function createPglite(dir: string, loadDataDir?: Blob): Promise<PGlite> {
  return PGlite.create(dir, {
    parsers: { [pgliteTypes.DATE]: keepText, [INT8_OID]: (v: string) => Number(v) },
    startParams: PGLITE_START_PARAMS,
    ...(loadDataDir ? { loadDataDir } : {}),
  });
}

export function pgliteDirFor(dataDir: string): string {
  return join(dataDir, 'pglite');
}

export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * Opens the database with every migration applied. An embedded database that needs creating or
 * migrating gets it done in a thread first: initdb and DDL grow PGlite's WASM heap (to ~850 MB and
 * by ~100 MB) and a WebAssembly memory never shrinks, but a thread's goes back to the system when it
 * exits. The server then opens the folder at the ~250 MB an up-to-date database needs.
 */
export async function openMigratedDatabase(
  options: OpenDatabaseOptions,
  /** Work on the migrated embedded database in a child of its own before this process opens it. */
  beforeOpen?: () => Promise<void>,
): Promise<{ database: DatabaseHandle; applied: string[] }> {
  const dir = options.pgliteDir;
  let applied: string[] = [];
  const embedded = !options.databaseUrl && dir && !dir.startsWith('memory://');
  if (embedded && !migratedMarkerIsCurrent(dir)) {
    applied = await migrateInChildProcess(dir);
  }
  if (embedded) await beforeOpen?.();
  const database = await openDatabase(options);
  applied.push(...(await migrateToLatest(database.db)));
  if (embedded) writeMigratedMarker(dir);
  return { database, applied };
}

const MIGRATED_MARKER = 'vatio-migrated';
const LATEST_MIGRATION = Object.keys(migrations).sort().at(-1) ?? '';

function migratedMarkerIsCurrent(dir: string): boolean {
  const file = join(dir, MIGRATED_MARKER);
  return existsSync(file) && readFileSync(file, 'utf8').trim() === LATEST_MIGRATION;
}

/** Marks an embedded database folder as migrated to the latest migration (tests seed folders from a migrated template). */
export function writeMigratedMarker(dir: string): void {
  writeFileSync(join(dir, MIGRATED_MARKER), `${LATEST_MIGRATION}\n`);
}

function migrateInChildProcess(pgliteDir: string): Promise<string[]> {
  // Beside this module in the sources (a shim that loads the TypeScript through tsx) and beside the
  // compiled bundle (scripts/build-server.mjs builds it as an entry of its own).
  const child = fork(fileURLToPath(new URL('./migrate-process.mjs', import.meta.url)), [pgliteDir], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    let applied: string[] = [];
    let failure: string | undefined;
    child.on('message', (message: { applied?: string[]; error?: string }) => {
      failure = message.error;
      applied = message.applied ?? [];
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code === 0 && !failure) resolve(applied);
      else
        reject(new Error(`creating or migrating the embedded database failed: ${failure ?? `exit ${code}`}`));
    });
  });
}
