import { KeptByVersion, type RowVersion } from '../../kernel/kept-by-version.ts';
import type { StoredRideCurve } from '../activities/best-curve.repository.ts';

/** Per-ride curves kept in this process; more are forgotten oldest first (~1.5 KB each). */
const MAX_KEPT_CURVES = 20_000;

/**
 * Parsed per-ride power curves kept by ride id and row version. Issue 28: a bike's best-power
 * envelope merges every one of its rides' curves, and after each new ride (which makes the kept
 * answer stale) all of them were read and parsed again: 2,000 rides are ~720,000 array elements, most
 * of the bike performance's cold answer. A stored curve changes only by a re-analysis or a delete, and
 * either gives its row a new version (PostgreSQL's xmin), so a curve kept under the version the
 * database reports now is the stored one; only new or changed curves are read.
 */
export class RideCurveMemo {
  private readonly kept: KeptByVersion<StoredRideCurve>;
  /** One array per distinct duration grid: rides of similar length share the same grid prefix. */
  private readonly grids = new Map<string, number[]>();

  /** `maxKept`: curves kept at most (a test passes a few). */
  constructor(maxKept = MAX_KEPT_CURVES) {
    this.kept = new KeptByVersion(maxKept);
  }

  /**
   * The curves of `versions`, in their order: the kept ones, and the others from `read` (by ride id),
   * kept for the next time. A curve missing from what `read` returns (deleted meanwhile) is left out.
   */
  async curves(
    versions: readonly RowVersion[],
    read: (activityIds: string[]) => Promise<(StoredRideCurve & { row_version: string })[]>,
  ): Promise<StoredRideCurve[]> {
    const kept = await this.kept.values(versions, async (ids) =>
      (await read(ids)).map((row) => ({
        activity_id: row.activity_id,
        row_version: row.row_version,
        value: {
          activity_id: row.activity_id,
          start_time: row.start_time,
          durations_s: this.grid(row.durations_s),
          power_w: row.power_w,
        },
      })),
    );
    return kept.map((k) => k.value);
  }

  private grid(durationsS: number[]): number[] {
    const key = durationsS.join(',');
    const known = this.grids.get(key);
    if (known) return known;
    if (this.grids.size >= 1000) this.grids.clear();
    this.grids.set(key, durationsS);
    return durationsS;
  }
}
