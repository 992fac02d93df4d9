import { existsSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { encodeFit, generateRide } from '@vatio/formats';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness } from '../test/harness.ts';
import { uploadAndWait } from '../test/upload.ts';
import { FsBlobStore } from './blob-store.ts';
import { BlobRepository } from './blob.repository.ts';
import { sweepOrphanBlobs } from './blob-sweep.ts';

// Issue 16 (Faults): what a crash leaves in the blob store goes at the next start; what rows point
// to, and what is newer than the cut-off (an upload still in progress), stays.
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
}, 120_000);
afterAll(async () => h?.close());

const pathOf = (root: string, key: string) => join(root, key.slice(0, 2), key.slice(2, 4), key);

describe('the orphan blob sweep', () => {
  test('removes unreferenced blobs and cut-off .tmp files older than the cut-off, keeps the rest', async () => {
    const root = join(h.dataDir, 'blobs');
    const blobs = new FsBlobStore(root);
    const rider = await h.signIn({ email: 'sweep@example.org' });
    const ride = encodeFit(
      generateRide({ seed: 61, durationS: 300, startTime: new Date('2026-02-01T08:00:00Z') }),
    );
    await uploadAndWait(h.app, rider.headers, [{ name: 'kept.fit', bytes: ride }]);

    const orphan = await blobs.put(new TextEncoder().encode('written, then the process was killed'));
    const fresh = await blobs.put(new TextEncoder().encode('an upload still in progress'));
    const partial = `${pathOf(root, orphan)}.abc123.tmp`;
    writeFileSync(partial, 'half');
    const hourAgo = new Date(Date.now() - 3_600_000);
    for (const path of [pathOf(root, orphan), partial]) utimesSync(path, hourAgo, hourAgo);

    const cutoff = new Date(Date.now() - 60_000);
    const result = await sweepOrphanBlobs(root, new BlobRepository(h.database.db), cutoff);
    expect(result).toEqual({ orphans: 1, partial: 1 });
    expect(existsSync(pathOf(root, orphan))).toBe(false);
    expect(existsSync(partial)).toBe(false);
    expect(existsSync(pathOf(root, fresh))).toBe(true);
    // The ride's file and streams are still there: its page still opens.
    const list = (await h.app.inject({ url: '/api/activities', headers: rider.headers })).json();
    const id = list.activities[0].id as string;
    expect(
      (await h.app.inject({ url: `/api/activities/${id}/streams`, headers: rider.headers })).statusCode,
    ).toBe(200);

    // Storing bytes again refreshes their time, so a sweep does not take them before their row commits.
    utimesSync(pathOf(root, fresh), hourAgo, hourAgo);
    await blobs.put(new TextEncoder().encode('an upload still in progress'));
    expect((await sweepOrphanBlobs(root, new BlobRepository(h.database.db), cutoff)).orphans).toBe(0);
  });
});
