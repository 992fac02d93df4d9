import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** One ride's stored figures the comparative screen reads (columns and summary; nothing decoded). */
export interface ComparativeRideRow {
  id: string;
  name: string | null;
  day_part: string | null;
  type: string;
  start_time: Date;
  distance_m: number | null;
  moving_time_s: number;
  average_power_w: number | null;
  normalized_power_w: number | null;
  training_stress_score: number | null;
  intensity_factor: number | null;
  efficiency_factor: number | null;
  average_speed_mps: number | null;
}

const summaryNumber = (path: string[]) =>
  sql<number | null>`(summary #>> ${sql.lit(`{${path.join(',')}}`)})::float8`;

/** Read-only queries of /api/analytics/comparative, /compare and /evolution; every one carries the rider's id. */
export class ComparativeRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Rides that started in [from, to), newest first. */
  rides(userId: string, range: { from: Date; to: Date }): Promise<ComparativeRideRow[]> {
    return this.db
      .selectFrom('activities')
      .select([
        'id',
        'name',
        'day_part',
        'type',
        'start_time',
        'distance_m',
        'moving_time_s',
        'average_power_w',
        'normalized_power_w',
        'training_stress_score',
        'intensity_factor',
        summaryNumber(['efficiencyFactor']).as('efficiency_factor'),
        'average_speed_mps',
      ])
      .where('user_id', '=', userId)
      .where('start_time', '>=', range.from)
      .where('start_time', '<', range.to)
      .orderBy('start_time', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  /**
   * Every ride's FTP with how it was chosen (summary.ftpSource: file = the device's, estimated = eFTP),
   * and its best 20 minutes from the stored curve (null when shorter), oldest first.
   */
  ftpRides(userId: string): Promise<
    {
      id: string;
      start_time: Date;
      ftp_w: number | null;
      ftp_source: string | null;
      best_20min_w: number | null;
    }[]
  > {
    return this.db
      .selectFrom('activities as a')
      .leftJoin('activity_curves as c', (j) =>
        j.onRef('c.activity_id', '=', 'a.id').on('c.user_id', '=', userId),
      )
      .select([
        'a.id',
        'a.start_time',
        'a.ftp_w',
        sql<string | null>`a.summary->>'ftpSource'`.as('ftp_source'),
        sql<number | null>`(c.power_w[array_position(c.durations_s, 1200::float8)])::float8`.as(
          'best_20min_w',
        ),
      ])
      .where('a.user_id', '=', userId)
      .orderBy('a.start_time')
      .orderBy('a.id')
      .execute();
  }

  /** Each ride's best 5 minutes from its stored curve (rides that reach 300 s), oldest first. */
  fiveMinuteBests(userId: string): Promise<{ activity_id: string; start_time: Date; best_5min_w: number }[]> {
    const at300 = sql<number | null>`(power_w[array_position(durations_s, 300::float8)])::float8`;
    return this.db
      .selectFrom('activity_curves')
      .select(['activity_id', 'start_time', at300.as('best_5min_w')])
      .where('user_id', '=', userId)
      .where(at300, 'is not', null)
      .orderBy('start_time')
      .orderBy('activity_id')
      .execute() as Promise<{ activity_id: string; start_time: Date; best_5min_w: number }[]>;
  }

  /**
   * Each outdoor ride's whole-ride CdA as stored with it, only when the fit is good enough to follow
   * (@vatio/analysis aeroFitTrustworthy, the dashboard's CdA trend rule), oldest first.
   */
  cdaFits(userId: string): Promise<{ id: string; start_time: Date; cda_m2: number }[]> {
    return this.db
      .selectFrom('activities')
      .select(['id', 'start_time', sql<number>`(summary->'aeroFit'->>'cdaM2')::float8`.as('cda_m2')])
      .where('user_id', '=', userId)
      .where('type', '<>', 'VirtualRide')
      .where(sql<boolean>`coalesce((summary->'aeroFit'->>'trustworthy')::boolean, false)`)
      .where(sql<boolean>`(summary->'aeroFit'->>'cdaM2') is not null`)
      .orderBy('start_time')
      .orderBy('id')
      .execute();
  }
}
