import { type Kysely, type Selectable, sql } from 'kysely';
import { EFFICIENCY_MAX_CLIMB_M_PER_KM, EFFICIENCY_MIN_MOVING_S } from '@vatio/analysis';
import type { BikeComponentsTable, BikeMaintenanceTable, Database } from '../../db/schema.ts';
import { rideCurvesWithVersions } from '../../kernel/ride-curves.repository.ts';
import { riderFingerprint } from '../../kernel/rider-fingerprint.repository.ts';

export type ComponentRow = Selectable<BikeComponentsTable>;
export type MaintenanceRow = Selectable<BikeMaintenanceTable>;
export type ComponentValues = Pick<
  ComponentRow,
  'kind' | 'brand' | 'model' | 'installed_on' | 'price' | 'service_km' | 'service_hours' | 'notes'
>;
export type MaintenanceValues = Pick<
  MaintenanceRow,
  'performed_on' | 'what' | 'notes' | 'cost' | 'component_id'
>;

/** A part with the sums over the rides on its bike since it was installed (and since its last service). */
export interface ComponentWithUse extends ComponentRow {
  bike_name: string;
  distance_m: number;
  moving_time_s: number;
  rides: number;
  last_service_on: string | null;
  since_service_distance_m: number;
  since_service_moving_time_s: number;
}

/** Each bike's sums over its rides. */
export interface BikeRideSums {
  bike_id: string;
  rides: number;
  distance_m: number;
  moving_time_s: number;
  /** Moving-time weighted mean of the rides' average power, over the rides with power. */
  average_power_w: number | null;
  last_ride_at: Date | null;
  /** Distance of the rides started after Strava's distance was read (null: not a Strava bike). */
  since_strava_m: number | null;
}

/** One ride's facts for the bike's efficiency score and CdA median. */
export interface BikeRideFactsRow {
  bike_id: string;
  id: string;
  start_time: Date;
  type: string;
  distance_m: number | null;
  moving_time_s: number;
  elevation_gain_m: number | null;
  average_power_w: number | null;
  average_speed_mps: number | null;
  /** The whole-ride aero fit's CdA, only when the fit is trustworthy (the dashboard's CdA trend rule). */
  cda_m2: number | null;
  /** The ride's stored power curve's start and row version; null without one. */
  curve_start_time: Date | null;
  curve_version: string | null;
}

// A DATE is a whole UTC day: a part installed on a day counts every ride started from 00:00 UTC of it,
// and a retired one every ride started before 00:00 UTC of the day after it was retired.
const dayStart = (column: string) => sql.raw(`(${column}::timestamp at time zone 'UTC')`);
const dayAfter = (column: string) => sql.raw(`((${column} + 1)::timestamp at time zone 'UTC')`);

/**
 * A rider's garage: bike sums over rides, parts and the service log. Every query carries the owner's
 * id, so another rider's bike, part or log line is simply not found.
 */
export class GarageRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Per bike: rides, distance, moving time, weighted average power, last ride, distance since Strava's. */
  async rideSums(userId: string, bikeId?: string): Promise<BikeRideSums[]> {
    let query = this.db
      .selectFrom('bikes as b')
      .leftJoin('activities as a', (join) =>
        join.onRef('a.bike_id', '=', 'b.id').on('a.user_id', '=', userId),
      )
      .select([
        'b.id as bike_id',
        sql<number>`count(a.id)::int`.as('rides'),
        sql<number>`coalesce(sum(a.distance_m), 0)::float8`.as('distance_m'),
        sql<number>`coalesce(sum(a.moving_time_s), 0)::float8`.as('moving_time_s'),
        sql<
          number | null
        >`(sum(a.average_power_w * a.moving_time_s) filter (where a.average_power_w is not null)
          / nullif(sum(a.moving_time_s) filter (where a.average_power_w is not null), 0))::float8`.as(
          'average_power_w',
        ),
        sql<Date | null>`max(a.start_time)`.as('last_ride_at'),
        sql<number | null>`case when b.strava_distance_at is null then null else
          coalesce(sum(a.distance_m) filter (where a.start_time > b.strava_distance_at), 0)::float8 end`.as(
          'since_strava_m',
        ),
      ])
      .where('b.user_id', '=', userId)
      .groupBy('b.id');
    if (bikeId) query = query.where('b.id', '=', bikeId);
    return query.execute();
  }

  /**
   * The version of everything a bike's stats and performance are computed from: the rider's
   * fingerprint with their bikes (rides added, re-analysed or deleted, settings, each bike's weight,
   * CdA and Crr) and, per bike, how many rides and which ones it holds (a ride moved between bikes,
   * by any path, changes both bikes' sums). Two cheap queries instead of the sums and the curves.
   */
  async version(userId: string): Promise<string> {
    const [rider, bikes] = await Promise.all([
      riderFingerprint(this.db, userId, { bikes: true }),
      this.db
        .selectFrom(
          this.db
            .selectFrom('activities')
            .select([
              sql<string>`bike_id`.as('bike_id'),
              sql<number>`count(*)::int`.as('n'),
              sql<string>`sum(hashtext(id::text))::text`.as('h'),
            ])
            .where('user_id', '=', userId)
            .where('bike_id', 'is not', null)
            .groupBy('bike_id')
            .as('t'),
        )
        .select(
          sql<string | null>`string_agg(t.bike_id || ':' || t.n || ':' || t.h, ',' order by t.bike_id)`.as(
            'v',
          ),
        )
        .executeTakeFirst(),
    ]);
    return `${rider}#${bikes?.v ?? ''}`;
  }

  /**
   * The facts of one bike's rides (its Rendimiento tab): speed, power, and the whole-ride CdA fit when it
   * is trustworthy (the dashboard's CdA trend rule), oldest first; with each ride's stored power curve's
   * start and row version (xmin: new on every insert or update of the row), so the curves already
   * parsed are not read again (ride-curve-memo.ts). One query for the whole answer but the curves.
   */
  rideFacts(userId: string, bikeId: string): Promise<BikeRideFactsRow[]> {
    return this.db
      .selectFrom('activities as a')
      .leftJoin('activity_curves as c', (join) =>
        join.onRef('c.activity_id', '=', 'a.id').on('c.user_id', '=', userId),
      )
      .select([
        sql<string>`a.bike_id`.as('bike_id'),
        'a.id',
        'a.start_time',
        'a.type',
        'a.distance_m',
        'a.moving_time_s',
        'a.elevation_gain_m',
        'a.average_power_w',
        'a.average_speed_mps',
        // The trustworthy fit's CdA is a column generated from the summary (migration 0035): reading
        // it out of the JSON parsed every ride's whole summary.
        sql<number | null>`case when a.type <> 'VirtualRide' then a.trusted_cda_m2 end`.as('cda_m2'),
        sql<Date | null>`c.start_time`.as('curve_start_time'),
        sql<string | null>`c.xmin::text`.as('curve_version'),
      ])
      .where('a.user_id', '=', userId)
      .where('a.bike_id', '=', bikeId)
      .orderBy('a.start_time')
      .orderBy('a.id')
      .execute();
  }

  /**
   * The rides that can give a bike its efficiency score (outdoor, with power and distance, 20 min or
   * more, at most 10 m of climbing per km: packages/analysis equipment/bike-efficiency.ts, which checks
   * again), filtered here so a rider with thousands of rides sends only these.
   */
  efficiencyRides(userId: string, bikeId?: string) {
    let query = this.db
      .selectFrom('activities')
      .select([
        sql<string>`bike_id`.as('bike_id'),
        'start_time',
        'distance_m',
        'moving_time_s',
        'elevation_gain_m',
        'average_power_w',
      ])
      .where('user_id', '=', userId)
      .where('bike_id', 'is not', null)
      .where('type', '<>', 'VirtualRide')
      .where('average_power_w', '>', 0)
      .where('distance_m', '>', 0)
      .where('moving_time_s', '>=', EFFICIENCY_MIN_MOVING_S)
      .where(
        sql<boolean>`coalesce(elevation_gain_m, 0) <= ${EFFICIENCY_MAX_CLIMB_M_PER_KM} * distance_m / 1000`,
      );
    if (bikeId) query = query.where('bike_id', '=', bikeId);
    return query.execute();
  }

  /** Per bike: the median of its rides' trustworthy whole-ride CdA fits, and how many there are. */
  async cdaMedians(
    userId: string,
    bikeId?: string,
  ): Promise<{ bike_id: string; median: number; n: number }[]> {
    let query = this.db
      .selectFrom('activities')
      .select([
        sql<string>`bike_id`.as('bike_id'),
        sql<number>`percentile_cont(0.5) within group (order by trusted_cda_m2)`.as('median'),
        sql<number>`count(*)::int`.as('n'),
      ])
      .where('user_id', '=', userId)
      .where('bike_id', 'is not', null)
      .where('type', '<>', 'VirtualRide')
      // Set only for a trustworthy fit with a CdA (migration 0035), as the summary says.
      .where(sql<boolean>`trusted_cda_m2 is not null`)
      .groupBy('bike_id');
    if (bikeId) query = query.where('bike_id', '=', bikeId);
    return query.execute();
  }

  /** The rider's power curves of these rides, with their row versions (in chunks: a statement takes 65,535 parameters). */
  curvesOf(userId: string, activityIds: readonly string[]) {
    return rideCurvesWithVersions(this.db, userId, activityIds);
  }

  /** The bike's rides, newest first (its ride list, to move them one at a time); day part and type name the unnamed ones. */
  rides(userId: string, bikeId: string, limit: number) {
    return this.db
      .selectFrom('activities')
      .select(['id', 'name', 'day_part', 'type', 'start_time', 'distance_m', 'moving_time_s'])
      .where('user_id', '=', userId)
      .where('bike_id', '=', bikeId)
      .orderBy('start_time', 'desc')
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /**
   * Puts the rider's rides (by id, or every one started between two UTC days, both included) on the
   * bike. With ids, all must be the rider's or nothing moves (undefined). Returns how many changed bike.
   */
  async moveRides(
    userId: string,
    bikeId: string,
    which: { ids: string[] } | { from: string; to: string },
    now: Date,
  ): Promise<number | undefined> {
    return this.db.transaction().execute(async (trx) => {
      let query = trx
        .updateTable('activities')
        .set({ bike_id: bikeId, updated_at: now })
        .where('user_id', '=', userId)
        .where(sql<boolean>`bike_id is distinct from ${bikeId}`);
      if ('ids' in which) {
        const ids = [...new Set(which.ids)];
        const owned = await trx
          .selectFrom('activities')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('user_id', '=', userId)
          .where('id', 'in', ids)
          .executeTakeFirstOrThrow();
        if (owned.n !== ids.length) return undefined;
        query = query.where('id', 'in', ids);
      } else {
        query = query
          .where('start_time', '>=', sql<Date>`(${which.from}::date)::timestamp at time zone 'UTC'`)
          .where('start_time', '<', sql<Date>`(${which.to}::date + 1)::timestamp at time zone 'UTC'`);
      }
      const moved = await query.returning('id').execute();
      return moved.length;
    });
  }

  /** The bike's parts (or every active part of the rider's bikes), each with its use since installed. */
  async components(
    userId: string,
    filter: { bikeId: string } | { activeOnly: true },
  ): Promise<ComponentWithUse[]> {
    const where =
      'bikeId' in filter ? sql`and c.bike_id = ${filter.bikeId}` : sql.raw('and c.retired_on is null');
    const result = await sql<ComponentWithUse>`
      select c.*, b.name as bike_name,
        coalesce(u.rides, 0)::int as rides,
        coalesce(u.distance_m, 0)::float8 as distance_m,
        coalesce(u.moving_time_s, 0)::float8 as moving_time_s,
        s.last_service_on::text as last_service_on,
        coalesce(u.since_distance_m, 0)::float8 as since_service_distance_m,
        coalesce(u.since_moving_time_s, 0)::float8 as since_service_moving_time_s
      from bike_components c
      join bikes b on b.id = c.bike_id and b.user_id = ${userId}
      left join lateral (
        select max(m.performed_on) as last_service_on from bike_maintenance m
        where m.user_id = ${userId} and m.component_id = c.id
      ) s on true
      left join lateral (
        select count(*) as rides,
          sum(a.distance_m) as distance_m,
          sum(a.moving_time_s) as moving_time_s,
          sum(a.distance_m) filter (where s.last_service_on is null
            or a.start_time >= (s.last_service_on::timestamp at time zone 'UTC')) as since_distance_m,
          sum(a.moving_time_s) filter (where s.last_service_on is null
            or a.start_time >= (s.last_service_on::timestamp at time zone 'UTC')) as since_moving_time_s
        from activities a
        where a.user_id = ${userId} and a.bike_id = c.bike_id
          and a.start_time >= ${dayStart('c.installed_on')}
          and (c.retired_on is null or a.start_time < ${dayAfter('c.retired_on')})
      ) u on true
      where c.user_id = ${userId} ${where}
      order by c.retired_on nulls first, c.installed_on desc, c.created_at desc, c.id`.execute(this.db);
    return result.rows;
  }

  component(userId: string, bikeId: string, componentId: string): Promise<ComponentRow | undefined> {
    return this.db
      .selectFrom('bike_components')
      .selectAll()
      .where('user_id', '=', userId)
      .where('bike_id', '=', bikeId)
      .where('id', '=', componentId)
      .executeTakeFirst();
  }

  createComponent(
    userId: string,
    bikeId: string,
    values: ComponentValues & { replaces_id?: string | null },
    now: Date,
  ): Promise<ComponentRow> {
    return this.db
      .insertInto('bike_components')
      .values({ user_id: userId, bike_id: bikeId, ...values, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  updateComponent(
    userId: string,
    bikeId: string,
    componentId: string,
    values: Partial<ComponentValues & Pick<ComponentRow, 'retired_on'>>,
    now: Date,
  ): Promise<ComponentRow | undefined> {
    return this.db
      .updateTable('bike_components')
      .set({ ...values, updated_at: now })
      .where('user_id', '=', userId)
      .where('bike_id', '=', bikeId)
      .where('id', '=', componentId)
      .returningAll()
      .executeTakeFirst();
  }

  /** Retires the part on a day and installs its successor of the same kind and interval, in one transaction. */
  replaceComponent(
    userId: string,
    bikeId: string,
    old: ComponentRow,
    values: Pick<ComponentRow, 'installed_on' | 'brand' | 'model' | 'price'>,
    now: Date,
  ): Promise<ComponentRow> {
    return this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('bike_components')
        .set({ retired_on: values.installed_on, updated_at: now })
        .where('user_id', '=', userId)
        .where('bike_id', '=', bikeId)
        .where('id', '=', old.id)
        .execute();
      return trx
        .insertInto('bike_components')
        .values({
          user_id: userId,
          bike_id: bikeId,
          kind: old.kind,
          service_km: old.service_km,
          service_hours: old.service_hours,
          notes: null,
          ...values,
          replaces_id: old.id,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    });
  }

  async deleteComponent(userId: string, bikeId: string, componentId: string): Promise<boolean> {
    const row = await this.db
      .deleteFrom('bike_components')
      .where('user_id', '=', userId)
      .where('bike_id', '=', bikeId)
      .where('id', '=', componentId)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The bike's service log, newest first. */
  maintenance(userId: string, bikeId: string): Promise<MaintenanceRow[]> {
    return this.db
      .selectFrom('bike_maintenance')
      .selectAll()
      .where('user_id', '=', userId)
      .where('bike_id', '=', bikeId)
      .orderBy('performed_on', 'desc')
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute();
  }

  maintenanceEntry(userId: string, bikeId: string, entryId: string): Promise<MaintenanceRow | undefined> {
    return this.db
      .selectFrom('bike_maintenance')
      .selectAll()
      .where('user_id', '=', userId)
      .where('bike_id', '=', bikeId)
      .where('id', '=', entryId)
      .executeTakeFirst();
  }

  createMaintenance(
    userId: string,
    bikeId: string,
    values: MaintenanceValues,
    now: Date,
  ): Promise<MaintenanceRow> {
    return this.db
      .insertInto('bike_maintenance')
      .values({ user_id: userId, bike_id: bikeId, ...values, created_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  updateMaintenance(
    userId: string,
    bikeId: string,
    entryId: string,
    values: Partial<MaintenanceValues>,
  ): Promise<MaintenanceRow | undefined> {
    // An empty PATCH changes nothing (an UPDATE with no SET list is a syntax error: it was a 500).
    if (Object.keys(values).length === 0) return this.maintenanceEntry(userId, bikeId, entryId);
    return this.db
      .updateTable('bike_maintenance')
      .set(values)
      .where('user_id', '=', userId)
      .where('bike_id', '=', bikeId)
      .where('id', '=', entryId)
      .returningAll()
      .executeTakeFirst();
  }

  async deleteMaintenance(userId: string, bikeId: string, entryId: string): Promise<boolean> {
    const row = await this.db
      .deleteFrom('bike_maintenance')
      .where('user_id', '=', userId)
      .where('bike_id', '=', bikeId)
      .where('id', '=', entryId)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The rider's parts and service log, for the account export. */
  async exportRows(userId: string): Promise<{ components: ComponentRow[]; maintenance: MaintenanceRow[] }> {
    const [components, maintenance] = await Promise.all([
      this.db
        .selectFrom('bike_components')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('installed_on')
        .execute(),
      this.db
        .selectFrom('bike_maintenance')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('performed_on')
        .execute(),
    ]);
    return { components, maintenance };
  }
}
