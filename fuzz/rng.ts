import { createRng } from '@vatio/formats';

/**
 * The fuzzer's seeded PRNG (mulberry32, as the synthetic rides use): one seed and one input index give
 * the same bytes on every machine, so a failure is reproduced from "seed S, index I" alone.
 */
export class Rng {
  private readonly draw: () => number;

  constructor(seed: number) {
    this.draw = createRng(seed);
  }

  /** A generator of its own for input `index` of a run: inputs do not depend on the ones before. */
  static forInput(seed: number, format: string, index: number): Rng {
    let h = (seed ^ 0x9e3779b9) >>> 0;
    for (const c of `${format}:${index}`) h = Math.imul(h ^ c.charCodeAt(0), 0x01000193) >>> 0;
    return new Rng(h);
  }

  next(): number {
    return this.draw();
  }

  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * Math.max(1, n));
  }

  /** An integer in [min, max]. */
  range(min: number, max: number): number {
    return min + this.int(max - min + 1);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[this.int(items.length)] as T;
  }

  bytes(n: number): Uint8Array {
    const out = new Uint8Array(n);
    for (let i = 0; i < n; i++) out[i] = this.int(256);
    return out;
  }
}
