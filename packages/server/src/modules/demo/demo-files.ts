import { sha256OfBytes } from '../../storage/blob-store.ts';
import type { IncomingFile } from '../imports/import.service.ts';

/** How long a day's demo files (and what was computed from them) stay after their last use. */
export const DEMO_FILES_IDLE_MS = 10 * 60_000;
/**
 * Settings keys kept at once: two riders' settings, each under up to three keys (the analysis; the
 * facts with and without the settings). A rider's prepared rides are ~30 MB for 182 days; the demo is
 * loaded by a few riders at a time, and riders with settings of their own rarely share them.
 */
const MAX_SETTINGS_KEPT = 6;

/**
 * The demo's FIT files, generated once per process and day (issue 27). The demo plan depends only on
 * the UTC day and its length (planDemoRides), and the generator is seeded, so every rider who loads
 * the demo on one day gets the same bytes: generating and encoding them again for each rider cost
 * CPU and gave nothing new. Each rider's copy still goes through the whole import pipeline.
 *
 * It also keeps what the pipeline's pure steps computed from those bytes (demo-preparer.ts), keyed by
 * every input of the step: a second rider with the same settings in force gets the same result
 * without computing it again. Kept while riders load the demo and dropped after DEMO_FILES_IDLE_MS
 * unused, so an idle server holds none; only one day's plan is kept (a new day replaces it).
 */
export class DemoFileCache {
  private day: DayEntry | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** Results of the pure steps taken from what was kept (hits) and computed to be kept (misses). */
  readonly stats = { hits: 0, misses: 0 };

  constructor(private readonly idleMs = DEMO_FILES_IDLE_MS) {}

  /** The files of one batch of the plan of `today` (UTC day) and `days`; `generate` only on a miss. */
  files(today: Date, days: number, batch: number, generate: () => IncomingFile[]): readonly IncomingFile[] {
    const key = `${today.toISOString().slice(0, 10)}/${days}`;
    if (this.day?.key !== key) this.day = newDay(key);
    let files = this.day.batches.get(batch);
    if (!files) {
      files = generate();
      this.day.batches.set(batch, files);
      for (const file of files) if (file.bytes) this.day.known.register(file.bytes);
    }
    this.touch();
    return files;
  }

  /** The SHA-256 of `bytes` when they are one of the held demo files, or streams computed from one. */
  demoHash(bytes: Uint8Array): string | undefined {
    return this.day?.known.hashOf(bytes);
  }

  /** Marks streams computed from a demo file as the demo's too (their facts are kept as well). */
  registerDerived(bytes: Uint8Array): void {
    this.day?.known.register(bytes);
  }

  /**
   * The result of a pure step for `inputKey` (which must name every input the step reads) under the
   * rider `settingsKey`, computed only on a miss. Each caller gets a copy of its own, as a worker
   * thread's answer would be, so no caller can change another's.
   */
  async memo<T>(settingsKey: string, inputKey: string, compute: () => Promise<T>): Promise<T> {
    const day = this.day;
    if (!day) return compute();
    const held = day.results.get(settingsKey)?.get(inputKey);
    if (held !== undefined) {
      this.stats.hits++;
      this.touch();
      return structuredClone(held as T);
    }
    const result = await compute();
    this.stats.misses++;
    // The day may have been replaced or dropped meanwhile: keep nothing for a day no longer held.
    if (this.day === day) {
      let results = day.results.get(settingsKey);
      if (!results) {
        results = new Map();
        day.results.set(settingsKey, results);
        // The oldest settings go first (a Map keeps its insertion order).
        while (day.results.size > MAX_SETTINGS_KEPT) day.results.delete(day.results.keys().next().value!);
      }
      results.set(inputKey, structuredClone(result));
    }
    return result;
  }

  /** Batches of files held now (for tests). */
  get size(): number {
    return this.day?.batches.size ?? 0;
  }

  private touch(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.day = undefined;
      this.timer = undefined;
    }, this.idleMs);
    // A timer alone does not keep the process alive.
    this.timer.unref?.();
  }
}

interface DayEntry {
  key: string;
  batches: Map<number, readonly IncomingFile[]>;
  known: KnownBytes;
  /** Results of the pure steps, by the rider's settings, then by the step's inputs. */
  results: Map<string, Map<string, unknown>>;
}

function newDay(key: string): DayEntry {
  return { key, batches: new Map(), known: new KnownBytes(), results: new Map() };
}

/** Contents known by SHA-256; a length seen first, so most other files are never hashed. */
class KnownBytes {
  private readonly lengths = new Set<number>();
  private readonly hashes = new Set<string>();

  register(bytes: Uint8Array): void {
    this.lengths.add(bytes.length);
    this.hashes.add(sha256OfBytes(bytes));
  }

  hashOf(bytes: Uint8Array): string | undefined {
    if (!this.lengths.has(bytes.length)) return undefined;
    const hash = sha256OfBytes(bytes);
    return this.hashes.has(hash) ? hash : undefined;
  }
}
