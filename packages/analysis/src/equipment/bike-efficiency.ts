// A bike's efficiency score and the wear of its parts (issue 15, /bikes). Formulas, sources and a
// worked example: docs/formulas/bikes.md.

/** What one ride tells about its bike's efficiency. */
export interface BikeRideFacts {
  distanceM: number | null;
  movingS: number;
  elevationGainM: number | null;
  averagePowerW: number | null;
  /** The rider's weight on the ride's day, kg. */
  riderKg: number | null;
  /** Trainer rides (VirtualRide): their speed is the trainer's model, not the bike's. */
  indoor: boolean;
}

/**
 * "Comparable terrain": flat rides. At ≤ 10 m of climbing per km the gravity term is a small share of
 * the power (at 30 km/h and 1 % average grade, m·g·v·sin θ ≈ 80 kg × 9.81 × 8.3 × 0.01 ≈ 65 W against
 * ≈ 200 W of air and rolling drag), so speed per W/kg is mostly aero and rolling resistance, which the
 * bike changes. A ride of under 20 minutes is too short for its averages to mean much.
 */
export const EFFICIENCY_MAX_CLIMB_M_PER_KM = 10;
export const EFFICIENCY_MIN_MOVING_S = 20 * 60;

/**
 * Speed per W/kg of one ride, km/h per (W/kg): average speed (distance over moving time) divided by
 * average power over the rider's weight. Undefined when the ride is not comparable (indoor, hilly,
 * short, without power, distance or weight). Worked number: 36 km in 1 h 12 min (30 km/h) at 180 W,
 * 72 kg (2.5 W/kg) → 30 / 2.5 = 12.0.
 */
export function rideEfficiency(ride: BikeRideFacts): number | undefined {
  const { distanceM, movingS, elevationGainM, averagePowerW, riderKg } = ride;
  if (ride.indoor || movingS < EFFICIENCY_MIN_MOVING_S) return undefined;
  if (!distanceM || distanceM <= 0 || !averagePowerW || averagePowerW <= 0 || !riderKg || riderKg <= 0)
    return undefined;
  if ((elevationGainM ?? 0) / (distanceM / 1000) > EFFICIENCY_MAX_CLIMB_M_PER_KM) return undefined;
  const speedKmh = (distanceM / movingS) * 3.6;
  return speedKmh / (averagePowerW / riderKg);
}

/** The middle value (mean of the two middle ones for an even count); undefined for none. */
export function median(values: readonly number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * A bike's efficiency score: the median of `rideEfficiency` over its comparable rides (the median,
 * so one tailwind or group ride does not move it), with how many rides it used.
 */
export function bikeEfficiency(rides: readonly BikeRideFacts[]): {
  value: number | undefined;
  rides: number;
} {
  const values = rides.map(rideEfficiency).filter((v): v is number => v !== undefined);
  return { value: median(values), rides: values.length };
}

/**
 * A part's wear: the share of its service interval used since it was installed or last serviced, the
 * larger of distance and riding time when both intervals are set; undefined without an interval.
 * 2,700 km on a 3,000 km chain → 90 %.
 */
export function componentWearPct(
  since: { distanceM: number; movingS: number },
  interval: { km: number | null; hours: number | null },
): number | undefined {
  const shares: number[] = [];
  if (interval.km && interval.km > 0) shares.push(since.distanceM / 1000 / interval.km);
  if (interval.hours && interval.hours > 0) shares.push(since.movingS / 3600 / interval.hours);
  return shares.length === 0 ? undefined : Math.max(...shares) * 100;
}
