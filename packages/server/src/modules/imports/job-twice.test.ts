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
