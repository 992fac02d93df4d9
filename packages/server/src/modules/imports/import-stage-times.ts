import { rename, writeFile } from 'node:fs/promises';

/** Counts the files whose job ended (after the batch pass it ran, if it was the rider's last). */
export const FILES_FINISHED_STAGE = 'files finished, batch pass included (count)';

/** How long the stage file may lag behind the totals (the bench's end time is its time of writing). */
const FLUSH_EVERY_MS = 50;

/** One stage's wall time added up over every file (or batch) that went through it, and how many did. */
export interface StageTotal {
  ms: number;
  count: number;
}

/**
 * Where an import's time goes, stage by stage (decode and analysis, the eFTP, the tactics, the
 * store…), added up over every file this process imported. Off unless IMPORT_STAGE_TIMES_FILE names a
 * file, where the totals are written after each file: `npm run bench -- import` reads them and names
 * the costliest stage. Stages of two files in flight overlap, so the totals add to more than the
 * import's wall time; a stage that runs on the main thread (everything but `prepare`) holds it that long.
 */
export class ImportStageTimes {
  private readonly totals = new Map<string, StageTotal>();

  constructor(private readonly file: string | undefined) {}

  get enabled(): boolean {
    return this.file !== undefined;
  }

  async time<T>(stage: string, work: () => Promise<T> | T): Promise<T> {
    if (!this.enabled) return work();
    const t0 = performance.now();
    try {
      return await work();
    } finally {
      this.add(stage, performance.now() - t0);
    }
  }

  add(stage: string, ms: number): void {
    const total = this.totals.get(stage) ?? { ms: 0, count: 0 };
    total.ms += ms;
    total.count += 1;
    this.totals.set(stage, total);
  }

  /** Counts `n` more of something a stage did (rides it measured again), with no time of its own. */
  count(stage: string, n: number): void {
    if (!this.enabled) return;
    const total = this.totals.get(stage) ?? { ms: 0, count: 0 };
    total.count += n;
    this.totals.set(stage, total);
  }

  snapshot(): Record<string, StageTotal> {
    return Object.fromEntries(this.totals);
  }

  /**
   * Writes the totals so far (a small JSON object) to the file, if one is set: after a file's batch
   * pass too, so the file's time of writing tells the bench when the last pass ended (within
   * FLUSH_EVERY_MS).
   */
  flush(): void {
    if (this.file === undefined || this.flushing) return;
    // At most one write per FLUSH_EVERY_MS (issue 28: a write and a rename after every file held the
    // main thread ~2 % of an import); the totals as they are then, the last file's included.
    this.flushing = setTimeout(() => {
      this.flushing = undefined;
      this.write();
    }, FLUSH_EVERY_MS);
    this.flushing.unref();
  }

  private flushing: NodeJS.Timeout | undefined;
  /** The write in progress: one at a time, so two never share the temporary file. */
  private writing: Promise<void> = Promise.resolve();

  private write(): void {
    const file = this.file;
    if (file === undefined) return;
    const stages = JSON.stringify({ stages: this.snapshot() });
    // Issue 28: off the main thread (libuv's file-system threads), where a synchronous write and
    // rename held it ~1–4 ms each on a busy disk, every 50 ms of an import.
    this.writing = this.writing
      .then(async () => {
        // Whole or not at all: the bench reads it while files are imported.
        await writeFile(`${file}.tmp`, stages);
        await rename(`${file}.tmp`, file);
      })
      // A measurement aid: an unwritable file never fails an import.
      .catch(() => {});
  }
}
