import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { riderFingerprint } from '../../kernel/rider-fingerprint.repository.ts';

/** A ride as the predictive analysis reads it: stored columns, nothing decoded. */
export interface PredictiveRide {
  id: string;
  start_time: Date;
  moving_time_s: number;
  has_power: boolean;
  intensity_factor: number | null;
  /** The FTP the ride was measured against (its zones and IF). */
  ftp_w: number | null;
  /** How ftp_w was chosen (the ride's `ftpSource`; null in rows older than the field: the file's). */
  ftp_source: string | null;
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
        sql<string | null>`summary->>'ftpSource'`.as('ftp_source'),
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

  /** When the rider's first ride with a stored power curve started (undefined: none). */
  async firstCurveStart(userId: string): Promise<Date | undefined> {
    const row = await this.db
      .selectFrom('activity_curves')
      .select((eb) => eb.fn.min('start_time').as('first'))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.first ? new Date(row.first) : undefined;
  }

  /** The profile's sex: picks the power-profile table; null when not said. */
  async profileSex(userId: string): Promise<'female' | 'male' | null> {
    const row = await this.db
      .selectFrom('user_profiles')
      .select('sex')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.sex ?? null;
  }

  /** The rider's fingerprint with the bikes (their weight reaches the event predictions): the cache key. */
  version(userId: string): Promise<string> {
    return riderFingerprint(this.db, userId, { bikes: true });
  }
}
