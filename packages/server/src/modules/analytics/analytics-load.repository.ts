import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** A ride as the predictive analysis reads it: stored columns, nothing decoded. */
export interface PredictiveRide {
  id: string;
  start_time: Date;
  moving_time_s: number;
  has_power: boolean;
  intensity_factor: number | null;
  /** The FTP the ride was measured against (its zones and IF). */
  ftp_w: number | null;
  /** Whole-ride CdA when its virtual-elevation fit is trustworthy and the ride was outdoors. */
  cda_m2: number | null;
}

export interface StoredRideCurve {
  activity_id: string;
  start_time: Date;
  durations_s: number[];
  power_w: number[];
}

/** Read-only queries of the training-load and predictive answers; every one carries the rider's id. */
export class AnalyticsLoadRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Every ride's start and TSS, oldest first: the training-load history. */
  loads(userId: string): Promise<{ start_time: Date; training_stress_score: number }[]> {
    return this.db
      .selectFrom('activities')
      .select(['start_time', sql<number>`training_stress_score`.as('training_stress_score')])
      .where('user_id', '=', userId)
      .where('training_stress_score', 'is not', null)
      .orderBy('start_time')
      .execute();
  }

  /** Rides that started in [from, to), oldest first. */
  rides(userId: string, range: { from: Date; to: Date }): Promise<PredictiveRide[]> {
    return this.db
      .selectFrom('activities')
      .select([
        'id',
        'start_time',
        'moving_time_s',
        'has_power',
        'intensity_factor',
        'ftp_w',
        sql<
          number | null
        >`case when type <> 'VirtualRide' and (summary->'aeroFit'->>'trustworthy')::boolean then (summary->'aeroFit'->>'cdaM2')::float8 end`.as(
          'cda_m2',
        ),
      ])
      .where('user_id', '=', userId)
      .where('start_time', '>=', range.from)
      .where('start_time', '<', range.to)
      .orderBy('start_time')
      .execute();
  }

  /** Per-ride mean-max curves of the rides that started in [from, to). */
  curves(userId: string, range: { from: Date; to: Date }): Promise<StoredRideCurve[]> {
    return this.db
      .selectFrom('activity_curves')
      .select(['activity_id', 'start_time', 'durations_s', 'power_w'])
      .where('user_id', '=', userId)
      .where('start_time', '>=', range.from)
      .where('start_time', '<', range.to)
      .orderBy('start_time')
      .execute();
  }

  /** Stream blobs of the rider's rides with power that started in [from, to). */
  streamBlobs(
    userId: string,
    range: { from: Date; to: Date },
  ): Promise<{ activity_id: string; blob_key: string; ftp_w: number | null }[]> {
    return this.db
      .selectFrom('activity_streams')
      .innerJoin('activities', 'activities.id', 'activity_streams.activity_id')
      .select(['activity_streams.activity_id', 'activity_streams.blob_key', 'activities.ftp_w'])
      .where('activity_streams.user_id', '=', userId)
      .where('activities.user_id', '=', userId)
      .where('activities.has_power', '=', true)
      .where('activities.start_time', '>=', range.from)
      .where('activities.start_time', '<', range.to)
      .orderBy('activities.start_time')
      .execute();
  }

  /** The weight of the rider's primary bike, when given. */
  async primaryBikeWeightKg(userId: string): Promise<number | null> {
    return (await this.primaryBike(userId)).weight_kg;
  }

  /** The primary bike's weight and its CdA and Crr saved from the aero lab (nulls without a bike). */
  async primaryBike(
    userId: string,
  ): Promise<{ weight_kg: number | null; cda_m2: number | null; crr: number | null }> {
    const row = await this.db
      .selectFrom('bikes')
      .select(['weight_kg', 'cda_m2', 'crr'])
      .where('user_id', '=', userId)
      .where('is_primary', '=', true)
      .executeTakeFirst();
    return { weight_kg: row?.weight_kg ?? null, cda_m2: row?.cda_m2 ?? null, crr: row?.crr ?? null };
  }

  /**
   * Changes whenever anything these answers read changes: rides (added, re-analysed, deleted), the
   * athlete settings (FTP, weight), the profile (weight) and the bikes (weight, CdA and Crr).
   */
  async version(userId: string): Promise<string> {
    const row = await this.db
      .selectNoFrom([
        sql<string>`(select count(*)::int || '|' || coalesce(max(updated_at)::text, '') || '|' || coalesce(max(created_at)::text, '') from activities where user_id = ${userId})`.as(
          'rides',
        ),
        sql<
          string | null
        >`(select string_agg(effective_from || ':' || coalesce(ftp_w::text, '') || ':' || coalesce(weight_kg::text, ''), ',' order by effective_from) from athlete_settings_history where user_id = ${userId})`.as(
          'settings',
        ),
        sql<string | null>`(select updated_at::text from user_profiles where user_id = ${userId})`.as(
          'profile',
        ),
        sql<
          string | null
        >`(select string_agg(id || ':' || coalesce(weight_kg::text, '') || ':' || coalesce(cda_m2::text, '') || ':' || coalesce(crr::text, '') || ':' || is_primary::text, ',' order by id) from bikes where user_id = ${userId})`.as(
          'bikes',
        ),
      ])
      .executeTakeFirstOrThrow();
    return `${row.rides}#${row.settings ?? ''}#${row.profile ?? ''}#${row.bikes ?? ''}`;
  }
}
