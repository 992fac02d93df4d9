import { AppError } from '../../errors.ts';
import type { ImportRepository } from './import.repository.ts';

/**
 * The per-rider storage quota (issue 28, disk filling: one account wrote about 1 GB per 10 s).
 *
 * What counts (ImportRepository.storedBytes): the raw files of the rider's rides, files still waiting
 * for or in analysis, and their fitting photos, each distinct blob once. Not counted: the stream
 * blobs derived from rides (the server's own encoding, a fraction of the raw file), and settled failed
 * or duplicate files, which keep no bytes. Content addressing may share one blob between riders; each
 * rider is charged for what their rows point to, so one rider's quota never depends on another's.
 *
 * An upload reserves bytes as it reads them (each plain file once read, each archive entry before it
 * is stored), so a small archive that unpacks to far more stops at the quota, and the route removes
 * what the request had stored: nothing stays half-way. Reservations of a rider's requests running at
 * once add up here (one process; other servers on a shared PostgreSQL each keep their own).
 */
export class StorageQuota {
  private readonly inFlight = new Map<string, number>();
  /** Bumped when a rider's request ends: others of theirs then read the stored total again. */
  private readonly settled = new Map<string, number>();

  constructor(
    readonly quotaBytes: number | null,
    private readonly imports: ImportRepository,
  ) {}

  async usage(userId: string): Promise<{ used_bytes: number; quota_bytes: number | null }> {
    return { used_bytes: await this.imports.storedBytes(userId), quota_bytes: this.quotaBytes };
  }

  /** A budget for one upload request; `release` it when the request ends (stored or not). */
  async begin(userId: string): Promise<UploadBudget> {
    const quota = this.quotaBytes;
    if (quota === null) return { take: async () => {}, release: () => {} };
    let stored = await this.imports.storedBytes(userId);
    let seen = this.settled.get(userId) ?? 0;
    let taken = 0;
    let released = false;
    return {
      take: async (bytes: number) => {
        // Another request of this rider committed (or failed) since: what is stored changed.
        if ((this.settled.get(userId) ?? 0) !== seen) {
          seen = this.settled.get(userId) ?? 0;
          stored = await this.imports.storedBytes(userId);
        }
        const used = stored + (this.inFlight.get(userId) ?? 0);
        if (used + bytes > quota) throw quotaExceeded(used, quota);
        taken += bytes;
        this.inFlight.set(userId, (this.inFlight.get(userId) ?? 0) + bytes);
      },
      release: () => {
        if (released) return;
        released = true;
        const left = (this.inFlight.get(userId) ?? 0) - taken;
        if (left > 0) this.inFlight.set(userId, left);
        else this.inFlight.delete(userId);
        this.settled.set(userId, (this.settled.get(userId) ?? 0) + 1);
      },
    };
  }
}

export interface UploadBudget {
  /** Reserves `bytes` of the rider's quota, or throws 413 STORAGE_QUOTA_EXCEEDED. */
  take(bytes: number): Promise<void>;
  release(): void;
}

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

function quotaExceeded(usedBytes: number, quotaBytes: number): AppError {
  return new AppError(
    'STORAGE_QUOTA_EXCEEDED',
    `This upload would take your stored files past your ${mb(quotaBytes)} MB storage quota (${mb(usedBytes)} MB used). Nothing of it was kept: delete rides, or ask the server's administrator for more.`,
    { storage: { used_bytes: usedBytes, quota_bytes: quotaBytes } },
  );
}
