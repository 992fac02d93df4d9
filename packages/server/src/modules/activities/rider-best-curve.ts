import {
  type AttributedCurve,
  attributeCurve,
  bestOfCurves,
  type MeanMaxCurve,
  mergeBestCurves,
} from '@vatio/analysis';
import type { Kysely, RawBuilder } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { type BestCurveRow, BestCurveRepository, type StoredRideCurve } from './best-curve.repository.ts';

/** Which ride set a point of a best curve, and when it started (ISO 8601). */
export interface CurveSource {
  activityId: string;
  date: string;
}

/** Stored per-ride curves as best-of curves: the rider's best over them (`mergeBestCurves`). */
export function bestOfRideCurves(rides: readonly StoredRideCurve[]): AttributedCurve<CurveSource> {
  return mergeBestCurves(rides.map(attributedRide));
}

/**
 * The pointwise best of stored per-ride curves (analysis `bestOfCurves`), undefined for none: the
 * period bests of the predictive FTP trend and the advanced page's improvement.
 */
export function bestOfStoredCurves(
  rides: readonly { durations_s: readonly number[]; power_w: readonly number[] }[],
): MeanMaxCurve | undefined {
  return bestOfCurves(rides.map((c) => ({ durationsS: c.durations_s, powerW: c.power_w })));
}

function attributedRide(ride: StoredRideCurve): AttributedCurve<CurveSource> {
  return attributeCurve(
    { durationsS: ride.durations_s, powerW: ride.power_w },
    { activityId: ride.activity_id, date: ride.start_time.toISOString() },
  );
}

function fromRow(row: BestCurveRow): AttributedCurve<CurveSource> {
  return {
    durationsS: row.durations_s.map(Number),
    powerW: row.power_w.map(Number),
    source: row.activity_ids.map((activityId, k) => ({ activityId, date: row.start_times[k]! })),
  };
}

function toRow(curve: AttributedCurve<CurveSource>): BestCurveRow {
  return {
    durations_s: [...curve.durationsS],
    power_w: [...curve.powerW],
    activity_ids: curve.source.map((s) => s.activityId),
    start_times: curve.source.map((s) => s.date),
  };
}

/** Whether two envelopes are the same points from the same rides (a stored row's numbers may come as text). */
function sameRow(a: BestCurveRow, b: BestCurveRow): boolean {
  const sameNumbers = (x: readonly unknown[], y: readonly unknown[]) =>
    x.length === y.length && x.every((v, k) => Number(v) === Number(y[k]));
  const sameStrings = (x: readonly unknown[], y: readonly unknown[]) =>
    x.length === y.length && x.every((v, k) => String(v) === String(y[k]));
  return (
    sameNumbers(a.durations_s, b.durations_s) &&
    sameNumbers(a.power_w, b.power_w) &&
    sameStrings(a.activity_ids, b.activity_ids) &&
    sameStrings(a.start_times, b.start_times)
  );
}

/** Riders whose envelope one `RiderBestCurve` keeps (the oldest read goes first): ~15 KB each. */
const RECENT_ENVELOPES = 16;

/**
 * A rider's all-time best-power curve, kept in rider_best_curves by the transactions that change the
 * rider's rides: a stored ride is merged in (the merge is incremental, `mergeBestCurves`); a deleted
 * or re-analysed ride that holds a point makes the envelope rebuilt from the stored per-ride curves
 * (a ride that holds none cannot change it on delete, and on re-analysis is merged in again). Every
 * update first locks the rider, so concurrent imports of one rider serialise here on both engines.
 */
export class RiderBestCurve {
  private readonly repository = new BestCurveRepository();
  /**
   * The envelopes this instance read lately, by rider, with the version of the row each was read
   * from (`lockRiderAndVersion`): a ride stored reads the row's version, and the row itself only when
   * it is another version than the one kept (issue 28: written by ~1 ride in 12 of the 1,000-ride
   * import, read by every one). A version names one immutable tuple, so a kept envelope is the row's
   * exactly; a write by anything else (another process, a rebuild, a rolled-back run) is another version.
   */
  private readonly recent = new Map<string, { version: string; row: BestCurveRow }>();

  /**
   * `lockRiderAndVersionAfter`: the rider's row locked (with the caller's locks `first`) and their
   * envelope's version read, at the start of a transaction that stores a ride (`rideStored` then
   * needs no statement of its own to lock and look). Undefined when the rider is gone.
   */
  lockRiderFirst(
    trx: Kysely<Database>,
    userId: string,
    first: readonly RawBuilder<unknown>[],
  ): Promise<{ version: string | undefined } | undefined> {
    return this.repository.lockRiderAndVersionAfter(trx, userId, first);
  }

  /**
   * After a ride and its curve are inserted in `trx`. `locked`: the rider's row is locked in `trx`
   * already, and their envelope was this version then (`lockRiderFirst`; nothing in `trx` wrote it since).
   */
  async rideStored(
    trx: Kysely<Database>,
    userId: string,
    ride: StoredRideCurve | undefined,
    now: Date,
    locked?: { version: string | undefined },
  ): Promise<void> {
    if (ride === undefined) return;
    const row = await this.lockRiderAndRead(trx, userId, locked);
    if (row === undefined) return this.rebuild(trx, userId, now);
    const merged = toRow(mergeBestCurves([fromRow(row), attributedRide(ride)]));
    // Issue 28: most rides of a large import hold no point of the envelope, and rewriting its row
    // (four arrays of every duration) was the costliest statement of storing a ride.
    if (sameRow(merged, row)) return;
    await this.repository.save(trx, userId, merged, now);
  }

  /** `lockRiderAndFind`, reading the row only when the one kept in `recent` is not its version. */
  private async lockRiderAndRead(
    trx: Kysely<Database>,
    userId: string,
    locked?: { version: string | undefined },
  ): Promise<BestCurveRow | undefined> {
    const version = locked ? locked.version : await this.repository.lockRiderAndVersion(trx, userId);
    if (version === undefined) return undefined;
    const kept = this.recent.get(userId);
    if (kept?.version === version) return kept.row;
    const found = await this.repository.findWithVersion(trx, userId);
    if (found === undefined) return undefined;
    this.recent.delete(userId);
    if (this.recent.size >= RECENT_ENVELOPES) this.recent.delete(this.recent.keys().next().value!);
    this.recent.set(userId, found);
    return found.row;
  }

  /** Re-analysis: replaces the ride's stored curve and brings the envelope up to date, in `trx`. */
  async rideReplaced(
    trx: Kysely<Database>,
    userId: string,
    activityId: string,
    startTime: Date,
    curve: { durations_s: number[]; power_w: number[] } | undefined,
    now: Date,
  ): Promise<void> {
    await this.repository.lockRider(trx, userId);
    await this.repository.replaceRideCurve(trx, userId, activityId, startTime, curve);
    const row = await this.repository.find(trx, userId);
    if (row === undefined || row.activity_ids.includes(activityId)) return this.rebuild(trx, userId, now);
    if (curve === undefined) return;
    const ride = { activity_id: activityId, start_time: startTime, ...curve };
    await this.repository.save(
      trx,
      userId,
      toRow(mergeBestCurves([fromRow(row), attributedRide(ride)])),
      now,
    );
  }

  /** After a ride is deleted in `trx` (its curve goes with it). */
  async rideDeleted(trx: Kysely<Database>, userId: string, activityId: string, now: Date): Promise<void> {
    const row = await this.repository.lockRiderAndFind(trx, userId);
    if (row?.activity_ids.includes(activityId)) await this.rebuild(trx, userId, now);
  }

  /** The envelope from every stored per-ride curve of the rider (none: no row). */
  async rebuild(trx: Kysely<Database>, userId: string, now: Date): Promise<void> {
    const rides = await this.repository.rideCurves(trx, userId);
    if (rides.length === 0) return this.repository.remove(trx, userId);
    await this.repository.save(trx, userId, toRow(bestOfRideCurves(rides)), now);
  }

  /** The rider's all-time best curve: the kept row, or a merge of the rides before it is built. */
  async allTime(db: Kysely<Database>, userId: string): Promise<AttributedCurve<CurveSource>> {
    const row = await this.repository.find(db, userId);
    if (row !== undefined) return fromRow(row);
    return bestOfRideCurves(await this.repository.rideCurves(db, userId));
  }
}
