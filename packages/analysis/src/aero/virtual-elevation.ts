import type { ActivityStreams } from '../streams/activity-streams.ts';
import { STANDARD_GRAVITY_MPS2 } from './air-density.ts';

export type AeroStreams = Pick<ActivityStreams, 'gapMask' | 'powerW' | 'speedMps' | 'altitudeM'>;

export interface AeroConditions {
  /** Rider + bike + kit, kg. */
  readonly systemMassKg: number;
  /** Drivetrain efficiency η (power at the wheel / power measured); 1 for a hub meter. */
  readonly drivetrainEfficiency: number;
  /** Air density, kg/m³: one value for the selection or one per second (see `airDensityKgM3`). */
  readonly airDensityKgM3: number | Float64Array;
  /** Air speed along the direction of travel, m/s, per second; ground speed (no wind) when absent. */
  readonly airSpeedMps?: Float64Array;
}

/**
 * Below this ground speed a second is left out of the fit and breaks the run, m/s (5.4 km/h): a rider
 * standing, walking or wobbling away from a stop, where the speed sensor reads zero or nonsense and the
 * power meter's P/v is meaningless. Chung ("Estimating CdA with a power meter", 2003) asks for data
 * without stops; cutting the ride at them lets the rest be used.
 */
export const AERO_MIN_SPEED_MPS = 1.5;

/**
 * Power under which a second counts as coasting, W. The coast down into a stop is braking: energy the
 * brakes take and the power meter never sees, which the fit would otherwise read as rolling
 * resistance (a synthetic ride with three stops moved Crr by +0.0005 before this rule).
 */
export const AERO_COASTING_W = 10;

/**
 * Seconds left out as braking into a stop: walking back from each second under `AERO_MIN_SPEED_MPS`,
 * every earlier second that is coasting and slower than the one before it.
 */
function brakingBeforeStops(power: Float64Array, speed: Float64Array): Uint8Array {
  const out = new Uint8Array(power.length);
  for (let i = 1; i < speed.length; i++) {
    if (!(speed[i]! < AERO_MIN_SPEED_MPS) || !(speed[i - 1]! >= AERO_MIN_SPEED_MPS)) continue;
    for (let j = i - 1; j >= 1; j--) {
      if (!(power[j]! < AERO_COASTING_W) || !(speed[j]! < speed[j - 1]!)) break;
      out[j] = 1;
    }
  }
  return out;
}

/**
 * Per-second terms of Chung's virtual elevation, in metres, so that
 * VE_i = VE_start + Σ_k (A_k − Crr·B_k − CdA·C_k) over a run of usable seconds:
 * A_k = (η·P_k·Δt − ½·m·(v_k² − v_{k−1}²))/(m·g), B_k = v_k·Δt, C_k = ρ_k·va_k²·v_k·Δt/(2·m·g).
 * This is the slope form sᵢ = η·P/(m·g·v) − Crr − CdA·ρ·va²/(2·m·g) − a/g times v·Δt
 * (R. Chung, "Estimating CdA with a power meter"; GoldenCheetah `Aerolab.cpp`).
 * `run[i]` numbers the run of consecutive usable seconds containing i, −1 where unusable.
 */
function terms(streams: AeroStreams, conditions: AeroConditions) {
  const { powerW: power, speedMps: speed, altitudeM: altitude, gapMask } = streams;
  if (power === undefined || speed === undefined) return undefined;
  const n = power.length;
  const m = conditions.systemMassKg;
  const eta = conditions.drivetrainEfficiency;
  const g = STANDARD_GRAVITY_MPS2;
  const a = new Float64Array(n);
  const b = new Float64Array(n);
  const c = new Float64Array(n);
  const run = new Int32Array(n).fill(-1);
  const braking = brakingBeforeStops(power, speed);
  let runs = 0;
  for (let i = 0; i < n; i++) {
    const p = power[i]!;
    const v = speed[i]!;
    const rho =
      typeof conditions.airDensityKgM3 === 'number'
        ? conditions.airDensityKgM3
        : conditions.airDensityKgM3[i]!;
    const va = conditions.airSpeedMps === undefined ? v : conditions.airSpeedMps[i]!;
    const altitudeOk = altitude === undefined || Number.isFinite(altitude[i]!);
    if (
      gapMask[i] !== 0 ||
      !Number.isFinite(p) ||
      !(v >= AERO_MIN_SPEED_MPS) ||
      braking[i] === 1 ||
      !Number.isFinite(rho) ||
      !Number.isFinite(va) ||
      !altitudeOk
    ) {
      continue;
    }
    if (i === 0 || run[i - 1] === -1) {
      run[i] = runs++;
      continue; // a run starts at its first sample; its terms are zero there
    }
    run[i] = run[i - 1]!;
    const previousV = speed[i - 1]!;
    a[i] = (eta * p - 0.5 * m * (v * v - previousV * previousV)) / (m * g);
    b[i] = v;
    c[i] = (rho * va * Math.abs(va) * v) / (2 * m * g);
  }
  return { a, b, c, run, runs };
}

/**
 * Virtual elevation profile for a given CdA and Crr: each run of usable seconds starts at the
 * measured altitude of its first second (0 without an altitude channel); NaN where unusable.
 */
export function virtualElevationM(
  streams: AeroStreams,
  conditions: AeroConditions & { readonly cdaM2: number; readonly crr: number },
): Float64Array | undefined {
  const t = terms(streams, conditions);
  if (t === undefined) return undefined;
  const out = new Float64Array(t.run.length).fill(Number.NaN);
  for (let i = 0; i < out.length; i++) {
    if (t.run[i] === -1) continue;
    if (i === 0 || t.run[i - 1] !== t.run[i]) {
      out[i] = streams.altitudeM?.[i] ?? 0;
      continue;
    }
    out[i] = out[i - 1]! + t.a[i]! - conditions.crr * t.b[i]! - conditions.cdaM2 * t.c[i]!;
  }
  return out;
}

export interface AeroFit {
  readonly cdaM2: number;
  readonly crr: number;
  /** Root-mean-square distance between virtual and measured elevation after the fit, m. */
  readonly rmseM: number;
  /** Share of the elevation variance (within runs) the fitted profile explains. */
  readonly r2: number;
  /** Standard errors from the least-squares covariance. Residuals are autocorrelated, so these are optimistic. */
  readonly cdaSeM2: number;
  readonly crrSe: number;
  readonly samples: number;
}

/**
 * Fits CdA and Crr so that the virtual elevation tracks the measured altitude, by linear least squares
 * (the profile is linear in CdA, Crr and one starting height per run; the heights are removed by
 * centring each run). Speed must vary for the two to separate: at constant speed Crr·v and
 * CdA·ρ·v³ are proportional and the fit is ill-conditioned (large standard errors say so).
 *
 * Divergent: the spec inverts the power equation per sample (v > 25 km/h, P > 100 W) and clamps to
 * 0.2–0.5 m²; that is dominated by gradient, acceleration and wind noise and hides real TT values.
 */
export function fitCdaCrr(streams: AeroStreams, conditions: AeroConditions): AeroFit | undefined {
  const altitude = streams.altitudeM;
  const t = terms(streams, conditions);
  if (t === undefined || altitude === undefined) return undefined;
  const n = t.run.length;
  // y = h − ΣA, x1 = −ΣB (× Crr), x2 = −ΣC (× CdA), per run.
  const y = new Float64Array(n);
  const x1 = new Float64Array(n);
  const x2 = new Float64Array(n);
  const count = new Float64Array(t.runs);
  const meanY = new Float64Array(t.runs);
  const mean1 = new Float64Array(t.runs);
  const mean2 = new Float64Array(t.runs);
  let sumA = 0;
  let sumB = 0;
  let sumC = 0;
  for (let i = 0; i < n; i++) {
    const r = t.run[i]!;
    if (r === -1) continue;
    if (i === 0 || t.run[i - 1] !== r) {
      sumA = 0;
      sumB = 0;
      sumC = 0;
    }
    sumA += t.a[i]!;
    sumB += t.b[i]!;
    sumC += t.c[i]!;
    y[i] = altitude[i]! - sumA;
    x1[i] = -sumB;
    x2[i] = -sumC;
    count[r]!++;
    meanY[r]! += y[i]!;
    mean1[r]! += x1[i]!;
    mean2[r]! += x2[i]!;
  }
  let samples = 0;
  for (let r = 0; r < t.runs; r++) {
    meanY[r]! /= count[r]!;
    mean1[r]! /= count[r]!;
    mean2[r]! /= count[r]!;
    samples += count[r]!;
  }
  let s11 = 0;
  let s12 = 0;
  let s22 = 0;
  let s1y = 0;
  let s2y = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const r = t.run[i]!;
    if (r === -1) continue;
    const yy = y[i]! - meanY[r]!;
    const u = x1[i]! - mean1[r]!;
    const w = x2[i]! - mean2[r]!;
    s11 += u * u;
    s12 += u * w;
    s22 += w * w;
    s1y += u * yy;
    s2y += w * yy;
    syy += yy * yy;
  }
  const det = s11 * s22 - s12 * s12;
  const dof = samples - 2 - t.runs;
  if (!(det > 0) || dof <= 0) return undefined;
  const crr = (s22 * s1y - s12 * s2y) / det;
  const cdaM2 = (s11 * s2y - s12 * s1y) / det;
  // Residual sum of squares of the centred regression.
  const sse = Math.max(0, syy - crr * s1y - cdaM2 * s2y);
  const sigma2 = sse / dof;
  return {
    cdaM2,
    crr,
    rmseM: Math.sqrt(sse / samples),
    r2: syy > 0 ? 1 - sse / syy : 1,
    cdaSeM2: Math.sqrt((sigma2 * s11) / det),
    crrSe: Math.sqrt((sigma2 * s22) / det),
    samples,
  };
}
