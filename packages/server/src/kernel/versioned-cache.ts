import type { WriteEpoch } from '../db/write-epoch.ts';
import { setBounded } from '../lib/bounded-map.ts';

interface Entry<T> {
  version: string;
  /** Write epoch at which `version` was last read, when the epoch can vouch for it. */
  checkedAt: number | undefined;
  value: T;
}

/**
 * Answers kept per key until the data behind them changes. Each entry remembers the version it was
 * computed from (a cheap query of the database), so several server processes stay correct without
 * telling each other anything. On the embedded database the write epoch spares even that query
 * while nothing has been written since the version was read (db/write-epoch.ts): nothing of the rider
 * whose data the answer is, named by the key's first `|`-separated part (every key starts with the
 * owner's id), and nothing unattributed. Concurrent misses
 * of one key and version share one computation. Bounded: the oldest entry goes first.
 */
export class VersionedCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly computing = new Map<string, Promise<T>>();

  constructor(
    private readonly maxEntries: number,
    private readonly writes: WriteEpoch,
  ) {}

  async get(key: string, version: () => Promise<string>, compute: () => Promise<T>): Promise<T> {
    const stamp = this.writes.stamp(ownerOf(key));
    const hit = this.entries.get(key);
    if (hit && stamp !== undefined && hit.checkedAt === stamp) return hit.value;
    const current = await version();
    if (hit && hit.version === current) {
      hit.checkedAt = stamp;
      return hit.value;
    }
    const job = `${key}\u0000${current}`;
    let pending = this.computing.get(job);
    if (!pending) {
      pending = compute().finally(() => this.computing.delete(job));
      this.computing.set(job, pending);
    }
    const value = await pending;
    setBounded(this.entries, key, { version: current, checkedAt: stamp, value }, this.maxEntries);
    return value;
  }
}

/** The rider whose data a key's answer is: the key's first `|`-separated part. */
function ownerOf(key: string): string {
  const bar = key.indexOf('|');
  return bar < 0 ? key : key.slice(0, bar);
}
