import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, readdirSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, open, readFile, rename, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { basename, dirname, join, resolve } from 'node:path';
import { finished, pipeline } from 'node:stream/promises';
import type { Writable } from 'node:stream';
import { dataDirFromEnv } from '../config.ts';
import { openDatabase, openMigratedDatabase, pgliteDirFor } from '../db/database.ts';
import { migrations } from '../db/migrations/index.ts';
import { DatabaseInUseError, lockPgliteDir } from '../db/pglite-lock.ts';
import { VERSION } from '../version.ts';
import { adminSocketPath, pgliteSnapshot } from './admin-socket.ts';
import { BackupRepository } from './backup.repository.ts';
import {
  BackupError,
  type BackupManifest,
  type BackupSummary,
  DATABASE_PATH,
  EXIT,
  readBackupArchive,
  SECRET_KEY_PATH,
  writeBackupArchive,
} from './backup-archive.ts';

type Log = (message: string) => void;

const BACKUP_USAGE = 'Usage: vatio backup FILE [--force]   (--force replaces an existing FILE)';
const RESTORE_USAGE = 'Usage: vatio restore FILE [--force]   (--force replaces the data already in DATA_DIR)';

function parseArgs(argv: string[], usage: string): { file: string; force: boolean } {
  const force = argv.includes('--force');
  const rest = argv.filter((arg) => arg !== '--force');
  if (rest.length !== 1 || rest[0]!.startsWith('-')) throw new BackupError(usage, EXIT.usage);
  return { file: resolve(rest[0]!), force };
}

function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Asks the running server for the archive over its admin socket; false when no server listens. */
async function backupFromServer(socketPath: string, out: Writable): Promise<boolean> {
  if (!existsSync(socketPath)) return false;
  const socket = connect(socketPath);
  const connected = await new Promise<boolean>((ok, fail) => {
    socket.once('connect', () => ok(true));
    socket.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED' || error.code === 'ENOENT') ok(false);
      else fail(error);
    });
  });
  if (!connected) return false;
  socket.write(`${JSON.stringify({ command: 'backup' })}\n`);
  try {
    await pipeline(socket, out);
  } catch {
    // The server closes the socket early on a failure: what arrived is verified, and refused, below.
  }
  return true;
}

/** `vatio backup FILE`: the embedded database and the file store in one verified archive. */
export async function runBackupCommand(argv: string[], log: Log, env = process.env): Promise<number> {
  const { file, force } = parseArgs(argv, BACKUP_USAGE);
  if (env.DATABASE_URL)
    throw new BackupError(
      'DATABASE_URL is set: vatio backup copies the embedded database only. Back up PostgreSQL with pg_dump and copy DATA_DIR/blobs after it (docs/OPERATIONS.md).',
      EXIT.refused,
    );
  if (existsSync(file) && !force)
    throw new BackupError(`${file} already exists; choose another name or add --force.`, EXIT.refused);
  const dataDir = dataDirFromEnv(env);
  const pgliteDir = pgliteDirFor(dataDir);
  if (!existsSync(pgliteDir))
    throw new BackupError(`There is no Vatio database in ${dataDir} to back up (DATA_DIR).`, EXIT.refused);
  await mkdir(dirname(file), { recursive: true });
  const partial = join(dirname(file), `.${basename(file)}.${randomBytes(4).toString('hex')}.partial`);
  const started = Date.now();
  let online = false;
  try {
    const out = createWriteStream(partial, { mode: 0o600 });
    online = await backupFromServer(adminSocketPath(dataDir), out);
    if (!online) await backupStoppedDataDir(dataDir, out);
    const handle = await open(partial, 'r+');
    await handle.sync();
    await handle.close();
    // Read back whole: a server that failed half-way, or a disk that lost bytes, is caught here.
    let manifest: BackupManifest;
    try {
      manifest = await readBackupArchive(createReadStream(partial));
    } catch (error) {
      if (error instanceof BackupError && online)
        throw new BackupError(
          `The running server did not complete the backup (${error.message}) See the server's log.`,
          1,
        );
      throw error;
    }
    await rename(partial, file);
    const blobs = manifest.files.filter((f) => f.path.startsWith('blobs/'));
    const database = manifest.files.find((f) => f.path === DATABASE_PATH)!;
    log(
      `Backup written to ${file} (${mb(statSync(file).size)}) and verified in ${((Date.now() - started) / 1000).toFixed(1)} s:\n` +
        `  database ${mb(database.size)} (schema ${manifest.schema.latestMigration}), ` +
        `${blobs.length} stored files (${mb(blobs.reduce((sum, f) => sum + f.size, 0))}), ` +
        `${online ? 'taken from the running server' : 'taken with the server stopped'}.\n` +
        `  It holds everything in DATA_DIR that matters${manifest.files.some((f) => f.path === SECRET_KEY_PATH) ? ', including secret.key' : ''}: keep it as private as DATA_DIR itself.`,
    );
    return 0;
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

async function backupStoppedDataDir(dataDir: string, out: Writable): Promise<BackupSummary> {
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase({ pgliteDir: pgliteDirFor(dataDir) });
  } catch (error) {
    if (error instanceof DatabaseInUseError)
      throw new BackupError(
        `${error.message} (It offers no online backup: only the server does, through DATA_DIR/admin.sock.)`,
        EXIT.refused,
      );
    throw error;
  }
  try {
    const summary = await writeBackupArchive(out, {
      dataDir,
      blobRoot: join(dataDir, 'blobs'),
      online: false,
      snapshot: () => pgliteSnapshot(database),
    });
    out.end();
    await finished(out);
    return summary;
  } finally {
    await database.close();
  }
}

/** What a data directory already holds that a restore would replace. */
function existingData(dataDir: string): string[] {
  const held: string[] = [];
  const pglite = pgliteDirFor(dataDir);
  if (existsSync(pglite) && readdirSync(pglite).length > 0) held.push('pglite');
  const blobs = join(dataDir, 'blobs');
  if (existsSync(blobs) && readdirSync(blobs).length > 0) held.push('blobs');
  return held;
}

/** Refuses a backup whose schema has a migration this Vatio does not know (it is from a newer one). */
function checkSchema(manifest: BackupManifest): void {
  const known = new Set(Object.keys(migrations));
  const unknown = manifest.schema.migrations.filter((name) => !known.has(name));
  if (unknown.length > 0)
    throw new BackupError(
      `This backup was made by a newer Vatio (${manifest.vatioVersion}, schema ${manifest.schema.latestMigration}; unknown here: ${unknown.join(', ')}). ` +
        `This is Vatio ${VERSION}: upgrade it, then restore. Nothing was changed.`,
      EXIT.refused,
    );
}

/**
 * `vatio restore FILE [--force]`: into an empty DATA_DIR (or, with --force, over one whose data is
 * moved aside, never deleted), with the server stopped. Everything is unpacked, checked and the
 * database opened and migrated in a staging folder inside DATA_DIR first; only then are the
 * folders renamed into place, so a damaged archive or a failure leaves DATA_DIR as it was.
 */
export async function runRestoreCommand(argv: string[], log: Log, env = process.env): Promise<number> {
  const { file, force } = parseArgs(argv, RESTORE_USAGE);
  if (env.DATABASE_URL)
    throw new BackupError(
      'DATABASE_URL is set: vatio restore restores the embedded database only. For PostgreSQL use pg_restore (docs/OPERATIONS.md), or unset DATABASE_URL.',
      EXIT.refused,
    );
  if (!existsSync(file) || !statSync(file).isFile())
    throw new BackupError(`Cannot read ${file}: no such file.`, EXIT.usage);
  const dataDir = dataDirFromEnv(env);
  const pgliteDir = pgliteDirFor(dataDir);
  await mkdir(dataDir, { recursive: true });
  let unlock: () => void;
  try {
    unlock = lockPgliteDir(pgliteDir);
  } catch (error) {
    if (error instanceof DatabaseInUseError)
      throw new BackupError(
        `${error.message} A restore needs the server stopped. Nothing was changed.`,
        EXIT.refused,
      );
    throw error;
  }
  const started = Date.now();
  const staging = await mkdtemp(join(dataDir, '.restore-'));
  try {
    const held = existingData(dataDir);
    if (held.length > 0 && !force)
      throw new BackupError(
        `${dataDir} already holds data (${held.join(', ')}). Restore into an empty DATA_DIR, or add --force to replace it (the current data is moved to DATA_DIR/before-restore-<time>/, not deleted). Nothing was changed.`,
        EXIT.refused,
      );
    log(`Checking and unpacking ${file} ...`);
    const manifest = await readBackupArchive(createReadStream(file, { highWaterMark: 1 << 20 }), {
      onManifest: checkSchema,
      extractTo: join(staging, 'archive'),
    });
    log(
      `  backup of ${manifest.createdAt} by Vatio ${manifest.vatioVersion}, schema ${manifest.schema.latestMigration}, ${manifest.files.length} files: checksums match`,
    );

    // The database: loaded from its dump into the staging folder, then migrated when it is older.
    const stagedPglite = join(staging, 'pglite');
    const dump = await readFile(join(staging, 'archive', DATABASE_PATH));
    const loaded = await openDatabase({
      pgliteDir: stagedPglite,
      pgliteLoadDataDir: new Blob([dump], { type: 'application/x-gzip' }),
    });
    let current: boolean;
    try {
      const inDatabase = await new BackupRepository(loaded.db).appliedMigrations();
      if (inDatabase.join(',') !== manifest.schema.migrations.join(','))
        throw new BackupError(
          'The archive is damaged: its database does not hold the schema its manifest names.',
          EXIT.damaged,
        );
      current = Object.keys(migrations).every((name) => inDatabase.includes(name));
    } finally {
      await loaded.close();
    }
    if (!current) {
      // An older backup: migrated here (in the same child process a server start would use).
      const { database, applied } = await openMigratedDatabase({ pgliteDir: stagedPglite });
      await database.close();
      log(`  migrated the restored database: ${applied.join(', ')}`);
    }

    // Into place: the current data (with --force) is moved aside first.
    let aside: string | undefined;
    if (held.length > 0) {
      aside = join(dataDir, `before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`);
      await mkdir(aside);
      for (const name of ['pglite', 'blobs', 'secret.key'])
        if (existsSync(join(dataDir, name))) await rename(join(dataDir, name), join(aside, name));
    } else {
      // Empty folders (or one made by an earlier failed start) hold nothing to keep.
      await rm(pgliteDir, { recursive: true, force: true });
      await rm(join(dataDir, 'blobs'), { recursive: true, force: true });
    }
    await rename(stagedPglite, pgliteDir);
    const stagedBlobs = join(staging, 'archive', 'blobs');
    if (existsSync(stagedBlobs)) await rename(stagedBlobs, join(dataDir, 'blobs'));
    else await mkdir(join(dataDir, 'blobs'));
    const stagedSecret = join(staging, 'archive', SECRET_KEY_PATH);
    if (existsSync(stagedSecret)) {
      if (existsSync(join(dataDir, 'secret.key')) && !aside) {
        aside = join(dataDir, `before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`);
        await mkdir(aside, { recursive: true });
        await rename(join(dataDir, 'secret.key'), join(aside, 'secret.key'));
      }
      await rename(stagedSecret, join(dataDir, 'secret.key'));
    }
    const blobs = manifest.files.filter((f) => f.path.startsWith('blobs/')).length;
    log(
      `Restored into ${dataDir} in ${((Date.now() - started) / 1000).toFixed(1)} s: the database and ${blobs} stored files.` +
        (aside
          ? `\n  The data that was there is in ${aside}; delete it once the restored server looks right.`
          : '') +
        (manifest.files.some((f) => f.path === SECRET_KEY_PATH)
          ? ''
          : '\n  The backup held no secret.key: start the server with the SECRET_KEY it used before.'),
    );
    return 0;
  } finally {
    await rm(staging, { recursive: true, force: true });
    unlock();
  }
}
