import { type Kysely, sql } from 'kysely';
import type { Database, StoredAdvancedFacts } from '../../db/schema.ts';

/** A ride as the advanced page reads it: stored columns and its stored whole-ride aero fit. */
export interface AdvancedRide {
  id: string;
  start_time: Date;
  moving_time_s: number;
  has_power: boolean;
  has_heartrate: boolean;
  normalized_power_w: number | null;
  training_stress_score: number | null;
  ftp_w: number | null;
  bike_id: string | null;
  virtual: boolean;
  cda_m2: number | null;
  crr: number | null;
  aero_r2: number | null;
  aero_trustworthy: boolean | null;
}

/** Read-only queries of the advanced metrics; every one carries the rider's id. */
export class AdvancedRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Rides that started in [from, to), oldest first. */
  rides(userId: string, range: { from: Date; to: Date }): Promise<AdvancedRide[]> {
    return this.db
      .selectFrom('activities')
      .select([
        'id',
        'start_time',
        'moving_time_s',
        'has_power',
        'has_heartrate',
        'normalized_power_w',
        'training_stress_score',
        'ftp_w',
        'bike_id',
        sql<boolean>`type = 'VirtualRide'`.as('virtual'),
        sql<number | null>`(summary->'aeroFit'->>'cdaM2')::float8`.as('cda_m2'),
        sql<number | null>`(summary->'aeroFit'->>'crr')::float8`.as('crr'),
        sql<number | null>`(summary->'aeroFit'->>'r2')::float8`.as('aero_r2'),
        sql<boolean | null>`(summary->'aeroFit'->>'trustworthy')::boolean`.as('aero_trustworthy'),
      ])
      .where('user_id', '=', userId)
      .where('start_time', '>=', range.from)
      .where('start_time', '<', range.to)
      .orderBy('start_time')
      .execute();
  }

  /**
   * Stream blobs of the rider's rides that started in [from, to), oldest first, with each ride's
   * stored advanced facts (migration 0015).
   */
  streamBlobs(
    userId: string,
    range: { from: Date; to: Date },
  ): Promise<
    {
      activity_id: string;
      blob_key: string;
      ftp_w: number | null;
      advanced_facts: StoredAdvancedFacts | null;
    }[]
  > {
    return this.db
      .selectFrom('activity_streams')
      .innerJoin('activities', 'activities.id', 'activity_streams.activity_id')
      .select([
        'activity_streams.activity_id',
        'activity_streams.blob_key',
        'activities.ftp_w',
        'activities.advanced_facts',
      ])
      .where('activity_streams.user_id', '=', userId)
      .where('activities.user_id', '=', userId)
      .where('activities.start_time', '>=', range.from)
      .where('activities.start_time', '<', range.to)
      .orderBy('activities.start_time')
      .execute();
  }

  /** The rider's bikes' names. */
  bikes(userId: string): Promise<{ id: string; name: string }[]> {
    return this.db.selectFrom('bikes').select(['id', 'name']).where('user_id', '=', userId).execute();
  }
}
