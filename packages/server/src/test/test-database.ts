import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import {
  type DatabaseHandle,
  migrateToLatest,
  openDatabase,
  pgliteDirFor,
  writeMigratedMarker,
} from '../db/database.ts';
import { dumpPgliteTemplate } from './template.ts';

async function createFromTemplate(admin: pg.Client, name: string, template: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`create database ${name} template ${template}`);
      return;
    } catch (error) {
      // "source database is being accessed by other users": only while the template's own set-up
      // connections close (global-setup.ts), never for long.
      if (attempt >= 50 || (error as { code?: string }).code !== '55006') throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/**
 * A Blob that hands out the same bytes every time it is read. PGlite's `loadDataDir` reads the
 * whole dump (`arrayBuffer()`) at every open, and Node's Blob copies its 42 MB out in small chunks
 * each time (issue 27: ~0.1 CPU-s of each test file's ~0.6-CPU-s open, measured with a profile).
 * PGlite only reads the bytes: its untar copies each file out of them into its own file system.
 */
class ReadOnceBlob extends Blob {
  readonly #bytes: ArrayBuffer;
  constructor(bytes: ArrayBuffer) {
    super([]);
    this.#bytes = bytes;
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.#bytes);
  }
}

let templateBytes: Promise<Uint8Array> | undefined;

/** The template dump's bytes (a tar of the data directory), read once per fork. */
function pgliteTemplateBytes(): Promise<Uint8Array> {
  templateBytes ??= (async () => {
    const path = inject('pgliteTemplatePath');
    if (existsSync(path)) return new Uint8Array(readFileSync(path));
    return new Uint8Array(await (await dumpPgliteTemplate()).arrayBuffer());
  })();
  return templateBytes;
}

let template: Promise<Blob> | undefined;

/**
 * The migrated PGlite template (global-setup.ts), read once per fork (the server project shares one
 * module graph per fork). The PostgreSQL stage builds none, so a test that needs an embedded
 * database there (an on-disk folder: seedPgliteDir) gets one built here, once.
 */
export function pgliteTemplate(): Promise<Blob> {
  template ??= pgliteTemplateBytes().then((bytes) => {
    // Its own ArrayBuffer, exactly the dump (a Buffer's may be a slice of a larger one).
    const own = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    return new ReadOnceBlob(own);
  });
  return template;
}

/**
 * Writes the files of a tar (the ustar subset PGlite's dumpDataDir writes: folders and plain files)
 * into `dir`. What PGlite's `loadDataDir` does into its file system before it starts.
 */
function extractTar(tar: Uint8Array, dir: string): void {
  const root = resolve(dir);
  const text = (header: Uint8Array, start: number, length: number) => {
    const raw = header.subarray(start, start + length);
    const end = raw.indexOf(0);
    return Buffer.from(end === -1 ? raw : raw.subarray(0, end)).toString('utf8');
  };
  for (let offset = 0; offset + 512 <= tar.length; ) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((byte) => byte === 0)) break;
    const name = [text(header, 345, 155), text(header, 0, 100)].filter(Boolean).join('/');
    const size = Number.parseInt(text(header, 124, 12).trim() || '0', 8);
    const type = String.fromCharCode(header[156] ?? 0);
    const path = resolve(root, `.${sep}${name.replace(/^\/+/, '')}`);
    if (path !== root && !path.startsWith(root + sep))
      throw new Error(`tar entry outside the folder: ${name}`);
    const body = offset + 512;
    if (type === '5') mkdirSync(path, { recursive: true });
    else if (type === '0' || type === '\0') {
      mkdirSync(resolve(path, '..'), { recursive: true });
      writeFileSync(path, tar.subarray(body, body + size));
    } else throw new Error(`tar entry of an unexpected type ${JSON.stringify(type)}: ${name}`);
    offset = body + Math.ceil(size / 512) * 512;
  }
}

/**
 * An embedded database folder (not yet in use) holding the migrated template, as if a server had
 * created it: its PGlite starts without initdb (~5 CPU-s each on this machine, issue 27). For tests of
 * what happens to a folder, not of how it is first made. The dump is written out as files, as
 * PGlite's `loadDataDir` would write it, without starting a PGlite here (issue 27: ~1–2 CPU-s each,
 * the first with the WebAssembly's compilation); the PGlite that opens the folder first recovers from
 * the dump's last checkpoint, as every test file's in-memory database from the same dump does.
 */
export async function seedPgliteDir(dir: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  extractTar(await pgliteTemplateBytes(), dir);
}

/**
 * A DATA_DIR whose embedded database is the migrated template, marked migrated as a server's first
 * start leaves it: a server process started on it opens the folder at once, where a new folder is
 * first created and migrated in a child process (initdb, 35 migrations and the queue's schema: ~7 CPU-s
 * each time, issue 27). For tests of what a running server does (kill -9 mid-import, a backup), not
 * of how a folder is first made: the browser tests' server starts on a new folder every run.
 */
export async function seedDataDir(dataDir: string): Promise<void> {
  const dir = pgliteDirFor(dataDir);
  await seedPgliteDir(dir);
  writeMigratedMarker(dir);
}

/**
 * A fresh, migrated database for one test file: PGlite from the template dump, or, when
 * DATABASE_URL is set, a new database on that PostgreSQL server copied from the migrated template
 * (global-setup.ts), dropped again on close.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    return openDatabase({ pgliteDir: 'memory://', pgliteLoadDataDir: await pgliteTemplate() });
  }
  const name = `vatio_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  // A copy of the migrated template (global-setup.ts), with the job queue's schema: no DDL per file.
  // Copies never wait on one another; a backend still leaving the template is waited for a moment.
  await createFromTemplate(admin, name, inject('postgresTemplateName'));
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  // A no-op on the template's copy; it still checks that every migration is there.
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
