/**
 * Segments for the analytics bench's stored rides (issue 14): `segmentCount` climbs and two efforts per
 * ride on them, written straight into the database as storing the rides would have (migration 0013's
 * rows). Returns the id of the first segment (the one-segment figure asks for it) and seconds taken.
 */
import { openDatabase, pgliteDirFor } from '../packages/server/src/db/database.ts';

export async function seedStoredSegments(dataDir: string, userId: string, segmentCount = 40) {
  const handle = await openDatabase({ pgliteDir: pgliteDirFor(dataDir) });
  const t0 = performance.now();
  const rides = await handle.db
    .selectFrom('activities')
    .select(['id', 'start_time'])
    .where('user_id', '=', userId)
    .orderBy('start_time')
    .execute();
  const grades = Array.from({ length: 12 }, (_, k) => 4 + (k % 4));
  const segments = await handle.db
    .insertInto('segments')
    .values(
      Array.from({ length: segmentCount }, (_, s) => ({
        user_id: userId,
        start_lat: 45 + s * 0.01,
        start_lng: 7,
        end_lat: 45 + s * 0.01 + 0.015,
        end_lng: 7.005,
        length_m: 1500 + s * 50,
        avg_grade_pct: 5.5,
        section_grade_pct: grades,
      })),
    )
    .returning('id')
    .execute();
  for (let from = 0; from < rides.length; from += 200) {
    const chunk = rides.slice(from, from + 200);
    await handle.db
      .insertInto('segment_efforts')
      .values(
        chunk.flatMap((ride, i) => {
          const k = from + i;
          return [k % segmentCount, (k * 7 + 3) % segmentCount].map((s, j) => {
            const elapsedS = 360 + ((k * 13 + s) % 60);
            return {
              segment_id: segments[s]!.id,
              activity_id: ride.id,
              user_id: userId,
              start_time: new Date(ride.start_time.getTime() + (600 + j * 1800) * 1000),
              start_offset_s: 600 + j * 1800,
              end_offset_s: 600 + j * 1800 + elapsedS,
              elapsed_s: elapsedS,
              avg_power_w: 250 + ((k * 3) % 40),
              avg_hr_bpm: 150,
              weight_kg: 71,
              temperature_c: 18,
              splits_s: Array.from({ length: 13 }, (_, m) => (elapsedS * m) / 12),
              section_power_w: Array.from({ length: 12 }, (_, m) => 240 + m * 3),
            };
          });
        }),
      )
      .execute();
  }
  await handle.close();
  return { segmentId: segments[0]!.id, seconds: (performance.now() - t0) / 1000 };
}
