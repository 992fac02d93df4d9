/** A stored row's identity and version (PostgreSQL's xmin: new on every insert or update of the row). */
export interface RowVersion {
  activity_id: string;
  row_version: string;
}

/**
 * Values read from rides' rows, kept in this process by ride id and row version: the rides' parsed
 * power curves (bikes/ride-curve-memo.ts: the garage's bike performance, the advanced page) and their
 * stored advanced facts (the advanced page). Issue 28: after each new ride (which makes every kept
 * answer stale) those answers read and parsed again the curves or facts of every ride they cover,
 * when only the new ride's were new. A row changes only by an update (a
 * re-analysis, an edit) or a delete, and an update gives it a new version, so a value kept under the
 * version the database reports now is the stored one; only new or changed rows are read.
 */
export class KeptByVersion<T> {
  private readonly kept = new Map<string, { version: string; value: T }>();

  /** `maxKept`: values kept at most; more are forgotten oldest first. */
  constructor(private readonly maxKept: number) {}

  /**
   * The values of `versions`, in their order: the kept ones, and the others from `read` (by ride
   * id), kept for the next time. A row missing from what `read` returns (deleted meanwhile) is left
   * out; one read at a newer version than asked (changed meanwhile) is used at that version.
   */
  async values<V extends RowVersion>(
    versions: readonly V[],
    read: (activityIds: string[]) => Promise<(RowVersion & { value: T })[]>,
  ): Promise<{ row: V; value: T }[]> {
    // Taken before anything is read: keeping what is read may push some of these out of `kept`.
    const found = new Map<string, T>();
    const missing: string[] = [];
    for (const v of versions) {
      const hit = this.kept.get(v.activity_id);
      if (hit?.version === v.row_version) found.set(v.activity_id, hit.value);
      else missing.push(v.activity_id);
    }
    if (missing.length > 0) {
      // Forgotten first: a row deleted meanwhile must not be answered by its older version.
      for (const id of missing) this.kept.delete(id);
      for (const row of await read(missing)) {
        found.set(row.activity_id, row.value);
        if (this.kept.size >= this.maxKept) this.kept.delete(this.kept.keys().next().value!);
        this.kept.set(row.activity_id, { version: row.row_version, value: row.value });
      }
    }
    return versions.flatMap((row) =>
      found.has(row.activity_id) ? [{ row, value: found.get(row.activity_id) as T }] : [],
    );
  }
}
