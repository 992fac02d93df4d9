import { randomUUID } from 'node:crypto';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database, SyncState, SyncStatusTable } from '../../db/schema.ts';

export type SyncStatusRow = Selectable<SyncStatusTable>;
export type SyncAction = 'import_activities' | 'import_bikes' | 'import_selected' | 'refresh_list';
export type SyncCounter =
  | 'processed_activities'
  | 'failed_activities'
  | 'skipped_activities'
  | 'imported_activities';

/** A run is "running" while importing or processing; one that has not moved for this long is abandoned. */
const STALE_RUN_MS = 15 * 60 * 1000 + 60_000;

/** The rider's import status record (spec 001 §3 sync_status): one row per rider, one run at a time. */
export class SyncStatusRepository {
  constructor(private readonly db: Kysely<Database>) {}

  find(userId: string): Promise<SyncStatusRow | undefined> {
    return this.db.selectFrom('sync_status').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  isRunning(row: SyncStatusRow | undefined, now: Date): boolean {
    if (!row || (row.status !== 'importing' && row.status !== 'processing')) return false;
    const pausedUntil = row.paused_until?.getTime() ?? 0;
    return Math.max(row.updated_at.getTime(), pausedUntil) > now.getTime() - STALE_RUN_MS;
  }

  /** Starts a new run (counters back to zero); returns its id. */
  async start(
    userId: string,
    action: SyncAction,
    status: Extract<SyncState, 'importing' | 'processing'>,
    total: number,
    now: Date,
  ): Promise<string> {
    const runId = randomUUID();
    const values = {
      ...freshRun(action, status, total, runId, now),
      // A queued bike import stays queued across a new activity run; the bike run itself takes it.
      ...(action === 'import_bikes' ? { bikes_queued_at: null } : {}),
    };
    await this.db
      .insertInto('sync_status')
      .values({ user_id: userId, ...values })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
      .execute();
    return runId;
  }

  /** Changes the run's record; false when another run has replaced it (the caller's job then stops). */
  async update(
    userId: string,
    runId: string,
    patch: Partial<
      Pick<
        SyncStatusRow,
        | 'status'
        | 'total_activities'
        | 'processed_activities'
        | 'skipped_activities'
        | 'current_activity'
        | 'paused_until'
        | 'pause_reason'
        | 'completed_at'
      >
    > & { error?: { code: string; message: string } | null },
    now: Date,
    increment: Partial<Record<SyncCounter, number>> = {},
  ): Promise<boolean> {
    const { error, ...columns } = patch;
    let query = this.db
      .updateTable('sync_status')
      .set({
        ...columns,
        // The run going on again: it no longer waits for anything.
        ...(columns.paused_until === null ? { pause_reason: null } : {}),
        ...(error !== undefined
          ? { error_code: error?.code ?? null, error_message: error?.message ?? null }
          : {}),
        updated_at: now,
      })
      .where('user_id', '=', userId)
      .where('run_id', '=', runId);
    for (const [column, by] of Object.entries(increment) as [SyncCounter, number][]) {
      query = query.set(column, sql`${sql.ref(column)} + ${by}`);
    }
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * Records that the rider asked for the bikes while another run goes on; a request already waiting
   * is kept. Returns when the waiting request was made and whether this call made it.
   */
  async queueBikes(userId: string, now: Date): Promise<{ queuedAt: Date; added: boolean }> {
    const added = await this.db
      .updateTable('sync_status')
      .set({ bikes_queued_at: now })
      .where('user_id', '=', userId)
      .where('bikes_queued_at', 'is', null)
      .returning('bikes_queued_at')
      .executeTakeFirst();
    if (added?.bikes_queued_at) return { queuedAt: added.bikes_queued_at, added: true };
    const row = await this.find(userId);
    if (!row?.bikes_queued_at) throw new Error('sync_status row vanished while queueing the bikes');
    return { queuedAt: row.bikes_queued_at, added: false };
  }

  /**
   * Starts the bike run the rider queued at `queuedAt` (one statement: however many jobs look at
   * once, one starts it); undefined when it was started already, or the rider disconnected.
   */
  async startQueuedBikes(userId: string, queuedAt: Date, now: Date): Promise<string | undefined> {
    const runId = randomUUID();
    const row = await this.db
      .updateTable('sync_status')
      .set({ ...freshRun('import_bikes', 'importing', 0, runId, now), bikes_queued_at: null })
      .where('user_id', '=', userId)
      .where('bikes_queued_at', '=', queuedAt)
      .returning('run_id')
      .executeTakeFirst();
    return row ? runId : undefined;
  }

  async isCurrent(userId: string, runId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('sync_status')
      .select('run_id')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.run_id === runId;
  }

  async delete(userId: string): Promise<void> {
    await this.db.deleteFrom('sync_status').where('user_id', '=', userId).execute();
  }
}

/** A run's record as it starts: counters at zero, nothing paused, no error. */
function freshRun(
  action: SyncAction,
  status: Extract<SyncState, 'importing' | 'processing'>,
  total: number,
  runId: string,
  now: Date,
) {
  return {
    status,
    action,
    run_id: runId,
    total_activities: total,
    processed_activities: 0,
    failed_activities: 0,
    skipped_activities: 0,
    imported_activities: 0,
    current_activity: null,
    paused_until: null,
    pause_reason: null,
    started_at: now,
    completed_at: null,
    error_code: null,
    error_message: null,
    updated_at: now,
  };
}
