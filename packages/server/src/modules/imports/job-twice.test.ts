import { encodeFit, generateRide } from '@vatio/formats';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.ts';
import { join } from 'node:path';
import { auditStore } from '../../test/crash.ts';
import { uploadAndWait, waitForImport } from '../../test/upload.ts';

// Issue 16 (Faults): after a kill, a job can run twice at once (its process was thought dead, or
// the database came back): the file is settled once, as stored, never as a duplicate of itself.
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
}, 120_000);
afterAll(async () => h?.close());

describe('an import job run several times at once', () => {
  test('stores the ride once and the file stays "done"', async () => {
    const rider = await h.signIn({ email: 'twice@example.org' });
    const bytes = encodeFit(
      generateRide({ seed: 71, durationS: 300, startTime: new Date('2026-02-03T08:00:00Z') }),
    );
    const { importRow, files } = await h.services.importService.createImport(rider.user.id, 'upload', [
      { name: 'twice.fit', bytes, sizeBytes: bytes.length },
    ]);
    const fileId = files[0]!.id;
    // The queue's own run plus three more, all at once.
    await Promise.all([1, 2, 3].map(() => h.services.importService.processFile({ fileId })));
    const progress = await waitForImport(h.app, rider.headers, importRow.id);
    expect(progress.counts).toMatchObject({ total: 1, done: 1, duplicate: 0, failed: 0 });
    const list = (await h.app.inject({ url: '/api/activities', headers: rider.headers })).json();
    expect(list.total).toBe(1);
  });
});

describe('the same ride from other bytes', () => {
  test('is a duplicate, and its streams leave no blob behind', async () => {
    const rider = await h.signIn({ email: 'same-ride@example.org' });
    const start = new Date('2026-02-05T08:00:00Z');
    for (const seed of [81, 82]) {
      const bytes = encodeFit(generateRide({ seed, durationS: 300, startTime: start }));
      await uploadAndWait(h.app, rider.headers, [{ name: `copy-${seed}.fit`, bytes }]);
    }
    const imports = (await h.app.inject({ url: '/api/imports', headers: rider.headers })).json();
    expect(imports.imports.map((i: { counts: { duplicate: number } }) => i.counts.duplicate).sort()).toEqual([
      0, 1,
    ]);
    const audit = await auditStore(h.database.db, join(h.dataDir, 'blobs'));
    expect(audit.orphanBlobs).toEqual([]);
    expect(audit.missingBlobs).toEqual([]);
  });
});

describe('taking a file (claim)', () => {
  // Issue 28: the claim answers, in its one statement, what the job asked in three more: whether
  // another of the rider's files is pending (its own and other riders' left out), the import's source
  // and the rider's language.
  const queuedFile = (name: string) => ({
    name,
    size_bytes: 1,
    blob_key: null,
    status: 'queued' as const,
    message_code: null,
    message: null,
  });
  const create = (userId: string, names: string[]) =>
    h.database.db
      .transaction()
      .execute((trx) => h.services.imports.create(trx, userId, 'demo', names.map(queuedFile), new Date()));

  test('says whether another of the rider’s files is pending, and reads the source and language', async () => {
    const rider = await h.signIn({ email: 'claim-a@example.org' });
    const other = await h.signIn({ email: 'claim-b@example.org' });
    await h.database.db
      .insertInto('user_settings')
      .values({ user_id: rider.user.id, language: 'es' })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ language: 'es' }))
      .execute();
    const mine = await create(rider.user.id, ['a.fit', 'b.fit']);
    const theirs = await create(other.user.id, ['c.fit']);
    const [a, b] = mine.files;
    const first = await h.services.imports.claim(a!.id, new Date());
    expect(first).toMatchObject({ othersPending: true, source: 'demo', language: 'es' });
    expect(first?.file.id).toBe(a!.id);
    // Another rider's pending file is not this rider's.
    expect(await h.services.imports.claim(theirs.files[0]!.id, new Date())).toMatchObject({
      othersPending: false,
    });
    // Once b is settled, a (still processing: a crashed run's file is taken again) is the last one.
    const before = (await h.services.imports.find(rider.user.id, mine.importRow.id))!.updated_at;
    const later = new Date(before.getTime() + 60_000);
    expect(await h.services.imports.finish(h.database.db, b!.id, { status: 'failed' }, later)).toBe(true);
    expect((await h.services.imports.find(rider.user.id, mine.importRow.id))!.updated_at).toEqual(later);
    expect(await h.services.imports.claim(a!.id, new Date())).toMatchObject({ othersPending: false });
    // A settled file is neither taken nor settled again.
    expect(await h.services.imports.claim(b!.id, new Date())).toBeUndefined();
    expect(await h.services.imports.finish(h.database.db, b!.id, { status: 'done' }, later)).toBe(false);
  });
});
