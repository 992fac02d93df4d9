import {
  AERO_DEFAULTS,
  type ActivityStreams,
  AIR_DENSITY,
  aeroLabDrawn,
  aeroLabFit,
  aeroLabSamplesOf,
  aeroLabStep,
  airDensityKgM3,
  downsampleAeroLab,
  presentAeroLabSamples,
  pressureAtAltitudePa,
} from '@vatio/analysis';
import type { AeroFitRequest, AeroFitResponse } from '@vatio/schemas';
import { AppError } from '../../errors.ts';
import type { RideSettings } from '../../kernel/ride-settings.ts';
import type { BikeRow } from '../../kernel/bike.repository.ts';
import type { ActivityRow, LapRow } from './activity.repository.ts';

// POST /api/activities/:id/aero-fit: the aero lab's curve (packages/analysis aero/aero-lab.ts) on the
// stored streams of a ride or one of its laps. The browser redraws the same curve from `samples` with
// the same function as the sliders move; docs/formulas/aero.md.

const round = (v: number, digits: number) => Number(v.toFixed(digits));

type Request = AeroFitRequest & { lap?: number | undefined };

function rangeOf(request: Request, laps: readonly LapRow[], length: number) {
  if (request.lap !== undefined) {
    const lap = laps.find((l) => l.lap_index === request.lap);
    if (!lap)
      throw new AppError('VALIDATION', 'That lap does not exist.', { fields: { lap: 'lap_invalid' } });
    const end = lap.elapsed_time_s === null ? length : lap.start_offset_s + lap.elapsed_time_s;
    return { startS: lap.start_offset_s, endS: Math.min(length, end) };
  }
  return { startS: request.start_s ?? 0, endS: Math.min(length, request.end_s ?? length) };
}

function mean(values: Float64Array, gapMask: Uint8Array): number {
  let sum = 0;
  let count = 0;
  for (let i = 0; i < values.length; i++) {
    if (gapMask[i] === 0 && Number.isFinite(values[i]!)) {
      sum += values[i]!;
      count++;
    }
  }
  return count > 0 ? sum / count : Number.NaN;
}

export interface AeroLabInput {
  row: ActivityRow;
  laps: readonly LapRow[];
  streams: ActivityStreams;
  settings: RideSettings;
  bike: Pick<BikeRow, 'id' | 'cda_m2' | 'crr'> | undefined;
  request: Request;
}

export function rideAeroLab({ row, laps, streams, settings, bike, request }: AeroLabInput): AeroFitResponse {
  const range = rangeOf(request, laps, streams.gapMask.length);
  const samples = row.type === 'VirtualRide' ? undefined : aeroLabSamplesOf(streams, range);
  if (samples === undefined) throw new AppError('AERO_DATA_MISSING');
  const riderKg = settings.weightKg ?? AERO_DEFAULTS.riderKg;
  const bikeKg = settings.bikeKg ?? AERO_DEFAULTS.bikeKg;
  const massKg = request.mass_kg ?? riderKg + bikeKg;
  const givenDensity =
    request.air_density_kg_m3 ??
    (request.temperature_c !== undefined && request.altitude_m !== undefined
      ? airDensityKgM3({
          pressurePa: pressureAtAltitudePa({
            altitudeM: request.altitude_m,
            seaLevelPressurePa: AIR_DENSITY.seaLevelPressurePa,
          }),
          temperatureC: request.temperature_c,
          relativeHumidityPct: AIR_DENSITY.relativeHumidityPct,
        })
      : undefined);
  const conditions = {
    systemMassKg: massKg,
    drivetrainEfficiency: AERO_DEFAULTS.drivetrainEfficiency,
    airDensityKgM3: givenDensity,
    windMps: request.wind_mps ?? 0,
  };
  const wantFit =
    request.fit === true ||
    ((request.cda_m2 === undefined || request.crr === undefined) &&
      (bike?.cda_m2 == null || bike.crr == null));
  const fit = wantFit ? aeroLabFit(samples, conditions) : undefined;
  if (wantFit && (fit === undefined || !Number.isFinite(fit.cdaM2) || !Number.isFinite(fit.crr))) {
    throw new AppError('AERO_DATA_MISSING');
  }
  const cdaSource = fit
    ? 'fit'
    : request.cda_m2 !== undefined && request.crr !== undefined
      ? 'given'
      : 'bike';
  const cdaM2 = fit?.cdaM2 ?? request.cda_m2 ?? bike?.cda_m2 ?? Number.NaN;
  const crr = fit?.crr ?? request.crr ?? bike?.crr ?? Number.NaN;
  const curve = aeroLabDrawn(samples, { ...conditions, cdaM2, crr });
  const step = aeroLabStep(samples.gapMask.length);
  const distance = streams.distanceM?.slice(samples.startS, samples.startS + samples.gapMask.length);
  const timeS: number[] = [];
  for (let i = 0; i < samples.gapMask.length; i += step) timeS.push(samples.startS + i);
  return {
    activity_id: row.id,
    parameters: {
      cda_m2: cdaM2,
      crr,
      cda_source: cdaSource,
      bike_id: row.bike_id,
      mass_kg: round(massKg, 3),
      mass_source: request.mass_kg === undefined ? 'rider' : 'given',
      rider_kg: settings.weightKg ?? null,
      rider_kg_source: settings.weightSource ?? null,
      rider_kg_from: settings.weightFrom ?? null,
      bike_kg: settings.bikeKg ?? null,
      drivetrain_efficiency: AERO_DEFAULTS.drivetrainEfficiency,
      air_density_kg_m3: round(givenDensity ?? mean(samples.airDensityKgM3, samples.gapMask), 5),
      air_density_source:
        request.air_density_kg_m3 !== undefined
          ? 'given'
          : givenDensity !== undefined
            ? 'conditions'
            : 'recorded',
      wind_mps: conditions.windMps,
      lap: request.lap ?? null,
      start_s: samples.startS,
      end_s: samples.startS + samples.gapMask.length,
    },
    fit: fit
      ? {
          cda_m2: fit.cdaM2,
          crr: fit.crr,
          r2: fit.r2,
          cda_se_m2: fit.cdaSeM2,
          crr_se: fit.crrSe,
        }
      : null,
    rmse_m: curve.rmseM,
    samples_used: curve.samples,
    series: {
      step_s: step,
      time_s: timeS,
      distance_m: distance ? downsampleAeroLab(distance, step) : null,
      virtual_elevation_m: curve.virtualElevationM,
      recorded_elevation_m: downsampleAeroLab(samples.altitudeM, step),
    },
    samples: request.include_samples ? presentAeroLabSamples(samples) : null,
  };
}
