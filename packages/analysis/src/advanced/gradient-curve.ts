import { curvePowerAtW, meanMaxCurve } from '../curve/mean-max.ts';
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
 * the `split` policy), so a 5-min "climbing" best is five minutes above 4 %.
 */
export function powerCurvesByGradient(streams: ActivityStreams): GradientCurves | undefined {
  const power = streams.powerW;
  if (!power) return undefined;
  const classes = gradientClasses(streams);
  if (!classes) return undefined;
  const out = {} as GradientCurves;
  for (const cls of GRADIENT_CLASSES) {
    const gapMask = new Uint8Array(power.length);
    let timeS = 0;
    for (let i = 0; i < power.length; i++) {
      const inClass = streams.gapMask[i] === 0 && classes[i] === cls && Number.isFinite(power[i]!);
      gapMask[i] = inClass ? 0 : 1;
      if (inClass) timeS++;
    }
    const curve = timeS > 0 ? meanMaxCurve({ powerW: power, gapMask }, { gaps: 'split' }) : undefined;
    out[cls] = {
      timeS,
      powerW: GRADIENT_CURVE_DURATIONS_S.map((d) => {
        const w = curve ? curvePowerAtW(curve, d) : undefined;
        return w === undefined ? null : w;
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
