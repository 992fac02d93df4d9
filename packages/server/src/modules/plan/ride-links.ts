import type { WorkoutRef } from './plan-compute.ts';

/**
 * Which ride each planned day's compliance measures (issue 26). A ride ridden from a Vatio workout
 * carries that workout's reference (`activities.workout_ref`, `<kind>:<ref>` of the FIT file's
 * `vatio-workout:<kind>:<ref>`), and it says better than the clock which session the ride was:
 *  1. a ride naming a planned day (`plan:<YYYY-MM-DD>…`, also `day:`/`planned:`/`plan-day:`) is that
 *     day's ride, whichever day it was ridden on;
 *  2. a ride naming a workout (`library:<id>`, `own:<id>`) is the ride of its own local day when that
 *     day's planned workout is the one named; a workout the day does not plan (another session, or a
 *     workout that is not the rider's) links it to nothing;
 *  3. only on a day where no ride carries a reference, the day's ride is the first with power, as
 *     before references existed (rides recorded by head units, imported from Strava).
 * Of two rides linked to one day, the first in start order wins. A reference of a kind this version
 * does not know, or a damaged one, is no reference: the ride counts as one without.
 */

export type RideReference = { kind: 'day'; date: string } | { kind: 'workout'; workout: WorkoutRef };

const DAY_KINDS = new Set(['plan', 'day', 'planned', 'plan-day']);
const DATE = /^(\d{4}-\d{2}-\d{2})(?::|$)/;

/** The stored reference as the plan reads it; undefined for none, an unknown kind or a damaged one. */
export function rideReference(stored: string | null): RideReference | undefined {
  if (stored === null) return undefined;
  const colon = stored.indexOf(':');
  if (colon < 0) return undefined;
  const kind = stored.slice(0, colon);
  const ref = stored.slice(colon + 1);
  if (ref === '') return undefined;
  if (kind === 'library' || kind === 'own') return { kind: 'workout', workout: { source: kind, id: ref } };
  if (DAY_KINDS.has(kind)) {
    const date = DATE.exec(ref)?.[1];
    return date !== undefined && !Number.isNaN(Date.parse(`${date}T00:00:00Z`))
      ? { kind: 'day', date }
      : undefined;
  }
  return undefined;
}

export interface LinkRide {
  id: string;
  /** The ride's local day in the plan's zone. */
  date: string;
  has_power: boolean;
  workout_ref: string | null;
}

export interface LinkDay {
  date: string;
  workout_ref: WorkoutRef | null;
}

const sameWorkout = (a: WorkoutRef | null, b: WorkoutRef) =>
  a !== null && a.source === b.source && a.id === b.id;

/** The ride measured against each day's workout, by day; rides in start order. */
export function linkRides(days: readonly LinkDay[], rides: readonly LinkRide[]): Map<string, string> {
  const dayByDate = new Map(days.map((d) => [d.date, d]));
  const links = new Map<string, string>();
  const referencedDates = new Set<string>();
  for (const ride of rides) {
    const reference = rideReference(ride.workout_ref);
    if (!reference) continue;
    referencedDates.add(ride.date);
    const target =
      reference.kind === 'day'
        ? dayByDate.get(reference.date)
        : sameWorkout(dayByDate.get(ride.date)?.workout_ref ?? null, reference.workout)
          ? dayByDate.get(ride.date)
          : undefined;
    if (target && target.workout_ref !== null && !links.has(target.date)) links.set(target.date, ride.id);
  }
  for (const ride of rides) {
    if (links.has(ride.date) || referencedDates.has(ride.date) || !ride.has_power) continue;
    if (dayByDate.get(ride.date)?.workout_ref) links.set(ride.date, ride.id);
  }
  return links;
}
