import type { ActivityStreams } from '../streams/activity-streams.ts';

/**
 * Gradient classes of the power curve split by terrain (issue 14): climbing above 4 % (where the
 * climb detector and most coaches start calling it a climb), descending below −2 %, flat in between.
 */
export const CLIMBING_GRADE_PCT = 4;
export const DESCENDING_GRADE_PCT = -2;
/** Half of the window the gradient is measured over, s: altitude noise over a few metres is ±0.5 m. */
export const GRADE_HALF_WINDOW_S = 15;
/** Shortest road the gradient is measured over, m: under it (stops, slow hairpins) no class. */
export const GRADE_MIN_DISTANCE_M = 40;
/** Durations of the gradient curves, s. */
export const GRADIENT_CURVE_DURATIONS_S = [5, 15, 30, 60, 120, 300, 600, 1200, 1800, 3600] as const;

export type GradientClass = 'climbing' | 'flat' | 'descending';
export const GRADIENT_CLASSES: readonly GradientClass[] = ['climbing', 'flat', 'descending'];

/**
 * The gradient class of each second: rise over road distance between `t − 15 s` and `t + 15 s`
 * (a centred difference, both ends recorded), or undefined where altitude or distance is missing or
 * the rider covered under 40 m. The channel's own altitude (barometric or GPS, as the file gave it).
 */
export function gradientClasses(
  streams: Pick<ActivityStreams, 'altitudeM' | 'distanceM' | 'gapMask'>,
): Array<GradientClass | undefined> | undefined {
  const alt = streams.altitudeM;
  const dist = streams.distanceM;
  if (!alt || !dist) return undefined;
  const n = alt.length;
  const out = new Array<GradientClass | undefined>(n).fill(undefined);
  let any = false;
  for (let i = 0; i < n; i++) {
    const a = Math.max(0, i - GRADE_HALF_WINDOW_S);
    const b = Math.min(n - 1, i + GRADE_HALF_WINDOW_S);
    const run = dist[b]! - dist[a]!;
    const rise = alt[b]! - alt[a]!;
    if (!(run >= GRADE_MIN_DISTANCE_M) || !Number.isFinite(rise)) continue;
    const gradePct = (100 * rise) / run;
    out[i] =
      gradePct > CLIMBING_GRADE_PCT ? 'climbing' : gradePct < DESCENDING_GRADE_PCT ? 'descending' : 'flat';
    any = true;
  }
  return any ? out : undefined;
}

export type GradientCurves = Record<GradientClass, { timeS: number; powerW: Array<number | null> }>;

/**
 * Best power at each of `GRADIENT_CURVE_DURATIONS_S` held entirely on one class of terrain: the
 * seconds of the other classes become gaps and an effort must lie between two gaps (mean-max with
 * the `split` policy of `meanMaxCurve`, for ten durations), so a 5-min "climbing" best is five minutes above 4 %.
 */
export function powerCurvesByGradient(streams: ActivityStreams): GradientCurves | undefined {
  const power = streams.powerW;
  if (!power) return undefined;
  const classes = gradientClasses(streams);
  if (!classes) return undefined;
  const n = power.length;
  // One prefix sum of power along the ride; each class's runs of consecutive seconds on it.
  const prefix = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) prefix[i + 1] = prefix[i]! + (Number.isFinite(power[i]!) ? power[i]! : 0);
  const out = {} as GradientCurves;
  for (const cls of GRADIENT_CLASSES) {
    const runs: Array<[number, number]> = [];
    let timeS = 0;
    let start = -1;
    for (let i = 0; i <= n; i++) {
      const inClass = i < n && streams.gapMask[i] === 0 && classes[i] === cls && Number.isFinite(power[i]!);
      if (inClass) {
        timeS++;
        if (start < 0) start = i;
      } else if (start >= 0) {
        runs.push([start, i]);
        start = -1;
      }
    }
    // Ten durations, not the whole mean-max grid: a sliding window inside each run.
    out[cls] = {
      timeS,
      powerW: GRADIENT_CURVE_DURATIONS_S.map((d) => {
        let best = -1;
        for (const [a, b] of runs)
          for (let e = a + d; e <= b; e++) {
            const sum = prefix[e]! - prefix[e - d]!;
            if (sum > best) best = sum;
          }
        return best < 0 ? null : best / d;
      }),
    };
  }
  return out;
}

/** The best of several rides' gradient curves, duration by duration; time on each class summed. */
export function mergeGradientCurves(curves: readonly GradientCurves[]): GradientCurves | undefined {
  if (curves.length === 0) return undefined;
  const out = {} as GradientCurves;
  for (const cls of GRADIENT_CLASSES) {
    const powerW: Array<number | null> = GRADIENT_CURVE_DURATIONS_S.map(() => null);
    let timeS = 0;
    for (const c of curves) {
      timeS += c[cls].timeS;
      c[cls].powerW.forEach((w, k) => {
        if (w !== null && (powerW[k] === null || w > powerW[k]!)) powerW[k] = w;
      });
    }
    out[cls] = { timeS, powerW };
  }
  return out;
}
