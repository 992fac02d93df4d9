/**
 * Answers kept per key until the data behind them changes: each entry remembers the version it was
 * computed from (a cheap query of the database), so several server processes stay correct without
 * telling each other anything. Bounded: the oldest entry goes first.
 */
export class VersionedCache<T> {
  private readonly entries = new Map<string, { version: string; value: T }>();

  constructor(private readonly maxEntries: number) {}

  async get(key: string, version: string, compute: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && hit.version === version) return hit.value;
    const value = await compute();
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { version, value });
    return value;
  }
}
