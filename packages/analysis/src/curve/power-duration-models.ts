import type { MeanMaxCurve } from './mean-max.ts';

/** Which bests a model is fitted to: curve points with `minDurationS ≤ t ≤ maxDurationS`. */
export interface FitRange {
  readonly minDurationS: number;
  readonly maxDurationS: number;
}

export interface CriticalPowerFit {
  readonly model: 'monod-scherrer-2p' | 'morton-3p';
  readonly cpW: number;
  readonly wPrimeJ: number;
  /** Morton 3P only: the model's power at t → 0. */
  readonly pmaxW?: number;
  /** Coefficient of determination: of work against time for 2P (as published), of power for 3P. */
  readonly r2: number;
  /** Standard error of estimate of the power residuals, in W (n − p degrees of freedom). */
  readonly seeW: number;
  /** Standard errors of the parameters (2P: from the linear regression). */
  readonly cpSeW?: number;
  readonly wPrimeSeJ?: number;
  /** Number of curve points used. */
  readonly points: number;
}

function pointsIn(curve: MeanMaxCurve, range: FitRange): { t: number[]; p: number[] } {
  const t: number[] = [];
  const p: number[] = [];
  curve.durationsS.forEach((d, k) => {
    const power = curve.powerW[k]!;
    if (d >= range.minDurationS && d <= range.maxDurationS && Number.isFinite(power)) {
      t.push(d);
      p.push(power);
    }
  });
  return { t, p };
}

/** Ordinary least squares y = a + b·x with the usual standard errors. */
function linearFit(x: readonly number[], y: readonly number[]) {
  const n = x.length;
  let mx = 0;
  let my = 0;
  for (let i = 0; i < n; i++) {
    mx += x[i]!;
    my += y[i]!;
  }
  mx /= n;
  my /= n;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = x[i]! - mx;
    const dy = y[i]! - my;
    sxx += dx * dx;
    sxy += dx * dy;
    syy += dy * dy;
  }
  const slope = sxy / sxx;
  const intercept = my - slope * mx;
  let sse = 0;
  for (let i = 0; i < n; i++) {
    const r = y[i]! - (intercept + slope * x[i]!);
    sse += r * r;
  }
  const s = n > 2 ? Math.sqrt(sse / (n - 2)) : Number.NaN;
  return {
    slope,
    intercept,
    sse,
    r2: syy > 0 ? 1 - sse / syy : 1,
    slopeSe: s / Math.sqrt(sxx),
    interceptSe: s * Math.sqrt(1 / n + (mx * mx) / sxx),
  };
}

/**
 * Monod–Scherrer two-parameter model, P(t) = CP + W′/t, fitted as the linear work–time relation
 * W = CP·t + W′ (Monod & Scherrer 1965; GoldenCheetah `PDModel.cpp` fits 2–3 min and 12–20 min
 * efforts). Ride bests are rarely maximal, so read `r2`, `seeW` and the parameter errors before
 * trusting the numbers. Undefined with fewer than 3 points or a non-physical fit (CP or W′ ≤ 0).
 */
export function fitTwoParameterModel(curve: MeanMaxCurve, range: FitRange): CriticalPowerFit | undefined {
  const { t, p } = pointsIn(curve, range);
  if (t.length < 3 || new Set(t).size < 2) return undefined;
  const work = t.map((d, i) => d * p[i]!);
  const fit = linearFit(t, work);
  const cpW = fit.slope;
  const wPrimeJ = fit.intercept;
  if (!(cpW > 0 && wPrimeJ > 0)) return undefined;
  let sse = 0;
  for (let i = 0; i < t.length; i++) sse += (p[i]! - (cpW + wPrimeJ / t[i]!)) ** 2;
  return {
    model: 'monod-scherrer-2p',
    cpW,
    wPrimeJ,
    r2: fit.r2,
    seeW: Math.sqrt(sse / (t.length - 2)),
    cpSeW: fit.slopeSe,
    wPrimeSeJ: fit.interceptSe,
    points: t.length,
  };
}

/**
 * Morton three-parameter model, P(t) = CP + W′/(t − k) with k = W′/(CP − Pmax) < 0
 * (Morton 1996, *Eur J Appl Physiol* 73:491; GoldenCheetah `PDModel.cpp`, intervals.icu eFTP).
 * Nonlinear least squares on power by variable projection: for a fixed k the model is linear in CP
 * and W′, so only k is searched (log grid of −k from 0.01 s to 1000 s, then golden-section refinement).
 * Undefined with fewer than 4 points, a non-physical fit, or an optimum on the edge of the search.
 */
export function fitThreeParameterModel(curve: MeanMaxCurve, range: FitRange): CriticalPowerFit | undefined {
  const { t, p } = pointsIn(curve, range);
  if (t.length < 4 || new Set(t).size < 3) return undefined;
  const solve = (lagS: number) =>
    linearFit(
      t.map((d) => 1 / (d + lagS)),
      p,
    );
  const logLo = Math.log(0.01);
  const logHi = Math.log(1000);
  const steps = 200;
  let bestStep = 0;
  let bestSse = Number.POSITIVE_INFINITY;
  for (let s = 0; s <= steps; s++) {
    const sse = solve(Math.exp(logLo + ((logHi - logLo) * s) / steps)).sse;
    if (sse < bestSse) {
      bestSse = sse;
      bestStep = s;
    }
  }
  if (bestStep === 0 || bestStep === steps) return undefined;
  let a = logLo + ((logHi - logLo) * (bestStep - 1)) / steps;
  let b = logLo + ((logHi - logLo) * (bestStep + 1)) / steps;
  const golden = (Math.sqrt(5) - 1) / 2;
  let c = b - golden * (b - a);
  let d = a + golden * (b - a);
  let fc = solve(Math.exp(c)).sse;
  let fd = solve(Math.exp(d)).sse;
  for (let iteration = 0; iteration < 100 && b - a > 1e-10; iteration++) {
    if (fc < fd) {
      b = d;
      d = c;
      fd = fc;
      c = b - golden * (b - a);
      fc = solve(Math.exp(c)).sse;
    } else {
      a = c;
      c = d;
      fc = fd;
      d = a + golden * (b - a);
      fd = solve(Math.exp(d)).sse;
    }
  }
  const lagS = Math.exp((a + b) / 2);
  const fit = solve(lagS);
  const cpW = fit.intercept;
  const wPrimeJ = fit.slope;
  if (!(cpW > 0 && wPrimeJ > 0)) return undefined;
  return {
    model: 'morton-3p',
    cpW,
    wPrimeJ,
    pmaxW: cpW + wPrimeJ / lagS,
    r2: fit.r2,
    seeW: Math.sqrt(fit.sse / (t.length - 3)),
    points: t.length,
  };
}

/** Power the fitted model predicts for a duration. */
export function modelPowerW(fit: CriticalPowerFit, durationS: number): number {
  const lagS = fit.pmaxW === undefined ? 0 : fit.wPrimeJ / (fit.pmaxW - fit.cpW);
  return fit.cpW + fit.wPrimeJ / (durationS + lagS);
}
