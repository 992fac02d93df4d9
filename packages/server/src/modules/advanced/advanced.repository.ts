import { type Kysely, sql } from 'kysely';
import type { Database, StoredAdvancedFacts } from '../../db/schema.ts';
import { rideCurvesWithVersions } from '../../kernel/ride-curves.repository.ts';

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

/** Ride ids per read of their curves or facts (a statement takes 65,535 parameters). */
const IDS_PER_READ = 5000;

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
   * Stream blobs of the rider's rides that started in [from, to), oldest first, with each ride's row
   * version (activities.xmin, new on every insert or update): its stored advanced facts (migration
   * 0015) are read by `storedFactsOf` only when not already kept under that version (kernel/kept-by-version.ts).
   */
  streamBlobs(
    userId: string,
    range: { from: Date; to: Date },
  ): Promise<{ activity_id: string; blob_key: string; ftp_w: number | null; row_version: string }[]> {
    return this.db
      .selectFrom('activity_streams')
      .innerJoin('activities', 'activities.id', 'activity_streams.activity_id')
      .select([
        'activity_streams.activity_id',
        'activity_streams.blob_key',
        'activities.ftp_w',
        sql<string>`activities.xmin::text`.as('row_version'),
      ])
      .where('activity_streams.user_id', '=', userId)
      .where('activities.user_id', '=', userId)
      .where('activities.start_time', '>=', range.from)
      .where('activities.start_time', '<', range.to)
      .orderBy('activities.start_time')
      .execute();
  }

  /** The stored advanced facts of these rides of the rider, with their rows' versions. */
  async storedFactsOf(
    userId: string,
    activityIds: readonly string[],
  ): Promise<{ activity_id: string; row_version: string; value: StoredAdvancedFacts | null }[]> {
    const rows = [];
    for (let from = 0; from < activityIds.length; from += IDS_PER_READ) {
      rows.push(
        ...(await this.db
          .selectFrom('activities')
          .select(['id as activity_id', sql<string>`xmin::text`.as('row_version'), 'advanced_facts as value'])
          .where('user_id', '=', userId)
          .where('id', 'in', activityIds.slice(from, from + IDS_PER_READ))
          .execute()),
      );
    }
    return rows;
  }

  /**
   * The rider's stored ride curves that started in [from, to), oldest first (ties by ride id): each
   * one's ride id and row version (activity_curves.xmin, new on every insert or update), so the
   * curves already parsed are not read again (ride-curve-memo.ts).
   */
  curveVersions(
    userId: string,
    range: { from: Date; to: Date },
  ): Promise<{ activity_id: string; row_version: string }[]> {
    return this.db
      .selectFrom('activity_curves')
      .select(['activity_id', sql<string>`xmin::text`.as('row_version')])
      .where('user_id', '=', userId)
      .where('start_time', '>=', range.from)
      .where('start_time', '<', range.to)
      .orderBy('start_time')
      .orderBy('activity_id')
      .execute();
  }

  /** The rider's curves of these rides, with their row versions. */
  curvesOf(userId: string, activityIds: readonly string[]) {
    return rideCurvesWithVersions(this.db, userId, activityIds);
  }

  /** The rider's bikes' names. */
  bikes(userId: string): Promise<{ id: string; name: string }[]> {
    return this.db.selectFrom('bikes').select(['id', 'name']).where('user_id', '=', userId).execute();
  }
}
