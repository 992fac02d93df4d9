/**
 * The whole-ride virtual-elevation (Chung) fit with the air-density rule and the defaults of
 * `options.ts`, and every input it did not measure, so whoever shows it can say what it assumed.
 */
import { airDensityFromVapourKgM3, pressureAtAltitudePa, vapourPressurePa } from '../aero/air-density.ts';
import { type AeroLabSamples, roundAeroLabSamples } from '../aero/aero-lab.ts';
import { rateAeroFit } from '../aero/fit-rating.ts';
import { type AeroFit, type AeroStreams, fitCdaCrr } from '../aero/virtual-elevation.ts';
import type { ActivityStreams } from '../streams/activity-streams.ts';
import { AERO_DEFAULTS, AERO_TRUSTWORTHY_CDA_SE_M2, AIR_DENSITY } from './options.ts';

export type AirStreams = Pick<ActivityStreams, 'gapMask' | 'altitudeM' | 'temperatureC'>;

/** Slots of `airDensitySeries`'s pressure cache (a power of two): 819 m of altitudes in 0.2 m steps. */
const PRESSURE_SLOTS = 4096;

/**
 * Air density per second (`AIR_DENSITY`): ISA pressure at the recorded altitude (sea level where a
 * second has none), the recorded temperature (15 °C where a second has none), dry air.
 */
export function airDensitySeries(streams: AirStreams): Float64Array {
  const n = streams.gapMask.length;
  const out = new Float64Array(n);
  // A second with the altitude and temperature of the one before has its density, and one with its
  // temperature its vapour pressure (issue 28: the powers of both formulas were a tenth of an
  // import's analysis; a temperature moves in whole degrees, a barometric altitude in 0.2 m steps).
  let lastAltitudeM = Number.NaN;
  let lastTemperatureC = Number.NaN;
  let lastVapourPa = Number.NaN;
  let lastDensity = Number.NaN;
  // Each altitude's pressure, once: a ride's altitudes come back (a barometric altitude in 0.2 m steps:
  // ~900 values in a 4-hour ride of 14,000 seconds), and the power was most of this loop (issue 28).
  // Slot by the altitude in 0.2 m steps; a slot holds one altitude and its pressure, exactly that one.
  const pressureAltitudesM = new Float64Array(PRESSURE_SLOTS).fill(Number.NaN);
  const pressuresPa = new Float64Array(PRESSURE_SLOTS);
  for (let i = 0; i < n; i++) {
    const recordedAltitudeM = streams.altitudeM?.[i];
    const recordedTemperatureC = streams.temperatureC?.[i];
    const altitudeM =
      recordedAltitudeM !== undefined && Number.isFinite(recordedAltitudeM) ? recordedAltitudeM : 0;
    const temperatureC =
      recordedTemperatureC !== undefined && Number.isFinite(recordedTemperatureC)
        ? recordedTemperatureC
        : AIR_DENSITY.defaultTemperatureC;
    if (temperatureC !== lastTemperatureC) {
      lastVapourPa = vapourPressurePa(temperatureC, AIR_DENSITY.relativeHumidityPct);
    } else if (altitudeM === lastAltitudeM) {
      out[i] = lastDensity;
      continue;
    }
    lastAltitudeM = altitudeM;
    lastTemperatureC = temperatureC;
    // The pressure as `airDensityKgM3` is given it: ISA at the altitude (`pressureAtAltitudePa`).
    const slot = Math.round(altitudeM * 5) & (PRESSURE_SLOTS - 1);
    if (pressureAltitudesM[slot] !== altitudeM) {
      pressureAltitudesM[slot] = altitudeM;
      pressuresPa[slot] = pressureAtAltitudePa({
        altitudeM,
        seaLevelPressurePa: AIR_DENSITY.seaLevelPressurePa,
      });
    }
    lastDensity = airDensityFromVapourKgM3(pressuresPa[slot]!, temperatureC, lastVapourPa);
    out[i] = lastDensity;
  }
  return out;
}

/** Mean of a channel over the recorded seconds where it has a value, or undefined. */
function recordedMean(values: Float64Array | undefined, gapMask: Uint8Array): number | undefined {
  if (values === undefined) return undefined;
  let sum = 0;
  let count = 0;
  for (let i = 0; i < values.length; i++) {
    if (gapMask[i] === 0 && Number.isFinite(values[i]!)) {
      sum += values[i]!;
      count++;
    }
  }
  return count > 0 ? sum / count : undefined;
}

/**
 * Who gave the rider's weight: the rider (settings: the dated entry in force; nearest: none was in
 * force yet, the entry nearest in time; profile: rides analysed before issue 25, when the profile
 * held a weight of its own; flag: `--weight`), or nobody (the default).
 */
export type WeightSource = 'settings' | 'nearest' | 'profile' | 'flag' | 'default';

export interface RideAeroInput {
  /** The rider's weight, kg, and where it came from; undefined assumes `AERO_DEFAULTS.riderKg`. */
  readonly riderKg: number | undefined;
  readonly riderKgSource?: Exclude<WeightSource, 'default'> | undefined;
  /** The bike's weight, kg; undefined assumes `AERO_DEFAULTS.bikeKg`. */
  readonly bikeKg: number | undefined;
}

export interface RideAero {
  readonly fit: AeroFit;
  /** Mean of the per-second air density over the recorded seconds, kg/m³. */
  readonly airDensityKgM3: number;
  readonly riderKg: number;
  readonly riderKgSource: WeightSource;
  readonly bikeKg: number;
  readonly bikeKgSource: 'bike' | 'default';
  /** Mean recorded temperature, °C (ISA 15 °C when the file has none). */
  readonly temperatureC: number;
  readonly temperatureRecorded: boolean;
  /** ISA pressure at the mean recorded altitude, Pa. */
  readonly pressurePa: number;
  readonly humidityPct: number;
}

/**
 * Chung's virtual-elevation fit of CdA and Crr over the whole ride, no wind; undefined without power,
 * speed or altitude, or when the fit cannot be solved. The caller leaves out rides with no real road
 * (`VIRTUAL_SUB_SPORTS`).
 */
export function fitRideAero(streams: AeroStreams & AirStreams, input: RideAeroInput): RideAero | undefined {
  if (!streams.powerW || !streams.speedMps || !streams.altitudeM) return undefined;
  const riderKg = input.riderKg ?? AERO_DEFAULTS.riderKg;
  const bikeKg = input.bikeKg ?? AERO_DEFAULTS.bikeKg;
  const density = airDensitySeries(streams);
  const fit = fitCdaCrr(streams, {
    systemMassKg: riderKg + bikeKg,
    drivetrainEfficiency: AERO_DEFAULTS.drivetrainEfficiency,
    airDensityKgM3: density,
  });
  if (fit === undefined || !Number.isFinite(fit.cdaM2) || !Number.isFinite(fit.crr)) return undefined;
  const recordedTemperature = recordedMean(streams.temperatureC, streams.gapMask);
  return {
    fit,
    airDensityKgM3: recordedMean(density, streams.gapMask) ?? Number.NaN,
    riderKg,
    riderKgSource: input.riderKg === undefined ? 'default' : (input.riderKgSource ?? 'settings'),
    bikeKg,
    bikeKgSource: input.bikeKg === undefined ? 'default' : 'bike',
    temperatureC: recordedTemperature ?? AIR_DENSITY.defaultTemperatureC,
    temperatureRecorded: recordedTemperature !== undefined,
    pressurePa: pressureAtAltitudePa({
      altitudeM: recordedMean(streams.altitudeM, streams.gapMask) ?? 0,
      seaLevelPressurePa: AIR_DENSITY.seaLevelPressurePa,
    }),
    humidityPct: AIR_DENSITY.relativeHumidityPct,
  };
}

/**
 * Whether a ride's fit is good enough to follow CdA week to week. Riding in a group, wind gusts and
 * braking break the energy balance the fit assumes; such rides fit their elevation poorly. Chung's
 * protocol asks for a profile the model tracks closely; here: rated good (`rateAeroFit`: CdA and Crr
 * physically plausible and R² ≥ 0.9) and the CdA's standard error at most
 * `AERO_TRUSTWORTHY_CDA_SE_M2`.
 */
export function aeroFitTrustworthy(fit: Pick<AeroFit, 'cdaM2' | 'crr' | 'r2' | 'cdaSeM2'>): boolean {
  return rateAeroFit(fit).rating === 'good' && fit.cdaSeM2 <= AERO_TRUSTWORTHY_CDA_SE_M2;
}

/**
 * The aero lab's samples for seconds [startS, endS) of a ride (the whole ride without a range), with
 * the recorded air density (`airDensitySeries`), rounded once (`roundAeroLabSamples`); undefined
 * without power, speed or altitude.
 */
export function aeroLabSamplesOf(
  streams: AeroStreams & AirStreams,
  range: { startS: number; endS: number } = { startS: 0, endS: streams.gapMask.length },
): AeroLabSamples | undefined {
  const { powerW, speedMps, altitudeM } = streams;
  if (!powerW || !speedMps || !altitudeM) return undefined;
  const from = Math.max(0, Math.floor(range.startS));
  const to = Math.min(streams.gapMask.length, Math.ceil(range.endS));
  if (to - from < 2) return undefined;
  const density = airDensitySeries(streams);
  return roundAeroLabSamples({
    startS: from,
    gapMask: streams.gapMask.slice(from, to),
    powerW: powerW.slice(from, to),
    speedMps: speedMps.slice(from, to),
    altitudeM: altitudeM.slice(from, to),
    airDensityKgM3: density.slice(from, to),
  });
}
