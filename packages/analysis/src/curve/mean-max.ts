import type { PowerStreams } from '../power/power-summary.ts';

/** A per-ride (or merged) power-duration curve on Vatio's fixed duration grid. */
export interface MeanMaxCurve {
  readonly durationsS: readonly number[];
  readonly powerW: readonly number[];
}

/**
 * How efforts treat gaps:
 * - `join`: the recorded seconds are laid end to end, so auto-pauses at traffic lights do not cut a
 *   60-min effort in pieces (the pause itself never counts, neither as time nor as zeros);
 * - `split`: an effort must lie between two gaps.
 */
export type GapPolicy = 'join' | 'split';

/** Every duration from 1 s up to here is on the grid. */
export const EXACT_GRID_UP_TO_S = 1200;
/** Above `EXACT_GRID_UP_TO_S` the grid is logarithmic with this many points per decade. */
export const LOG_GRID_POINTS_PER_DECADE = 100;

/**
 * Vatio's duration grid up to `maxDurationS`: 1…1200 s every second, then
 * round(1200 · 10^(k/100)) s. The grid is the same for every ride, so curves merge pointwise.
 */
export function meanMaxDurationsS(maxDurationS: number): number[] {
  const out: number[] = [];
  const exactTop = Math.min(EXACT_GRID_UP_TO_S, Math.floor(maxDurationS));
  for (let d = 1; d <= exactTop; d++) out.push(d);
  for (let k = 1; ; k++) {
    const d = Math.round(EXACT_GRID_UP_TO_S * 10 ** (k / LOG_GRID_POINTS_PER_DECADE));
    if (d > maxDurationS) break;
    if (d > (out[out.length - 1] ?? 0)) out.push(d);
  }
  return out;
}

interface EffortSeries {
  /** Prefix sums of usable power: prefix[j] = Σ power of the first j usable seconds. */
  prefix: Float64Array;
  /** Timeline index of each usable second. */
  index: Int32Array;
  /** Runs of usable seconds an effort may span, as [from, to) pairs of prefix positions. */
  runs: Int32Array;
  longestS: number;
  /** No usable second is below 0 W (always so for power meters): enables `bestSums`' pruning. */
  nonNegative: boolean;
}

function effortSeries(streams: PowerStreams, gaps: GapPolicy): EffortSeries | undefined {
  const power = streams.powerW;
  if (power === undefined) return undefined;
  const n = power.length;
  const prefix = new Float64Array(n + 1);
  const index = new Int32Array(n);
  const runs: number[] = [];
  let m = 0;
  let previous = -2;
  let nonNegative = true;
  for (let i = 0; i < n; i++) {
    const p = power[i]!;
    if (streams.gapMask[i] !== 0 || !Number.isFinite(p)) continue;
    if (gaps === 'split' && i !== previous + 1 && m > 0) runs.push(m);
    if (runs.length === 0 || (gaps === 'split' && i !== previous + 1)) runs.push(m);
    if (p < 0) nonNegative = false;
    prefix[m + 1] = prefix[m]! + p;
    index[m] = i;
    previous = i;
    m++;
  }
  if (m === 0) return undefined;
  runs.push(m);
  let longest = 0;
  for (let r = 0; r < runs.length; r += 2) longest = Math.max(longest, runs[r + 1]! - runs[r]!);
  return {
    prefix: prefix.subarray(0, m + 1),
    index: index.subarray(0, m),
    runs: Int32Array.from(runs),
    longestS: longest,
    nonNegative,
  };
}

/**
 * Best window sums for increasing durations, exact, with pruning. Power is never negative, so the
 * prefix sums never decrease and every window of `d` seconds starting in a block of starts `[a, b]`
 * sums to at most `prefix[b + d] − prefix[a]` (the window of `d + b − a` seconds covering them all).
 * A block whose bound cannot beat the best sum found so far is skipped whole. The search is seeded with
 * the window at the previous duration's best start, which is almost always at or next to the answer.
 *
 * Two levels of blocks: coarse ones sized from how far the seed stands above the ride's average (a
 * steep curve prunes wide blocks; a flat one, as at 20 min, needs narrow ones), then blocks of at
 * most 8 starts inside the coarse blocks that survive, then a scan of the starts in the fine blocks
 * that survive. A 4-hour ride: about 0.6 M window reads for the whole grid instead of 17 M.
 * With negative values (never from a power meter, but the function is public) the bound does not
 * hold, and every start is scanned.
 */
function bestSums(series: EffortSeries, durationsS: readonly number[]): Float64Array {
  const { prefix, runs, nonNegative } = series;
  const out = new Float64Array(durationsS.length).fill(Number.NEGATIVE_INFINITY);
  const usable = prefix.length - 1;
  const averageW = usable > 0 ? prefix[usable]! / usable : 0;
  for (let r = 0; r < runs.length; r += 2) {
    const lo = runs[r]!;
    const hi = runs[r + 1]!;
    let hint = lo;
    for (let k = 0; k < durationsS.length; k++) {
      const d = durationsS[k]!;
      const lastStart = hi - d;
      if (lastStart < lo) break;
      let bestStart = hint < lastStart ? hint : lastStart;
      let best = prefix[bestStart + d]! - prefix[bestStart]!;
      if (!nonNegative) {
        for (let s = lo; s <= lastStart; s++) {
          const sum = prefix[s + d]! - prefix[s]!;
          if (sum > best) best = sum;
        }
        if (best > out[k]!) out[k] = best;
        continue;
      }
      const fine = Math.max(1, Math.min(8, d >> 3));
      const slack = best / (d * averageW) - 1;
      const coarse = slack > 0 ? Math.max(fine, Math.min(d >> 1, Math.floor(d * slack * 0.5))) : fine;
      for (let a = lo; a <= lastStart; a += coarse) {
        let b = a + coarse - 1;
        if (b > lastStart) b = lastStart;
        if (prefix[b + d]! - prefix[a]! <= best) continue;
        for (let a2 = a; a2 <= b; a2 += fine) {
          let b2 = a2 + fine - 1;
          if (b2 > b) b2 = b;
          if (prefix[b2 + d]! - prefix[a2]! <= best) continue;
          for (let s = a2; s <= b2; s++) {
            const sum = prefix[s + d]! - prefix[s]!;
            if (sum > best) {
              best = sum;
              bestStart = s;
            }
          }
        }
      }
      hint = bestStart;
      if (best > out[k]!) out[k] = best;
    }
  }
  return out;
}

/**
 * Mean-maximal power curve: for every grid duration up to the longest possible effort, the exact best
 * average power over that many consecutive seconds (prefix sums with pruned scans; see `bestSums`). Seconds without power (gaps, dropouts) never count as zeros;
 * see `GapPolicy`. Where each effort lies: `bestAveragePowerW`.
 * Source: GoldenCheetah `PeakPower.cpp` / `RideFileCache` (mean-maximal power), Sauce `sauce.peaks`.
 *
 * The exact curve is not always non-increasing: for 2, 0, 2, 0 W the best 2-s average is 1 W but
 * the best 3-s average is 1.33 W. Only multiples are ordered (best(k·d) ≤ best(d)), because a k·d
 * window splits into k windows of d. `nonIncreasingEnvelope` gives the monotone "held for at least
 * d seconds" curve that charts and models want.
 */
export function meanMaxCurve(streams: PowerStreams, options: { gaps: GapPolicy }): MeanMaxCurve | undefined {
  const series = effortSeries(streams, options.gaps);
  if (series === undefined) return undefined;
  const durationsS = meanMaxDurationsS(series.longestS);
  const sums = bestSums(series, durationsS);
  return { durationsS, powerW: durationsS.map((d, k) => sums[k]! / d) };
}

/** Best average power over exactly `durationS` seconds (any duration, not only grid ones), and where. */
export function bestAveragePowerW(
  streams: PowerStreams,
  durationS: number,
  options: { gaps: GapPolicy },
): { powerW: number; startS: number } | undefined {
  if (!(Number.isInteger(durationS) && durationS >= 1))
    throw new RangeError('durationS must be a positive integer');
  const series = effortSeries(streams, options.gaps);
  if (series === undefined || durationS > series.longestS) return undefined;
  const { prefix, runs, index } = series;
  let bestSum = Number.NEGATIVE_INFINITY;
  let bestAt = 0;
  for (let r = 0; r < runs.length; r += 2) {
    for (let e = runs[r]! + durationS; e <= runs[r + 1]!; e++) {
      const sum = prefix[e]! - prefix[e - durationS]!;
      if (sum > bestSum) {
        bestSum = sum;
        bestAt = e - durationS;
      }
    }
  }
  return { powerW: bestSum / durationS, startS: index[bestAt]! };
}

/** Power of a curve at exactly `durationS`, when that duration is on it. */
export function curvePowerAtW(curve: MeanMaxCurve, durationS: number): number | undefined {
  let lo = 0;
  let hi = curve.durationsS.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const d = curve.durationsS[mid]!;
    if (d === durationS) return curve.powerW[mid];
    if (d < durationS) lo = mid + 1;
    else hi = mid - 1;
  }
  return undefined;
}

/**
 * The best power held for *at least* each duration: `max(best(d') for d' ≥ d)`, carried back from
 * the long end. Non-increasing by construction; equal to the exact curve wherever that one already is.
 * `fromIndex[k]` is the point whose effort gives point k, to look up its start time or source.
 */
export function nonIncreasingEnvelope(curve: MeanMaxCurve): MeanMaxCurve & { readonly fromIndex: number[] } {
  const powerW = [...curve.powerW];
  const fromIndex = powerW.map((_, k) => k);
  for (let k = powerW.length - 2; k >= 0; k--) {
    if (powerW[k + 1]! > powerW[k]!) {
      powerW[k] = powerW[k + 1]!;
      fromIndex[k] = fromIndex[k + 1]!;
    }
  }
  return { durationsS: curve.durationsS, powerW, fromIndex };
}
