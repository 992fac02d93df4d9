import { chmodSync, existsSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import type { DatabaseHandle } from '../db/database.ts';
import type { FsBlobStore } from '../storage/blob-store.ts';
import { BackupRepository } from './backup.repository.ts';
import { type BackupSource, type DatabaseSnapshot, writeBackupArchive } from './backup-archive.ts';

/*
 * The running server's admin socket: a Unix socket in DATA_DIR through which `vatio backup` asks
 * the process that owns the embedded database for a consistent copy. PGlite's data directory is
 * locked by the server (db/pglite-lock.ts), and only the owning process can dump it, so a backup
 * taken while the server runs has to be produced inside it. The socket is never on the network;
 * whoever can open it can already read DATA_DIR, and it is made owner-only (0600) as it appears.
 *
 * Protocol: the client sends one line of JSON, {"command":"backup"}; the server answers with the
 * archive's bytes and closes. On a failure it closes the connection early, which the client sees
 * as a truncated archive (it verifies what it received before keeping it).
 */

/** Longest Unix socket path Linux and macOS accept (sun_path is 108/104 bytes with its NUL). */
const MAX_SOCKET_PATH = 103;

export function adminSocketPath(dataDir: string): string {
  return join(dataDir, 'admin.sock');
}

/** The embedded database, copied whole by the process that has it open. */
export async function pgliteSnapshot(database: DatabaseHandle): Promise<DatabaseSnapshot> {
  if (!database.pglite) throw new Error('a data-directory snapshot needs the embedded database');
  const repository = new BackupRepository(database.db);
  await repository.checkpoint();
  const migrations = await repository.appliedMigrations();
  // dumpDataDir reads every file of the data directory synchronously, in one turn of the event loop
  // (PGlite 0.4 fs dumpTar), and PGlite runs each statement synchronously too: no statement runs
  // half-way through the copy, so it is the files as they are between two statements, a crash image.
  // PostgreSQL's WAL recovery makes that a consistent database: every transaction committed before
  // it, none after, none half-applied (an open transaction is rolled back on first start).
  const dump = await database.pglite.dumpDataDir('gzip');
  return { dump: new Uint8Array(await dump.arrayBuffer()), migrations };
}

export interface AdminSocketOptions {
  dataDir: string;
  database: DatabaseHandle;
  blobs: FsBlobStore;
  log: { info: (message: string) => void; error: (error: unknown, message: string) => void };
}

function readRequest(socket: Socket): Promise<{ command?: string }> {
  return new Promise((resolve, reject) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString('utf8');
      const end = text.indexOf('\n');
      if (end >= 0) {
        socket.off('data', onData);
        try {
          resolve(JSON.parse(text.slice(0, end)) as { command?: string });
        } catch {
          reject(new Error('admin socket: the request is not JSON'));
        }
      } else if (text.length > 4096) reject(new Error('admin socket: request too long'));
    };
    socket.on('data', onData);
    socket.once('error', reject);
    socket.once('end', () => reject(new Error('admin socket: no request')));
  });
}

/** Listens on DATA_DIR/admin.sock (embedded database only); returns the close. */
export async function startAdminSocket(options: AdminSocketOptions): Promise<() => Promise<void>> {
  const path = adminSocketPath(options.dataDir);
  if (path.length > MAX_SOCKET_PATH) {
    options.log.info(
      `DATA_DIR is too long a path for the admin socket (${path.length} > ${MAX_SOCKET_PATH} bytes): vatio backup needs the server stopped`,
    );
    return async () => {};
  }
  // This process holds the database lock, so a socket file left here is a dead server's.
  rmSync(path, { force: true });
  const server: Server = createServer((socket) => {
    // A client that goes away mid-backup (Ctrl-C) resets the socket: the write then fails and the
    // backup stops (releasing the held deletions); the error must not go unhandled and end the server.
    socket.on('error', () => {});
    void (async () => {
      try {
        const request = await readRequest(socket);
        if (request.command !== 'backup') {
          socket.end();
          return;
        }
        const started = Date.now();
        const source: BackupSource = {
          dataDir: options.dataDir,
          blobRoot: options.blobs.root,
          online: true,
          holdDeletes: () => options.blobs.holdDeletes(),
          snapshot: () => pgliteSnapshot(options.database),
        };
        const summary = await writeBackupArchive(socket, source);
        await new Promise<void>((resolve) => socket.end(resolve));
        options.log.info(
          `backup sent: ${summary.blobs} stored files, database ${summary.databaseBytes} bytes, in ${Date.now() - started} ms`,
        );
      } catch (error) {
        options.log.error(error, 'backup failed');
        socket.destroy();
      }
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => {
      server.off('error', reject);
      resolve();
    });
  });
  chmodSync(path, 0o600);
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      if (existsSync(path)) rmSync(path, { force: true });
    });
}
