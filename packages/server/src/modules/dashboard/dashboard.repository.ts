import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { RiderBestCurve } from '../activities/rider-best-curve.ts';
import { SyncStatusRepository } from '../strava/sync-status.repository.ts';
import { riderFingerprint } from '../../kernel/rider-fingerprint.repository.ts';

/** The stored per-ride numbers the dashboards add up (activity columns, nothing decoded). */
export interface RideFacts {
  id: string;
  source: 'upload' | 'strava' | 'demo';
  start_time: Date;
  distance_m: number | null;
  moving_time_s: number;
  elevation_gain_m: number | null;
  average_power_w: number | null;
  max_power_w: number | null;
  normalized_power_w: number | null;
  intensity_factor: number | null;
  training_stress_score: number | null;
  average_heartrate_bpm: number | null;
  max_heartrate_bpm: number | null;
}

/** Per-ride results kept in `activities.summary` that the period summary and the narrative read. */
export interface RideSummaryFacts {
  start_time: Date;
  moving_time_s: number;
  ftp20_w: number | null;
  efficiency_factor: number | null;
  pedal_smoothness_pct: number | null;
  torque_effectiveness_pct: number | null;
  /**
   * The ride's whole-ride CdA, only when its fit is good enough to follow (@vatio/analysis aeroFitTrustworthy) and the
   * rider has not marked the ride as indoor (the fit was made from the file's own type).
   */
  cda_m2: number | null;
  power_zones_s: number[] | null;
  heart_rate_zones_s: number[] | null;
}

const FACT_COLUMNS = [
  'id',
  'source',
  'start_time',
  'distance_m',
  'moving_time_s',
  'elevation_gain_m',
  'average_power_w',
  'max_power_w',
  'normalized_power_w',
  'intensity_factor',
  'training_stress_score',
  'average_heartrate_bpm',
  'max_heartrate_bpm',
] as const;

const summaryNumber = (key: string) => sql<number | null>`(summary->>${key})::float8`;
const summaryArray = (key: string) =>
  sql<number[] | null>`case when jsonb_typeof(summary->${key}) = 'array' then summary->${key} end`;

/** Read-only queries of the dashboards; every one carries the rider's id. */
export class DashboardRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Rides that started in [from, to). */
  rides(userId: string, range: { from: Date; to: Date }): Promise<RideFacts[]> {
    return this.db
      .selectFrom('activities')
      .select(FACT_COLUMNS)
      .where('user_id', '=', userId)
      .where('start_time', '>=', range.from)
      .where('start_time', '<', range.to)
      .orderBy('start_time')
      .execute();
  }

  /** Summary-held numbers of the rides that started in [from, to). */
  summaryFacts(userId: string, range: { from: Date; to: Date }): Promise<RideSummaryFacts[]> {
    return this.db
      .selectFrom('activities')
      .select([
        'start_time',
        'moving_time_s',
        summaryNumber('ftpBest20MinW').as('ftp20_w'),
        summaryNumber('efficiencyFactor').as('efficiency_factor'),
        summaryNumber('pedalSmoothnessPct').as('pedal_smoothness_pct'),
        summaryNumber('torqueEffectivenessPct').as('torque_effectiveness_pct'),
        sql<
          number | null
        >`case when type <> 'VirtualRide' and (summary->'aeroFit'->>'trustworthy')::boolean then (summary->'aeroFit'->>'cdaM2')::float8 end`.as(
          'cda_m2',
        ),
        summaryArray('timeInPowerZonesS').as('power_zones_s'),
        summaryArray('timeInHeartRateZonesS').as('heart_rate_zones_s'),
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

  async totals(userId: string) {
    const row = await this.db
      .selectFrom('activities')
      .select([
        sql<number>`count(*)::int`.as('activities'),
        sql<number>`coalesce(sum(distance_m), 0)::float8`.as('distance_m'),
        sql<number>`coalesce(sum(elevation_gain_m), 0)::float8`.as('elevation_m'),
        sql<number>`coalesce(sum(moving_time_s), 0)::float8`.as('time_s'),
        sql<number>`count(*) filter (where source <> 'demo')::int`.as('own_activities'),
      ])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return {
      activities: Number(row.activities),
      distanceM: Number(row.distance_m),
      elevationM: Number(row.elevation_m),
      timeS: Number(row.time_s),
      ownActivities: Number(row.own_activities),
    };
  }

  /** Changes whenever a ride is added, re-analysed or deleted: the key of cached rider-level curves. */
  async curveVersion(userId: string): Promise<string> {
    const row = await this.db
      .selectFrom('activities')
      .select([
        sql<number>`count(*)::int`.as('n'),
        sql<string | null>`max(updated_at)::text`.as('updated'),
        sql<string | null>`max(created_at)::text`.as('created'),
      ])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return `${row.n}|${row.updated}|${row.created}`;
  }

  /** The rider's fingerprint (rides, settings, profile): the classic dashboard's cache key. */
  dashboardVersion(userId: string): Promise<string> {
    return riderFingerprint(this.db, userId, { bikes: false });
  }

  /** The rider's all-time best-power curve, as kept in rider_best_curves (one row). */
  allTimeBestCurve(userId: string) {
    return new RiderBestCurve().allTime(this.db, userId);
  }

  /** Per-ride mean-max curves that started in [from, to) (either end open). */
  curves(userId: string, range: { from?: Date | undefined; to?: Date | undefined }) {
    let query = this.db
      .selectFrom('activity_curves')
      .select(['activity_id', 'start_time', 'durations_s', 'power_w'])
      .where('user_id', '=', userId);
    if (range.from) query = query.where('start_time', '>=', range.from);
    if (range.to) query = query.where('start_time', '<', range.to);
    return query.orderBy('start_time').execute();
  }

  /** Whether any of the rider's uploads is still waiting or being imported, or a Strava sync is running. */
  async importing(userId: string, now: Date): Promise<boolean> {
    const row = await this.db
      .selectFrom('import_files')
      .select('id')
      .where('user_id', '=', userId)
      .where('status', 'in', ['queued', 'processing'])
      .limit(1)
      .executeTakeFirst();
    if (row !== undefined) return true;
    const syncStatus = new SyncStatusRepository(this.db);
    return syncStatus.isRunning(await syncStatus.find(userId), now);
  }

  /** The newest ride's device-recorded FTP, for riders who never entered one. */
  async latestRideFtp(userId: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('activities')
      .select('ftp_w')
      .where('user_id', '=', userId)
      .where('ftp_w', 'is not', null)
      // A device's or the rider's FTP; not one the analysis estimated or borrowed from another date.
      .where(sql<boolean>`coalesce(summary->>'ftpSource', 'file') in ('settings', 'file')`)
      .orderBy('start_time', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.ftp_w ?? undefined;
  }
}
