/**
 * What a segment's efforts say together: the best (fastest), the trend of the latest against the
 * ones before, how consistent they are, and whether the latest is a personal best.
 */

export interface EffortTime {
  readonly elapsedS: number;
  readonly averagePowerW: number | null;
}

/** A change of the mean time under 2 % is stable (spec 001 §4). */
export const TREND_STABLE_RATIO = 0.02;
/** Efforts on each side of the trend comparison. */
export const TREND_WINDOW = 3;

export type SegmentTrend = 'improving' | 'declining' | 'stable';

/** Index of the fastest effort (the first of equal times), or -1 for none. */
export function bestEffortIndex(efforts: readonly EffortTime[]): number {
  let best = -1;
  efforts.forEach((e, i) => {
    if (best < 0 || e.elapsedS < efforts[best]!.elapsedS) best = i;
  });
  return best;
}

/**
 * Relative performance of each effort, oldest first: the best time before it over its own time (> 1
 * means faster than every earlier effort: a personal best); 1 for the first.
 */
export function relativePerformance(efforts: readonly EffortTime[]): number[] {
  let bestS = Number.POSITIVE_INFINITY;
  return efforts.map((e) => {
    const r = Number.isFinite(bestS) ? bestS / e.elapsedS : 1;
    bestS = Math.min(bestS, e.elapsedS);
    return r;
  });
}

/**
 * Trend, oldest first: the mean time of the latest TREND_WINDOW efforts against the TREND_WINDOW
 * before them (fewer when fewer exist); faster by 2 % or more is improving, slower declining.
 */
export function segmentTrend(efforts: readonly EffortTime[]): SegmentTrend {
  if (efforts.length < 2) return 'stable';
  const n = Math.min(TREND_WINDOW, Math.floor(efforts.length / 2));
  const mean = (xs: readonly EffortTime[]) => xs.reduce((a, e) => a + e.elapsedS, 0) / xs.length;
  const recent = mean(efforts.slice(-n));
  const before = mean(efforts.slice(-2 * n, -n));
  const change = (recent - before) / before;
  if (change <= -TREND_STABLE_RATIO) return 'improving';
  if (change >= TREND_STABLE_RATIO) return 'declining';
  return 'stable';
}

/**
 * Consistency of the efforts' times, % (Vatio's score): 100 × (1 − coefficient of variation), so
 * identical times score 100 and times spread by a fifth of their mean score 80; undefined below 2.
 */
export function consistencyPct(efforts: readonly EffortTime[]): number | undefined {
  if (efforts.length < 2) return undefined;
  const mean = efforts.reduce((a, e) => a + e.elapsedS, 0) / efforts.length;
  const variance = efforts.reduce((a, e) => a + (e.elapsedS - mean) ** 2, 0) / (efforts.length - 1);
  return Math.max(0, 100 * (1 - Math.sqrt(variance) / mean));
}
