import { createWriteStream, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { Migrator } from 'kysely';
import { afterAll, describe, expect, test } from 'vitest';
import { openDatabase, pgliteDirFor } from '../db/database.ts';
import { migrations } from '../db/migrations/index.ts';
import { FsBlobStore } from '../storage/blob-store.ts';
import { pgliteTemplate } from '../test/test-database.ts';
import { BackupRepository } from './backup.repository.ts';
import { BackupError, BACKUP_FORMAT, EXIT, readBackupArchive, writeBackupArchive } from './backup-archive.ts';
import { runRestoreCommand } from './backup-command.ts';
import { readTar, TarFormatError, TarWriter } from './tar.ts';

const root = mkdtempSync(join(tmpdir(), 'vatio-backup-unit-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function tarBytes(entries: { name: string; bytes: Buffer }[]): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const tar = new TarWriter(out);
  for (const entry of entries) await tar.entry(entry.name, entry.bytes.length, [entry.bytes]);
  await tar.finish();
  out.end();
  return Buffer.concat(chunks);
}

async function readAll(bytes: Buffer): Promise<{ name: string; bytes: Buffer }[]> {
  const found: { name: string; bytes: Buffer }[] = [];
  for await (const entry of readTar(Readable.from([bytes]))) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry.body) chunks.push(chunk);
    found.push({ name: entry.name, bytes: Buffer.concat(chunks) });
  }
  return found;
}

describe('tar', () => {
  const entries = [
    { name: 'manifest.json', bytes: Buffer.from('{"a":1}') },
    { name: 'blobs/ab/cd/file', bytes: Buffer.alloc(1500, 7) },
    { name: 'empty', bytes: Buffer.alloc(0) },
  ];

  test('reads back what it wrote, byte for byte, in 512-byte blocks', async () => {
    const bytes = await tarBytes(entries);
    expect(bytes.length % 512).toBe(0);
    expect(await readAll(bytes)).toEqual(entries);
  });

  test('a damaged header or a cut archive is an error, never a shorter archive', async () => {
    const bytes = await tarBytes(entries);
    const flipped = Buffer.from(bytes);
    flipped[512 + 512 + 3] = flipped[512 + 512 + 3]! ^ 0xff; // the second entry's header (the first entry's body is one block)
    await expect(readAll(flipped)).rejects.toBeInstanceOf(TarFormatError);
    await expect(readAll(bytes.subarray(0, 1700))).rejects.toBeInstanceOf(TarFormatError);
    await expect(readAll(bytes.subarray(0, bytes.length - 1024))).rejects.toThrow(/no end marker/);
  });
});

describe('FsBlobStore.holdDeletes', () => {
  test('defers deletes until released, and a blob stored again meanwhile is kept', async () => {
    const store = new FsBlobStore(join(root, 'blobs'));
    const a = await store.put(Buffer.from('ride a'));
    const b = await store.put(Buffer.from('ride b'));
    const release = store.holdDeletes();
    await store.delete(a);
    await store.delete(b);
    expect((await store.get(a)).toString()).toBe('ride a');
    await store.put(Buffer.from('ride b')); // the same bytes uploaded again: a row points to them now
    await release();
    await expect(store.get(a)).rejects.toThrow();
    expect((await store.get(b)).toString()).toBe('ride b');
    await store.delete(b);
    await expect(store.get(b)).rejects.toThrow();
  });
});

describe('restore refusals', () => {
  const manifest = (migrations: string[]) =>
    Buffer.from(
      JSON.stringify({
        format: BACKUP_FORMAT,
        formatVersion: 1,
        vatioVersion: '9.9.9',
        createdAt: new Date().toISOString(),
        engine: 'pglite',
        online: true,
        schema: { latestMigration: migrations.at(-1), migrations },
        files: [],
      }),
    );

  test('a backup from a newer schema is refused before anything is unpacked', async () => {
    const file = join(root, 'future.tar');
    writeFileSync(
      file,
      await tarBytes([{ name: 'manifest.json', bytes: manifest(['0001_foundation', '9999_future']) }]),
    );
    const dataDir = join(root, 'future-data');
    const error = await runRestoreCommand([file], () => {}, { DATA_DIR: dataDir }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackupError);
    expect((error as BackupError).exitCode).toBe(EXIT.refused);
    expect((error as BackupError).message).toMatch(/newer Vatio \(9\.9\.9.*9999_future/);
    expect(readdirSync(dataDir)).toEqual([]);
  });

  test('not a backup, a truncated one, or a file outside the manifest: damaged', async () => {
    const reasons: string[] = [];
    for (const bytes of [
      Buffer.from('PK\x03\x04 this is a zip, not a tar'.padEnd(1024, ' ')),
      await tarBytes([{ name: 'notes.txt', bytes: Buffer.from('hello') }]),
      (await tarBytes([{ name: 'manifest.json', bytes: manifest([]) }])).subarray(0, 1024),
      await tarBytes([
        { name: 'manifest.json', bytes: manifest([]) },
        { name: 'blobs/00/00/extra', bytes: Buffer.from('x') },
      ]),
    ]) {
      const error = await readBackupArchive(Readable.from([bytes])).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(BackupError);
      expect((error as BackupError).exitCode).toBe(EXIT.damaged);
      reasons.push((error as BackupError).message);
    }
    expect(reasons[0]).toMatch(/damaged/);
    expect(reasons[1]).toMatch(/not a Vatio backup/);
    expect(reasons[2]).toMatch(/truncated/);
    expect(reasons[3]).toMatch(/not in its manifest/);
    expect(existsSync(join(root, 'pglite'))).toBe(false);
  });
});

// The embedded database only (the PostgreSQL run of the suite has no PGlite template).
describe.skipIf(!!process.env.DATABASE_URL)('restoring an older backup', () => {
  test('a backup of an older schema is restored and migrated to this one', async () => {
    const names = Object.keys(migrations).sort();
    // The migrated template every test file starts from, with its latest migration undone.
    const source = await openDatabase({ pgliteLoadDataDir: await pgliteTemplate() });
    const file = join(root, 'older.tar');
    try {
      const migrator = new Migrator({ db: source.db, provider: { getMigrations: async () => migrations } });
      const { error } = await migrator.migrateDown();
      expect(error).toBeUndefined();
      const dump = new Uint8Array(await (await source.pglite!.dumpDataDir('gzip')).arrayBuffer());
      const out = createWriteStream(file);
      await writeBackupArchive(out, {
        dataDir: join(root, 'older-source'),
        blobRoot: join(root, 'older-source', 'blobs'),
        online: false,
        snapshot: async () => ({
          dump,
          migrations: await new BackupRepository(source.db).appliedMigrations(),
        }),
      });
      out.end();
      await finished(out);
    } finally {
      await source.close();
    }
    const dataDir = join(root, 'older-restored');
    const logs: string[] = [];
    expect(await runRestoreCommand([file], (m) => logs.push(m), { DATA_DIR: dataDir })).toBe(0);
    expect(logs.join('\n')).toContain(`migrated the restored database: ${names.at(-1)}`);
    const restored = await openDatabase({ pgliteDir: pgliteDirFor(dataDir) });
    try {
      expect(await new BackupRepository(restored.db).appliedMigrations()).toEqual(names);
    } finally {
      await restored.close();
    }
  }, 120_000);
});
