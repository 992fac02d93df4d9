import { damagedCopy } from '../../test/upload.ts';
import { join } from 'node:path';
import { encodeFit, generateRide } from '@vatio/formats';
import { sql } from 'kysely';
import { checkInvariants } from '../../../../../fuzz/invariants.ts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { FsBlobStore } from '../../storage/blob-store.ts';
import { auditStore, blobFiles, type StoreAudit } from '../../test/crash.ts';
import { createHarness, type Harness } from '../../test/harness.ts';
import { RideFtpService } from '../activities/ride-ftp.service.ts';
import { RideTacticsService } from '../activities/ride-tactics.service.ts';
import { ImportService } from './import.service.ts';

// Issue 16 ("nothing stored half-way, no orphan blob"): the streams blob of a ride is written before
// its row commits (before the store transaction since issue 28, and held by its lock inside it);
// whatever ends that transaction, no blob is left that no row points to, and none a committed ride
// uses is deleted.

let h: Harness;
let service: ImportService;
const blobRoot = () => join(h.dataDir, 'blobs');

beforeAll(async () => {
  h = await createHarness();
  // The jobs run here, when the test says (as in damaged-files.routes.test.ts), not in the workers.
  const blobs = new FsBlobStore(blobRoot());
  service = new ImportService({
    db: h.database.db,
    imports: h.services.imports,
    activities: h.services.activities,
    rideStore: h.services.rideStore,
    athleteSettings: h.services.athleteSettings,
    rideFtp: new RideFtpService({ activities: h.services.activities, now: h.now }),
    rideTactics: new RideTacticsService({ activities: h.services.activities, blobs, now: () => new Date() }),
    blobs,
    queue: { ...h.queue, send: async () => {}, sendMany: async () => {} },
    now: () => new Date(),
    log: () => {},
  });
}, 120_000);
afterAll(async () => h?.close());

async function importOne(userId: string, name: string, bytes: Uint8Array) {
  const { files } = await service.createImport(userId, 'upload', [{ name, bytes, sizeBytes: bytes.length }]);
  return files[0]!.id;
}

const fileRow = (id: string) =>
  h.database.db.selectFrom('import_files').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('a damaged part replaced by its complete file', () => {
  test('its old blobs are deleted after the commit (never before it) and are gone when the job ends', async () => {
    const rider = await h.signIn({ email: 'orphan-replace@example.org' });
    const full = encodeFit(
      generateRide({ seed: 161, durationS: 1800, startTime: new Date('2026-04-01T08:00:00Z') }),
    );
    const partId = await importOne(rider.user.id, 'cut.fit', damagedCopy(full));
    await service.processFile({ fileId: partId });
    expect((await fileRow(partId)).status).toBe('recovered');
    const before = await auditStore(h.database.db, blobRoot());
    const oldStreams = (
      await h.database.db
        .selectFrom('activity_streams')
        .select('blob_key')
        .where('activity_id', '=', (await fileRow(partId)).activity_id!)
        .executeTakeFirstOrThrow()
    ).blob_key;

    const fileId = await importOne(rider.user.id, 'complete.fit', full);
    const job = service.processFile({ fileId });
    // The store as it is the moment the file reads settled. The test always has its turn for the
    // connection queued (it waits for the event loop while holding it, so the job's file work goes
    // on): the job's clean-up after its commit, which needs the connection, cannot come in between.
    // A check made as soon as an import reads "done" (the HTTP fuzz batch, under load) can see this.
    let atSettle: StoreAudit | undefined;
    while (!atSettle) {
      atSettle = await h.database.db.connection().execute(async (c) => {
        await new Promise((r) => setImmediate(r));
        const row = await c
          .selectFrom('import_files')
          .select('status')
          .where('id', '=', fileId)
          .executeTakeFirstOrThrow();
        return row.status === 'queued' || row.status === 'processing' ? undefined : auditStore(c, blobRoot());
      });
    }
    await job;
    expect((await fileRow(fileId)).message_code).toBe('REPLACED_DAMAGED');
    // Deleted before the commit, a rollback would have left the stored part without its streams. (On
    // PostgreSQL the clean-up has connections of its own and may have run already.)
    if (h.database.engine === 'pglite') expect(atSettle.orphanBlobs).toEqual([oldStreams]);
    else expect([[], [oldStreams]]).toContainEqual(atSettle.orphanBlobs);
    expect(atSettle.missingBlobs).toEqual([]);
    // Every ride whole, and no blob without a row.
    expect(await checkInvariants(h.database.db, blobRoot())).toEqual([]);
    const after = await auditStore(h.database.db, blobRoot());
    expect(after.rides).toBe(before.rides);
    // Both old blobs are gone: the part's streams, and its original bytes (only its settled import
    // file's history still names them). Nothing a row needs is missing.
    expect(after.orphanBlobs).toEqual([]);
    expect(after.missingBlobs).toEqual([]);
    const onDisk = blobFiles(blobRoot()).keys;
    expect(onDisk).not.toContain(oldStreams);
    expect(onDisk).not.toContain((await fileRow(partId)).blob_key);
  });
});

describe('a store transaction that fails after the streams are written', () => {
  // A real failure of the database at the last write of the transaction (the file's outcome), for
  // the files named boom.fit only: the streams blob is on disk by then.
  beforeAll(async () => {
    await sql`create function vatio_test_boom() returns trigger language plpgsql as $$
      begin raise exception 'the database failed at the last write'; end $$`.execute(h.database.db);
    await sql`create trigger vatio_test_boom before update on import_files for each row
      when (new.name = 'boom.fit' and new.status in ('done', 'recovered'))
      execute function vatio_test_boom()`.execute(h.database.db);
  });
  afterAll(async () => {
    await sql`drop trigger if exists vatio_test_boom on import_files`.execute(h.database.db);
    await sql`drop function if exists vatio_test_boom()`.execute(h.database.db);
  });

  test('leaves no blob of its own behind (any error, not only a lost race)', async () => {
    const rider = await h.signIn({ email: 'orphan-boom@example.org' });
    const bytes = encodeFit(
      generateRide({ seed: 162, durationS: 600, startTime: new Date('2026-04-02T08:00:00Z') }),
    );
    const before = await auditStore(h.database.db, blobRoot());
    const fileId = await importOne(rider.user.id, 'boom.fit', bytes);
    await expect(service.processFile({ fileId })).rejects.toThrow(/the database failed/);
    expect((await fileRow(fileId)).status).toBe('processing'); // the queue tries again later
    const audit = await auditStore(h.database.db, blobRoot());
    expect(audit.orphanBlobs).toEqual([]);
    expect(audit.missingBlobs).toEqual(before.missingBlobs);
  });

  test('keeps the streams blob another rider’s stored ride uses (content addressing)', async () => {
    const bytes = encodeFit(
      generateRide({ seed: 163, durationS: 600, startTime: new Date('2026-04-03T08:00:00Z') }),
    );
    const first = await h.signIn({ email: 'orphan-shared-1@example.org' });
    const storedId = await importOne(first.user.id, 'ride.fit', bytes);
    await service.processFile({ fileId: storedId });
    expect((await fileRow(storedId)).status).toBe('done');
    // The same file from another rider: the same streams, so the same blob, which this run did not write.
    const second = await h.signIn({ email: 'orphan-shared-2@example.org' });
    const before = await auditStore(h.database.db, blobRoot());
    const fileId = await importOne(second.user.id, 'boom.fit', bytes);
    await expect(service.processFile({ fileId })).rejects.toThrow(/the database failed/);
    const audit = await auditStore(h.database.db, blobRoot());
    expect(audit.missingBlobs).toEqual(before.missingBlobs);
    expect(audit.orphanBlobs).toEqual([]);
    const detail = await h.app.inject({
      url: `/api/activities/${(await fileRow(storedId)).activity_id}/streams`,
      headers: first.headers,
    });
    expect(detail.statusCode).toBe(200);
  });
});

describe('a clean-up and a run storing the same blob at once', () => {
  test('the clean-up waits for the run’s commit and keeps the blob its row now points to', async () => {
    const rider = await h.signIn({ email: 'orphan-lock@example.org' });
    const bytes = new TextEncoder().encode(`streams of a ride stored at this very moment ${Date.now()}`);
    const blobs = new FsBlobStore(blobRoot());
    let stored!: string;
    let cleanUp!: Promise<void>;
    // The run that stores: its blob written, its row not yet committed, when the clean-up of another
    // run that had written the same bytes comes.
    await h.database.db.transaction().execute(async (trx) => {
      const key = (await blobs.store(bytes)).key;
      await h.services.activities.lockBlob(trx, key);
      stored = key;
      await h.services.imports.create(
        trx,
        rider.user.id,
        'upload',
        [
          {
            name: 'same.fit',
            size_bytes: bytes.length,
            blob_key: key,
            status: 'queued',
            message_code: null,
            message: null,
          },
        ],
        new Date(),
      );
      cleanUp = service.discardBlobs([key]);
      await new Promise((r) => setTimeout(r, 300));
    });
    await cleanUp;
    const audit = await auditStore(h.database.db, blobRoot());
    expect(audit.missingBlobs).not.toContain(stored);
    expect(audit.orphanBlobs).not.toContain(stored);
  });
});
