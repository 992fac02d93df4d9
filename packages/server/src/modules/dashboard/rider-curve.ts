import type { CurvePointResponse, CurveRange } from '@vatio/schemas';
import type { WriteEpoch } from '../../db/write-epoch.ts';
import { bestOfRideCurves } from '../activities/rider-best-curve.ts';
import type { DashboardRepository } from './dashboard.repository.ts';
import { VersionedCache } from '../../kernel/versioned-cache.ts';

export type { CurveRange } from '@vatio/schemas';
const RANGE_DAYS: Record<Exclude<CurveRange, 'all'>, number> = { '30d': 30, '90d': 90, '365d': 365 };

/** A point of a rider's best-power curve: the best power held for at least `duration` seconds in the range, and where. */
export type CurvePoint = CurvePointResponse;

/**
 * The rider's best-power curve over a range: on the shared duration grid (every standard duration a
 * ride reaches), the best power held for at least each duration, never rising with duration, each
 * point with its ride and date (`mergeBestCurves`). All time is the envelope kept in
 * rider_best_curves; shorter ranges merge their stored per-ride curves (never files). Merged
 * curves are kept in memory per rider and range, keyed by a version that changes whenever a ride is added, re-analysed or deleted, so every process answers the same.
 */
export class RiderCurves {
  private readonly cache: VersionedCache<CurvePoint[]>;

  constructor(
    private readonly repository: DashboardRepository,
    writes: WriteEpoch,
  ) {
    this.cache = new VersionedCache(500, writes);
  }

  curve(userId: string, range: CurveRange, today: { date: string; from: (days: number) => Date }) {
    // A rolling range moves with the day even when no ride changes, and starts at local midnight of
    // the rider's time zone, so the window's first instant is part of the key.
    const from = range === 'all' ? undefined : today.from(RANGE_DAYS[range]);
    const key = `${userId}|${range}|${from === undefined ? '' : `${today.date}|${from.toISOString()}`}`;
    return this.cache.get(
      key,
      () => this.repository.curveVersion(userId),
      () => this.merge(userId, from),
    );
  }

  private async merge(userId: string, from: Date | undefined): Promise<CurvePoint[]> {
    // All time: the envelope kept up to date as rides are stored (one row); a range: its rides merged.
    const best =
      from === undefined
        ? await this.repository.allTimeBestCurve(userId)
        : bestOfRideCurves(await this.repository.curves(userId, { from }));
    return best.durationsS.map((duration, k) => ({
      duration,
      power: Math.round(best.powerW[k]! * 10) / 10,
      date: best.source[k]!.date,
      activity_id: best.source[k]!.activityId,
    }));
  }
}
