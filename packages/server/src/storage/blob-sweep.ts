import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { BlobRepository } from './blob.repository.ts';

const KEY = /^[0-9a-f]{64}$/;
const BATCH = 500;

export interface SweepResult {
  /** Blob files no row points to, removed. */
  orphans: number;
  /** Half-written temporary files (a write cut off by a crash), removed. */
  partial: number;
}

/**
 * Removes what a crash can leave in the blob store (issue 16, Faults): blobs are written before the
 * row that points to them commits (blob-store.ts), so a process killed in between leaves a blob no
 * row points to, or a `.tmp` file cut off half-way. Only files last written before `olderThan` are
 * considered, so blobs of an upload still in progress (written, its rows not yet committed) stay:
 * on the embedded database, where this process is the only writer, that is its own start; on
 * PostgreSQL, where other servers may be uploading, an hour ago. A re-stored blob has its time
 * refreshed (FsBlobStore.put), and each file's time is read again just before it goes.
 */
export async function sweepOrphanBlobs(
  root: string,
  rows: BlobRepository,
  olderThan: Date,
  /** Temporary files: a write takes seconds at most, so one this old was cut off (default: olderThan). */
  partialOlderThan: Date = olderThan,
): Promise<SweepResult> {
  const result: SweepResult = { orphans: 0, partial: 0 };
  const older = (cutoffMs: number) => async (path: string) => {
    try {
      return (await stat(path)).mtimeMs < cutoffMs;
    } catch {
      return false;
    }
  };
  const old = older(olderThan.getTime());
  const oldPartial = older(Math.max(olderThan.getTime(), partialOlderThan.getTime()));
  let batch: string[] = [];
  const paths = new Map<string, string>();
  const flush = async () => {
    const referenced = await rows.referenced(batch);
    for (const key of batch) {
      const path = paths.get(key)!;
      if (referenced.has(key) || !(await old(path))) continue;
      await rm(path, { force: true });
      result.orphans += 1;
    }
    batch = [];
    paths.clear();
  };
  for (const first of await list(root)) {
    for (const second of await list(join(root, first))) {
      const folder = join(root, first, second);
      for (const name of await list(folder)) {
        const path = join(folder, name);
        if (name.endsWith('.tmp')) {
          if (await oldPartial(path)) {
            await rm(path, { force: true });
            result.partial += 1;
          }
          continue;
        }
        if (!KEY.test(name) || !(await old(path))) continue;
        batch.push(name);
        paths.set(name, path);
        if (batch.length >= BATCH) await flush();
      }
    }
  }
  if (batch.length > 0) await flush();
  return result;
}

async function list(folder: string): Promise<string[]> {
  try {
    return await readdir(folder);
  } catch {
    return [];
  }
}

/**
 * Sweeps orphans while the server (or a `vatio worker`) runs, not only at its next start (issue 28):
 * every `everyMs` (default 6 h), files last written more than `minAgeMs` ago (default 1 h: an upload
 * in progress has written its blobs seconds before its rows commit) that no row needs go. The first
 * run waits one interval (start-up has its own sweep). Returns a stop that waits for a run under way.
 */
export function startBlobSweeper(options: {
  root: string;
  rows: BlobRepository;
  everyMs?: number;
  minAgeMs?: number;
  log: (swept: SweepResult | Error) => void;
}): () => Promise<void> {
  const everyMs = options.everyMs ?? 6 * 3_600_000;
  const minAgeMs = options.minAgeMs ?? 3_600_000;
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    const cutoff = new Date(Date.now() - minAgeMs);
    running = sweepOrphanBlobs(options.root, options.rows, cutoff)
      .then(
        (swept) => options.log(swept),
        (error: Error) => options.log(error),
      )
      .finally(() => {
        running = undefined;
      });
  }, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
