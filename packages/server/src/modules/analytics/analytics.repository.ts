import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { riderFingerprint } from '../../kernel/rider-fingerprint.repository.ts';

/** The stored numbers of one ride the performance panel reads (columns and summary; nothing decoded). */
export interface PanelRideRow {
  start_time: Date;
  moving_time_s: number;
  elevation_gain_m: number | null;
  average_power_w: number | null;
  normalized_power_w: number | null;
  intensity_factor: number | null;
  training_stress_score: number | null;
  variability_index: number | null;
  average_heartrate_bpm: number | null;
  average_cadence_rpm: number | null;
  aerobic_decoupling_pct: number | null;
  left_balance_pct: number | null;
  torque_effectiveness_pct: number | null;
  pedal_smoothness_pct: number | null;
  climb_time_s: number | null;
  climb_gain_m: number | null;
  climb_work_kj: number | null;
}

const summaryNumber = (path: string[]) =>
  sql<number | null>`(summary #>> ${sql.lit(`{${path.join(',')}}`)})::float8`;

/** Read-only queries of the analysis screens; every one carries the rider's id. */
export class AnalyticsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Rides that started in [from, to), oldest first. */
  panelRides(userId: string, range: { from: Date; to: Date }): Promise<PanelRideRow[]> {
    return this.db
      .selectFrom('activities')
      .select([
        'start_time',
        'moving_time_s',
        'elevation_gain_m',
        'average_power_w',
        'normalized_power_w',
        'intensity_factor',
        'training_stress_score',
        'variability_index',
        'average_heartrate_bpm',
        'average_cadence_rpm',
        summaryNumber(['aerobicDecouplingPct']).as('aerobic_decoupling_pct'),
        summaryNumber(['leftBalancePct']).as('left_balance_pct'),
        summaryNumber(['torqueEffectivenessPct']).as('torque_effectiveness_pct'),
        summaryNumber(['pedalSmoothnessPct']).as('pedal_smoothness_pct'),
        summaryNumber(['climbing', 'timeS']).as('climb_time_s'),
        summaryNumber(['climbing', 'gainM']).as('climb_gain_m'),
        summaryNumber(['climbing', 'workKj']).as('climb_work_kj'),
      ])
      .where('user_id', '=', userId)
      .where('start_time', '>=', range.from)
      .where('start_time', '<', range.to)
      .orderBy('start_time')
      .execute();
  }

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

  /**
   * Each ride's best 5-min and 60-min power, read inside the database from its stored curve (curves
   * are on the shared duration grid, which holds every standard duration a ride reaches: 300 s and
   * 3600 s); null where the ride is shorter. Two numbers a ride instead of its whole curve.
   */
  bestEfforts(
    userId: string,
    range: { from: Date; to: Date },
  ): Promise<{ start_time: Date; best_5min_w: number | null; best_60min_w: number | null }[]> {
    const at = (durationS: number) =>
      sql<number | null>`(power_w[array_position(durations_s, ${durationS}::float8)])::float8`;
    return this.db
      .selectFrom('activity_curves')
      .select(['start_time', at(300).as('best_5min_w'), at(3600).as('best_60min_w')])
      .where('user_id', '=', userId)
      .where('start_time', '>=', range.from)
      .where('start_time', '<', range.to)
      .execute();
  }

  /** Per-ride mean-max curves of the rides that started in [from, to). */
  curves(userId: string, range: { from: Date; to: Date }) {
    return this.db
      .selectFrom('activity_curves')
      .select(['activity_id', 'start_time', 'durations_s', 'power_w'])
      .where('user_id', '=', userId)
      .where('start_time', '>=', range.from)
      .where('start_time', '<', range.to)
      .orderBy('start_time')
      .execute();
  }

  /** The newest device-recorded or rider-given ride FTP of a ride before `before`. */
  async rideFtpBefore(userId: string, before: Date): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('activities')
      .select('ftp_w')
      .where('user_id', '=', userId)
      .where('ftp_w', 'is not', null)
      .where('start_time', '<', before)
      // A device's or the rider's FTP; not one the analysis estimated or borrowed from another date.
      .where(sql<boolean>`coalesce(summary->>'ftpSource', 'file') in ('settings', 'file')`)
      .orderBy('start_time', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.ftp_w ?? undefined;
  }

  /** The profile's sex (the power-profile table); the weight is the dated settings' (issue 25). */
  async profileBasics(userId: string): Promise<{ sex: 'female' | 'male' | null }> {
    const row = await this.db
      .selectFrom('user_profiles')
      .select(['sex'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return { sex: row?.sex ?? null };
  }

  /** The rider's fingerprint (rides, settings, profile): the panel's cache key. */
  version(userId: string): Promise<string> {
    return riderFingerprint(this.db, userId, { bikes: false });
  }
}
