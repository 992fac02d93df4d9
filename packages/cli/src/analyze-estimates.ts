/**
 * The parts of `vatio analyze` that estimate rather than measure: FTP from the ride's own curve,
 * and CdA/Crr from a virtual-elevation fit. Each estimate carries how much to trust it.
 */
import {
  aeroImplausibilities,
  type ActivityStreams,
  type AeroFit,
  airDensityKgM3,
  type CriticalPowerFit,
  type FitRange,
  type FtpEstimate,
  fitCdaCrr,
  ftpFromBest20Min,
  ftpFromCriticalPower,
  ftpFromSpecPrototypeRule,
  type MeanMaxCurve,
  modelPowerW,
  pressureAtAltitudePa,
} from '@vatio/analysis';

/** Ranges of ride bests the CP models are fitted to (GoldenCheetah `PDModel.cpp`, intervals.icu). */
export const CP_2P_RANGE: FitRange = { minDurationS: 120, maxDurationS: 1200 };
export const CP_3P_RANGE: FitRange = { minDurationS: 60, maxDurationS: 1800 };

/**
 * Confidence of the 95 %-of-20-min rule on one ride: a prior, not a measurement. The rule holds for a
 * maximal, paced 20-minute test (Allen & Coggan); a ride's best 20 minutes is rarely one, so it
 * usually under-estimates FTP.
 */
export const BEST_20_MIN_CONFIDENCE = 0.4;
/** The spec's prototype rule (85 % of a 1-s peak when the ride is short) is kept as a labelled option only. */
export const SPEC_RULE_CONFIDENCE = 0.1;

export interface RatedFtpEstimate {
  readonly method: FtpEstimate['method'];
  readonly ftpW: number;
  /** 0–1: how far to trust the number (see each method). */
  readonly confidence: number;
  readonly fit?: CriticalPowerFit;
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
 * Every FTP estimate the ride supports, most trusted first. CP fits are rated by their R² on power,
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
    const best20 = ftpFromBest20Min(curve);
    if (best20) out.push({ method: best20.method, ftpW: best20.ftpW, confidence: BEST_20_MIN_CONFIDENCE });
    for (const [model, range] of [
      ['2p', CP_2P_RANGE],
      ['3p', CP_3P_RANGE],
    ] as const) {
      const estimate = ftpFromCriticalPower(curve, { model, range });
      if (estimate?.fit === undefined) continue;
      const confidence = Math.min(0.95, Math.max(0.1, powerR2(curve, estimate.fit, range)));
      out.push({ method: estimate.method, ftpW: estimate.ftpW, confidence, fit: estimate.fit });
    }
  }
  const spec = ftpFromSpecPrototypeRule(input);
  if (spec) out.push({ method: spec.method, ftpW: spec.ftpW, confidence: SPEC_RULE_CONFIDENCE });
  return out.sort((a, b) => b.confidence - a.confidence);
}

/** Bike, shoes, helmet and bottles on top of the rider's weight, kg (a road bike is 7–9 kg). */
export const BIKE_AND_KIT_KG = 9;
/** Rider weight assumed when `--weight` is not given, kg. */
export const DEFAULT_RIDER_KG = 75;
/** Drivetrain efficiency η for a crank or pedal meter (Spicer et al. 2001: chain drives 97–99 %). */
export const DRIVETRAIN_EFFICIENCY = 0.976;
/** Air temperature assumed without a temperature channel (ISA sea level), °C. */
const DEFAULT_TEMPERATURE_C = 15;

export interface AeroEstimate {
  readonly fit: AeroFit;
  readonly systemMassKg: number;
  readonly meanAirDensityKgM3: number;
  /**
   * Both CdA and Crr within what a rider on a bicycle can have (`aeroImplausibilities` in the analysis
   * package, the same bounds the server rates fits with). A fit outside is reported as it is, but marked
   * implausible: a whole road ride mixes braking, wind and drafting that the model does not know, and
   * Chung's method wants a steady selection (a loop or an out-and-back).
   */
  readonly plausible: boolean;
}

/**
 * Air density per second from the altitude (ISA pressure, standard sea-level pressure) and the
 * recorded temperature, dry air: files carry neither pressure nor humidity, and humid air is at most
 * about 1 % lighter.
 */
export function airDensitySeries(streams: ActivityStreams): Float64Array {
  const n = streams.timeS.length;
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const altitudeM = streams.altitudeM?.[i] ?? 0;
    const temperatureC = streams.temperatureC?.[i] ?? DEFAULT_TEMPERATURE_C;
    out[i] = airDensityKgM3({
      pressurePa: pressureAtAltitudePa({
        altitudeM: Number.isFinite(altitudeM) ? altitudeM : 0,
        seaLevelPressurePa: 101_325,
      }),
      temperatureC: Number.isFinite(temperatureC) ? temperatureC : DEFAULT_TEMPERATURE_C,
      relativeHumidityPct: 0,
    });
  }
  return out;
}

/** Chung virtual-elevation fit of CdA and Crr over the whole ride, no wind, or undefined. */
export function aeroEstimate(streams: ActivityStreams, riderKg: number): AeroEstimate | undefined {
  if (!streams.powerW || !streams.speedMps || !streams.altitudeM) return undefined;
  const systemMassKg = riderKg + BIKE_AND_KIT_KG;
  const density = airDensitySeries(streams);
  const fit = fitCdaCrr(streams, {
    systemMassKg,
    drivetrainEfficiency: DRIVETRAIN_EFFICIENCY,
    airDensityKgM3: density,
  });
  if (fit === undefined || !Number.isFinite(fit.cdaM2)) return undefined;
  let sum = 0;
  let count = 0;
  for (let i = 0; i < density.length; i++) {
    if (streams.gapMask[i] === 0) {
      sum += density[i]!;
      count++;
    }
  }
  const plausible = aeroImplausibilities(fit).length === 0;
  return { fit, systemMassKg, meanAirDensityKgM3: count > 0 ? sum / count : Number.NaN, plausible };
}
