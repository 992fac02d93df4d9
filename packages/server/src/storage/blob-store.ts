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
  get(key: string): Promise<Buffer>;
  delete(key: string): Promise<void>;
}

export function sha256OfBytes(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

const KEY = /^[0-9a-f]{64}$/;

/**
 * A content-addressed folder: `root/ab/cd/<sha256>`. A blob is written to a temporary name,
 * fsynced, renamed into place and its folder fsynced, all before any database row points to it,
 * so a crash never leaves a row pointing at half a file.
 */
export class FsBlobStore implements BlobStore {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    if (!KEY.test(key)) throw new Error('invalid blob key');
    return join(this.root, key.slice(0, 2), key.slice(2, 4), key);
  }

  async put(bytes: Uint8Array, sha256?: string): Promise<string> {
    const key = sha256 ?? sha256OfBytes(bytes);
    const path = this.pathOf(key);
    if (existsSync(path)) {
      // Stored again: its time says "in use now", so the orphan sweep (blob-sweep.ts) leaves it
      // alone until the row that will point to it commits.
      const at = new Date();
      await utimes(path, at, at).catch(() => {});
      return key;
    }
    await mkdir(dirname(path), { recursive: true });
    const tmp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    const file = await open(tmp, 'w', 0o600);
    try {
      await file.writeFile(bytes);
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(tmp, path);
    const folder = await open(dirname(path), 'r');
    try {
      await folder.sync();
    } finally {
      await folder.close();
    }
    return key;
  }

  get(key: string): Promise<Buffer> {
    return readFile(this.pathOf(key));
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}
