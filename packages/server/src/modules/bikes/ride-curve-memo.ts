import type { StoredRideCurve } from '../activities/best-curve.repository.ts';

/** A stored ride curve's identity and row version (activity_curves.xmin, new on every insert or update). */
export interface RideCurveVersion {
  activity_id: string;
  row_version: string;
}

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
  private readonly kept = new Map<string, { version: string; curve: StoredRideCurve }>();
  /** One array per distinct duration grid: rides of similar length share the same grid prefix. */
  private readonly grids = new Map<string, number[]>();

  /** `maxKept`: curves kept at most (a test passes a few). */
  constructor(private readonly maxKept = MAX_KEPT_CURVES) {}

  /**
   * The curves of `versions`, in their order: the kept ones, and the others from `read` (by ride id),
   * kept for the next time. A curve missing from what `read` returns (deleted meanwhile) is left out.
   */
  async curves(
    versions: readonly RideCurveVersion[],
    read: (activityIds: string[]) => Promise<(StoredRideCurve & { row_version: string })[]>,
  ): Promise<StoredRideCurve[]> {
    // Taken before anything is read: keeping what is read may push some of these out of `kept`
    // once it holds `maxKept` (a ride left out of the answer, not only forgotten).
    const found = new Map<string, StoredRideCurve>();
    const missing: RideCurveVersion[] = [];
    for (const v of versions) {
      const hit = this.kept.get(v.activity_id);
      if (hit?.version === v.row_version) found.set(v.activity_id, hit.curve);
      else missing.push(v);
    }
    if (missing.length > 0) {
      // Forgotten first: a curve deleted meanwhile must not be answered by its older version.
      for (const v of missing) this.kept.delete(v.activity_id);
      for (const row of await read(missing.map((v) => v.activity_id))) {
        const curve: StoredRideCurve = {
          activity_id: row.activity_id,
          start_time: row.start_time,
          durations_s: this.grid(row.durations_s),
          power_w: row.power_w,
        };
        // Read at a newer version than asked when the row changed between the two reads: the newer is used.
        found.set(row.activity_id, curve);
        if (this.kept.size >= this.maxKept) this.kept.delete(this.kept.keys().next().value!);
        this.kept.set(row.activity_id, { version: row.row_version, curve });
      }
    }
    const out: StoredRideCurve[] = [];
    for (const v of versions) {
      const curve = found.get(v.activity_id);
      if (curve) out.push(curve);
    }
    return out;
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
