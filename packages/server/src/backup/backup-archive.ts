import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { mkdir, open, readdir, readFile, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { VERSION } from '../version.ts';
import { readTar, TarFormatError, TarWriter } from './tar.ts';

/*
 * The backup archive (`vatio backup FILE`): one POSIX tar, read and written as a stream.
 *
 *   manifest.json            what follows: format, Vatio version, creation time, the schema's
 *                            migrations, and every file's size and SHA-256
 *   database/pglite.tar.gz   the embedded database's data directory (PGlite dumpDataDir)
 *   secret.key               DATA_DIR/secret.key when the server generated one (it seals Strava tokens)
 *   blobs/ab/cd/<sha256>     the file store: original uploads, stream blobs, fitting photos
 *
 * The manifest comes first, so a restore learns the schema before it unpacks anything; a blob's
 * checksum is its name (the store is content-addressed), so the manifest is known before the
 * blobs are read, and each is hashed again as it is copied.
 */

export const BACKUP_FORMAT = 'vatio-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_PATH = 'manifest.json';
export const DATABASE_PATH = 'database/pglite.tar.gz';
export const SECRET_KEY_PATH = 'secret.key';

export interface BackupFile {
  path: string;
  size: number;
  sha256: string;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  vatioVersion: string;
  createdAt: string;
  engine: 'pglite';
  /** Taken from a running server (through its admin socket) or from a stopped data directory. */
  online: boolean;
  schema: { latestMigration: string; migrations: string[] };
  files: BackupFile[];
}

/** Why a backup or restore stopped; `exitCode` is what `vatio backup|restore` exits with. */
export class BackupError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
    this.name = 'BackupError';
  }
}

/** Exit codes of `vatio backup` and `vatio restore` (README lists them). */
export const EXIT = {
  usage: 2,
  /** The data directory's state refuses it: a server running, data present, a newer schema. */
  refused: 3,
  /** The archive is not a Vatio backup, is damaged or truncated, or a checksum does not match. */
  damaged: 4,
} as const;

export interface DatabaseSnapshot {
  /** The data directory as PGlite's dumpDataDir tarball. */
  dump: Uint8Array;
  migrations: string[];
}

export interface BackupSource {
  dataDir: string;
  blobRoot: string;
  online: boolean;
  /**
   * Holds the file store's deletions from before the snapshot until every blob is copied (see
   * FsBlobStore.holdDeletes); returns the release. Absent when nothing else uses the data.
   */
  holdDeletes?: () => () => Promise<void>;
  snapshot(): Promise<DatabaseSnapshot>;
}

export interface BackupSummary {
  manifest: BackupManifest;
  databaseBytes: number;
  blobs: number;
  blobBytes: number;
}

const BLOB_NAME = /^[0-9a-f]{64}$/;
const HEX2 = /^[0-9a-f]{2}$/;

/** Every blob under the store's root, `ab/cd/<key>` (temporary files of writes in flight are skipped). */
async function listBlobs(root: string): Promise<{ key: string; path: string; size: number }[]> {
  const found: { key: string; path: string; size: number }[] = [];
  if (!existsSync(root)) return found;
  for (const a of (await readdir(root)).filter((n) => HEX2.test(n)).sort()) {
    for (const b of (await readdir(join(root, a))).filter((n) => HEX2.test(n)).sort()) {
      for (const key of (await readdir(join(root, a, b))).sort()) {
        if (!BLOB_NAME.test(key) || !key.startsWith(a + b)) continue;
        const path = join(root, a, b, key);
        const info = await stat(path);
        if (info.isFile()) found.push({ key, path, size: info.size });
      }
    }
  }
  return found;
}

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * Writes the whole archive to `out` (a file, or the admin socket to the CLI). Consistency: the
 * file store's deletions are held first, then the database is copied in one step, then the blobs
 * are listed and copied. A blob is written (and fsynced) before any row points to it, and while
 * deletions are held none disappears, so every blob a row of the snapshot names is there to copy;
 * blobs of uploads that landed after the snapshot come along unreferenced, which is harmless.
 */
export async function writeBackupArchive(out: Writable, source: BackupSource): Promise<BackupSummary> {
  const release = source.holdDeletes?.();
  try {
    const snapshot = await source.snapshot();
    const blobs = await listBlobs(source.blobRoot);
    const secretPath = join(source.dataDir, 'secret.key');
    const secret = existsSync(secretPath) ? await readFile(secretPath) : undefined;
    const files: BackupFile[] = [
      { path: DATABASE_PATH, size: snapshot.dump.length, sha256: sha256(snapshot.dump) },
      ...(secret ? [{ path: SECRET_KEY_PATH, size: secret.length, sha256: sha256(secret) }] : []),
      ...blobs.map((blob) => ({
        path: `blobs/${blob.key.slice(0, 2)}/${blob.key.slice(2, 4)}/${blob.key}`,
        size: blob.size,
        sha256: blob.key,
      })),
    ];
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      vatioVersion: VERSION,
      createdAt: new Date().toISOString(),
      engine: 'pglite',
      online: source.online,
      schema: { latestMigration: snapshot.migrations.at(-1) ?? '', migrations: snapshot.migrations },
      files,
    };
    const tar = new TarWriter(out);
    const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    await tar.entry(MANIFEST_PATH, manifestBytes.length, [manifestBytes]);
    await tar.entry(DATABASE_PATH, snapshot.dump.length, [snapshot.dump]);
    if (secret) await tar.entry(SECRET_KEY_PATH, secret.length, [secret]);
    let blobBytes = 0;
    for (const blob of blobs) {
      const hash = createHash('sha256');
      const checked = (async function* () {
        for await (const chunk of createReadStream(blob.path, {
          highWaterMark: 1 << 20,
        }) as AsyncIterable<Buffer>) {
          hash.update(chunk);
          yield chunk;
        }
        if (hash.digest('hex') !== blob.key)
          throw new BackupError(
            `The stored file ${blob.path} does not match its checksum (damaged on disk); the backup is not written.`,
            1,
          );
      })();
      await tar.entry(
        `blobs/${blob.key.slice(0, 2)}/${blob.key.slice(2, 4)}/${blob.key}`,
        blob.size,
        checked,
      );
      blobBytes += blob.size;
    }
    await tar.finish();
    return { manifest, databaseBytes: snapshot.dump.length, blobs: blobs.length, blobBytes };
  } finally {
    await release?.();
  }
}

export interface ReadArchiveOptions {
  /** Called with the manifest before any other entry is read (a restore refuses a newer schema here). */
  onManifest?: (manifest: BackupManifest) => void;
  /** Unpack every file under this folder (its path in the archive); otherwise only verify. */
  extractTo?: string;
}

function parseManifest(bytes: Buffer): BackupManifest {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(bytes.toString('utf8')) as BackupManifest;
  } catch {
    throw new BackupError('The archive is damaged: its manifest.json is not valid JSON.', EXIT.damaged);
  }
  if (manifest?.format !== BACKUP_FORMAT)
    throw new BackupError(
      'This file is not a Vatio backup (its manifest names another format).',
      EXIT.damaged,
    );
  if (typeof manifest.formatVersion !== 'number' || manifest.formatVersion > BACKUP_FORMAT_VERSION)
    throw new BackupError(
      `This backup uses archive format ${manifest.formatVersion}, newer than this Vatio (${VERSION}) reads (${BACKUP_FORMAT_VERSION}): upgrade Vatio first.`,
      EXIT.refused,
    );
  if (
    !Array.isArray(manifest.files) ||
    !Array.isArray(manifest.schema?.migrations) ||
    !manifest.files.every(
      (f) =>
        typeof f.path === 'string' &&
        /^[\w./-]+$/.test(f.path) &&
        !f.path.split('/').includes('..') &&
        Number.isInteger(f.size) &&
        /^[0-9a-f]{64}$/.test(f.sha256),
    )
  )
    throw new BackupError('The archive is damaged: its manifest.json is incomplete.', EXIT.damaged);
  return manifest;
}

/**
 * Reads a backup archive from start to end: the manifest first, then every file, each checked
 * against the manifest's size and SHA-256; extra, missing or repeated files, a truncated archive
 * or a damaged header are a BackupError (EXIT.damaged). With `extractTo`, files are written there.
 */
export async function readBackupArchive(
  source: Readable,
  options: ReadArchiveOptions = {},
): Promise<BackupManifest> {
  let manifest: BackupManifest | undefined;
  const expected = new Map<string, BackupFile>();
  try {
    for await (const entry of readTar(source)) {
      if (!manifest) {
        if (entry.name !== MANIFEST_PATH || entry.size > 64 * 1024 * 1024)
          throw new BackupError(
            'This file is not a Vatio backup (it does not start with manifest.json).',
            EXIT.damaged,
          );
        const chunks: Buffer[] = [];
        for await (const chunk of entry.body) chunks.push(chunk);
        manifest = parseManifest(Buffer.concat(chunks));
        for (const file of manifest.files) expected.set(file.path, file);
        options.onManifest?.(manifest);
        continue;
      }
      const file = expected.get(entry.name);
      if (!file)
        throw new BackupError(
          `The archive is damaged: ${entry.name} is not in its manifest (or appears twice).`,
          EXIT.damaged,
        );
      expected.delete(entry.name);
      const hash = createHash('sha256');
      const target = options.extractTo ? join(options.extractTo, entry.name) : undefined;
      if (target) await mkdir(dirname(target), { recursive: true });
      const handle = target ? await open(target, 'wx', 0o600) : undefined;
      let size = 0;
      try {
        for await (const chunk of entry.body) {
          hash.update(chunk);
          size += chunk.length;
          if (handle) await handle.write(chunk);
        }
        if (handle) await handle.sync();
      } finally {
        await handle?.close();
      }
      if (size !== file.size || hash.digest('hex') !== file.sha256)
        throw new BackupError(
          `The archive is damaged: ${entry.name} does not match its checksum in the manifest.`,
          EXIT.damaged,
        );
    }
  } catch (error) {
    if (error instanceof TarFormatError)
      throw new BackupError(`The archive is damaged: ${error.message}.`, EXIT.damaged);
    throw error;
  }
  if (!manifest) throw new BackupError('This file is not a Vatio backup (it is empty).', EXIT.damaged);
  if (expected.size > 0)
    throw new BackupError(
      `The archive is incomplete: ${expected.size} file(s) of its manifest are missing (first: ${[...expected.keys()][0]}).`,
      EXIT.damaged,
    );
  return manifest;
}
