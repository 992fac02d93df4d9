import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** A batch pass owed to its rider (migration 0037): the instant whose window's curves changed. */
export interface PendingPass {
  id: string;
  curvesChangedAt: Date;
}

/**
 * The batch passes owed (issue 28, trust): recorded in the transaction that changes a stored curve
 * (a ride's deletion, a re-analysis's rewrite, a ride stored from Strava; or in the statement that
 * settles imports whose pass failed on a file's last try: ImportRepository.batchPassOwed, one instant
 * per 90 days of its scope), removed once a pass over
 * it has written (pending-passes.ts). The column is `curves_removed_at` (migration 0037 named it for
 * deletions, the first to record); it holds the instant t whose rides [t, t + 90 d) must be measured
 * again, whether a curve was removed, rewritten or stored there (kept: a rename needs a migration).
 * Every statement is the rider's, but `riders`, which the sweep reads across every rider, by design.
 */
export class PendingPassRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Records the pass a change of the curve at `curvesChangedAt` owes, in the change's transaction; its id. */
  async record(trx: Transaction<Database>, userId: string, curvesChangedAt: Date): Promise<string> {
    const row = await trx
      .insertInto('pending_batch_passes')
      .values({ user_id: userId, curves_removed_at: curvesChangedAt })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** The rider's passes owed, recorded more than `minAgeS` seconds ago (the database's clock). */
  async ofRider(userId: string, minAgeS: number): Promise<PendingPass[]> {
    const rows = await this.db
      .selectFrom('pending_batch_passes')
      .select(['id', 'curves_removed_at'])
      .where('user_id', '=', userId)
      .where('created_at', '<=', sql<Date>`now() - make_interval(secs => ${minAgeS})`)
      .orderBy('curves_removed_at')
      .execute();
    return rows.map((r) => ({ id: r.id, curvesChangedAt: r.curves_removed_at }));
  }

  /** The passes a pass covered, once its writes are done. */
  async remove(userId: string, ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .deleteFrom('pending_batch_passes')
      .where('user_id', '=', userId)
      .where('id', 'in', [...ids])
      .execute();
  }

  /**
   * The riders owed a pass recorded more than `minAgeS` seconds ago: the sweep's, across riders. But
   * those with a ride waiting for re-analysis: their run's last ride runs every pass they owe
   * (imports/reanalysis.service.ts), and a ride waits until its job has ended, given up or not, so a
   * sweep meanwhile would pass over a run's rides (an ANALYSIS_VERSION's, every ride of every rider)
   * every few minutes only to have the run's end pass over them again.
   */
  async riders(minAgeS: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('pending_batch_passes as p')
      .select('p.user_id')
      .distinct()
      .where('p.created_at', '<=', sql<Date>`now() - make_interval(secs => ${minAgeS})`)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('activities as a')
              .select('a.id')
              .whereRef('a.user_id', '=', 'p.user_id')
              .where('a.reanalysis_pending', '=', true),
          ),
        ),
      )
      .execute();
    return rows.map((r) => r.user_id);
  }
}
