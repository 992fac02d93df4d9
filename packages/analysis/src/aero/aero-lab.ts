/**
 * The aero lab: a ride's (or a lap's) virtual-elevation profile for CdA, Crr, mass, air density and
 * wind chosen by hand, against the recorded elevation, as GoldenCheetah's Aerolab draws it
 * (R. Chung, "Estimating CdA with a power meter", 2003; power model of Martin et al. 1998). One pure
 * function for the server (POST /api/activities/:id/aero-fit) and the browser (the sliders), so the
 * two curves are the same numbers: both start from the same `AeroLabSamples`, rounded once by
 * `roundAeroLabSamples` far below what the sensors resolve.
 */
import { fitCdaCrr, virtualElevationM } from './virtual-elevation.ts';

/** The selection's seconds, 1 Hz: NaN where a channel has no value, gap 1 where the ride was paused. */
export interface AeroLabSamples {
  /** Second of the ride the first sample is at. */
  readonly startS: number;
  readonly gapMask: Uint8Array;
  readonly powerW: Float64Array;
  readonly speedMps: Float64Array;
  readonly altitudeM: Float64Array;
  /** Air density from the recorded altitude and temperature, kg/m³ (`airDensitySeries`). */
  readonly airDensityKgM3: Float64Array;
}

export interface AeroLabParams {
  readonly cdaM2: number;
  readonly crr: number;
  /** Rider + bike + kit, kg. */
  readonly systemMassKg: number;
  readonly drivetrainEfficiency: number;
  /** One air density for the whole selection; the recorded per-second density when absent. */
  readonly airDensityKgM3?: number | undefined;
  /** Head wind along the direction of travel, m/s (negative: tail wind); GoldenCheetah's constant wind. */
  readonly windMps: number;
}

/** At most this many points are drawn (and sent) per curve. */
export const AERO_LAB_MAX_POINTS = 1200;

const roundTo = (values: Float64Array, digits: number) => {
  const scale = 10 ** digits;
  return values.map((v) => (Number.isFinite(v) ? Math.round(v * scale) / scale : Number.NaN));
};

/**
 * Rounds the samples to what JSON carries both ways exactly (0.01 W, 0.001 m/s, 0.001 m,
 * 0.00001 kg/m³): power meters resolve 1 W, speed sensors 0.01 m/s, altimeters 0.1 m.
 */
export function roundAeroLabSamples(samples: AeroLabSamples): AeroLabSamples {
  return {
    startS: samples.startS,
    gapMask: samples.gapMask,
    powerW: roundTo(samples.powerW, 2),
    speedMps: roundTo(samples.speedMps, 3),
    altitudeM: roundTo(samples.altitudeM, 3),
    airDensityKgM3: roundTo(samples.airDensityKgM3, 5),
  };
}

function conditionsOf(samples: AeroLabSamples, params: Omit<AeroLabParams, 'cdaM2' | 'crr'>) {
  const airSpeed =
    params.windMps === 0
      ? undefined
      : samples.speedMps.map((v) => (Number.isFinite(v) ? v + params.windMps : v));
  return {
    systemMassKg: params.systemMassKg,
    drivetrainEfficiency: params.drivetrainEfficiency,
    airDensityKgM3: params.airDensityKgM3 ?? samples.airDensityKgM3,
    ...(airSpeed === undefined ? {} : { airSpeedMps: airSpeed }),
  };
}

export interface AeroLabCurve {
  /** Virtual elevation per second of the selection, m; NaN where a second is left out. */
  readonly virtualElevationM: Float64Array;
  /** Root-mean-square distance from the recorded elevation over the seconds used, m. */
  readonly rmseM: number;
  /** Seconds the profile was computed over. */
  readonly samples: number;
}

/**
 * The virtual-elevation profile for the parameters. Each run of usable seconds (a stop or a pause
 * cuts the ride) is shifted to the height that best matches the recorded elevation over the run, as
 * the least-squares fit does with its one starting height per run; at the fitted CdA and Crr the
 * RMSE is the fit's.
 */
export function aeroLabCurve(samples: AeroLabSamples, params: AeroLabParams): AeroLabCurve {
  const streams = {
    gapMask: samples.gapMask,
    powerW: samples.powerW,
    speedMps: samples.speedMps,
    altitudeM: samples.altitudeM,
  };
  const ve =
    virtualElevationM(streams, { ...conditionsOf(samples, params), cdaM2: params.cdaM2, crr: params.crr }) ??
    new Float64Array(samples.gapMask.length).fill(Number.NaN);
  const altitude = samples.altitudeM;
  let squares = 0;
  let used = 0;
  let start = 0;
  while (start < ve.length) {
    if (!Number.isFinite(ve[start]!)) {
      start++;
      continue;
    }
    // A run: consecutive seconds with a profile (runs are cut only by seconds left out).
    let end = start + 1;
    while (end < ve.length && Number.isFinite(ve[end]!)) end++;
    let offset = 0;
    for (let i = start; i < end; i++) offset += altitude[i]! - ve[i]!;
    offset /= end - start;
    for (let i = start; i < end; i++) {
      ve[i] = ve[i]! + offset;
      squares += (ve[i]! - altitude[i]!) ** 2;
      used++;
    }
    start = end;
  }
  return { virtualElevationM: ve, rmseM: used > 0 ? Math.sqrt(squares / used) : Number.NaN, samples: used };
}

/** The least-squares CdA and Crr for the selection at the given mass, density and wind. */
export function aeroLabFit(samples: AeroLabSamples, params: Omit<AeroLabParams, 'cdaM2' | 'crr'>) {
  return fitCdaCrr(
    {
      gapMask: samples.gapMask,
      powerW: samples.powerW,
      speedMps: samples.speedMps,
      altitudeM: samples.altitudeM,
    },
    conditionsOf(samples, params),
  );
}

/** Every `step`-th second from the first, so the browser and the server draw the same points. */
export function aeroLabStep(length: number): number {
  return Math.max(1, Math.ceil(length / AERO_LAB_MAX_POINTS));
}

export function downsampleAeroLab(values: Float64Array, step: number): (number | null)[] {
  const out: (number | null)[] = [];
  for (let i = 0; i < values.length; i += step) {
    const v = values[i]!;
    out.push(Number.isFinite(v) ? Math.round(v * 1000) / 1000 : null);
  }
  return out;
}

/** `AeroLabSamples` as JSON carries them (null for NaN), in the API's names. */
export interface AeroLabSamplesJson {
  start_s: number;
  gap: number[];
  power_w: (number | null)[];
  speed_mps: (number | null)[];
  altitude_m: (number | null)[];
  air_density_kg_m3: (number | null)[];
}

const nullable = (values: Float64Array, digits: number) =>
  Array.from(values, (v) => (Number.isFinite(v) ? Number(v.toFixed(digits)) : null));

/** The samples as the server sends them; exact both ways after `roundAeroLabSamples`. */
export function presentAeroLabSamples(samples: AeroLabSamples): AeroLabSamplesJson {
  return {
    start_s: samples.startS,
    gap: Array.from(samples.gapMask),
    power_w: nullable(samples.powerW, 2),
    speed_mps: nullable(samples.speedMps, 3),
    altitude_m: nullable(samples.altitudeM, 3),
    air_density_kg_m3: nullable(samples.airDensityKgM3, 5),
  };
}

/** What the browser rebuilds from the server's samples, so both sides run `aeroLabCurve` on one input. */
export function aeroLabSamplesFromJson(json: AeroLabSamplesJson): AeroLabSamples {
  const floats = (values: (number | null)[]) => Float64Array.from(values, (v) => v ?? Number.NaN);
  return {
    startS: json.start_s,
    gapMask: Uint8Array.from(json.gap),
    powerW: floats(json.power_w),
    speedMps: floats(json.speed_mps),
    altitudeM: floats(json.altitude_m),
    airDensityKgM3: floats(json.air_density_kg_m3),
  };
}

/** What the lab draws for the parameters: every `aeroLabStep`-th second of the profile, and its RMSE. */
export function aeroLabDrawn(samples: AeroLabSamples, params: AeroLabParams) {
  const curve = aeroLabCurve(samples, params);
  return {
    virtualElevationM: downsampleAeroLab(curve.virtualElevationM, aeroLabStep(samples.gapMask.length)),
    rmseM: Number.isFinite(curve.rmseM) ? curve.rmseM : null,
    samples: curve.samples,
  };
}
