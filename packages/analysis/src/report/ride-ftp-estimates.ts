/**
 * The FTP estimates one ride supports (spec 000 §1 and §9, "estimated FTP per activity… three
 * methods"), each with how much to trust it: listed by `vatio analyze`, the ride report and the ride
 * page (`GET /api/activities/:id/analysis`), beside the FTP the ride is measured against (`resolveFtp`,
 * `estimatedFtp` in ftp.ts). docs/formulas/critical-power.md, "FTP estimates from one ride".
 */
import {
  type ImplausibleReason,
  implausibleReasons,
  PMAX_CHECK_DURATION_S,
} from '../curve/cp-plausibility.ts';
import {
  type FtpEstimate,
  ftpFromBest20Min,
  ftpFromCriticalPower,
  ftpFromSpecPrototypeRule,
} from '../curve/ftp-estimates.ts';
import { curvePowerAtW, type MeanMaxCurve } from '../curve/mean-max.ts';
import { type CriticalPowerFit, type FitRange, modelPowerW } from '../curve/power-duration-models.ts';
import { CP_FIT_RANGE } from './options.ts';

/**
 * Ranges of ride bests the CP models are rated over (R² on power): the 2P envelope's 2–20 min
 * (`CP_FIT_RANGE`, as the eFTP and the ride page's W′ balance); the 3P least-squares fit's 1 s–20 min,
 * the bests it is fitted to (GoldenCheetah `PDModel::deriveCPParameters`, least squares, model 1:
 * every best up to 1200 s).
 */
export const CP_2P_RANGE: FitRange = CP_FIT_RANGE;
export const CP_3P_RANGE: FitRange = { minDurationS: 1, maxDurationS: 1200 };

/**
 * Confidence of the 95 %-of-20-min rule on one ride: a prior, not a measurement. The rule holds for a
 * maximal, paced 20-minute test (Allen & Coggan); a ride's best 20 minutes is rarely one, so it
 * usually under-estimates FTP.
 */
export const BEST_20_MIN_CONFIDENCE = 0.4;
/** The spec's prototype rule (85 % of a 1-s peak when the ride is short) is kept as a labelled option only. */
export const SPEC_RULE_CONFIDENCE = 0.1;
/** A CP fit's confidence is its R² on power, clamped: a clean fit to bests that were not maximal still only describes this ride. */
export const CP_CONFIDENCE_MIN = 0.1;
export const CP_CONFIDENCE_MAX = 0.95;

export interface RatedFtpEstimate {
  readonly method: FtpEstimate['method'];
  readonly ftpW: number;
  /** 0–1: how far to trust the number (see each method). */
  readonly confidence: number;
  readonly fit?: CriticalPowerFit;
  /** For a CP estimate: R² of the model's power against the fitted bests (`powerR2`), its confidence before clamping. */
  readonly powerR2?: number;
  /**
   * For a CP estimate: the physiological bounds the fit breaks (`implausibleReasons`). Non-empty: the
   * fit is rejected, its confidence is 0 and the ride page shows "—" with the reasons.
   */
  readonly implausible?: readonly ImplausibleReason[];
}

/**
 * R² of a CP model on power over the fitted bests. The 2P fit reports R² of work against time, which
 * is near 1 for almost any data, so both models are rated on the same footing here.
 */
export function powerR2(curve: MeanMaxCurve, fit: CriticalPowerFit, range: FitRange): number {
  const observed: number[] = [];
  const predicted: number[] = [];
  curve.durationsS.forEach((d, k) => {
    const p = curve.powerW[k]!;
    if (d < range.minDurationS || d > range.maxDurationS || !Number.isFinite(p)) return;
    observed.push(p);
    predicted.push(modelPowerW(fit, d));
  });
  const mean = observed.reduce((s, p) => s + p, 0) / observed.length;
  let residual = 0;
  let total = 0;
  observed.forEach((p, k) => {
    residual += (p - predicted[k]!) ** 2;
    total += (p - mean) ** 2;
  });
  return total > 0 ? 1 - residual / total : 0;
}

/**
 * Every FTP estimate the ride supports, most trusted first. A CP fit is rated by its plausibility and
 * its fit: one outside the physiological bounds (`implausibleReasons`: CP, W′, a 3P Pmax below the
 * ride's best 5 s) is rejected with confidence 0 and listed last; a plausible one by its R² on power,
 * clamped to 0.1–0.95 as `predictFtp` does: a clean fit to bests that were not maximal still only
 * describes this ride.
 */
export function ftpEstimates(input: {
  curve: MeanMaxCurve | undefined;
  maxPowerW: number | undefined;
  averagePowerW: number | undefined;
}): RatedFtpEstimate[] {
  const { curve } = input;
  const out: RatedFtpEstimate[] = [];
  if (curve !== undefined) {
    const best5sW = curvePowerAtW(curve, PMAX_CHECK_DURATION_S);
    const best20 = ftpFromBest20Min(curve);
    if (best20) out.push({ method: best20.method, ftpW: best20.ftpW, confidence: BEST_20_MIN_CONFIDENCE });
    for (const [model, range] of [
      ['2p', CP_2P_RANGE],
      ['3p', CP_3P_RANGE],
    ] as const) {
      const estimate = ftpFromCriticalPower(curve, { model, range });
      if (estimate?.fit === undefined) continue;
      const r2 = powerR2(curve, estimate.fit, range);
      const implausible = implausibleReasons(estimate.fit, best5sW);
      const confidence =
        implausible.length > 0 ? 0 : Math.min(CP_CONFIDENCE_MAX, Math.max(CP_CONFIDENCE_MIN, r2));
      out.push({
        method: estimate.method,
        ftpW: estimate.ftpW,
        confidence,
        fit: estimate.fit,
        powerR2: r2,
        implausible,
      });
    }
  }
  const spec = ftpFromSpecPrototypeRule(input);
  if (spec) out.push({ method: spec.method, ftpW: spec.ftpW, confidence: SPEC_RULE_CONFIDENCE });
  return out.sort((a, b) => b.confidence - a.confidence);
}
