/** Timing helpers for `npm run bench`: wall-clock samples after warm-up, median and p95. Never asserts. */

export interface Timing {
  label: string;
  samplesMs: number[];
  medianMs: number;
  p95Ms: number;
}

export interface TimeOptions {
  warmup: number;
  runs: number;
}

function quantile(sorted: readonly number[], q: number): number {
  // Nearest-rank quantile: the smallest sample with at least q of the samples at or below it.
  const rank = Math.max(1, Math.ceil(q * sorted.length));
  return sorted[Math.min(sorted.length, rank) - 1] ?? Number.NaN;
}

export function summarize(label: string, samplesMs: number[]): Timing {
  const sorted = [...samplesMs].sort((a, b) => a - b);
  return { label, samplesMs, medianMs: quantile(sorted, 0.5), p95Ms: quantile(sorted, 0.95) };
}

/** Runs `fn` `warmup` times untimed, then `runs` times timed; `fn`'s result is kept alive in a sink. */
export function timeSync(label: string, fn: () => unknown, { warmup, runs }: TimeOptions): Timing {
  const sink: unknown[] = [];
  for (let i = 0; i < warmup; i++) sink[0] = fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    sink[0] = fn();
    samples.push(performance.now() - t0);
  }
  return summarize(label, samples);
}

export async function timeAsync(
  label: string,
  fn: () => Promise<unknown>,
  { warmup, runs }: TimeOptions,
): Promise<Timing> {
  const sink: unknown[] = [];
  for (let i = 0; i < warmup; i++) sink[0] = await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    sink[0] = await fn();
    samples.push(performance.now() - t0);
  }
  return summarize(label, samples);
}
