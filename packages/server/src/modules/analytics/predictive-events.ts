import {
  DEFAULT_AIR_DENSITY,
  DEFAULT_BIKE_KG,
  DEFAULT_CDA_M2,
  DEFAULT_CRR,
  EVENT_COURSES,
  type PowerDurationModel,
  predictEvent,
} from '@vatio/analysis';
import type { PredictiveRide } from './analytics-load.repository.ts';

const round = (v: number, digits = 1) => Number(v.toFixed(digits));

function median(values: readonly number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * The three events with the rider's weight, bike and CdA: the primary bike's CdA and Crr saved from the
 * aero lab when the rider saved them, else the median of the ride fits (VE), else the defaults.
 */
export function eventPredictions(
  rides: readonly PredictiveRide[],
  model: (PowerDurationModel & { source: 'cp_2p' | 'ftp' }) | undefined,
  weightKg: number | undefined,
  bikeKg: number | null,
  bikeAero: { cda_m2: number | null; crr: number | null } = { cda_m2: null, crr: null },
) {
  if (!model || weightKg === undefined) return undefined;
  // The median of the last 10 trustworthy outdoor fits of the last 90 days.
  const rideCda = median(
    rides
      .map((r) => r.cda_m2)
      .filter((v): v is number => v !== null && Number.isFinite(v))
      .slice(-10),
  );
  const cda = bikeAero.cda_m2 ?? rideCda;
  const cdaSource =
    bikeAero.cda_m2 !== null
      ? ('bike' as const)
      : rideCda === undefined
        ? ('default' as const)
        : ('virtual_elevation' as const);
  const bike = bikeKg ?? DEFAULT_BIKE_KG;
  const physics = {
    massKg: weightKg + bike,
    cdaM2: cda ?? DEFAULT_CDA_M2,
    crr: bikeAero.crr ?? DEFAULT_CRR,
    airDensity: DEFAULT_AIR_DENSITY,
  };
  return {
    events: EVENT_COURSES.map((course) => {
      const p = predictEvent(course, model, physics);
      return {
        key: p.key,
        power_w: Math.round(p.powerW),
        time_s: Math.round(p.timeS),
        distance_m: Math.round(p.distanceM),
        average_speed_kmh: round(p.averageSpeedMps * 3.6),
      };
    }),
    assumptions: {
      rider_kg: weightKg,
      bike_kg: bike,
      bike_weight_source: bikeKg === null ? ('default' as const) : ('bike' as const),
      cda_m2: round(physics.cdaM2, 3),
      cda_source: cdaSource,
      crr: physics.crr,
      air_density: DEFAULT_AIR_DENSITY,
      model: { cp_w: Math.round(model.cpW), w_prime_j: Math.round(model.wPrimeJ), source: model.source },
    },
  };
}
