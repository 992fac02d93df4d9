import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { ActivitySort as ContractSort } from '@vatio/schemas/contracts';
import type { ActivitiesTable, Database, LapsTable } from '../../db/schema.ts';
import { BikeRepository } from '../../kernel/bike.repository.ts';
import { RiderBestCurve } from './rider-best-curve.ts';
import { PendingPassRepository } from './pending-pass.repository.ts';
import { blobLock, findByContentHash, overlappingRides } from './ride-store.repository.ts';
import { sameRideAs } from './same-ride.ts';
import { type DayPart, defaultNamesMatching, type RideLanguage } from './ride-name.ts';
import { riderFingerprintColumns, riderFingerprintOf } from '../../kernel/rider-fingerprint.repository.ts';

export type ActivityRow = Selectable<ActivitiesTable>;

/** A ride's analysis reads the rider's bikes too (their weights). */
const RIDE_FINGERPRINT = { bikes: true };
export type LapRow = Selectable<LapsTable>;

// The ride store's types, where they were before it was split off (ride-store.repository.ts).
export type { NewRide, StoredRideMatch, StoreRideResult } from './ride-store.repository.ts';

/** A ride with power as the tactical analysis and the facts' re-derivation read it (`ridesWithPower`). */
export type RideWithPower = Pick<
  ActivityRow,
  'id' | 'start_time' | 'ftp_w' | 'tactics' | 'advanced_facts'
> & {
  blob_key: string | null;
};

/**
 * A ride's load measured again against a new estimated FTP (RideFtpService `reestimate`): written
 * with its facts by `updateRidesFacts`, or alone by `updateLoad`.
 */
export interface RideLoad {
  id: string;
  ftp_w: number | null;
  intensity_factor: number | null;
  training_stress_score: number | null;
  /** The whole summary, as JSON. */
  summary: string;
}

/** How the list can be ordered (GET /api/activities `sort`), each a stored column. */
export const ACTIVITY_SORT_COLUMNS = {
  date: 'start_time',
  distance: 'distance_m',
  duration: 'moving_time_s',
  elevation: 'elevation_gain_m',
  tss: 'training_stress_score',
  np: 'normalized_power_w',
  power: 'average_power_w',
  // The contract's sort keys (@vatio/schemas ACTIVITY_SORTS), each with its column, no more, no less.
} as const satisfies Record<ContractSort, string>;
export type ActivitySort = keyof typeof ACTIVITY_SORT_COLUMNS;

export interface ActivityFilter {
  limit: number;
  offset: number;
  type?: string | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
  /** Newest first unless told otherwise; rides without the value come last either way. */
  sort?: { by: ActivitySort; order: 'asc' | 'desc' } | undefined;
}

/** A rider's rides. Every query carries the owner's id: another rider's ride does not exist. */
export class ActivityRepository {
  private readonly bestCurve = new RiderBestCurve();
  private readonly pendingPasses: PendingPassRepository;

  constructor(private readonly db: Kysely<Database>) {
    this.pendingPasses = new PendingPassRepository(db);
  }

  findByContentHash(userId: string, contentHash: string, executor: Kysely<Database> = this.db) {
    return findByContentHash(executor, userId, contentHash);
  }

  /**
   * The stored ride this span is a recording of (a FIT and its Strava activity, a damaged part and
   * the whole): the rule of `same-ride.ts`, as imports apply it.
   */
  async findSameRide(userId: string, startTime: Date, elapsedS: number) {
    const candidates = await overlappingRides(this.db, userId, startTime, elapsedS);
    return sameRideAs(
      { startTime, elapsedS },
      candidates.map((r) => ({ id: r.id, startTime: r.start_time, elapsedS: r.elapsed_time_s })),
    );
  }

  /** The rider's primary bike, the one a new ride is put on (BikeRepository's lookup). */
  primaryBikeId(userId: string) {
    return new BikeRepository(this.db).primary(userId);
  }

  async list(userId: string, filter: ActivityFilter): Promise<{ rows: ActivityRow[]; total: number }> {
    let query = this.db.selectFrom('activities').where('user_id', '=', userId);
    if (filter.type) query = query.where('type', '=', filter.type);
    if (filter.startDate) query = query.where('start_time', '>=', new Date(`${filter.startDate}T00:00:00Z`));
    // The end day is inclusive: before the next midnight, computed by PostgreSQL, whose dates reach
    // past year 9999 (a JavaScript Date for 10000-01-01 does not serialise to a timestamp it accepts).
    if (filter.endDate)
      query = query.where(
        'start_time',
        '<',
        sql<Date>`(${filter.endDate}::date + 1)::timestamp at time zone 'UTC'`,
      );
    const sort = filter.sort ?? { by: 'date', order: 'desc' };
    const column = ACTIVITY_SORT_COLUMNS[sort.by];
    const [rows, total] = await Promise.all([
      query
        .selectAll()
        .orderBy(column, (ob) => (sort.order === 'asc' ? ob.asc() : ob.desc()).nullsLast())
        .orderBy('start_time', 'desc')
        .orderBy('id')
        .limit(filter.limit)
        .offset(filter.offset)
        .execute(),
      query.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  }

  /**
   * Name and notes contain the words, case- and accent-insensitively enough for riders' titles; an
   * unnamed ride is found by its default name in the reader's language ("salida", "morning").
   */
  search(userId: string, q: string, limit: number, language: RideLanguage): Promise<ActivityRow[]> {
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const defaults = defaultNamesMatching(q, language);
    const partsOf = (virtual: boolean): DayPart[] =>
      defaults.filter((d) => d.virtual === virtual).map((d) => d.dayPart);
    return this.db
      .selectFrom('activities')
      .selectAll()
      .where('user_id', '=', userId)
      .where((eb) => {
        const unnamed = [false, true]
          .filter((virtual) => partsOf(virtual).length > 0)
          .map((virtual) =>
            eb.and([
              eb('name', 'is', null),
              eb('day_part', 'in', partsOf(virtual)),
              virtual ? eb('type', '=', 'VirtualRide') : eb('type', '!=', 'VirtualRide'),
            ]),
          );
        return eb.or([eb('name', 'ilike', pattern), eb('notes', 'ilike', pattern), ...unnamed]);
      })
      .orderBy('start_time', 'desc')
      .limit(limit)
      .execute();
  }

  find(userId: string, activityId: string): Promise<ActivityRow | undefined> {
    return this.db
      .selectFrom('activities')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', activityId)
      .executeTakeFirst();
  }

  /**
   * The ride with its laps in one statement (GET /api/activities/:id, issue 28): on the embedded
   * database every statement waits its turn on the one connection, behind any import's transaction,
   * so the ride page's first view paid that wait once per read. The laps come as a JSON array of
   * their rows (the same columns, in lap order, as `laps` reads them); undefined when the rider has no
   * such ride.
   */
  async findWithLaps(
    userId: string,
    activityId: string,
  ): Promise<{ row: ActivityRow; laps: LapRow[] } | undefined> {
    const found = await this.db
      .selectFrom('activities')
      .selectAll('activities')
      .select(lapsOfRide(userId).as('laps_json'))
      .where('activities.user_id', '=', userId)
      .where('activities.id', '=', activityId)
      .executeTakeFirst();
    if (!found) return undefined;
    const { laps_json: laps, ...row } = found;
    return { row, laps: laps.map(lapOfJson) };
  }

  laps(userId: string, activityId: string): Promise<LapRow[]> {
    return this.db
      .selectFrom('laps')
      .selectAll()
      .where('user_id', '=', userId)
      .where('activity_id', '=', activityId)
      .orderBy('lap_index')
      .execute();
  }

  /**
   * The version of everything a ride's detail analysis reads, for the answers kept per ride: the
   * rider's rides, settings and bikes (rider-fingerprint.repository.ts) and the ride's own stored
   * facts and streams, by content (a change that did not move updated_at still shows).
   */
  async rideVersion(userId: string, activityId: string): Promise<string> {
    // One statement for both (issue 28: each waits its turn on the embedded database).
    const row = await this.db
      .selectNoFrom([
        ...riderFingerprintColumns(userId, RIDE_FINGERPRINT),
        sql<
          string | null
        >`(select a.updated_at::text || ':' || md5(a.summary::text) || ':' || coalesce(a.bike_id::text, '') || ':' || coalesce(s.blob_key, '')
          from activities a left join activity_streams s on s.activity_id = a.id and s.user_id = ${userId}
          where a.user_id = ${userId} and a.id = ${activityId})`.as('v'),
      ])
      .executeTakeFirstOrThrow();
    return `${riderFingerprintOf(row, RIDE_FINGERPRINT)}#${row.v ?? ''}`;
  }

  streamsPointer(userId: string, activityId: string) {
    return this.db
      .selectFrom('activity_streams')
      .select(['blob_key', 'codec_version'])
      .where('user_id', '=', userId)
      .where('activity_id', '=', activityId)
      .executeTakeFirst();
  }

  filePointer(userId: string, activityId: string) {
    return this.db
      .selectFrom('activity_files')
      .selectAll()
      .where('user_id', '=', userId)
      .where('activity_id', '=', activityId)
      .executeTakeFirst();
  }

  /** One ride's stored curve. */
  rideCurve(userId: string, activityId: string) {
    return this.db
      .selectFrom('activity_curves')
      .select(['durations_s', 'power_w'])
      .where('user_id', '=', userId)
      .where('activity_id', '=', activityId)
      .executeTakeFirst();
  }

  /**
   * What the detail analysis of one ride reads (GET /api/activities/:id/analysis): the row with its
   * streams pointer, its laps and curve, the rider's per-ride curves of the `recentDays` up to and
   * including the ride, and the all-time best envelope, and the weight of the ride's bike (null
   * without one); undefined when the rider has no such ride (or it has no streams). The row, its laps
   * and its bike's weight come in one statement (issue 28: each waits its turn on the embedded
   * database), the curves in one more wave.
   */
  async forAnalysis(userId: string, activityId: string, recentDays: number) {
    const found = await this.db
      .selectFrom('activities')
      .innerJoin('activity_streams', (join) =>
        join
          .onRef('activity_streams.activity_id', '=', 'activities.id')
          .on('activity_streams.user_id', '=', userId),
      )
      .selectAll('activities')
      .select([
        'activity_streams.blob_key as streams_blob_key',
        lapsOfRide(userId).as('laps_json'),
        // As AthleteSettingsRepository.bikeWeightKg reads it: the rider's bike of the ride.
        sql<number | null>`(select b.weight_kg from bikes b
          where b.user_id = ${userId} and b.id = activities.bike_id)`.as('bike_weight_kg'),
      ])
      .where('activities.user_id', '=', userId)
      .where('activities.id', '=', activityId)
      .executeTakeFirst();
    if (!found) return undefined;
    const { streams_blob_key: streamsBlobKey, laps_json: lapsJson, bike_weight_kg: bikeKg, ...row } = found;
    const laps = lapsJson.map(lapOfJson);
    const rideStart = row.start_time.getTime();
    const [recentCurves, bestCurve] = await Promise.all([
      this.curves(userId, {
        from: new Date(rideStart - recentDays * 86_400_000 + 1),
        to: new Date(rideStart + 1),
      }),
      this.allTimeBestCurve(userId),
    ]);
    // The ride's own curve is stored with its start time, so it is among the recent ones.
    const own = recentCurves.find((c) => c.activity_id === row.id);
    const ownCurve = own
      ? { durations_s: own.durations_s, power_w: own.power_w }
      : await this.rideCurve(userId, row.id);
    return { row: row as ActivityRow, streamsBlobKey, ownCurve, recentCurves, bestCurve, laps, bikeKg };
  }

  /** The rider's all-time best-power curve, as kept in rider_best_curves. */
  allTimeBestCurve(userId: string) {
    return this.bestCurve.allTime(this.db, userId);
  }

  /**
   * The rider's rides whose load is measured against an estimated FTP (summary.ftpSource), and those
   * with power and no FTP (their window gave no estimate when stored): the whole-history reference
   * of the tests (RideFtpService.rederiveEstimated), not indexed for the second kind.
   */
  ridesWithEstimatedFtp(userId: string) {
    return this.db
      .selectFrom('activities')
      .select(['id', 'start_time', 'normalized_power_w', 'ftp_w', 'summary'])
      .where('user_id', '=', userId)
      .where(sql<boolean>`(summary->>'ftpSource' = 'estimated' or (has_power and ftp_w is null))`)
      .execute();
  }

  /** A ride's FTP, IF, TSS and summary rewritten (an estimated FTP re-derived). */
  async updateLoad(
    userId: string,
    activityId: string,
    values: Pick<ActivityRow, 'ftp_w' | 'intensity_factor' | 'training_stress_score'> & {
      summary: string;
      /** A changed TSS is a change to the ride: the per-rider caches' fingerprint sees it by this. */
      updated_at: Date;
    },
  ): Promise<void> {
    await this.db
      .updateTable('activities')
      .set(values)
      .where('user_id', '=', userId)
      .where('id', '=', activityId)
      .execute();
  }

  /**
   * The rider's rides with power, oldest first, those that started in [from, to) when a range is
   * given, only those with a stream when `withStream`: the FTP each was measured against, its stored
   * tactical and advanced facts, and its stream blob (null when it has none). The one read of both
   * the predictive tactical analysis (the period's rides) and the re-derivation of the stored facts
   * after an import batch (every ride with a stream: only a stream can be measured again).
   */
  ridesWithPower(
    userId: string,
    options: {
      range?: { from: Date; to: Date };
      withStream?: boolean;
      /**
       * Only what tells whether the stored facts still hold (`tacticsHold`, `advancedFactsHold`):
       * the keys they read, each present or absent as stored. Issue 28: the batch pass read every
       * ride's whole facts (kilobytes each) to look at five numbers.
       */
      factsToCheck?: boolean;
    } = {},
  ): Promise<RideWithPower[]> {
    const { range, withStream = false, factsToCheck = false } = options;
    const only = (column: 'tactics' | 'advanced_facts', keys: readonly string[]) =>
      sql<never>`case when jsonb_typeof(activities.${sql.ref(column)}) = 'object' then (
        select jsonb_object_agg(e.key, e.value) from jsonb_each(activities.${sql.ref(column)}) e
        where e.key in (${sql.join(keys)})) end`.as(column);
    let query = this.db
      .selectFrom('activities')
      .leftJoin('activity_streams', (join) =>
        join
          .onRef('activity_streams.activity_id', '=', 'activities.id')
          .on('activity_streams.user_id', '=', userId),
      )
      .select([
        'activities.id',
        'activities.start_time',
        'activities.ftp_w',
        factsToCheck
          ? only('tactics', ['ftpW', 'cpW', 'wPrimeJ', 'fittedCpW', 'fittedWPrimeJ'])
          : 'activities.tactics',
        factsToCheck
          ? only('advanced_facts', ['hasPower', 'ftpW', 'durabilityWorkKj'])
          : 'activities.advanced_facts',
        'activity_streams.blob_key',
      ])
      .where('activities.user_id', '=', userId)
      .where('activities.has_power', '=', true);
    if (withStream) query = query.where('activity_streams.blob_key', 'is not', null);
    if (range) {
      query = query
        .where('activities.start_time', '>=', range.from)
        .where('activities.start_time', '<', range.to);
    }
    return query.orderBy('activities.start_time').execute();
  }

  /**
   * Rides' stored facts rewritten, each with those given (its FTP, its window's critical power or
   * the rider's weight changed), in one statement (issue 28: the batch pass after a 1,000-ride import
   * wrote them one statement a ride: `FACTS_PER_WRITE`, ride-tactics.service.ts). A fact left out of a
   * ride's entry is kept.
   */
  async updateRidesFacts(
    userId: string,
    rides: readonly {
      id: string;
      facts: { tactics?: string | null; advanced_facts?: string };
      /** The ride's load against a new estimated FTP (the batch pass writes it with its facts). */
      load?: Omit<RideLoad, 'id'>;
    }[],
    now: Date,
  ): Promise<void> {
    if (rides.length === 0) return;
    const ids = rides.map((r) => r.id);
    const setTactics = rides.map((r) => r.facts.tactics !== undefined);
    const tactics = rides.map((r) => r.facts.tactics ?? null);
    const setAdvanced = rides.map((r) => r.facts.advanced_facts !== undefined);
    const advanced = rides.map((r) => r.facts.advanced_facts ?? null);
    const setLoad = rides.map((r) => r.load !== undefined);
    const ftpW = rides.map((r) => r.load?.ftp_w ?? null);
    const intensity = rides.map((r) => r.load?.intensity_factor ?? null);
    const stress = rides.map((r) => r.load?.training_stress_score ?? null);
    const summary = rides.map((r) => r.load?.summary ?? null);
    await sql`update activities set
        tactics = case when v.set_tactics then v.tactics::jsonb else activities.tactics end,
        advanced_facts = case when v.set_advanced then v.advanced::jsonb else activities.advanced_facts end,
        ftp_w = case when v.set_load then v.ftp_w else activities.ftp_w end,
        intensity_factor = case when v.set_load then v.intensity_factor else activities.intensity_factor end,
        training_stress_score = case when v.set_load then v.training_stress_score
          else activities.training_stress_score end,
        summary = case when v.set_load then v.summary::jsonb else activities.summary end,
        updated_at = ${now}
      from unnest(${ids}::uuid[], ${setTactics}::boolean[], ${tactics}::text[], ${setAdvanced}::boolean[],
        ${advanced}::text[], ${setLoad}::boolean[], ${ftpW}::float8[], ${intensity}::float8[],
        ${stress}::float8[], ${summary}::text[])
        as v(id, set_tactics, tactics, set_advanced, advanced, set_load, ftp_w, intensity_factor,
          training_stress_score, summary)
      where activities.user_id = ${userId} and activities.id = v.id`.execute(this.db);
  }

  /** Per-ride curves in a date range (both ends optional), for best-of curves. */
  curves(userId: string, range: { from?: Date; to?: Date } = {}) {
    let query = this.db
      .selectFrom('activity_curves')
      .select(['activity_id', 'start_time', 'durations_s', 'power_w'])
      .where('user_id', '=', userId);
    if (range.from) query = query.where('start_time', '>=', range.from);
    if (range.to) query = query.where('start_time', '<', range.to);
    return query.orderBy('start_time').orderBy('activity_id').execute();
  }

  update(
    userId: string,
    activityId: string,
    values: Partial<Pick<ActivityRow, 'name' | 'type' | 'bike_id' | 'notes'>>,
    now: Date,
  ): Promise<ActivityRow | undefined> {
    return this.db
      .updateTable('activities')
      .set({ ...values, updated_at: now })
      .where('user_id', '=', userId)
      .where('id', '=', activityId)
      .returningAll()
      .executeTakeFirst();
  }

  /** Whether the rider has any ride stored (the demo fills only an empty account). */
  async hasRides(userId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('activities')
      .select('id')
      .where('user_id', '=', userId)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Serializes, until the transaction ends, the runs that write one blob and point a row to it with
   * the clean-ups that delete it once no row does (`ImportService.discardBlobs`): blobs are addressed
   * by content, so without it a clean-up could find no row, then delete the blob a concurrent run has
   * just stored again for its own ride, before that run commits (PostgreSQL; PGlite has one session).
   */
  async lockBlob(trx: Transaction<Database>, key: string): Promise<void> {
    await sql`select ${blobLock(key)}`.execute(trx);
  }

  /** Whether any stored ride, of any rider, still points to this blob. */
  async blobInUse(key: string, executor: Kysely<Database> = this.db): Promise<boolean> {
    const file = await executor
      .selectFrom('activity_files')
      .select('activity_id')
      .where('blob_key', '=', key)
      .limit(1)
      .executeTakeFirst();
    if (file) return true;
    const streams = await executor
      .selectFrom('activity_streams')
      .select('activity_id')
      .where('blob_key', '=', key)
      .limit(1)
      .executeTakeFirst();
    if (streams) return true;
    const pending = await executor
      .selectFrom('import_files')
      .select('id')
      .where('blob_key', '=', key)
      .where('status', 'in', ['queued', 'processing'])
      .limit(1)
      .executeTakeFirst();
    if (pending) return true;
    // Bike-fitting photos live in the same content-addressed store (migration 0018).
    const photo = await executor
      .selectFrom('fitting_photos')
      .select('id')
      .where('blob_key', '=', key)
      .limit(1)
      .executeTakeFirst();
    return photo !== undefined;
  }

  /**
   * Deletes the ride with its rows (and its points from the rider's best envelope, in the same
   * transaction); returns the blob keys no remaining row of this rider uses. Its curve, gone with it,
   * was in the windows of the rides after it: the pass it owes them is recorded here (ride-delete.ts).
   */
  async delete(
    userId: string,
    activityId: string,
    now = new Date(),
  ): Promise<{ keys: string[] } | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const file = await trx
        .selectFrom('activity_files')
        .select('blob_key')
        .where('user_id', '=', userId)
        .where('activity_id', '=', activityId)
        .executeTakeFirst();
      const streams = await trx
        .selectFrom('activity_streams')
        .select('blob_key')
        .where('user_id', '=', userId)
        .where('activity_id', '=', activityId)
        .executeTakeFirst();
      const deleted = await trx
        .deleteFrom('activities')
        .where('user_id', '=', userId)
        .where('id', '=', activityId)
        .returning('start_time')
        .executeTakeFirst();
      if (!deleted) return undefined;
      await this.bestCurve.rideDeleted(trx, userId, activityId, now);
      // Issue 28 (trust): the batch pass the deletion owes the rides after it, recorded with it: a
      // crash before the pass has written leaves the record, run again (pending-passes.ts).
      await this.pendingPasses.record(trx, userId, deleted.start_time);
      return { keys: [file?.blob_key, streams?.blob_key].filter((k): k is string => Boolean(k)) };
    });
  }
}

/**
 * A lap row as JSON carries it: the same numbers (double precision prints its shortest exact form in
 * both), except that NaN and ±Infinity come as strings, which the driver would have read as numbers.
 */
function lapOfJson(lap: LapRow): LapRow {
  const out: Record<string, unknown> = { ...lap };
  for (const [key, value] of Object.entries(out))
    if (typeof value === 'string' && key !== 'activity_id' && key !== 'user_id') out[key] = Number(value);
  return out as unknown as LapRow;
}

/** The laps of the statement's ride (`activities`) as a JSON array of their rows, in lap order. */
function lapsOfRide(userId: string) {
  return sql<LapRow[]>`(select coalesce(json_agg(l order by l.lap_index), '[]'::json) from laps l
    where l.user_id = ${userId} and l.activity_id = activities.id)`;
}
