import { type ActivityStreams, type AeroFit, airDensityKgM3, fitCdaCrr, rateAeroFit } from '@vatio/analysis';

/** What the aero fit assumes when the rider has not told us (DESIGN: say it, never assume silently). */
export const DEFAULT_RIDER_KG = 75; // the spec's assumed rider mass (000 §9)
export const ASSUMED_BIKE_KG = 9; // a road bike with bottles and computer, when the ride's bike has no weight
const DEFAULT_TEMPERATURE_C = 15; // ISA sea-level temperature
export const ASSUMED_HUMIDITY_PCT = 50; // no head unit records humidity; its effect on density is under 1 %

/** Drivetrain efficiency of a clean chain drive (Spicer et al. 2001; as docs/formulas/aero-virtual-elevation.md). */
const DRIVETRAIN_EFFICIENCY = 0.976;

export interface RideAero {
  fit: AeroFit;
  airDensityKgM3: number;
  riderKg: number;
  /** Where the rider's weight came from: dated settings, the profile, or the 75 kg default. */
  riderKgSource: 'settings' | 'profile' | 'default';
  bikeKg: number;
  bikeKgSource: 'bike' | 'default';
  temperatureC: number;
  temperatureRecorded: boolean;
  pressurePa: number;
}

/**
 * The virtual-elevation (Chung) fit of a whole ride, with the air density of its altitude and
 * temperature, the rider's weight at its date (dated settings, else the profile) and the bike's weight. Undefined for rides that cannot carry one: indoor
 * rides (no real elevation) and rides without speed or altitude. The ride page shows it with its
 * assumptions; the import keeps its numbers for the aerodynamics trend.
 */
export function rideAeroFit(
  streams: ActivityStreams,
  ride: {
    type: string;
    weightKg: number | undefined;
    weightSource?: 'settings' | 'profile' | undefined;
    bikeKg?: number | undefined;
  },
): RideAero | undefined {
  if (ride.type === 'VirtualRide' || !streams.speedMps || !streams.altitudeM) return undefined;
  const recordedTemperature = streams.temperatureC?.find((t) => Number.isFinite(t));
  const temperatureC = recordedTemperature ?? DEFAULT_TEMPERATURE_C;
  const altitudeM = streams.altitudeM.find((a) => Number.isFinite(a)) ?? 0;
  // Barometric formula for pressure at the ride's altitude (ISA).
  const pressurePa = 101_325 * (1 - 2.25577e-5 * altitudeM) ** 5.25588;
  const rho = airDensityKgM3({ pressurePa, temperatureC, relativeHumidityPct: ASSUMED_HUMIDITY_PCT });
  const riderKg = ride.weightKg ?? DEFAULT_RIDER_KG;
  const bikeKg = ride.bikeKg ?? ASSUMED_BIKE_KG;
  const fit = fitCdaCrr(streams, {
    systemMassKg: riderKg + bikeKg,
    drivetrainEfficiency: DRIVETRAIN_EFFICIENCY,
    airDensityKgM3: rho,
  });
  if (!fit) return undefined;
  return {
    fit,
    airDensityKgM3: rho,
    riderKg,
    riderKgSource: ride.weightKg === undefined ? 'default' : (ride.weightSource ?? 'settings'),
    bikeKg,
    bikeKgSource: ride.bikeKg === undefined ? 'default' : 'bike',
    temperatureC,
    temperatureRecorded: recordedTemperature !== undefined,
    pressurePa,
  };
}

/**
 * Whether a ride's fit is good enough to follow CdA week to week. Riding in a group, wind gusts
 * and braking break the energy balance the fit assumes; such rides fit their elevation poorly.
 * Chung's protocol asks for a profile the model tracks closely; here: the fit is rated good
 * (`rateAeroFit`: CdA and Crr physically plausible, PLAUSIBLE_CDA_M2 0.15–0.60 m² and PLAUSIBLE_CRR
 * 0.001–0.015, and the fitted profile explains at least 90 % of the elevation variance) and the CdA's
 * standard error is under 0.02 m².
 */
export function aeroFitTrustworthy(fit: Pick<AeroFit, 'cdaM2' | 'crr' | 'r2' | 'cdaSeM2'>): boolean {
  return rateAeroFit(fit).rating === 'good' && fit.cdaSeM2 <= 0.02;
}
