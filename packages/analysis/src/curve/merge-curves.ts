import { type MeanMaxCurve, meanMaxDurationsS } from './mean-max.ts';

/** A curve that remembers which ride (or date, or anything the caller chooses) gave each point. */
export interface AttributedCurve<Source> extends MeanMaxCurve {
  readonly source: readonly Source[];
}

/** Tags every point of a ride's curve with the ride. */
export function attributeCurve<Source>(curve: MeanMaxCurve, source: Source): AttributedCurve<Source> {
  return { durationsS: curve.durationsS, powerW: curve.powerW, source: curve.durationsS.map(() => source) };
}

/**
 * Pointwise maximum over the union of durations, keeping the source of the
 * winning point (on a tie the curve earlier in the list wins). A merged curve can be merged again, so
 * an all-time curve is updated incrementally from per-ride results.
 * Durations only some curves have keep the best of those that have them, so the result can rise with
 * duration: for a rider's best curve use `mergeBestCurves`.
 */
export function mergeCurves<Source>(curves: ReadonlyArray<AttributedCurve<Source>>): AttributedCurve<Source> {
  const best = new Map<number, { powerW: number; source: Source }>();
  for (const curve of curves) {
    for (let k = 0; k < curve.durationsS.length; k++) {
      const d = curve.durationsS[k]!;
      const p = curve.powerW[k]!;
      const current = best.get(d);
      if (current === undefined || p > current.powerW) best.set(d, { powerW: p, source: curve.source[k]! });
    }
  }
  const durationsS = [...best.keys()].sort((a, b) => a - b);
  const powerW = durationsS.map((d) => best.get(d)!.powerW);
  const source = durationsS.map((d) => best.get(d)!.source);
  return { durationsS, powerW, source };
}

/**
 * `mergeCurves` without the sources: the pointwise best over the union of durations of stored
 * curves (a period's rides, for the FTP trend and the improvement of the predictive and advanced
 * analyses), or undefined when there are none. Same values as `mergeCurves`, without building a
 * source per point.
 */
export function bestOfCurves(curves: ReadonlyArray<MeanMaxCurve>): MeanMaxCurve | undefined {
  if (curves.length === 0) return undefined;
  const best = new Map<number, number>();
  for (const curve of curves) {
    for (let k = 0; k < curve.durationsS.length; k++) {
      const d = curve.durationsS[k]!;
      const p = curve.powerW[k]!;
      const current = best.get(d);
      if (current === undefined || p > current) best.set(d, p);
    }
  }
  const durationsS = [...best.keys()].sort((a, b) => a - b);
  return { durationsS, powerW: durationsS.map((d) => best.get(d)!) };
}

/**
 * A rider's best curve over a set of rides (a range, all time): on the shared duration grid
 * (`meanMaxDurationsS`, every standard duration included) up to the longest ride, the value at d is
 * the best power any ride held for at least d seconds, max over rides and over d' ≥ d of its point at
 * d'. Non-increasing by construction (a rider who held 402 W for 119 s also held at least that for
 * 113 s), and each point keeps the ride that set it (on a tie, the curve earlier in the list).
 * Curves stored on another grid (an older analysis) merge too: each counts at the grid points it
 * reaches. The result is on the grid and merges again: `mergeBestCurves([merged, ride])` equals
 * merging every ride at once, so an all-time curve is kept up to date ride by ride.
 * Source: GoldenCheetah's CP chart "bests" (`RideFileCache::meanMaxPowerFor` over a date range),
 * Coggan's power profile (the standard durations).
 */
export function mergeBestCurves<Source>(
  curves: ReadonlyArray<AttributedCurve<Source>>,
): AttributedCurve<Source> {
  let longestS = 0;
  for (const curve of curves) {
    const last = curve.durationsS[curve.durationsS.length - 1];
    if (last !== undefined && last > longestS) longestS = last;
  }
  const durationsS = meanMaxDurationsS(longestS);
  const powerW = new Array<number>(durationsS.length).fill(Number.NEGATIVE_INFINITY);
  const source = new Array<Source | undefined>(durationsS.length).fill(undefined);
  for (const curve of curves) {
    // Walk both from the long end, carrying this curve's best at or beyond each grid duration.
    let k = curve.durationsS.length - 1;
    let heldW = Number.NEGATIVE_INFINITY;
    let heldSource: Source | undefined;
    for (let g = durationsS.length - 1; g >= 0; g--) {
      const d = durationsS[g]!;
      while (k >= 0 && curve.durationsS[k]! >= d) {
        const p = curve.powerW[k]!;
        if (p > heldW) {
          heldW = p;
          heldSource = curve.source[k];
        }
        k--;
      }
      if (heldW > powerW[g]!) {
        powerW[g] = heldW;
        source[g] = heldSource;
      }
    }
  }
  // Grid points no curve reaches cannot occur (the grid ends at the longest curve's last duration),
  // except for curves with no points at all.
  const keep = durationsS.map((_, g) => source[g] !== undefined || powerW[g]! > Number.NEGATIVE_INFINITY);
  return {
    durationsS: durationsS.filter((_, g) => keep[g]),
    powerW: powerW.filter((_, g) => keep[g]),
    source: source.filter((_, g) => keep[g]) as Source[],
  };
}
