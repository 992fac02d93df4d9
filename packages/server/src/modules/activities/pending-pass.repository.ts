import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * A batch pass owed to its rider (migration 0037): a deletion's, or an import's that failed on its
 * file's last try (ImportRepository.batchPassOwed, which records one instant per 90 days of its scope).
 */
export interface PendingPass {
  id: string;
  curvesRemovedAt: Date;
}

/**
 * The batch passes owed (issue 28, trust): recorded in the transaction that deletes a ride (or in the
 * statement that settles imports whose pass failed on a file's last try: ImportRepository.batchPassOwed),
 * removed once its pass has written (pending-passes.ts). Every statement is the rider's, but `riders`, which
 * the sweep reads across every rider, by design.
 */
export class PendingPassRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Records the pass a ride's deletion owes, in the deletion's transaction; its id. */
  async record(trx: Transaction<Database>, userId: string, curvesRemovedAt: Date): Promise<string> {
    const row = await trx
      .insertInto('pending_batch_passes')
      .values({ user_id: userId, curves_removed_at: curvesRemovedAt })
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
    return rows.map((r) => ({ id: r.id, curvesRemovedAt: r.curves_removed_at }));
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

  /** The riders owed a pass recorded more than `minAgeS` seconds ago: the sweep's, across riders. */
  async riders(minAgeS: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('pending_batch_passes')
      .select('user_id')
      .distinct()
      .where('created_at', '<=', sql<Date>`now() - make_interval(secs => ${minAgeS})`)
      .execute();
    return rows.map((r) => r.user_id);
  }
}
