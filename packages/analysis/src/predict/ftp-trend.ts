import { dayNumber } from '../load/calendar.ts';

/** One dated FTP (or CP) estimate of the rider. */
export interface FtpEstimatePoint {
  /** ISO date in the rider's zone. */
  readonly date: string;
  readonly ftpW: number;
}

export interface FtpTrend {
  /** The line's value `horizonDays` after `asOfDate`, W. */
  readonly predictedFtpW: number;
  /** 95 % prediction interval of one future estimate at that day, W. */
  readonly lowW: number;
  readonly highW: number;
  /** Slope of the line, W per week. */
  readonly rateWPerWeek: number;
  /** Coefficient of determination of the line (1 when every estimate is equal). */
  readonly r2: number;
  /** Residual standard error, W (n − 2 degrees of freedom). */
  readonly residualSeW: number;
  readonly points: number;
}

/** Two-sided 95 % Student t quantiles by degrees of freedom (standard tables). */
const T_975: ReadonlyArray<readonly [number, number]> = [
  [1, 12.706],
  [2, 4.303],
  [3, 3.182],
  [4, 2.776],
  [5, 2.571],
  [6, 2.447],
  [7, 2.365],
  [8, 2.306],
  [9, 2.262],
  [10, 2.228],
  [12, 2.179],
  [15, 2.131],
  [20, 2.086],
  [30, 2.042],
  [60, 2.0],
  [120, 1.98],
];

/** t(0.975, df), from the nearest tabulated df at or below (the wider, conservative value). */
export function studentT975(df: number): number {
  let t = T_975[0]![1];
  for (const [d, value] of T_975) if (df >= d) t = value;
  return t;
}

/**
 * Least-squares line through the rider's dated FTP/CP estimates, projected `horizonDays` past
 * `asOfDate`, with the 95 % prediction interval of a new estimate at that day:
 * ŷ ± t(0.975, n−2)·s·√(1 + 1/n + (x₀ − x̄)²/Sxx) (ordinary least squares; any regression text,
 * e.g. Montgomery & Runger, *Applied Statistics and Probability for Engineers*, §11-5).
 * x is in days, so uneven spacing counts as it is. Undefined with fewer than 3 estimates or all
 * on one day.
 *
 * Caveat: rolling-window estimates are correlated from one day to the next, so the interval is, if
 * anything, too narrow; the confidence label also weighs the amount and quality of the efforts.
 * Divergent: the spec fits per-activity estimates by index, projects 4 activities ahead and floors
 * the result at 95 % of the current FTP; Vatio fits against time and shows a falling trend as it is.
 */
export function ftpTrend(
  points: readonly FtpEstimatePoint[],
  input: { asOfDate: string; horizonDays: number },
): FtpTrend | undefined {
  const n = points.length;
  if (n < 3) return undefined;
  const origin = dayNumber(input.asOfDate);
  const x = points.map((p) => dayNumber(p.date) - origin);
  const y = points.map((p) => p.ftpW);
  const mx = x.reduce((a, b) => a + b, 0) / n;
  const my = y.reduce((a, b) => a + b, 0) / n;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    sxx += (x[i]! - mx) ** 2;
    sxy += (x[i]! - mx) * (y[i]! - my);
    syy += (y[i]! - my) ** 2;
  }
  if (sxx === 0) return undefined;
  const slope = sxy / sxx;
  const intercept = my - slope * mx;
  let sse = 0;
  for (let i = 0; i < n; i++) sse += (y[i]! - (intercept + slope * x[i]!)) ** 2;
  const s = Math.sqrt(sse / (n - 2));
  const x0 = input.horizonDays;
  const predicted = intercept + slope * x0;
  const half = studentT975(n - 2) * s * Math.sqrt(1 + 1 / n + (x0 - mx) ** 2 / sxx);
  return {
    predictedFtpW: predicted,
    lowW: predicted - half,
    highW: predicted + half,
    rateWPerWeek: slope * 7,
    r2: syy > 0 ? 1 - sse / syy : 1,
    residualSeW: s,
    points: n,
  };
}
