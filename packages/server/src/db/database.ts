import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { Kysely, Migrator, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { migrations } from './migrations/index.ts';
import type { Database } from './schema.ts';
import { lockPgliteDir } from './pglite-lock.ts';
import { countingWrites, WriteEpoch } from './write-epoch.ts';

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
      types: {
        getTypeParser: ((oid: number, format?: string) => {
          if (oid === DATE_OID) return keepText;
          // count(*) and bigint as numbers, the same as on PGlite (values here stay far below 2^53).
          if (oid === INT8_OID) return (v: string) => Number(v);
          return pg.types.getTypeParser(oid, format as 'text');
        }) as typeof pg.types.getTypeParser,
      },
    });
    const writes = new WriteEpoch(false);
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
    pglite = await PGlite.create(dir, {
      parsers: { [pgliteTypes.DATE]: keepText, [INT8_OID]: (v: string) => Number(v) },
      ...(options.pgliteLoadDataDir ? { loadDataDir: options.pgliteLoadDataDir } : {}),
    });
  } catch (error) {
    unlock();
    throw error;
  }
  // The embedded database belongs to this process alone: every write to it goes through here.
  const writes = new WriteEpoch(true);
  const db = new Kysely<Database>({ dialect: countingWrites(new PGliteDialect(pglite), writes) });
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

export function pgliteDirFor(dataDir: string): string {
  return join(dataDir, 'pglite');
}

export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
