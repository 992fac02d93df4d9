import { isFormatError } from '@vatio/formats';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { QUEUES, type JobQueue } from '../../jobs/queue.ts';
import { ERRORS } from '../../errors.ts';
import { type BlobStore, StorageFullError } from '../../storage/blob-store.ts';
import { STREAM_CODEC_VERSION } from '../../storage/stream-codec.ts';
import type { ActivityRepository } from '../activities/activity.repository.ts';
import type { NewRide, RideStoreRepository } from '../activities/ride-store.repository.ts';
import type { RideFtpService } from '../activities/ride-ftp.service.ts';
import { BATCH_PASS_WINDOW_DAYS, BatchPasses } from '../activities/batch-pass.ts';
import { BatchPassRepository } from '../activities/batch-pass.repository.ts';
import { isoDate } from '../activities/ride-advanced-facts.ts';
import type { StoredRideCurve } from '../activities/best-curve.repository.ts';
import type { RideTacticsService } from '../activities/ride-tactics.service.ts';
import { ANALYSIS_VERSION } from '../activities/ride-import-analysis.ts';
import type { AthleteSettingsRepository } from '../../kernel/athlete-settings.repository.ts';
import type { ClaimedFile, ImportFileRow, ImportRepository, NewImportFile } from './import.repository.ts';
import { importMessage } from './import-messages.ts';
import { FILES_FINISHED_STAGE, ImportStageTimes } from './import-stage-times.ts';
import { inlinePreparer, type RidePreparer } from './preparation-pool.ts';
import type { PreparedRide, RiderForRide } from './ride-preparation.ts';

export interface ImportDeps {
  db: Kysely<Database>;
  imports: ImportRepository;
  activities: ActivityRepository;
  /** The ride store (ride-store.repository.ts): stores and replaces rides. */
  rideStore: RideStoreRepository;
  athleteSettings: AthleteSettingsRepository;
  rideFtp: RideFtpService;
  rideTactics: RideTacticsService;
  blobs: BlobStore;
  queue: JobQueue;
  now: () => Date;
  log: (message: string, details?: Record<string, unknown>) => void;
  /** Where decoding and analysis run; inline by default. */
  preparer?: RidePreparer;
  /** Time per import stage, for the bench (off by default). */
  stageTimes?: ImportStageTimes;
  /**
   * The riders' batch passes (activities/batch-pass.ts), shared with the ride deletions' so that a
   * rider's run one at a time; this service's own without it.
   */
  passes?: BatchPasses;
}

export interface IncomingFile {
  name: string;
  bytes: Uint8Array | null;
  /** The bytes are already in the blob store under this key (zip entries, stored as they are unpacked). */
  blobKey?: string;
  sizeBytes: number;
  /** Set when the upload itself already failed for this file (too large, broken archive). */
  failure?: { code: string; message: string };
}

/** Thrown inside the store transaction to roll it back: the file was settled by another run. */
class FileAlreadySettled extends Error {}

export interface ImportFileJob {
  fileId: string;
  /**
   * The file's rider: its job runs in their write scope (db/write-scope.ts). Absent from jobs queued
   * before it was added; those run unattributed.
   */
  userId?: string;
}

/**
 * The import pipeline: raw bytes are stored unchanged first, then one job per file decodes,
 * analyses and stores the ride in one transaction. A file's failure is its own; the others go on.
 */
export class ImportService {
  private readonly preparer: RidePreparer;
  private readonly stages: ImportStageTimes;
  private readonly passes: BatchPasses;

  constructor(private readonly deps: ImportDeps) {
    this.preparer = deps.preparer ?? inlinePreparer();
    this.stages = deps.stageTimes ?? new ImportStageTimes(undefined);
    this.passes =
      deps.passes ??
      new BatchPasses({ reads: new BatchPassRepository(deps.db), rideTactics: deps.rideTactics });
  }

  /**
   * Stores the raw files and queues their analysis, all or nothing. `created` collects the blobs this
   * call wrote, for `discardBlobs` when the request fails after all (a later file meets a full disk).
   */
  async createImport(
    userId: string,
    source: 'upload' | 'demo',
    incoming: IncomingFile[],
    created: string[] = [],
  ) {
    const { db, imports, blobs, queue, now } = this.deps;
    const files: NewImportFile[] = [];
    for (const file of incoming) {
      if (file.failure || (!file.bytes && !file.blobKey)) {
        files.push({
          name: file.name,
          size_bytes: file.sizeBytes,
          blob_key: null,
          status: 'failed',
          message_code: file.failure?.code ?? 'UPLOAD_FAILED',
          message: file.failure?.message ?? 'The file could not be received.',
        });
        continue;
      }
      // Written and synced before the row that points to it commits.
      let key = file.blobKey;
      if (key === undefined) {
        const stored = await blobs.store(file.bytes!);
        key = stored.key;
        if (stored.created) created.push(key);
      }
      files.push({
        name: file.name,
        size_bytes: file.sizeBytes,
        blob_key: key,
        status: 'queued',
        message_code: null,
        message: null,
      });
    }
    return db.transaction().execute(async (trx) => {
      const created = await imports.create(trx, userId, source, files, now());
      const jobs = created.files
        .filter((file) => file.status === 'queued')
        .map((file) => ({ fileId: file.id, userId }) satisfies ImportFileJob);
      await queue.sendMany(QUEUES.importFile, jobs, trx);
      return created;
    });
  }

  /**
   * Blobs an upload wrote before it failed: removed unless a row points to them by now (content
   * addressing: another rider's upload of the same bytes may have stored them meanwhile).
   */
  async discardBlobs(keys: readonly string[]): Promise<void> {
    for (const key of keys) {
      await this.deps.db.transaction().execute((trx) => this.dropBytes(trx, key));
    }
  }

  /**
   * The job: idempotent, so a retry after a crash (before or after the commit) stores the ride once.
   * `onSettled` is called once the file is settled (stored, or failed, or a duplicate), before the batch
   * pass the rider's last file runs: the worker gives the file's admission (jobs/fair-share.ts) to the
   * next file then (issue 28: under the 200-rider load on the embedded database the pass's read and
   * its settling were two of a file's five turns for the connection, ~270 ms each, while the uploads
   * queued behind the admitted files).
   */
  async processFile(job: ImportFileJob, onSettled?: () => void): Promise<void> {
    const { imports, athleteSettings, now } = this.deps;
    // Issue 28: the rider's settings and primary bike are read beside the claim, not after it. On the
    // embedded database every statement waits its turn on the one connection (~270 ms under the
    // 200-rider load); two sent together wait one turn. The job names its rider (jobs queued before
    // it did are read after the claim, as before); a file that turns out to be another rider's is
    // never measured with them (the read is used only when the claimed file's rider is the job's).
    const riderRead = job.userId ? athleteSettings.baselineAndPrimaryBike(job.userId) : undefined;
    // Not awaited when the claim throws or takes nothing: its failure is the claim's to report.
    riderRead?.catch(() => undefined);
    const claimed = await this.stages.time('claim', () => imports.claim(job.fileId, now()));
    const file = claimed?.file;
    if (!claimed || !file?.blob_key) {
      // Settled already: a run that stopped after its commit (a crash) is retried. Its rider's batch
      // pass may not have run, and rides stored while other files were pending wait for it for their
      // facts (`factsAtImport`): it runs now if none of the rider's files is left.
      onSettled?.();
      const settled = file ?? (await this.deps.imports.fileOwner(job.fileId));
      if (settled) await this.afterLastFile(settled);
      return;
    }
    try {
      // Issue 28: a file whose store saw another of the rider's files pending, under the rider's
      // ride lock, is not their last to settle (ImportRepository.finishAndLook): the look after its
      // commit (a statement a file) is left to the one that is.
      const rider = job.userId === file.user_id ? riderRead : undefined;
      const look = await this.importFile(claimed, file.blob_key, rider);
      onSettled?.();
      if (!look.othersPending) await this.afterLastFile(file, false, look.awaitingBatchPass);
      this.stages.count(FILES_FINISHED_STAGE, 1);
      this.stages.flush();
    } catch (error) {
      if (await this.failUnretriable(file, error)) {
        onSettled?.();
        await this.afterLastFile(file);
        this.stages.count(FILES_FINISHED_STAGE, 1);
        this.stages.flush();
      } else {
        this.deps.log('import failed', {
          fileId: file.id,
          error: error instanceof Error ? error.message : String(error),
        });
        throw error; // pg-boss retries; after the last retry the file is marked failed by onFinalFailure
      }
    }
  }

  /**
   * Marks a file failed and deletes its bytes in one transaction (issue 28: a failed file keeps
   * none, nor does a duplicate): the rider sees the failure only once the bytes are gone, and they go unless another row
   * needs the same content. Nothing when the file was settled already.
   */
  private async fail(
    userId: string,
    fileId: string,
    blobKey: string | null,
    outcome: { message_code: string; message: string },
  ): Promise<void> {
    const { db, imports, rideStore, now } = this.deps;
    await db.transaction().execute(async (trx) => {
      // Under the rider's ride lock, as a file that stores a ride settles: a store that saw this file
      // pending then commits before this one settles, or this one's look after it sees that store.
      await rideStore.lockRiderRides(trx, userId);
      if (await imports.finish(trx, fileId, { status: 'failed', ...outcome }, now())) {
        await this.dropBytes(trx, blobKey);
      }
    });
  }

  /**
   * Deletes a blob's bytes unless a row needs the same content, inside `trx` and under the blob's
   * lock (which a run storing a ride's streams holds from its write to its commit). Called in the
   * transaction that settles a file as failed or duplicate (its row no longer names the blob), or in
   * one of its own for bytes an upload or a rolled-back run left.
   */
  private async dropBytes(trx: Transaction<Database>, blobKey: string | null): Promise<void> {
    if (!blobKey) return;
    await this.deps.activities.lockBlob(trx, blobKey);
    if (!(await this.deps.activities.blobInUse(blobKey, trx))) await this.deps.blobs.delete(blobKey);
  }

  /** Marks the file failed for the errors a retry cannot help; false for the others. */
  private async failUnretriable(file: ImportFileRow, error: unknown): Promise<boolean> {
    if (isFormatError(error)) {
      await this.fail(file.user_id, file.id, file.blob_key, {
        message_code: error.code,
        message: error.message,
      });
      return true;
    }
    if (error instanceof StorageFullError) {
      // Trying again cannot help until the operator frees space: the rider is told at once.
      await this.fail(file.user_id, file.id, file.blob_key, {
        message_code: 'STORAGE_FULL',
        message: ERRORS.STORAGE_FULL.message,
      });
      return true;
    }
    return false;
  }

  /**
   * When an import's last file is done, rides measured against an estimated FTP get the estimate
   * their 90-day window gives with every ride of the batch stored (files finish in any order), and
   * rides whose tactical facts no longer hold (that FTP, or their window's critical power, changed)
   * are measured again. Issue 28: only once none of the rider's files, of any import, is left: a
   * rider dropping a folder sends it in many uploads, and each pass reads every ride with power (and
   * measures again those whose window the next upload changes anyway). Each file marks itself
   * finished before it looks, so the last to look sees every file finished and does it for all.
   *
   * Issue 28 (trust): the imports it is for read `processing` until it has ended (`batch_pass_pending`),
   * so `done` means settled. A crash or a failure before it ends leaves them waiting: the file's job
   * is retried and runs it again. After a file's last try (`lastTry`) they are settled whatever the
   * pass does, or they would read `processing` for good; when it failed, the pass they owe is recorded
   * with the settling (ImportRepository.batchPassOwed) and the sweep runs it (pending-passes.ts).
   */
  private async afterLastFile(
    file: Pick<ImportFileRow, 'user_id'>,
    lastTry = false,
    /** The imports awaiting the pass, when the file's store read them as it settled (`finishAndLook`). */
    awaiting?: readonly string[],
  ): Promise<void> {
    const userId = file.user_id;
    // One statement a file (issue 28): none while any of the rider's files is pending, and none after
    // a stored ride's commit (its settling statement answered it).
    const importIds = awaiting ?? (await this.deps.imports.awaitingBatchPass(userId));
    if (importIds.length === 0) return;
    try {
      await this.batchPassFor(userId, importIds);
    } catch (error) {
      if (!lastTry) throw error;
      this.deps.log(
        'batch pass failed after a file’s last try; its imports are settled, the pass owed recorded',
        {
          error: error instanceof Error ? error.message : String(error),
        },
      );
      // The rides they changed would keep figures measured without them: the pass is owed, and run
      // again by the sweep (activities/pending-passes.ts), recorded with the settling.
      await this.deps.imports.batchPassOwed(userId, importIds, BATCH_PASS_WINDOW_DAYS);
    }
  }

  /**
   * Issue 28: only the rides the imports' rides can change, and the imports settled after
   * (activities/batch-pass.ts). The rider's passes run one at a time (the last two files of a batch
   * each find none of the rider's files left: the later one waits for the pass of the first), and
   * one at a time with those after a ride is deleted.
   */
  private batchPassFor(userId: string, importIds: readonly string[]): Promise<void> {
    return this.passes.run(
      userId,
      { importIds },
      { settle: () => this.deps.imports.batchPassEnded(userId, importIds), stages: this.stages },
    );
  }

  /** After the last retry of an unexpected error, the rider still gets an answer for the file. */
  async markFailed(fileId: string): Promise<void> {
    const file = await this.deps.imports.fileOwner(fileId);
    if (!file) return; // gone with its import
    await this.fail(file.user_id, fileId, await this.deps.imports.pendingBlobKey(fileId), {
      message_code: 'INTERNAL',
      message: 'The file could not be analysed because of a server error.',
    });
    // It may be the rider's last file: the rides the others stored still get their batch pass.
    await this.afterLastFile(file, true);
  }

  /**
   * Decodes, analyses and stores the file, or settles it failed or duplicate. Answers what its store
   * saw of the rider's other files as it settled (`finishAndLook`): another still pending, or the
   * imports awaiting their batch pass.
   */
  private async importFile(
    claimed: ClaimedFile,
    blobKey: string,
    /** The rider's settings and primary bike, when `processFile` read them beside the claim. */
    riderRead: ReturnType<AthleteSettingsRepository['baselineAndPrimaryBike']> | undefined,
  ): Promise<StoreLook> {
    const { athleteSettings, activities, rideFtp, blobs } = this.deps;
    const { file, language, source } = claimed;
    // As the read it replaces did (`claim` answers it now): a file whose import is gone is retried.
    if (source === undefined) throw new Error('The import of this file is gone.');
    const userId = file.user_id;
    const [bytes, { baseline, bike }] = await this.stages.time('read file and rider', () =>
      Promise.all([blobs.get(blobKey), riderRead ?? athleteSettings.baselineAndPrimaryBike(userId)]),
    );
    const prepared = await this.stages.time('decode and analyse (analysis thread)', () =>
      this.preparer.prepare(bytes, file.name, {
        baseline,
        bikeKg: bike?.weight_kg ?? null,
        // Measured from the streams the analysis thread has decoded (`factsAtImport`).
        advancedFactsToday: isoDate(this.deps.now()),
        // The streams blob is written below, on the main thread, not by the analysis thread: writing
        // (and syncing) it there made the 1,000-ride import slower (32.1 s before, 42.1-43.6 s with it,
        // quiet, back to back): the thread's analysis holds its event loop, so the write's steps ran
        // after it, one by one, and the thread waited for the disk.
      }),
    );
    if (prepared.kind === 'format-error') {
      await this.fail(userId, file.id, blobKey, {
        message_code: prepared.code,
        message: prepared.message,
      });
      return NOTHING_STORED;
    }
    if (prepared.kind === 'not-cycling') {
      await this.fail(userId, file.id, blobKey, {
        message_code: 'NOT_CYCLING',
        message: `This is a ${prepared.sport} activity; Vatio imports rides only.`,
      });
      return NOTHING_STORED;
    }
    // A ride with power and no FTP is measured against the rider's eFTP at its date.
    // Issue 28: one read of the stored curves for both windows the ride is measured with (its eFTP's
    // and its critical power's; two statements, each a wait for the embedded database's connection).
    const windowCurves = readOnce(() =>
      activities.curves(userId, {
        from: new Date(prepared.ride.startTime.getTime() - BATCH_PASS_WINDOW_DAYS * DAY_MS),
        to: new Date(prepared.ride.startTime.getTime() + 1),
      }),
    );
    const ready = await this.stages.time('eFTP', () =>
      rideFtp.applyEstimate(
        userId,
        prepared.ride,
        prepared.ride.startTime,
        prepared.ride.curve,
        windowCurves,
      ),
    );
    const { tactics, advancedFacts } = await this.factsAtImport(
      claimed,
      ready,
      baseline,
      windowCurves,
      // Measured against the ride's own FTP, which an eFTP did not replace.
      ready.columns.ftp_w === prepared.ride.columns.ftp_w ? prepared.ride.advancedFacts : undefined,
    );
    const elapsedS = Math.round(ready.elapsedTimeS);
    // The same bytes again are found by `storeRide` in the transaction (issue 28: a look before it
    // cost every file a statement), which settles the file as a duplicate and stores nothing.

    const { streamsKey } = ready;
    const ride: NewRide = {
      activity: {
        ...ready.columns,
        source,
        content_hash: blobKey,
        name: ready.name ?? null,
        workout_ref: ready.workoutRef,
        bike_id: bike?.id ?? null,
        summary: ready.summaryJson,
        tactics,
        advanced_facts: advancedFacts,
        analysis_version: ANALYSIS_VERSION,
        recovered: ready.damaged,
      },
      file: {
        blob_key: blobKey,
        original_name: file.name,
        format: ready.format,
        size_bytes: file.size_bytes,
      },
      streams: {
        blob_key: streamsKey,
        sample_count: ready.sampleCount,
        codec_version: STREAM_CODEC_VERSION,
      },
      curve: ready.curve,
      laps: ready.laps,
      segments: ready.segments,
    };
    // Issue 28: the streams blob is written (and synced) before the transaction, which used to hold
    // the embedded database's one connection through the write and its two fsyncs, every other job
    // and request waiting meanwhile. The transaction takes the blob's lock and writes it again if a
    // clean-up removed it in between; a run that stores no ride with it (a duplicate, a rollback)
    // removes it again after, unless a row points to it by then (issue 16: no orphan blob).
    // Its stage (~21 ms a file in the 1,000-ride import) is mostly waiting, not work: the blob is
    // encoded and hashed on the analysis thread, and FsBlobStore.store alone takes 2.5 ms on this
    // disk (fsync 0.8 ms), but its ten file-system steps each wait for a turn of this thread's event
    // loop, which the other files' statements hold (56 ms a blob with the loop 70 % busy).
    const written = await this.stages.time('streams blob written', () =>
      blobs.store(ready.streamsBlob, streamsKey),
    );
    // Whether this run wrote the streams blob (it was not on disk before).
    const wrote = { streams: written.created };
    let stored: { freed: string[] } & StoreLook;
    try {
      stored = await this.stages.time('store (transaction: rows, curve, segments, streams)', () =>
        this.storeInTransaction(file, ride, ready, streamsKey, language, elapsedS, wrote),
      );
    } catch (error) {
      // Rolled back after the streams were written: a run that lost to another run of this job, or any
      // other failure (the database, a constraint). The blob this run wrote goes with the rows it was
      // for, unless a committed row points to it by now: blobs are addressed by content, so another
      // ride (this rider's or another's) may have the same streams (issue 16: no orphan blob).
      if (wrote.streams) await this.discardBlobs([streamsKey]);
      if (!(error instanceof FileAlreadySettled)) throw error;
      return NOTHING_STORED;
    }
    // The old part's blobs of a replaced ride: after the commit, once no row points to them. A
    // streams blob this run did not write is never deleted here (a duplicate's streams may be another
    // ride's, committed or about to be).
    await this.discardBlobs(stored.freed);
    const { freed: _, ...look } = stored;
    return look;
  }

  /**
   * A ride's tactical facts (against its FTP and the critical power of its 90-day window; they need
   * power and an FTP) and its advanced-page facts (against the same FTP and the rider's weight
   * today), both measured on the analysis thread (issue 28: decoding the streams again and measuring
   * held the main thread).
   *
   * Issue 28: a ride with power is stored without its tactics (and without its advanced facts unless
   * the analysis thread measured them already, `measured`) while another of the rider's files is still
   * pending. The batch pass that runs after the rider's last file (`afterLastFile`) measures every
   * ride with power and a stream whose stored facts do not hold against its FTP and its window with
   * every ride stored — missing facts never hold — so each ride ends with the facts it would have had
   * (measured at import, then again in the pass when the rides stored after it moved its window),
   * measured once instead of twice. A ride without power is not read by the pass: it is measured here.
   */
  private async factsAtImport(
    { file, othersPending }: ClaimedFile,
    ready: PreparedRide,
    baseline: RiderForRide['baseline'],
    windowCurves: () => Promise<readonly StoredRideCurve[]>,
    /** The advanced facts the analysis thread measured with the streams it decoded, if it did. */
    measured: string | undefined,
  ): Promise<{ tactics: string | null; advancedFacts: string | null }> {
    const { rideTactics, now } = this.deps;
    const userId = file.user_id;
    // `othersPending` was answered when the file was taken (issue 28: a statement of its own after the
    // analysis before). Either answer holds: this file stays pending until its own commit, and the
    // pass runs after the rider's last file settles, so it comes after this one's commit whatever the
    // others did meanwhile; a file that another upload joined meanwhile measures its facts here, as
    // one alone did.
    if (ready.columns.has_power && rideTactics.rederivesAllFacts && othersPending) {
      this.stages.count('facts left to the batch pass (count)', 1);
      // The advanced facts hold in the pass (the FTP and the rider's weight today are the same).
      return { tactics: null, advancedFacts: measured ?? null };
    }
    const ftpW = ready.columns.has_power ? ready.columns.ftp_w : null;
    const criticalPower =
      ftpW === null
        ? undefined
        : await this.stages.time('tactics: window critical power', () =>
            rideTactics.windowCriticalPower(userId, ready.startTime, ready.curve, windowCurves),
          );
    const facts = await this.stages.time('tactics and advanced facts (analysis thread)', () =>
      this.preparer.measureFacts(ready.streamsBlob, {
        ...(ftpW === null ? {} : { tactics: { ftpW, criticalPower } }),
        ...(measured === undefined
          ? { advanced: { ftpW: ready.columns.ftp_w, baseline, today: isoDate(now()) } }
          : {}),
      }),
    );
    return { tactics: facts.tactics ?? null, advancedFacts: measured ?? facts.advanced_facts! };
  }

  private storeInTransaction(
    file: ImportFileRow,
    ride: NewRide,
    ready: PreparedRide,
    streamsKey: string,
    language: 'es' | 'en',
    elapsedS: number,
    wrote: { streams: boolean },
  ): Promise<{ freed: string[] } & StoreLook> {
    const { db, imports, rideStore, blobs, now } = this.deps;
    const userId = file.user_id;
    return db.transaction().execute(async (trx) => {
      // One rider's files are decided one at a time (the ride lock of `storeRide`), so two files of
      // one ride in one upload (their jobs run concurrently) become one ride: the second sees the first.
      // The streams blob's lock is taken with the rider's (`putStreams` needs it).
      const result = await rideStore.storeRide(trx, userId, ride, now(), { lockBlob: streamsKey });
      const recovered = ready.damaged
        ? {
            status: 'recovered' as const,
            message_code: 'RECOVERED',
            message: importMessage(language, 'RECOVERED', elapsedS),
          }
        : undefined;
      const putStreams = async () => {
        // Under the blob's lock (taken with the rider's, above), held until the commit: no clean-up
        // deletes the blob between here and the row. Written before the transaction; stored again here
        // in case a clean-up (of another run with the same streams) removed it before the lock, which
        // finds it on disk otherwise and only marks it in use.
        const stored = await blobs.store(ready.streamsBlob, streamsKey);
        if (stored.created) wrote.streams = true;
      };
      if (result.kind === 'inserted') {
        await putStreams();
        const { settled, othersPending, awaitingBatchPass } = await imports.finishAndLook(
          trx,
          file.id,
          { status: 'done', ...recovered, activity_id: result.id },
          now(),
        );
        // Another run of this job settled the file meanwhile: its ride stands, this one rolls back.
        if (!settled) throw new FileAlreadySettled();
        return { freed: [], othersPending, awaitingBatchPass };
      }
      const stored = result.match;
      const sameBytes = stored.sameBytes;
      // The complete file wins: it replaces a damaged part stored before it (and a longer part of a
      // damaged ride replaces a shorter one).
      const replaces = !sameBytes && stored.recovered && (!ready.damaged || elapsedS > stored.elapsedS);
      if (!replaces) {
        // A duplicate in other bytes keeps none (issue 28); its ride is stored already.
        if (await imports.finish(trx, file.id, this.duplicate(language, ready, stored.id), now())) {
          await this.dropBytes(trx, file.blob_key);
        }
        // The streams blob written before the transaction goes after the commit, unless a row uses it.
        return { freed: wrote.streams ? [streamsKey] : [], othersPending: false };
      }
      await putStreams();
      const freed = (await rideStore.replaceRide(trx, userId, stored.id, ride, now())) ?? [];
      await imports.finish(
        trx,
        file.id,
        recovered
          ? { ...recovered, activity_id: stored.id }
          : {
              status: 'done',
              activity_id: stored.id,
              message_code: 'REPLACED_DAMAGED',
              message: importMessage(language, 'REPLACED_DAMAGED'),
            },
        now(),
      );
      return { freed, othersPending: false };
    });
  }

  private duplicate(language: 'es' | 'en', ready: PreparedRide, activityId: string | null) {
    return {
      status: 'duplicate' as const,
      activity_id: activityId,
      message_code: ready.damaged ? 'DUPLICATE_DAMAGED' : 'DUPLICATE',
      message: ready.damaged
        ? importMessage(language, 'DUPLICATE_DAMAGED', ready.elapsedTimeS)
        : importMessage(language, 'DUPLICATE'),
    };
  }
}

const DAY_MS = 86_400_000;

/**
 * What a file's store saw of the rider's other files as it settled: another pending (the pass is left
 * to the last), or the imports awaiting the pass when it read them in the same statement.
 */
interface StoreLook {
  othersPending: boolean;
  awaitingBatchPass?: readonly string[];
}

/** A file settled without storing a ride (failed, duplicate, settled by another run): the pass is looked for. */
const NOTHING_STORED: StoreLook = { othersPending: false };

/** `read` run on the first call only; every call answers its result. */
function readOnce<T>(read: () => Promise<T>): () => Promise<T> {
  let answer: Promise<T> | undefined;
  return () => {
    answer ??= read();
    return answer;
  };
}
