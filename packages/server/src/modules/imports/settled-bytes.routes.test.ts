// Issue 28 (disk filling): bytes no ride needs must not stay in the file store. A duplicate in other
// bytes (the same ride exported again) kept its file for good; a failed file from before failed files
// kept no bytes still held its blob; and orphans were swept only at the next start.
import { existsSync, readdirSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { encodeFit, generateRide } from '@vatio/formats';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { FsBlobStore, sha256OfBytes } from '../../storage/blob-store.ts';
import { BlobRepository } from '../../storage/blob.repository.ts';
import { startBlobSweeper, sweepOrphanBlobs } from '../../storage/blob-sweep.ts';
import { createHarness, type Harness, type SignedIn } from '../../test/harness.ts';
import { upload, uploadAndWait, waitForImport } from '../../test/upload.ts';

let h: Harness;
let rider: SignedIn;
beforeAll(async () => {
  h = await createHarness();
  rider = await h.signIn({ email: 'settled-bytes@example.org' });
}, 120_000);
afterAll(async () => h?.close());

const root = () => join(h.dataDir, 'blobs');
const pathOf = (key: string) => join(root(), key.slice(0, 2), key.slice(2, 4), key);
const hourAgo = () => new Date(Date.now() - 3_600_000);

function blobFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? blobFiles(path) : [path];
  });
}

describe('bytes no ride needs', () => {
  test('the same ride in other bytes is a duplicate that keeps no bytes; the stored ride keeps its own', async () => {
    const start = new Date('2026-06-10T08:00:00Z');
    const first = encodeFit(generateRide({ seed: 81, durationS: 600, startTime: start }));
    const again = encodeFit(generateRide({ seed: 82, durationS: 600, startTime: start }));
    expect(sha256OfBytes(first)).not.toBe(sha256OfBytes(again));
    await uploadAndWait(h.app, rider.headers, [{ name: 'first.fit', bytes: first }]);
    const two = await upload(h.app, rider.headers, [{ name: 'again.fit', bytes: again }]);
    const result = await waitForImport(h.app, rider.headers, two.json().import_id);
    expect(result.files[0]!.status).toBe('duplicate');
    expect(existsSync(pathOf(sha256OfBytes(again)))).toBe(false);
    expect(existsSync(pathOf(sha256OfBytes(first)))).toBe(true);
    const rows = await sql<{ blob_key: string | null }>`
      select blob_key from import_files where import_id = ${two.json().import_id}`.execute(h.database.db);
    expect(rows.rows).toEqual([{ blob_key: null }]);
  });

  test('a settled failed file that still points to its bytes (stored before they were dropped) is swept', async () => {
    const noise = Buffer.alloc(40_000, 9);
    const response = await upload(h.app, rider.headers, [{ name: 'noise.fit', bytes: noise }]);
    const importId = response.json().import_id as string;
    await waitForImport(h.app, rider.headers, importId);
    // As an older server left it: the failed row still pointing to the bytes, on disk since long ago.
    const key = await new FsBlobStore(root()).put(noise);
    await sql`update import_files set blob_key = ${key} where import_id = ${importId}`.execute(h.database.db);
    utimesSync(pathOf(key), hourAgo(), hourAgo());
    const swept = await sweepOrphanBlobs(
      root(),
      new BlobRepository(h.database.db),
      new Date(Date.now() - 60_000),
    );
    expect(swept.orphans).toBe(1);
    expect(existsSync(pathOf(key))).toBe(false);
    // The import still answers, its file failed.
    const detail = await h.app.inject({ url: `/api/imports/${importId}`, headers: rider.headers });
    expect(detail.json().files[0].status).toBe('failed');
  });

  test('the running server sweeps orphans too, not only at its next start', async () => {
    const blobs = new FsBlobStore(root());
    const orphan = await blobs.put(new TextEncoder().encode('written, then the import crashed'));
    utimesSync(pathOf(orphan), hourAgo(), hourAgo());
    const kept = blobFiles(root()).length - 1;
    const stop = startBlobSweeper({
      root: root(),
      rows: new BlobRepository(h.database.db),
      everyMs: 100,
      minAgeMs: 60_000,
      log: () => {},
    });
    try {
      const deadline = Date.now() + 10_000;
      while (existsSync(pathOf(orphan)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    } finally {
      await stop();
    }
    expect(existsSync(pathOf(orphan))).toBe(false);
    expect(blobFiles(root()).length).toBe(kept);
  });
});
