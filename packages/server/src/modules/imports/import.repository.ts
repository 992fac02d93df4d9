import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { Database, ImportFilesTable, ImportFileStatus, ImportsTable } from '../../db/schema.ts';
import { importScopePoints, scopeIslands } from '../activities/batch-pass.repository.ts';

export type ImportRow = Selectable<ImportsTable>;
export type ImportFileRow = Selectable<ImportFilesTable>;

export interface NewImportFile {
  name: string;
  size_bytes: number;
  blob_key: string | null;
  status: 'queued' | 'failed';
  message_code: string | null;
  message: string | null;
}

/** A file taken for processing (`claim`), with what its job needs to know beside it. */
export interface ClaimedFile {
  file: ImportFileRow;
  /** Another of the rider's files, of any import, was still queued or processing when it was taken. */
  othersPending: boolean;
  /** The import's source; undefined only if its row is gone (deleting an import waits for its files). */
  source: ImportRow['source'] | undefined;
  language: 'es' | 'en';
}

export interface ImportCounts {
  total: number;
  queued: number;
  processing: number;
  done: number;
  /** Stored from a damaged file: only its first part could be read. */
  recovered: number;
  duplicate: number;
  failed: number;
}

const emptyCounts = (): ImportCounts => ({
  total: 0,
  queued: 0,
  processing: 0,
  done: 0,
  recovered: 0,
  duplicate: 0,
  failed: 0,
});

/** Counts one import's files by status, from rows already read. */
export function countFiles(files: readonly Pick<ImportFileRow, 'status'>[]): ImportCounts {
  const counts = emptyCounts();
  for (const file of files) {
    counts[file.status] += 1;
    counts.total += 1;
  }
  return counts;
}

/** How a file ended (`ImportRepository.finish`). */
export interface FileOutcome {
  status: Exclude<ImportFileStatus, 'queued' | 'processing'>;
  activity_id?: string | null;
  message_code?: string | null;
  message?: string | null;
}

/** Imports and their files; every read is scoped by the rider. */
export class ImportRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async create(
    trx: Transaction<Database>,
    userId: string,
    source: ImportRow['source'],
    files: NewImportFile[],
    now: Date,
  ): Promise<{ importRow: ImportRow; files: ImportFileRow[] }> {
    const importRow = await trx
      .insertInto('imports')
      .values({
        user_id: userId,
        source,
        // Its files' rides get their facts in the pass after the last (ImportService.afterLastFile).
        batch_pass_pending: files.some((f) => f.status === 'queued'),
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const rows =
      files.length === 0
        ? []
        : await trx
            .insertInto('import_files')
            .values(
              files.map((f, position) => ({
                ...f,
                import_id: importRow.id,
                user_id: userId,
                position,
                created_at: now,
                updated_at: now,
              })),
            )
            .returningAll()
            .execute();
    return { importRow, files: rows.sort((a, b) => a.position - b.position) };
  }

  find(userId: string, importId: string): Promise<ImportRow | undefined> {
    return this.db
      .selectFrom('imports')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', importId)
      .executeTakeFirst();
  }

  files(userId: string, importId: string): Promise<ImportFileRow[]> {
    return this.db
      .selectFrom('import_files')
      .selectAll()
      .where('user_id', '=', userId)
      .where('import_id', '=', importId)
      .orderBy('position')
      .execute();
  }

  /**
   * The demo an import of source 'demo' belongs to: the demo stores its rides in batches of a dozen,
   * each an import (DemoService), so the rider's demo imports between the uploads before and after
   * this one are one demo. Oldest first; [] when the import is not the rider's.
   */
  async demoRun(userId: string, importId: string): Promise<ImportRow[]> {
    const result = await sql<ImportRow>`
      with me as (select created_at from imports where id = ${importId} and user_id = ${userId}),
      bounds as (
        select
          (select max(i.created_at) from imports i, me
             where i.user_id = ${userId} and i.source <> 'demo' and i.created_at < me.created_at) as lo,
          (select min(i.created_at) from imports i, me
             where i.user_id = ${userId} and i.source <> 'demo' and i.created_at > me.created_at) as hi
      )
      select i.* from imports i, bounds, me
      where i.user_id = ${userId} and i.source = 'demo'
        and (bounds.lo is null or i.created_at > bounds.lo)
        and (bounds.hi is null or i.created_at < bounds.hi)
      order by i.created_at, i.id
    `.execute(this.db);
    return result.rows;
  }

  /** The files of several of the rider's imports, in the imports' order, then each one's. */
  async filesOf(userId: string, importIds: readonly string[]): Promise<ImportFileRow[]> {
    if (importIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('import_files')
      .selectAll()
      .where('user_id', '=', userId)
      .where('import_id', 'in', importIds)
      .execute();
    const order = new Map(importIds.map((id, k) => [id, k]));
    return rows.sort((a, b) => order.get(a.import_id)! - order.get(b.import_id)! || a.position - b.position);
  }

  async sourceOf(userId: string, importId: string): Promise<ImportRow['source']> {
    const row = await this.db
      .selectFrom('imports')
      .select('source')
      .where('user_id', '=', userId)
      .where('id', '=', importId)
      .executeTakeFirstOrThrow();
    return row.source;
  }

  /** The rider's language (user_settings), for the messages of their import results. */
  async riderLanguage(userId: string): Promise<'es' | 'en'> {
    const row = await this.db
      .selectFrom('user_settings')
      .select('language')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.language ?? 'en';
  }

  list(userId: string, limit: number): Promise<ImportRow[]> {
    return this.db
      .selectFrom('imports')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
  }

  /**
   * The bytes the rider stores, for the quota (storage-quota.ts): each distinct blob their ride files,
   * their files still queued or in analysis, and their fitting photos point to, once.
   */
  async storedBytes(userId: string): Promise<number> {
    const result = await sql<{ bytes: string | number | null }>`
      select coalesce(sum(size), 0) as bytes from (
        select blob_key, max(size_bytes) as size from (
          select blob_key, size_bytes from activity_files where user_id = ${userId}
          union all
          select blob_key, size_bytes from import_files
            where user_id = ${userId} and blob_key is not null and status in ('queued', 'processing')
          union all
          select blob_key, size_bytes from fitting_photos where user_id = ${userId}
        ) as held group by blob_key
      ) as distinct_blobs`.execute(this.db);
    return Number(result.rows[0]?.bytes ?? 0);
  }

  /**
   * Deletes one of the rider's imports and its file rows, when none of its files is queued or being
   * analysed. The rides it stored stay (they hold their own file rows). 'running' when a file is not
   * settled yet; undefined when the import is not the rider's. Returns the blob keys its rows held.
   */
  async delete(userId: string, importId: string): Promise<{ keys: string[] } | 'running' | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('imports')
        .select('id')
        .where('user_id', '=', userId)
        .where('id', '=', importId)
        .forUpdate()
        .executeTakeFirst();
      if (!row) return undefined;
      const files = await trx
        .selectFrom('import_files')
        .select(['status', 'blob_key'])
        .where('user_id', '=', userId)
        .where('import_id', '=', importId)
        .execute();
      if (files.some((f) => f.status === 'queued' || f.status === 'processing')) return 'running';
      await trx
        .deleteFrom('import_files')
        .where('user_id', '=', userId)
        .where('import_id', '=', importId)
        .execute();
      await trx.deleteFrom('imports').where('user_id', '=', userId).where('id', '=', importId).execute();
      return { keys: files.flatMap((f) => (f.blob_key ? [f.blob_key] : [])) };
    });
  }

  async counts(userId: string, importIds: string[]): Promise<Map<string, ImportCounts>> {
    const out = new Map<string, ImportCounts>();
    if (importIds.length === 0) return out;
    const rows = await this.db
      .selectFrom('import_files')
      .select(['import_id', 'status', sql<number>`count(*)::int`.as('n')])
      .where('user_id', '=', userId)
      .where('import_id', 'in', importIds)
      .groupBy(['import_id', 'status'])
      .execute();
    for (const id of importIds) out.set(id, emptyCounts());
    for (const row of rows) {
      const counts = out.get(row.import_id)!;
      counts[row.status] += Number(row.n);
      counts.total += Number(row.n);
    }
    return out;
  }

  /**
   * The rider's imports waiting for their batch pass (`batch_pass_pending`), none while any of the
   * rider's files, in any of their imports, is still waiting or being processed (the partial index of
   * migration 0033 holds only those): the pass runs once none is, for all of them.
   */
  async awaitingBatchPass(userId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('imports')
      .select('id')
      .where('user_id', '=', userId)
      .where('batch_pass_pending', '=', true)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('import_files')
              .select(sql<number>`1`.as('one'))
              .where('import_files.user_id', '=', userId)
              .where('import_files.status', 'in', ['queued', 'processing']),
          ),
        ),
      )
      .execute();
    return rows.map((r) => r.id);
  }

  /** The batch pass for these imports of the rider has ended: they read `done` from now on. */
  async batchPassEnded(userId: string, importIds: readonly string[]): Promise<void> {
    if (importIds.length === 0) return;
    await this.db
      .updateTable('imports')
      .set({ batch_pass_pending: false })
      .where('user_id', '=', userId)
      .where('id', 'in', [...importIds])
      .execute();
  }

  /**
   * Issue 28 (trust): the batch pass for these imports failed on a file's last try. They are settled
   * (they read `done` from now on, or they would read `processing` for good) and, in the same
   * statement, the pass they owe is recorded (pending_batch_passes, run again by the sweep:
   * activities/pending-passes.ts), so neither happens without the other. A record is an instant t
   * whose window [t, t + windowDays) the sweep measures again; the import's scope is intervals of
   * ride starts (activities/batch-pass.repository.ts `importScopePoints`), each at least `windowDays`
   * wide, merged into islands, and an island [lo, hi) is the union of the windows at lo, lo +
   * windowDays, lo + 2 windowDays, … and hi − windowDays: exactly the scope, in about one record per
   * `windowDays` of it. A complete file that replaced a damaged part changes every ride before it
   * (the scope's `-infinity`): from the rider's first ride here. Only the imports still awaiting
   * their pass are settled, and only their rides recorded (another run's pass settled the others).
   */
  async batchPassOwed(userId: string, importIds: readonly string[], windowDays: number): Promise<void> {
    if (importIds.length === 0) return;
    const window = sql`make_interval(secs => ${windowDays * 86_400})`;
    const points = importScopePoints(
      userId,
      sql`f.import_id in (select id from settled)`,
      sql`(select min(start_time) from activities where user_id = ${userId})`,
      windowDays,
    );
    await sql`
      with settled as (
        update imports set batch_pass_pending = false
        where user_id = ${userId} and id = any(${[...importIds]}::uuid[]) and batch_pass_pending
        returning id
      ),
      ${scopeIslands(points)}
      insert into pending_batch_passes (user_id, curves_removed_at)
      select distinct ${userId}::uuid, t from islands i
      cross join lateral (
        select generate_series(i.lo, i.hi - ${window}, ${window}) as t
        union select i.hi - ${window}
      ) owed`.execute(this.db);
  }

  /**
   * Takes a file for processing. Queued files, and files a crashed worker left in processing, are
   * taken; finished ones are not, which makes a retried job a no-op. Issue 28: the same statement
   * answers what the job asks next (they were three more statements a file): whether another of the
   * rider's files is still pending (`riderHasPendingFiles` with this one left out), the import's
   * source and the rider's language, each read by the taken row's own rider.
   */
  async claim(fileId: string, now: Date): Promise<ClaimedFile | undefined> {
    const row = await this.db
      .updateTable('import_files')
      .set({ status: 'processing', updated_at: now })
      .where('id', '=', fileId)
      .where('status', 'in', ['queued', 'processing'])
      .returningAll()
      .returning((eb) => [
        eb
          .exists(
            eb
              .selectFrom('import_files as other')
              .select(sql<number>`1`.as('one'))
              .whereRef('other.user_id', '=', 'import_files.user_id')
              .where('other.status', 'in', ['queued', 'processing'])
              .whereRef('other.id', '!=', 'import_files.id'),
          )
          .as('others_pending'),
        eb
          .selectFrom('imports')
          .select('imports.source')
          .whereRef('imports.user_id', '=', 'import_files.user_id')
          .whereRef('imports.id', '=', 'import_files.import_id')
          .as('import_source'),
        eb
          .selectFrom('user_settings')
          .select('user_settings.language')
          .whereRef('user_settings.user_id', '=', 'import_files.user_id')
          .as('rider_language'),
      ])
      .executeTakeFirst();
    if (!row) return undefined;
    const { others_pending, import_source, rider_language, ...file } = row;
    return {
      file,
      othersPending: Boolean(others_pending),
      source: import_source ?? undefined,
      language: rider_language ?? 'en',
    };
  }

  /**
   * The blob of a file still queued or processing (the job's own file, by id: the job runs for no
   * rider's request), which failing it frees.
   */
  async pendingBlobKey(fileId: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('import_files')
      .select('blob_key')
      .where('id', '=', fileId)
      .where('status', 'in', ['queued', 'processing'])
      .executeTakeFirst();
    return row?.blob_key ?? null;
  }

  /**
   * Settles a file that is still queued or processing; returns false when it was settled already
   * (issue 16: a job handed out twice, after its process was thought dead, must not turn a stored
   * file into a duplicate of itself, nor count it twice).
   */
  /** A file's rider and import (the job's own file, by id). */
  fileOwner(fileId: string): Promise<{ user_id: string; import_id: string } | undefined> {
    return this.db
      .selectFrom('import_files')
      .select(['user_id', 'import_id'])
      .where('id', '=', fileId)
      .executeTakeFirst();
  }

  async finish(
    executor: Kysely<Database>,
    fileId: string,
    outcome: FileOutcome,
    now: Date,
  ): Promise<boolean> {
    return (await this.settle(executor, fileId, outcome, now, false)).settled;
  }

  /**
   * `finish`, answering too whether another of the rider's files is still queued or processing (this
   * one left out), in the same statement (issue 28: a statement a file after its commit asked it).
   * Called in a transaction that holds the rider's ride lock (ride-store.repository.ts), as every
   * transaction settling one of their files does: one that answers true is not the rider's last to
   * settle, the others settling after its commit. One that answers false answers too the rider's
   * imports awaiting their batch pass (`awaitingBatchPass`, a statement after the commit before).
   */
  async finishAndLook(
    executor: Kysely<Database>,
    fileId: string,
    outcome: FileOutcome,
    now: Date,
  ): Promise<{ settled: boolean; othersPending: boolean; awaitingBatchPass: string[] }> {
    return this.settle(executor, fileId, outcome, now, true);
  }

  private async settle(
    executor: Kysely<Database>,
    fileId: string,
    outcome: FileOutcome,
    now: Date,
    look: boolean,
  ): Promise<{ settled: boolean; othersPending: boolean; awaitingBatchPass: string[] }> {
    // One statement for both rows (issue 28: they were two a file): the import's time moves only
    // when the file was settled here.
    const file = await executor
      .with('settled', (db) =>
        db
          .updateTable('import_files')
          .set({
            status: outcome.status,
            activity_id: outcome.activity_id ?? null,
            message_code: outcome.message_code ?? null,
            message: outcome.message ?? null,
            updated_at: now,
            // Issue 28 (disk filling): a failed file keeps no bytes, nor does a duplicate (its ride is stored
            // from other bytes, or from these same ones under the ride's own row); the service deletes the blob.
            ...(outcome.status === 'failed' || outcome.status === 'duplicate' ? { blob_key: null } : {}),
          })
          .where('id', '=', fileId)
          .where('status', 'in', ['queued', 'processing'])
          .returning(['import_id', 'user_id']),
      )
      .with('touched', (db) =>
        db
          .updateTable('imports')
          .set({ updated_at: now })
          .from('settled')
          .whereRef('imports.id', '=', 'settled.import_id')
          .whereRef('imports.user_id', '=', 'settled.user_id'),
      )
      .selectFrom('settled')
      .select('import_id')
      .select((eb) =>
        eb
          .and([
            eb.lit(look),
            eb.exists(
              // The statement's snapshot still shows this file pending: left out by its id.
              eb
                .selectFrom('import_files as other')
                .select(sql<number>`1`.as('one'))
                .whereRef('other.user_id', '=', 'settled.user_id')
                .where('other.status', 'in', ['queued', 'processing'])
                .where('other.id', '!=', fileId),
            ),
          ])
          .as('others_pending'),
      )
      .$if(look, (q) =>
        q.select((eb) =>
          eb
            .selectFrom('imports')
            .select(sql<string[]>`coalesce(array_agg(imports.id::text), '{}')::text[]`.as('ids'))
            .whereRef('imports.user_id', '=', 'settled.user_id')
            .where('imports.batch_pass_pending', '=', true)
            .as('awaiting_pass'),
        ),
      )
      .executeTakeFirst();
    const othersPending = file?.others_pending === true;
    const awaiting = (file as { awaiting_pass?: string[] | null } | undefined)?.awaiting_pass;
    return {
      settled: file !== undefined,
      othersPending,
      // While another file is pending, the imports wait for the pass after the rider's last one.
      awaitingBatchPass: othersPending ? [] : (awaiting ?? []),
    };
  }
}
