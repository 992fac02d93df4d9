import type { MeanMaxCurve } from './mean-max.ts';

/** Which bests a model is fitted to: curve points with `minDurationS ≤ t ≤ maxDurationS`. */
export interface FitRange {
  readonly minDurationS: number;
  readonly maxDurationS: number;
}

/**
 * How a model's parameters were found: `envelope`, GoldenCheetah's default for the 2P model (`CP2Model`,
 * `PDModel::deriveCPParameters`); `linear-regression` of work on time; `least-squares` on power.
 */
export type FitMethod = 'envelope' | 'linear-regression' | 'least-squares';

export interface CriticalPowerFit {
  readonly model: 'monod-scherrer-2p' | 'morton-3p';
  readonly method: FitMethod;
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
 * W = CP·t + W′ by ordinary least squares over every best in `range` (Monod & Scherrer 1965).
 * Not Vatio's default 2P fit (that is `fitTwoParameterEnvelope`, GoldenCheetah's): a regression over
 * ride bests that were not all maximal drags CP down. Kept, named as the regression, for the metric
 * registry. Undefined with fewer than 3 points or a non-physical fit (CP or W′ ≤ 0).
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
    method: 'linear-regression',
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
    method: 'least-squares',
    cpW,
    wPrimeJ,
    pmaxW: cpW + wPrimeJ / lagS,
    r2: fit.r2,
    seeW: Math.sqrt(fit.sse / (t.length - 3)),
    points: t.length,
  };
}

/**
 * The bests GoldenCheetah's envelope fit reads, in seconds: the anaerobic window (2 to 3⅓ min) and the
 * aerobic window (12 to 20 min). `CP2Model`'s defaults anI1 = 120, anI2 = 200, aeI1 = 720, aeI2 = 1200.
 */
export interface EnvelopeIntervals {
  readonly anaerobicFromS: number;
  readonly anaerobicToS: number;
  readonly aerobicFromS: number;
  readonly aerobicToS: number;
}

export const GOLDENCHEETAH_CP2_INTERVALS: EnvelopeIntervals = {
  anaerobicFromS: 120,
  anaerobicToS: 200,
  aerobicFromS: 720,
  aerobicToS: 1200,
};

/** GoldenCheetah's bounds and convergence of the envelope iteration (`deriveCPParameters`). */
const ENVELOPE_TAU_MIN_MIN = 0.5;
const ENVELOPE_TAU_DELTA_MIN = 1e-4;
const ENVELOPE_MAX_LOOPS = 100;

/**
 * The curve points of one envelope window, with their time in minutes. GoldenCheetah's curve is an
 * array indexed by duration in seconds (`RideFileCache`: `ride_bests[sec]`), cut to 1200 values for
 * the 2P model (`PDModel::setData`), so the anaerobic window is [anI1, anI2] and the aerobic one
 * [aeI1, aeI2): the 20-minute best itself is not read.
 */
function envelopeWindow(curve: MeanMaxCurve, fromS: number, toS: number, includeTo: boolean) {
  const minutes: number[] = [];
  const powerW: number[] = [];
  curve.durationsS.forEach((d, k) => {
    const p = curve.powerW[k]!;
    const inside = d >= fromS && (includeTo ? d <= toS : d < toS);
    if (inside && Number.isFinite(p) && p > 0) {
      minutes.push(d / 60);
      powerW.push(p);
    }
  });
  return { minutes, powerW };
}

/**
 * Monod–Scherrer two-parameter model, P(t) = CP + W′/t, fitted as GoldenCheetah does by default: the
 * envelope of the bests (`PDModel::deriveCPParameters`, fit = Envelope, model 0; `CP2Model` intervals).
 * With W′ = CP·τ (τ in minutes, starting at 1), repeat until τ changes by at most 10⁻⁴ min (at most
 * 101 rounds): CP = max over the 12–20 min bests of P / (1 + τ/t); τ = max(0.5, max over the
 * 2–3⅓ min bests of (P/CP − 1)·t). The model curve then lies on or above every best in both windows and
 * touches one in each: a ride's hardest efforts set CP and W′, and easier minutes do not drag them
 * down, as a regression over every best does (`fitTwoParameterModel`).
 *
 * GoldenCheetah reads every second of the curve; Vatio's curve has a log grid past one minute (13
 * points in the 2–3⅓ min window, 14 in the 12–20 min one), so the envelope is taken over those
 * points: on the fixture rides within 0.5 % of the per-second envelope in CP and 3 % in W′
 * (docs/formulas/critical-power.md). `r2` and `seeW` are of power over the grid points from the start
 * of the anaerobic window to the end of the aerobic one. Undefined when the curve has no best in
 * either window (a ride shorter than 12 minutes) or CP is not positive.
 */
export function fitTwoParameterEnvelope(
  curve: MeanMaxCurve,
  intervals: EnvelopeIntervals = GOLDENCHEETAH_CP2_INTERVALS,
): CriticalPowerFit | undefined {
  const anaerobic = envelopeWindow(curve, intervals.anaerobicFromS, intervals.anaerobicToS, true);
  const aerobic = envelopeWindow(curve, intervals.aerobicFromS, intervals.aerobicToS, false);
  if (anaerobic.minutes.length === 0 || aerobic.minutes.length === 0) return undefined;
  let tauMin = 1;
  let cpW = 0;
  for (let iteration = 0; iteration <= ENVELOPE_MAX_LOOPS; iteration++) {
    const previousTauMin = tauMin;
    cpW = 0;
    aerobic.minutes.forEach((t, k) => {
      cpW = Math.max(cpW, aerobic.powerW[k]! / (1 + tauMin / t));
    });
    if (!(cpW > 0)) return undefined;
    tauMin = ENVELOPE_TAU_MIN_MIN;
    anaerobic.minutes.forEach((t, k) => {
      tauMin = Math.max(tauMin, (anaerobic.powerW[k]! / cpW - 1) * t);
    });
    if (Math.abs(tauMin - previousTauMin) <= ENVELOPE_TAU_DELTA_MIN) break;
  }
  const wPrimeJ = cpW * tauMin * 60;
  const fitted = { minDurationS: intervals.anaerobicFromS, maxDurationS: intervals.aerobicToS };
  const { t, p } = pointsIn(curve, fitted);
  let sse = 0;
  let mean = 0;
  for (const power of p) mean += power / p.length;
  let total = 0;
  for (let i = 0; i < t.length; i++) {
    sse += (p[i]! - (cpW + wPrimeJ / t[i]!)) ** 2;
    total += (p[i]! - mean) ** 2;
  }
  return {
    model: 'monod-scherrer-2p',
    method: 'envelope',
    cpW,
    wPrimeJ,
    r2: total > 0 ? 1 - sse / total : 1,
    seeW: t.length > 2 ? Math.sqrt(sse / (t.length - 2)) : Number.NaN,
    points: anaerobic.minutes.length + aerobic.minutes.length,
  };
}

/** Power the fitted model predicts for a duration. */
export function modelPowerW(fit: CriticalPowerFit, durationS: number): number {
  const lagS = fit.pmaxW === undefined ? 0 : fit.wPrimeJ / (fit.pmaxW - fit.cpW);
  return fit.cpW + fit.wPrimeJ / (durationS + lagS);
}
