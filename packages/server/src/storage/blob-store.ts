import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, open, readFile, rename, rm, utimes } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** Immutable blobs by content: raw uploaded files and stream blobs (DESIGN §2, "Streams"). */
export interface BlobStore {
  /**
   * Stores the bytes durably and returns their key (SHA-256, hex). Storing the same bytes twice is a
   * no-op. `sha256` is the bytes' hash when the caller already computed it on another thread.
   */
  put(bytes: Uint8Array, sha256?: string): Promise<string>;
  /** As `put`, and whether this call wrote the blob (false: it was there already). */
  store(bytes: Uint8Array, sha256?: string): Promise<{ key: string; created: boolean }>;
  get(key: string): Promise<Buffer>;
  delete(key: string): Promise<void>;
}

export function sha256OfBytes(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

const KEY = /^[0-9a-f]{64}$/;

/**
 * The file store's disk (or the owner's quota) is full: ENOSPC or EDQUOT while writing a blob. Nothing
 * of the blob is left behind; routes answer 507 STORAGE_FULL.
 */
export class StorageFullError extends Error {
  constructor(cause: unknown) {
    super('The file store is full', { cause });
  }
}

const isDiskFull = (error: unknown) =>
  ['ENOSPC', 'EDQUOT'].includes((error as NodeJS.ErrnoException | undefined)?.code ?? '');

/**
 * A content-addressed folder: `root/ab/cd/<sha256>`. A blob is written to a temporary name,
 * fsynced, renamed into place and its folder fsynced, all before any database row points to it,
 * so a crash never leaves a row pointing at half a file.
 */
export class FsBlobStore implements BlobStore {
  /** Open backups (holdDeletes): while any is open, deletions wait in `deferred`. */
  private holds = 0;
  private readonly deferred = new Set<string>();

  constructor(readonly root: string) {}

  /**
   * Defers every delete until the returned release is called (backup/backup-archive.ts): a backup
   * snapshots the database first and copies the blobs after, so a blob whose row was deleted after
   * the snapshot must still be there when the copy reaches it. Deferred deletes run on release;
   * one whose bytes were stored again meanwhile (put) is dropped, since a new row points to them.
   */
  holdDeletes(): () => Promise<void> {
    this.holds++;
    let released = false;
    return async () => {
      if (released) return;
      released = true;
      this.holds--;
      if (this.holds > 0) return;
      const keys = [...this.deferred];
      this.deferred.clear();
      for (const key of keys) await rm(this.pathOf(key), { force: true });
    };
  }

  private pathOf(key: string): string {
    if (!KEY.test(key)) throw new Error('invalid blob key');
    return join(this.root, key.slice(0, 2), key.slice(2, 4), key);
  }

  async put(bytes: Uint8Array, sha256?: string): Promise<string> {
    return (await this.store(bytes, sha256)).key;
  }

  async store(bytes: Uint8Array, sha256?: string): Promise<{ key: string; created: boolean }> {
    const key = sha256 ?? sha256OfBytes(bytes);
    const path = this.pathOf(key);
    this.deferred.delete(key);
    if (existsSync(path)) {
      // Stored again: its time says "in use now", so the orphan sweep (blob-sweep.ts) leaves it
      // alone until the row that will point to it commits.
      const at = new Date();
      await utimes(path, at, at).catch(() => {});
      return { key, created: false };
    }
    const tmp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await mkdir(dirname(path), { recursive: true });
      const file = await open(tmp, 'w', 0o600);
      try {
        await file.writeFile(bytes);
        await file.sync();
      } finally {
        await file.close();
      }
      await rename(tmp, path);
    } catch (error) {
      // A disk that fills half-way through leaves no partial file behind (it would also hold the
      // space the rider's next try needs).
      await rm(tmp, { force: true });
      throw isDiskFull(error) ? new StorageFullError(error) : error;
    }
    const folder = await open(dirname(path), 'r');
    try {
      await folder.sync();
    } finally {
      await folder.close();
    }
    return { key, created: true };
  }

  get(key: string): Promise<Buffer> {
    return readFile(this.pathOf(key));
  }

  async delete(key: string): Promise<void> {
    const path = this.pathOf(key);
    if (this.holds > 0) {
      this.deferred.add(key);
      return;
    }
    await rm(path, { force: true });
  }
}
