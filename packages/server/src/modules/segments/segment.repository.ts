import {
  boxAround,
  type LatLng,
  matchSegment,
  type SegmentClimb,
  type SegmentEffortMeasure,
  type SegmentGeometry,
} from '@vatio/analysis';
import { randomUUID } from 'node:crypto';
import { type Insertable, type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { Database, SegmentEffortsTable, SegmentsTable } from '../../db/schema.ts';

export type SegmentRow = Selectable<SegmentsTable>;

/** A ride's climbs as `storeRide` hands them over, with the rider's weight on the ride's date. */
export interface RideSegmentClimbs {
  climbs: readonly SegmentClimb[];
  weightKg: number | null;
  /** A Strava ride's segment efforts (its DetailedActivity's segment_efforts). */
  strava?: readonly StravaSegmentEffortInput[];
}

/**
 * One Strava segment effort of a ride: the segment as Strava describes it, and the effort measured
 * on the ride's own streams between its start and end index, or from Strava's summary of it (no
 * splits then: empty arrays).
 */
export interface StravaSegmentEffortInput {
  effortId: string;
  segment: {
    stravaId: number;
    name: string;
    start: LatLng;
    end: LatLng;
    lengthM: number;
    averageGradePct: number;
    sectionGradePct: readonly number[];
  };
  effort: SegmentEffortMeasure;
}

/** An effort's row (a climb's; a Strava effort adds its source and id). */
function effortRow(
  userId: string,
  activityId: string,
  rideStart: Date,
  segmentId: string,
  e: SegmentEffortMeasure,
  weightKg: number | null,
): Insertable<SegmentEffortsTable> {
  return {
    segment_id: segmentId,
    activity_id: activityId,
    user_id: userId,
    start_time: new Date(rideStart.getTime() + e.startS * 1000),
    start_offset_s: e.startS,
    end_offset_s: e.endS,
    elapsed_s: e.elapsedS,
    avg_power_w: e.averagePowerW ?? null,
    avg_hr_bpm: e.averageHeartRateBpm ?? null,
    weight_kg: weightKg,
    temperature_c: e.temperatureC ?? null,
    splits_s: [...e.splitsS],
    section_power_w: [...e.sectionPowerW],
  };
}

/** A segment is listed once it has been ridden this many times (a climb seen once is only a candidate). */
export const MIN_LISTED_EFFORTS = 2;

/** The rider's segments and their efforts. Every query carries the owner's id. */
export class SegmentRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * A stored ride's climbs, in the transaction that stores the ride: each climb matching one of the
   * rider's segments (packages/analysis segments/matching.ts) is an effort on it; one matching none
   * becomes a new segment with this first effort. `noEffortsYet`: the caller knows the ride has no
   * effort stored (a ride just inserted, or one whose efforts it just removed), which spares a read.
   */
  async rideStored(
    trx: Transaction<Database>,
    userId: string,
    activityId: string,
    rideStart: Date,
    ride: RideSegmentClimbs,
    { noEffortsYet = false }: { noEffortsYet?: boolean } = {},
  ): Promise<void> {
    if (ride.climbs.length > 0)
      await this.climbsStored(trx, userId, activityId, rideStart, ride.climbs, ride.weightKg, noEffortsYet);
    for (const strava of ride.strava ?? [])
      await this.stravaEffortStored(trx, userId, activityId, rideStart, strava, ride.weightKg);
  }

  /**
   * The climbs of `rideStored`, decided one after the other as before, in four statements whatever
   * their number (issue 28: four a climb were the largest part of an import's store): the rider's
   * segments starting in any climb's box and the ride's efforts already stored are read once; each
   * climb matches among the segments in its own box (those this ride's earlier climbs created
   * included) or becomes a new segment; its effort is kept unless the ride has one on that segment
   * over the same seconds; then the new segments and the efforts are inserted, each in one statement.
   */
  private async climbsStored(
    trx: Transaction<Database>,
    userId: string,
    activityId: string,
    rideStart: Date,
    climbs: readonly SegmentClimb[],
    weightKg: number | null,
    noEffortsYet: boolean,
  ): Promise<void> {
    const boxes = climbs.map((climb) => boxAround(climb.start));
    // Issue 28: a segment matches a climb only if its end is as near the climb's end as its start is to
    // the climb's start (`matchDistanceM`), so only those are read: by the start box alone, every
    // segment starting where the rider's rides start (their home) was read and parsed for every ride.
    const endBoxes = climbs.map((climb) => boxAround(climb.end));
    const [candidates, stored] = await Promise.all([
      trx
        .selectFrom('segments')
        .select(['id', 'start_lat', 'start_lng', 'end_lat', 'end_lng', 'length_m'])
        .where('user_id', '=', userId)
        .where((eb) =>
          eb.or(
            boxes.map((box, k) =>
              eb.and([
                eb('start_lat', '>=', box.minLat),
                eb('start_lat', '<=', box.maxLat),
                eb('start_lng', '>=', box.minLng),
                eb('start_lng', '<=', box.maxLng),
                eb('end_lat', '>=', endBoxes[k]!.minLat),
                eb('end_lat', '<=', endBoxes[k]!.maxLat),
                eb('end_lng', '>=', endBoxes[k]!.minLng),
                eb('end_lng', '<=', endBoxes[k]!.maxLng),
              ]),
            ),
          ),
        )
        .execute(),
      noEffortsYet
        ? []
        : trx
            .selectFrom('segment_efforts')
            .select(['segment_id', 'start_offset_s', 'end_offset_s'])
            .where('user_id', '=', userId)
            .where('activity_id', '=', activityId)
            .execute(),
    ]);
    const known = candidates.map((c) => ({
      id: c.id,
      start: { latDeg: c.start_lat, lngDeg: c.start_lng },
      end: { latDeg: c.end_lat, lngDeg: c.end_lng },
      lengthM: c.length_m,
    }));
    const efforts = [...stored];
    const newSegments: Insertable<SegmentsTable>[] = [];
    const newEfforts: Insertable<SegmentEffortsTable>[] = [];
    climbs.forEach((climb, k) => {
      const box = boxes[k]!;
      const inBox = known.filter(
        (c) =>
          c.start.latDeg >= box.minLat &&
          c.start.latDeg <= box.maxLat &&
          c.start.lngDeg >= box.minLng &&
          c.start.lngDeg <= box.maxLng,
      );
      let segmentId = matchSegment(climb, inBox)?.id;
      if (segmentId === undefined) {
        segmentId = randomUUID();
        newSegments.push({
          id: segmentId,
          user_id: userId,
          start_lat: climb.start.latDeg,
          start_lng: climb.start.lngDeg,
          end_lat: climb.end.latDeg,
          end_lng: climb.end.lngDeg,
          length_m: climb.lengthM,
          avg_grade_pct: climb.averageGradePct,
          section_grade_pct: [...climb.sectionGradePct],
          created_at: rideStart,
          updated_at: rideStart,
        });
        known.push({ id: segmentId, start: climb.start, end: climb.end, lengthM: climb.lengthM });
      }
      const e = climb.effort;
      const overlaps = efforts.some(
        (o) => o.segment_id === segmentId && o.start_offset_s < e.endS && o.end_offset_s > e.startS,
      );
      if (overlaps) return;
      efforts.push({ segment_id: segmentId, start_offset_s: e.startS, end_offset_s: e.endS });
      newEfforts.push(effortRow(userId, activityId, rideStart, segmentId, e, weightKg));
    });
    const insertEfforts = (db: Pick<Transaction<Database>, 'insertInto'>) =>
      db
        .insertInto('segment_efforts')
        .values(newEfforts)
        .onConflict((oc) => oc.doNothing())
        .execute();
    if (newSegments.length > 0 && newEfforts.length > 0)
      // Issue 28: the new segments and the efforts in one statement, where they were two. The
      // efforts' foreign keys are checked at the end of the statement, with the segments in.
      await insertEfforts(trx.with('new_segments', (db) => db.insertInto('segments').values(newSegments)));
    else if (newSegments.length > 0) await trx.insertInto('segments').values(newSegments).execute();
    else if (newEfforts.length > 0) await insertEfforts(trx);
  }

  /**
   * A Strava segment effort: on the segment with its Strava id; else on the rider's segment of the
   * same geometry (the climb matching rule, matching.ts), which then carries the Strava id, so a climb
   * and a Strava segment up the same road are one segment; else on a new segment named as on Strava.
   */
  private async stravaEffortStored(
    trx: Transaction<Database>,
    userId: string,
    activityId: string,
    rideStart: Date,
    input: StravaSegmentEffortInput,
    weightKg: number | null,
  ): Promise<void> {
    const { segment } = input;
    let segmentId = (
      await trx
        .selectFrom('segments')
        .select('id')
        .where('user_id', '=', userId)
        .where('strava_segment_id', '=', segment.stravaId)
        .executeTakeFirst()
    )?.id;
    if (!segmentId) {
      const match = await this.matching(trx, userId, segment, true);
      if (match) {
        await trx
          .updateTable('segments')
          .set({ strava_segment_id: segment.stravaId, source_name: segment.name })
          .where('user_id', '=', userId)
          .where('id', '=', match.id)
          .execute();
        segmentId = match.id;
      } else {
        segmentId = (
          await trx
            .insertInto('segments')
            .values({
              user_id: userId,
              source: 'strava',
              strava_segment_id: segment.stravaId,
              source_name: segment.name,
              start_lat: segment.start.latDeg,
              start_lng: segment.start.lngDeg,
              end_lat: segment.end.latDeg,
              end_lng: segment.end.lngDeg,
              length_m: segment.lengthM,
              avg_grade_pct: segment.averageGradePct,
              section_grade_pct: [...segment.sectionGradePct],
              created_at: rideStart,
              updated_at: rideStart,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      }
    }
    await this.insertEffort(
      trx,
      userId,
      activityId,
      rideStart,
      segmentId,
      input.effort,
      weightKg,
      input.effortId,
    );
  }

  /** The rider's segment (without a Strava id when `unlinked`) whose geometry this one matches. */
  private async matching(
    trx: Transaction<Database>,
    userId: string,
    geometry: SegmentGeometry,
    unlinked = false,
  ) {
    const box = boxAround(geometry.start);
    let query = trx
      .selectFrom('segments')
      .select(['id', 'start_lat', 'start_lng', 'end_lat', 'end_lng', 'length_m'])
      .where('user_id', '=', userId)
      .where('start_lat', '>=', box.minLat)
      .where('start_lat', '<=', box.maxLat)
      .where('start_lng', '>=', box.minLng)
      .where('start_lng', '<=', box.maxLng);
    if (unlinked) query = query.where('strava_segment_id', 'is', null);
    const candidates = await query.execute();
    return matchSegment(
      geometry,
      candidates.map((c) => ({
        id: c.id,
        start: { latDeg: c.start_lat, lngDeg: c.start_lng },
        end: { latDeg: c.end_lat, lngDeg: c.end_lng },
        lengthM: c.length_m,
      })),
    );
  }

  /**
   * An effort of the ride on a segment, unless the ride already has one there over the same seconds
   * (its climb and its Strava effort up the same road are one effort: the first stored is kept).
   */
  private async insertEffort(
    trx: Transaction<Database>,
    userId: string,
    activityId: string,
    rideStart: Date,
    segmentId: string,
    e: SegmentEffortMeasure,
    weightKg: number | null,
    stravaEffortId?: string,
  ): Promise<void> {
    const overlapping = await trx
      .selectFrom('segment_efforts')
      .select('id')
      .where('user_id', '=', userId)
      .where('activity_id', '=', activityId)
      .where('segment_id', '=', segmentId)
      .where('start_offset_s', '<', e.endS)
      .where('end_offset_s', '>', e.startS)
      .executeTakeFirst();
    if (overlapping) return;
    await trx
      .insertInto('segment_efforts')
      .values({
        ...effortRow(userId, activityId, rideStart, segmentId, e, weightKg),
        ...(stravaEffortId === undefined
          ? {}
          : { source: 'strava' as const, strava_effort_id: stravaEffortId }),
      })
      // The same Strava effort of the same ride is stored once.
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  /**
   * A ride's efforts, before its parts are replaced (a damaged part by the whole file); with
   * `source`, only those (re-analysis renews the climbs' and keeps the Strava efforts it cannot fetch).
   */
  async rideRemoved(
    trx: Transaction<Database>,
    userId: string,
    activityId: string,
    source?: 'climb',
  ): Promise<void> {
    let query = trx
      .deleteFrom('segment_efforts')
      .where('user_id', '=', userId)
      .where('activity_id', '=', activityId);
    if (source) query = query.where('source', '=', source);
    await query.execute();
  }

  /** What the list's cache is kept against: the rider's segments and efforts as they change. */
  async version(userId: string): Promise<string> {
    const row = await this.db
      .selectNoFrom([
        // The rider's choices in full (few segments carry any), since two edits can share a clock tick.
        sql<string>`(select count(*)::int || '|' || coalesce(string_agg(id::text || ':' || coalesce(name, '') || ':' || starred::text || ':' || hidden::text, ',' order by id) filter (where name is not null or starred or hidden), '') from segments where user_id = ${userId})`.as(
          'segments',
        ),
        sql<string>`(select count(*)::int || '|' || coalesce(max(start_time)::text, '') from segment_efforts where user_id = ${userId})`.as(
          'efforts',
        ),
        sql<string>`(select count(*)::int || '|' || coalesce(max(created_at)::text, '') || '|' || coalesce(max(updated_at)::text, '') from activities where user_id = ${userId})`.as(
          'rides',
        ),
      ])
      .executeTakeFirstOrThrow();
    return `${row.segments}#${row.efforts}#${row.rides}`;
  }

  /** The rider's segments ridden at least MIN_LISTED_EFFORTS times, hidden ones included (flagged). */
  listed(userId: string) {
    return this.db
      .selectFrom('segments')
      .selectAll('segments')
      .where('segments.user_id', '=', userId)
      .where(
        (eb) =>
          eb
            .selectFrom('segment_efforts')
            .select(sql<number>`count(*)::int`.as('n'))
            .whereRef('segment_efforts.segment_id', '=', 'segments.id')
            .where('segment_efforts.user_id', '=', userId),
        '>=',
        MIN_LISTED_EFFORTS,
      )
      .orderBy('segments.created_at')
      .orderBy('segments.id')
      .execute();
  }

  /** The efforts (time and power, oldest first) on the given segments of the rider. */
  effortTimes(userId: string, segmentIds: readonly string[]) {
    if (segmentIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('segment_efforts')
      .select(['id', 'segment_id', 'activity_id', 'start_time', 'elapsed_s', 'avg_power_w', 'source'])
      .where('user_id', '=', userId)
      .where('segment_id', 'in', segmentIds)
      .orderBy('start_time')
      .orderBy('id')
      .execute();
  }

  find(userId: string, segmentId: string) {
    return this.db
      .selectFrom('segments')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', segmentId)
      .executeTakeFirst();
  }

  /** A segment's efforts, oldest first, with their ride's name. */
  efforts(userId: string, segmentId: string) {
    return (
      this.db
        .selectFrom('segment_efforts as e')
        .innerJoin('activities as a', (j) =>
          j.onRef('a.id', '=', 'e.activity_id').on('a.user_id', '=', userId),
        )
        .selectAll('e')
        .select(['a.name as activity_name', 'a.start_time as activity_start_time'])
        // The ride's weight as its analysis used it, with which entry and from when (issue 25).
        .select([
          sql<number | null>`(a.summary->>'weightKg')::float8`.as('ride_weight_kg'),
          sql<string | null>`a.summary->>'weightSource'`.as('ride_weight_source'),
          sql<string | null>`a.summary->>'weightFrom'`.as('ride_weight_from'),
        ])
        .where('e.user_id', '=', userId)
        .where('e.segment_id', '=', segmentId)
        .orderBy('e.start_time')
        .orderBy('e.id')
        .execute()
    );
  }

  /** Some of a segment's efforts, with their ride's name and streams blob (undefined: none stored). */
  effortsWithStreams(userId: string, segmentId: string, effortIds: readonly string[]) {
    return this.db
      .selectFrom('segment_efforts as e')
      .innerJoin('activities as a', (j) => j.onRef('a.id', '=', 'e.activity_id').on('a.user_id', '=', userId))
      .leftJoin('activity_streams as st', (j) =>
        j.onRef('st.activity_id', '=', 'e.activity_id').on('st.user_id', '=', userId),
      )
      .selectAll('e')
      .select(['a.name as activity_name', 'st.blob_key as streams_blob_key'])
      .where('e.user_id', '=', userId)
      .where('e.segment_id', '=', segmentId)
      .where('e.id', 'in', effortIds)
      .execute();
  }

  /** Renames, stars or hides a segment; undefined when the rider has no such segment. */
  update(
    userId: string,
    segmentId: string,
    patch: { name?: string | null; starred?: boolean; hidden?: boolean },
    now: Date,
  ) {
    return this.db
      .updateTable('segments')
      .set({ ...patch, updated_at: now })
      .where('user_id', '=', userId)
      .where('id', '=', segmentId)
      .returning('id')
      .executeTakeFirst();
  }
}
