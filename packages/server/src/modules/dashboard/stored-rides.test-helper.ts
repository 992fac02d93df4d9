import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { ANALYSIS_VERSION } from '../activities/ride-import-analysis.ts';
import { RiderBestCurve } from '../activities/rider-best-curve.ts';

/** A stored ride with hand-picked results, as the import job would have written it. */
export interface KnownRide {
  start: string;
  source?: 'upload' | 'strava' | 'demo';
  /** Activity type (default Ride). */
  type?: string;
  distanceM?: number | null;
  movingS: number;
  elevationM?: number | null;
  avgPowerW?: number | null;
  maxPowerW?: number | null;
  tss?: number | null;
  ifactor?: number | null;
  avgHr?: number | null;
  maxHr?: number | null;
  ftpW?: number | null;
  summary?: Record<string, unknown>;
  curve?: { durations: number[]; power: number[] };
}

let counter = 0;

/** Writes the rows the dashboards read (activity and its curve) straight into the real database. */
export async function storeRide(db: Kysely<Database>, userId: string, ride: KnownRide): Promise<string> {
  const startTime = new Date(ride.start);
  const row = await db
    .insertInto('activities')
    .values({
      user_id: userId,
      source: ride.source ?? 'upload',
      content_hash: `known-${++counter}-${ride.start}`,
      name: `Ride ${counter}`,
      type: ride.type ?? 'Ride',
      sport: 'cycling',
      sub_sport: null,
      start_time: startTime,
      elapsed_time_s: ride.movingS,
      moving_time_s: ride.movingS,
      distance_m: ride.distanceM ?? null,
      elevation_gain_m: ride.elevationM ?? null,
      average_speed_mps: null,
      max_speed_mps: null,
      average_power_w: ride.avgPowerW ?? null,
      max_power_w: ride.maxPowerW ?? null,
      normalized_power_w: null,
      intensity_factor: ride.ifactor ?? null,
      training_stress_score: ride.tss ?? null,
      variability_index: null,
      work_kj: null,
      ftp_w: ride.ftpW ?? null,
      average_heartrate_bpm: ride.avgHr ?? null,
      max_heartrate_bpm: ride.maxHr ?? null,
      average_cadence_rpm: null,
      calories_kcal: null,
      device_name: null,
      has_power: ride.avgPowerW != null,
      has_heartrate: ride.avgHr != null,
      has_gps: false,
      notes: null,
      summary: JSON.stringify(ride.summary ?? {}),
      analysis_version: ANALYSIS_VERSION,
      created_at: startTime,
      updated_at: startTime,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const curve = ride.curve;
  if (curve) {
    // With the rider's best envelope, as insertRide keeps it.
    await db.transaction().execute(async (trx) => {
      const stored = {
        activity_id: row.id,
        start_time: startTime,
        durations_s: curve.durations,
        power_w: curve.power,
      };
      await trx
        .insertInto('activity_curves')
        .values({ ...stored, user_id: userId })
        .execute();
      await new RiderBestCurve().rideStored(trx, userId, stored, startTime);
    });
  }
  return row.id;
}
