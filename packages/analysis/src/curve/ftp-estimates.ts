import {
  type CriticalPowerFit,
  type FitRange,
  fitThreeParameterModel,
  fitTwoParameterEnvelope,
} from './power-duration-models.ts';
import { curvePowerAtW, type MeanMaxCurve } from './mean-max.ts';

/** Stable ids of the FTP estimators; each UI label says which one produced a number. */
export type FtpMethod = 'best-20-min-95' | 'spec-prototype-rule' | 'cp-2p' | 'cp-3p';

export interface FtpEstimate {
  readonly method: FtpMethod;
  readonly ftpW: number;
  /** The fit behind a CP-based estimate, with its R² and standard errors. */
  readonly fit?: CriticalPowerFit;
}

/**
 * Allen–Coggan field rule: FTP ≈ 95 % of the best 20-minute power. Valid for a maximal, paced
 * 20-minute test; a ride's best 20 minutes usually under-estimates it.
 */
export function ftpFromBest20Min(curve: MeanMaxCurve): FtpEstimate | undefined {
  const best20 = curvePowerAtW(curve, 1200);
  return best20 === undefined ? undefined : { method: 'best-20-min-95', ftpW: 0.95 * best20 };
}

/**
 * The spec's per-activity rule, kept as a labelled option: 95 % of the best 20-minute power; for a
 * ride shorter than 20 minutes 85 % of maximum power; else 1.1 × average power.
 * Divergent: "85 % of max power" is meaningless with 1-s peaks (1,000 W → 850 W); Vatio never uses
 * this rule unless the caller picks it.
 */
export function ftpFromSpecPrototypeRule(input: {
  curve: MeanMaxCurve | undefined;
  maxPowerW: number | undefined;
  averagePowerW: number | undefined;
}): FtpEstimate | undefined {
  const best20 = input.curve === undefined ? undefined : curvePowerAtW(input.curve, 1200);
  if (best20 !== undefined) return { method: 'spec-prototype-rule', ftpW: 0.95 * best20 };
  if (input.maxPowerW !== undefined && input.maxPowerW > 0) {
    return { method: 'spec-prototype-rule', ftpW: 0.85 * input.maxPowerW };
  }
  if (input.averagePowerW !== undefined && input.averagePowerW > 0) {
    return { method: 'spec-prototype-rule', ftpW: 1.1 * input.averagePowerW };
  }
  return undefined;
}

/**
 * Critical power used as FTP: of the 2P model by GoldenCheetah's envelope (`fitTwoParameterEnvelope`,
 * its 2–3⅓ and 12–20 min windows; `range` is not read), or of Morton's 3P model by least squares over
 * the bests in `range`.
 */
export function ftpFromCriticalPower(
  curve: MeanMaxCurve,
  input: { model: '2p' | '3p'; range: FitRange },
): FtpEstimate | undefined {
  const fit =
    input.model === '2p' ? fitTwoParameterEnvelope(curve) : fitThreeParameterModel(curve, input.range);
  return fit === undefined
    ? undefined
    : { method: input.model === '2p' ? 'cp-2p' : 'cp-3p', ftpW: fit.cpW, fit };
}
