import { type AttributedCurve, attributeCurve, mergeCurves } from '@vatio/analysis';
import type { WriteEpoch } from '../../db/write-epoch.ts';
import type { DashboardRepository } from './dashboard.repository.ts';
import { VersionedCache } from './versioned-cache.ts';

export type CurveRange = '30d' | '90d' | '365d' | 'all';
export const CURVE_RANGES: readonly CurveRange[] = ['30d', '90d', '365d', 'all'];
const RANGE_DAYS: Record<Exclude<CurveRange, 'all'>, number> = { '30d': 30, '90d': 90, '365d': 365 };

/** A point of a rider's best-power curve: the true best over `duration` seconds in the range, and where. */
export interface CurvePoint {
  duration: number;
  power: number;
  date: string;
  activity_id: string;
}

interface Source {
  activityId: string;
  date: string;
}

/**
 * Points per decade kept above 30 s. Per-ride curves hold every second up to 20 min (1,200 points);
 * a chart on a log axis needs far fewer, and each point kept is still an exact best.
 */
const POINTS_PER_DECADE = 40;

/** Every duration up to 30 s, then the first duration in each 1/40-decade step. */
export function thinForChart<S>(curve: AttributedCurve<S>): AttributedCurve<S> {
  const keep: number[] = [];
  let lastStep = Number.NEGATIVE_INFINITY;
  curve.durationsS.forEach((d, k) => {
    const step = Math.floor(Math.log10(d) * POINTS_PER_DECADE);
    if (d <= 30 || step > lastStep) {
      keep.push(k);
      lastStep = step;
    }
  });
  return {
    durationsS: keep.map((k) => curve.durationsS[k]!),
    powerW: keep.map((k) => curve.powerW[k]!),
    source: keep.map((k) => curve.source[k]!),
  };
}

/**
 * The rider's best-power curve over a range, merged from the stored per-ride curves (never from
 * files). Merged curves are kept in memory per rider and range, keyed by a version that changes
 * whenever a ride is added, re-analysed or deleted, so every process answers the same.
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
    const rows = await this.repository.curves(userId, { from });
    const merged = mergeCurves<Source>(
      rows.map((row) =>
        attributeCurve(
          { durationsS: row.durations_s, powerW: row.power_w },
          { activityId: row.activity_id, date: row.start_time.toISOString() },
        ),
      ),
    );
    const thin = thinForChart(merged);
    return thin.durationsS.map((duration, k) => ({
      duration,
      power: Math.round(thin.powerW[k]! * 10) / 10,
      date: thin.source[k]!.date,
      activity_id: thin.source[k]!.activityId,
    }));
  }
}
