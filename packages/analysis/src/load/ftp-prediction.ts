import { dayNumber, isoDateOf } from './calendar.ts';

/** One past activity as the FTP prediction sees it. */
export interface PredictionActivity {
  /** ISO date (`YYYY-MM-DD`) in the rider's zone. */
  readonly date: string;
  readonly durationS: number;
  readonly npW: number | undefined;
  /** The activity's own FTP estimate (e.g. 95 % of its best 20 minutes), when it has one. */
  readonly estimatedFtpW: number | undefined;
}

export interface FtpPrediction {
  readonly currentFtpW: number;
  readonly predictedFtpW: number;
  /** 0.1–0.95. */
  readonly confidence: number;
  readonly predictionHorizonDays: number;
  /** Trend of the per-activity estimates, W per week; undefined on the fallbacks. */
  readonly improvementRateWPerWeek: number | undefined;
  /** 0.8 / 0.4 / 0.2, or undefined on the fallbacks. */
  readonly plateauRisk: number | undefined;
  readonly recommendedTestDate: string;
  /** Why the prediction is what it is: enough data, too few activities, or too few hard efforts. */
  readonly basis: 'trend' | 'too-few-activities' | 'too-few-hard-efforts';
}

/**
 * The spec's FTP prediction (spec 001 §5, §9), as a product rule:
 * - fewer than 5 activities: current FTP, confidence 0.3, horizon and test date 28 days;
 * - of the latest 20 activities, those with NP above 85 % of current FTP and longer than 1200 s
 *   qualify; fewer than 3: current FTP, confidence 0.4, horizon and test date 21 days;
 * - otherwise a least-squares line through the qualifying activities' own FTP estimates, in date
 *   order, projected 4 activities ahead; never below 95 % of current FTP; confidence clamped to
 *   0.1–0.95; plateau risk 0.8 if the slope (W per activity) is under 0.5, 0.4 under 1.5, else 0.2;
 *   test in 28 days, 21 if the slope is above 1, 14 if above 2.
 *
 * Divergent: the spec does not say what the line is fitted to nor how confidence is made; Vatio fits
 * the per-activity estimates (the spec's `estimated_ftp`) and uses the line's R² as confidence.
 * Horizon: 4 × the mean spacing of the qualifying activities, in days.
 */
export function predictFtp(input: {
  /** All activities in any order; the latest 20 by date are used. */
  activities: readonly PredictionActivity[];
  currentFtpW: number;
  /** The day the prediction is made for (the caller's "today"). */
  asOfDate: string;
}): FtpPrediction {
  const { currentFtpW, asOfDate } = input;
  const today = dayNumber(asOfDate);
  const fallback = (basis: FtpPrediction['basis'], confidence: number, days: number): FtpPrediction => ({
    currentFtpW,
    predictedFtpW: currentFtpW,
    confidence,
    predictionHorizonDays: days,
    improvementRateWPerWeek: undefined,
    plateauRisk: undefined,
    recommendedTestDate: isoDateOf(today + days),
    basis,
  });
  if (input.activities.length < 5) return fallback('too-few-activities', 0.3, 28);

  const latest = [...input.activities].sort((a, b) => dayNumber(a.date) - dayNumber(b.date)).slice(-20);
  const qualifying = latest.filter(
    (a) =>
      a.npW !== undefined &&
      a.npW > 0.85 * currentFtpW &&
      a.durationS > 1200 &&
      a.estimatedFtpW !== undefined,
  );
  if (qualifying.length < 3) return fallback('too-few-hard-efforts', 0.4, 21);

  const y = qualifying.map((a) => a.estimatedFtpW!);
  const n = y.length;
  const meanX = (n - 1) / 2;
  const meanY = y.reduce((s, v) => s + v, 0) / n;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  y.forEach((v, x) => {
    sxx += (x - meanX) ** 2;
    sxy += (x - meanX) * (v - meanY);
    syy += (v - meanY) ** 2;
  });
  const slope = sxy / sxx;
  const intercept = meanY - slope * meanX;
  const r2 = syy > 0 ? (sxy * sxy) / (sxx * syy) : 1;
  const projected = intercept + slope * (n - 1 + 4);

  const days = qualifying.map((a) => dayNumber(a.date));
  const spanDays = days[n - 1]! - days[0]!;
  const spacingDays = spanDays / (n - 1);
  const testInDays = slope > 2 ? 14 : slope > 1 ? 21 : 28;
  return {
    currentFtpW,
    predictedFtpW: Math.max(projected, 0.95 * currentFtpW),
    confidence: Math.min(0.95, Math.max(0.1, r2)),
    predictionHorizonDays: Math.round(4 * spacingDays),
    improvementRateWPerWeek: spacingDays > 0 ? (slope * 7) / spacingDays : undefined,
    plateauRisk: slope < 0.5 ? 0.8 : slope < 1.5 ? 0.4 : 0.2,
    recommendedTestDate: isoDateOf(today + testInDays),
    basis: 'trend',
  };
}

/** Plateau risk label: up to 0.3 low, up to 0.6 moderate, above high. */
export function plateauRiskLabel(risk: number): 'low' | 'moderate' | 'high' {
  return risk <= 0.3 ? 'low' : risk <= 0.6 ? 'moderate' : 'high';
}

/** Confidence label: 0.8 or more high, 0.6 or more moderate, lower low. */
export function confidenceLabel(confidence: number): 'high' | 'moderate' | 'low' {
  return confidence >= 0.8 ? 'high' : confidence >= 0.6 ? 'moderate' : 'low';
}

/** Improvement label from W per week: > 2 fast progress, > 0.5 stable, > −0.5 maintenance, else decline. */
export function improvementLabel(
  wattsPerWeek: number,
): 'fast-progress' | 'stable' | 'maintenance' | 'decline' {
  if (wattsPerWeek > 2) return 'fast-progress';
  if (wattsPerWeek > 0.5) return 'stable';
  if (wattsPerWeek > -0.5) return 'maintenance';
  return 'decline';
}
