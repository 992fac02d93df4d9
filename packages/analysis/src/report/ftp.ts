/**
 * Which FTP a ride is measured against: the one choice among the rider's own value, the device's, the
 * rider's nearest entry and an estimate, shared by the server (which looks the candidates up) and
 * `vatio analyze` (which takes them from its flags and the file).
 */
import { implausibleReasons } from '../curve/cp-plausibility.ts';
import { ftpFromBest20Min, ftpFromCriticalPower, type FtpMethod } from '../curve/ftp-estimates.ts';
import { curvePowerAtW, type MeanMaxCurve } from '../curve/mean-max.ts';
import { CP_FIT_RANGE } from './options.ts';

/**
 * settings: the rider's FTP in force at the ride's date (`--ftp` for `vatio analyze`); nearest: the
 * rider's entry nearest in time (none was in force yet); file: the one the device recorded;
 * estimated: the eFTP (`estimatedFtp`); none.
 */
export type FtpSource = 'settings' | 'file' | 'nearest' | 'estimated' | 'none';

export interface FtpCandidates {
  readonly settingsW?: number | undefined;
  readonly fileW?: number | undefined;
  readonly nearestW?: number | undefined;
  readonly estimatedW?: number | undefined;
}

export interface ResolvedFtp {
  readonly ftpW: number | undefined;
  readonly source: FtpSource;
}

const usable = (w: number | undefined): w is number => w !== undefined && Number.isFinite(w) && w > 0;

/**
 * The first usable candidate in the order the rider's word outranks the device's, even from another
 * date, and a measured value outranks an estimate: settings, nearest, file, estimated
 * (docs/formulas/critical-power.md). A head unit's threshold is whatever was typed into it, often
 * years stale (issue 25: a 200 W device FTP scored a 265 W rider's ride at IF 1.34, TSS 415).
 */
export function resolveFtp(candidates: FtpCandidates): ResolvedFtp {
  if (usable(candidates.settingsW)) return { ftpW: candidates.settingsW, source: 'settings' };
  if (usable(candidates.nearestW)) return { ftpW: candidates.nearestW, source: 'nearest' };
  if (usable(candidates.fileW)) return { ftpW: candidates.fileW, source: 'file' };
  if (usable(candidates.estimatedW)) return { ftpW: candidates.estimatedW, source: 'estimated' };
  return { ftpW: undefined, source: 'none' };
}

export interface EstimatedFtp {
  readonly ftpW: number;
  readonly method: FtpMethod;
}

/**
 * The eFTP of a best-power curve (the bests of the window's rides for the server, the ride's own
 * curve for `vatio analyze`): critical power of the Monod–Scherrer model by GoldenCheetah's envelope
 * (`fitTwoParameterEnvelope`, its default: the 2–3⅓ and 12–20 min bests); when that fit is unusable
 * (no best in a window, CP or W′ outside the physiological bounds of `implausibleReasons`, CP above the
 * best 3-min power) 95 % of the best 20 minutes (Allen–Coggan). Rounded to the watt. As intervals.icu's
 * eFTP (a CP model on the power curve) and GoldenCheetah's CP fits on recent bests.
 */
export function estimatedFtp(curve: MeanMaxCurve): EstimatedFtp | undefined {
  const cp = ftpFromCriticalPower(curve, { model: '2p', range: CP_FIT_RANGE });
  const best3Min = curvePowerAtW(curve, 180);
  if (
    cp?.fit &&
    cp.fit.wPrimeJ > 0 &&
    cp.ftpW > 0 &&
    implausibleReasons(cp.fit, undefined).length === 0 &&
    (best3Min === undefined || cp.ftpW <= best3Min)
  ) {
    return { ftpW: Math.round(cp.ftpW), method: cp.method };
  }
  return estimatedFtpFrom20Min(curve);
}

/** `estimatedFtp`'s fallback alone: 95 % of the best 20 minutes (Allen–Coggan), rounded to the watt. */
export function estimatedFtpFrom20Min(curve: MeanMaxCurve): EstimatedFtp | undefined {
  const twenty = ftpFromBest20Min(curve);
  return twenty && twenty.ftpW > 0 ? { ftpW: Math.round(twenty.ftpW), method: twenty.method } : undefined;
}
