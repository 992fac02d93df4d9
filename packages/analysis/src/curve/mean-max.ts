import type { PowerStreams } from '../power/power-summary.ts';

/** A per-ride (or merged) power-duration curve on Vatio's fixed duration grid. */
export interface MeanMaxCurve {
  readonly durationsS: readonly number[];
  readonly powerW: readonly number[];
}

/**
 * How efforts treat gaps (paused seconds and seconds without a power value):
 * - `zero`: a best effort is continuous riding. A stop counts as 0 W for as long as it lasts, so a
 *   20-min best cannot join the riding either side of a café stop; a missing stretch of at most
 *   `DROPOUT_BRIDGE_MAX_S` seconds is a sensor dropout, bridged by a straight line between the powers
 *   either side. Seconds before the first and after the last power value are not part of the ride.
 *   This is what GoldenCheetah (`RideFileCache`, after its "Fix Gaps in Recording" step) and
 *   sports-lib do, and what Vatio stores;
 * - `join`: the recorded seconds are laid end to end (the pause itself never counts, neither as time
 *   nor as zeros), which reads efforts across stops as if they were continuous;
 * - `split`: an effort must lie between two gaps.
 */
export type GapPolicy = 'zero' | 'join' | 'split';

/**
 * Longest missing stretch (s) the `zero` policy bridges instead of counting as a stop: 5 s, the hole
 * the decoders already fill for 1 Hz recordings (`defaultMaxFillS` in @vatio/formats). A stretch that
 * short is an ANT+/BLE dropout or an auto-pause flicker at a junction, not a rest; bridging it moves a
 * 20-min mean by at most 5/1200 of the difference between the bridge and zero (< 0.5 %), while
 * counting it as 0 W would let one radio hiccup cost a 1-min best up to 8 %.
 */
export const DROPOUT_BRIDGE_MAX_S = 5;

/** Every duration from 1 s up to here is on the grid. */
export const EXACT_GRID_UP_TO_S = 60;
/** Above `EXACT_GRID_UP_TO_S` the grid is logarithmic with this many points per decade (4.7 % steps). */
export const LOG_GRID_POINTS_PER_DECADE = 50;
/**
 * Durations riders and coaches read off a curve (1, 5, 10, 15, 30 s; 1, 2, 3, 5, 8, 10, 12, 15, 20,
 * 30, 40, 60, 90, 120, 180, 240 min): always on the grid when the ride is that long.
 */
export const STANDARD_DURATIONS_S: readonly number[] = [
  1, 5, 10, 15, 30, 60, 120, 180, 300, 480, 600, 720, 900, 1200, 1800, 2400, 3600, 5400, 7200, 10_800, 14_400,
];

/**
 * Vatio's duration grid up to `maxDurationS`: every second to 1 min, then
 * round(60 · 10^(k/50)) s, with every standard duration (`STANDARD_DURATIONS_S`) added. The grid is
 * the same for every ride (a shorter ride's grid is the start of a longer one's), so curves merge
 * pointwise.
 */
export function meanMaxDurationsS(maxDurationS: number): number[] {
  const grid = new Set<number>();
  const exactTop = Math.min(EXACT_GRID_UP_TO_S, Math.floor(maxDurationS));
  for (let d = 1; d <= exactTop; d++) grid.add(d);
  for (let k = 1; ; k++) {
    const d = Math.round(EXACT_GRID_UP_TO_S * 10 ** (k / LOG_GRID_POINTS_PER_DECADE));
    if (d > maxDurationS) break;
    grid.add(d);
  }
  for (const d of STANDARD_DURATIONS_S) if (d <= maxDurationS) grid.add(d);
  return [...grid].sort((a, b) => a - b);
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
  if (gaps === 'zero') return continuousSeries(streams);
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
 * The `zero` policy's series: every second from the first power value to the last, stops as 0 W and
 * missing stretches of at most `DROPOUT_BRIDGE_MAX_S` seconds bridged linearly. One run.
 */
function continuousSeries(streams: PowerStreams): EffortSeries | undefined {
  const power = streams.powerW;
  if (power === undefined) return undefined;
  const usable = (i: number) => streams.gapMask[i] === 0 && Number.isFinite(power[i]!);
  let first = 0;
  while (first < power.length && !usable(first)) first++;
  if (first === power.length) return undefined;
  let last = power.length - 1;
  while (!usable(last)) last--;
  const m = last - first + 1;
  const prefix = new Float64Array(m + 1);
  const index = new Int32Array(m);
  let nonNegative = true;
  let i = first;
  while (i <= last) {
    if (usable(i)) {
      const p = power[i]!;
      if (p < 0) nonNegative = false;
      prefix[i - first + 1] = prefix[i - first]! + p;
      index[i - first] = i;
      i++;
      continue;
    }
    // A missing stretch [i, end): both ends are usable seconds, since first and last are.
    let end = i;
    while (!usable(end)) end++;
    const length = end - i;
    const before = power[i - 1]!;
    const after = power[end]!;
    for (let j = i; j < end; j++) {
      const p = length <= DROPOUT_BRIDGE_MAX_S ? before + ((after - before) * (j - i + 1)) / (length + 1) : 0;
      prefix[j - first + 1] = prefix[j - first]! + p;
      index[j - first] = j;
    }
    i = end;
  }
  return { prefix, index, runs: Int32Array.from([0, m]), longestS: m, nonNegative };
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
 * average power over that many consecutive seconds (prefix sums with pruned scans; see `bestSums`).
 * Stops, dropouts and pauses as `GapPolicy` says (Vatio stores `zero`: stops count as 0 W). Where each effort lies: `bestAveragePowerW`.
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
