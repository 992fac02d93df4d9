import type { Kysely } from 'kysely';
import type { BikesTable, Database } from '../../db/schema.ts';
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
  db: Kysely<Database>,
  session: StravaSession,
  now: () => Date,
  onBike: (name: string) => Promise<void>,
): Promise<{ created: number; updated: number }> {
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
    const bikeId = await db.transaction().execute(async (trx) => {
      const existing = await trx
        .selectFrom('bikes')
        .select('id')
        .where('user_id', '=', userId)
        .where('strava_gear_id', '=', summary.id)
        .executeTakeFirst();
      if (existing) {
        await trx
          .updateTable('bikes')
          .set({ ...values, updated_at: now() })
          .where('user_id', '=', userId)
          .where('id', '=', existing.id)
          .execute();
        updated++;
        return existing.id;
      }
      const hasPrimary = await trx
        .selectFrom('bikes')
        .select('id')
        .where('user_id', '=', userId)
        .where('is_primary', '=', true)
        .executeTakeFirst();
      const inserted = await trx
        .insertInto('bikes')
        .values({
          user_id: userId,
          ...values,
          year: null,
          strava_gear_id: summary.id,
          // Strava's primary bike becomes the primary one only when the rider has none yet.
          is_primary: !hasPrimary && summary.primary === true,
          created_at: now(),
          updated_at: now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      created++;
      return inserted.id;
    });
    await linkRidesToBike(db, userId, summary.id, bikeId);
  }
  return { created, updated };
}

/** Rides imported from Strava with this gear that have no bike yet. */
async function linkRidesToBike(db: Kysely<Database>, userId: string, gearId: string, bikeId: string) {
  await db
    .updateTable('activities')
    .set({ bike_id: bikeId })
    .where('user_id', '=', userId)
    .where('bike_id', 'is', null)
    .where('strava_id', 'in', (eb) =>
      eb
        .selectFrom('strava_activities')
        .select('strava_id')
        .where('user_id', '=', userId)
        .where('gear_id', '=', gearId),
    )
    .execute();
}
