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

/** A second's gradient class as its index in `GRADIENT_CLASSES`; `NO_CLASS` where it has none. */
const NO_CLASS = 255;
const CLIMBING = GRADIENT_CLASSES.indexOf('climbing');
const FLAT = GRADIENT_CLASSES.indexOf('flat');
const DESCENDING = GRADIENT_CLASSES.indexOf('descending');

/**
 * The gradient class of each second, as a code (index in `GRADIENT_CLASSES`): rise over road distance
 * between `t − 15 s` and `t + 15 s` (a centred difference, both ends recorded), or `NO_CLASS` where
 * altitude or distance is missing or the rider covered under 40 m. The channel's own altitude
 * (barometric or GPS, as the file gave it). A byte array (issue 28: an array of strings, compared
 * three times a second, was most of `powerCurvesByGradient`'s cost besides its windows).
 */
function gradientClassCodes(
  streams: Pick<ActivityStreams, 'altitudeM' | 'distanceM' | 'gapMask'>,
): Uint8Array | undefined {
  const alt = streams.altitudeM;
  const dist = streams.distanceM;
  if (!alt || !dist) return undefined;
  const n = alt.length;
  const out = new Uint8Array(n).fill(NO_CLASS);
  let any = false;
  for (let i = 0; i < n; i++) {
    const a = Math.max(0, i - GRADE_HALF_WINDOW_S);
    const b = Math.min(n - 1, i + GRADE_HALF_WINDOW_S);
    const run = dist[b]! - dist[a]!;
    const rise = alt[b]! - alt[a]!;
    if (!(run >= GRADE_MIN_DISTANCE_M) || !Number.isFinite(rise)) continue;
    const gradePct = (100 * rise) / run;
    out[i] = gradePct > CLIMBING_GRADE_PCT ? CLIMBING : gradePct < DESCENDING_GRADE_PCT ? DESCENDING : FLAT;
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
  const classes = gradientClassCodes(streams);
  if (!classes) return undefined;
  const n = power.length;
  // One prefix sum of power along the ride; each class's runs of consecutive seconds on it, [start,
  // end) pairs, all found in one pass.
  const prefix = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) prefix[i + 1] = prefix[i]! + (Number.isFinite(power[i]!) ? power[i]! : 0);
  const runsOf: number[][] = GRADIENT_CLASSES.map(() => []);
  const timeOf = GRADIENT_CLASSES.map(() => 0);
  const none = NO_CLASS;
  const gapMask = streams.gapMask;
  let open = none;
  let start = 0;
  for (let i = 0; i <= n; i++) {
    const cls = i < n && gapMask[i] === 0 && Number.isFinite(power[i]!) ? classes[i]! : none;
    if (cls !== open) {
      if (open !== none) runsOf[open]!.push(start, i);
      start = i;
      open = cls;
    }
    if (cls !== none) timeOf[cls]!++;
  }
  const out = {} as GradientCurves;
  GRADIENT_CLASSES.forEach((cls, k) => {
    const runs = runsOf[k]!;
    // Ten durations, not the whole mean-max grid: a sliding window inside each run.
    out[cls] = {
      timeS: timeOf[k]!,
      powerW: GRADIENT_CURVE_DURATIONS_S.map((d) => {
        let best = -1;
        for (let r = 0; r < runs.length; r += 2) {
          const b = runs[r + 1]!;
          for (let e = runs[r]! + d; e <= b; e++) {
            const sum = prefix[e]! - prefix[e - d]!;
            if (sum > best) best = sum;
          }
        }
        return best < 0 ? null : best / d;
      }),
    };
  });
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
