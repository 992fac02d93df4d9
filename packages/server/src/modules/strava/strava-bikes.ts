import type { BikesTable } from '../../db/schema.ts';
import type { StravaRideRepository } from './strava-ride.repository.ts';
import type { BikeRepository } from '../../kernel/bike.repository.ts';
import type { StravaSession } from './strava-session.ts';
import type { StravaAthlete, StravaGear } from './strava-types.ts';

/** Strava DetailedGear frame_type → Vatio bike type (1 mountain, 2 cross, 3 road, 4 time trial). */
export function bikeTypeOf(frameType: number | null | undefined): BikesTable['type'] {
  switch (frameType) {
    case 1:
      return 'mountain';
    case 2:
      return 'gravel';
    case 4:
      return 'tt';
    default:
      return 'road';
  }
}

/**
 * The athlete's bikes (GET /athlete lists them with the profile:read_all scope; GET /gear/{id}
 * gives brand, model and frame), stored once per Strava gear id; rides imported earlier with that
 * gear and no bike are linked to it.
 */
export async function importStravaBikes(
  repositories: { bikes: BikeRepository; stravaRides: StravaRideRepository },
  session: StravaSession,
  now: () => Date,
  onBike: (name: string) => Promise<void>,
): Promise<{ created: number; updated: number }> {
  const { bikes, stravaRides } = repositories;
  const userId = session.userId;
  const athlete = await session.get<StravaAthlete>('/athlete');
  let created = 0;
  let updated = 0;
  for (const summary of athlete.bikes ?? []) {
    await onBike(summary.name);
    const gear = await session.get<StravaGear>(`/gear/${encodeURIComponent(summary.id)}`);
    const values = {
      name: (gear.name || summary.name || gear.model_name || 'Strava bike').slice(0, 80),
      type: bikeTypeOf(gear.frame_type),
      brand: gear.brand_name?.slice(0, 80) || null,
      model: gear.model_name?.slice(0, 80) || null,
    };
    // Strava's primary bike becomes the primary one only when the rider has none yet.
    // Strava's distance for the gear is the bike's starting odometer (the rides since are added to it).
    const distanceM = gear.distance ?? summary.distance;
    const bike = await bikes.upsertStravaGear(
      userId,
      summary.id,
      values,
      summary.primary === true,
      now(),
      typeof distanceM === 'number' && Number.isFinite(distanceM) && distanceM >= 0 ? distanceM : null,
    );
    if (bike.created) created++;
    else updated++;
    await stravaRides.linkStravaGearRides(userId, summary.id, bike.id);
  }
  return { created, updated };
}
