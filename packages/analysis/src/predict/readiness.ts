import { ATL_TIME_CONSTANT_DAYS, CTL_TIME_CONSTANT_DAYS } from '../load/performance-management.ts';

/**
 * Days between FTP tests: 28. Retesting every 4–6 weeks is common coaching advice (TrainingPeaks'
 * and Allen & Coggan's test protocols), and the spec's own fallback test date (spec 001 §9) is 28
 * days out; Vatio takes the lower end.
 */
export const RETEST_INTERVAL_DAYS = 28;

/** TSB a test day should start with: fresh, carrying no net fatigue (spec 001 §4: above −10 is neutral). */
export const TEST_TSB_TARGET = 0;

export type TestTimingReason = 'ready' | 'needs-freshness' | 'recent-maximal-effort' | 'no-maximal-effort';

/**
 * Days until an FTP test makes sense, from form and the age of the last maximal effort:
 * - fresh: the first day d ≥ 0 whose TSB, resting from tomorrow, reaches TEST_TSB_TARGET:
 *   TSB₀ = today's TSB; TSB_d = CTL·e^(−(d−1)/42) − ATL·e^(−(d−1)/7) for d ≥ 1 (always reached,
 *   since ATL decays faster than CTL; capped at 60);
 * - due: RETEST_INTERVAL_DAYS after the last maximal effort (0 without one: a test is what is missing);
 * - days to test = the later of the two.
 * Replaces the spec's fixed '14'.
 */
export function daysToTest(input: {
  ctl: number;
  atl: number;
  /** Today's TSB (yesterday's CTL − ATL). */
  tsbToday: number;
  lastMaximalEffortAgeDays: number | undefined;
}): { days: number; reason: TestTimingReason; freshInDays: number; dueInDays: number } {
  let freshInDays = 0;
  if (input.tsbToday < TEST_TSB_TARGET) {
    freshInDays = 60;
    for (let d = 1; d <= 60; d++) {
      const tsb =
        input.ctl * Math.exp(-(d - 1) / CTL_TIME_CONSTANT_DAYS) -
        input.atl * Math.exp(-(d - 1) / ATL_TIME_CONSTANT_DAYS);
      if (tsb >= TEST_TSB_TARGET) {
        freshInDays = d;
        break;
      }
    }
  }
  const age = input.lastMaximalEffortAgeDays;
  const dueInDays = age === undefined ? 0 : Math.max(0, RETEST_INTERVAL_DAYS - age);
  const days = Math.max(freshInDays, dueInDays);
  let reason: TestTimingReason;
  if (days === 0) reason = age === undefined ? 'no-maximal-effort' : 'ready';
  else if (dueInDays >= freshInDays) reason = 'recent-maximal-effort';
  else reason = 'needs-freshness';
  return { days, reason, freshInDays, dueInDays };
}

export type ConfidenceLevel = 'high' | 'medium' | 'low';

/** Fewer estimates than this in the trend line: confidence at most low (2 degrees of freedom or fewer). */
export const CONFIDENCE_MIN_POINTS_MEDIUM = 5;
/** Fewer than this: at most medium. */
export const CONFIDENCE_MIN_POINTS_HIGH = 8;
/** A trend line explaining less than half of the estimates' spread (R² < 0.5): at most medium. */
export const CONFIDENCE_MIN_R2_HIGH = 0.5;

/** What held the confidence below what the efforts and the interval alone would give. */
export type ConfidenceCap = 'few_points' | 'weak_fit';

/**
 * Confidence of the FTP prediction from the amount and quality of maximal efforts and the fit:
 * hard efforts (IF > 0.85 for > 20 min) ≥ 8 → 2 points, ≥ 5 → 1; maximal efforts in the window
 * ≥ 3 → 2, ≥ 1 → 1; the prediction interval's half-width ≤ 3 % of the value → 2, ≤ 6 % → 1.
 * 5–6 points high, 3–4 medium, else low. Then capped by the line itself: fewer than 5 estimates
 * in it → at most low (a line through 4 points has 2 degrees of freedom, t(0.975, 2) = 4.30, and
 * rolling-window estimates are correlated, so even a narrow interval is not evidence); fewer than 8,
 * or R² under 0.5 (the line explains less of the estimates' spread than it leaves), → at most medium.
 * Vatio's rule (the spec names Alta/Media/Baja without one), in docs/formulas/predictive-analysis.md.
 */
export function predictionConfidence(input: {
  hardEfforts: number;
  maximalEfforts: number;
  intervalHalfWidthPct: number;
  /** Estimates the trend line was fitted to, and its R². */
  fitPoints: number;
  r2: number;
}): { level: ConfidenceLevel; points: number; cappedBy: ConfidenceCap | undefined } {
  const hard = input.hardEfforts >= 8 ? 2 : input.hardEfforts >= 5 ? 1 : 0;
  const maximal = input.maximalEfforts >= 3 ? 2 : input.maximalEfforts >= 1 ? 1 : 0;
  const width = input.intervalHalfWidthPct;
  const fit = width <= 3 ? 2 : width <= 6 ? 1 : 0;
  const points = hard + maximal + fit;
  const byPoints: ConfidenceLevel = points >= 5 ? 'high' : points >= 3 ? 'medium' : 'low';
  const rank = { low: 0, medium: 1, high: 2 } as const;
  let cap: { level: ConfidenceLevel; by: ConfidenceCap } | undefined;
  if (input.fitPoints < CONFIDENCE_MIN_POINTS_MEDIUM) cap = { level: 'low', by: 'few_points' };
  else if (input.fitPoints < CONFIDENCE_MIN_POINTS_HIGH) cap = { level: 'medium', by: 'few_points' };
  else if (!(input.r2 >= CONFIDENCE_MIN_R2_HIGH)) cap = { level: 'medium', by: 'weak_fit' };
  if (cap && rank[cap.level] < rank[byPoints]) return { level: cap.level, points, cappedBy: cap.by };
  return { level: byPoints, points, cappedBy: undefined };
}

/**
 * Plateau risk when fitness and FTP have been flat: the FTP trend is flat when it rises by at most
 * 0.5 W a week (the spec's "maintenance" band and below, spec 001 §4); fitness is flat when CTL rose
 * by less than 2 over the last 28 days (under a quarter of one safe week's ramp). Both flat 0.8,
 * one 0.5, neither 0.2; labels by the spec's bands (≤ 0.3 low, ≤ 0.6 moderate, else high).
 */
export function plateauRisk(input: { ftpRateWPerWeek: number; ctlChange28d: number }): {
  value: number;
  level: 'low' | 'moderate' | 'high';
  ftpFlat: boolean;
  fitnessFlat: boolean;
} {
  const ftpFlat = input.ftpRateWPerWeek <= 0.5;
  const fitnessFlat = input.ctlChange28d < 2;
  const value = ftpFlat && fitnessFlat ? 0.8 : ftpFlat || fitnessFlat ? 0.5 : 0.2;
  return { value, level: value <= 0.3 ? 'low' : value <= 0.6 ? 'moderate' : 'high', ftpFlat, fitnessFlat };
}
