import type { MeanMaxCurve } from './mean-max.ts';

/** A curve that remembers which ride (or date, or anything the caller chooses) gave each point. */
export interface AttributedCurve<Source> extends MeanMaxCurve {
  readonly source: readonly Source[];
}

/** Tags every point of a ride's curve with the ride. */
export function attributeCurve<Source>(curve: MeanMaxCurve, source: Source): AttributedCurve<Source> {
  return { durationsS: curve.durationsS, powerW: curve.powerW, source: curve.durationsS.map(() => source) };
}

/**
 * Range or all-time curve: pointwise maximum over the union of durations, keeping the source of the
 * winning point (on a tie the curve earlier in the list wins). A merged curve can be merged again, so
 * an all-time curve is updated incrementally from per-ride results.
 * Durations only some curves have keep the best of those that have them; for a monotone chart apply
 * `nonIncreasingEnvelope` afterwards.
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
