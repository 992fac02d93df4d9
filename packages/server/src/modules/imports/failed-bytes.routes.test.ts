// Issue 28 (disk filling): a file that failed to import kept its bytes on disk forever, so a rider
// could fill the server with unreadable uploads. A failed file now keeps none.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness, type SignedIn } from '../../test/harness.ts';
import { upload, waitForImport } from '../../test/upload.ts';

let h: Harness;
let rider: SignedIn;
beforeAll(async () => {
  h = await createHarness();
  rider = await h.signIn({ email: 'failed-bytes@example.org' });
}, 120_000);
afterAll(async () => h?.close());

function blobFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? blobFiles(path) : [path];
  });
}

describe('failed import files', () => {
  test('an unreadable file and a non-ride keep no bytes once they failed', async () => {
    const unreadable = Buffer.from(`<?xml version="1.0"?><gpx><trk>${'x'.repeat(200_000)} cut off`);
    const random = Buffer.alloc(300_000, 7);
    const before = blobFiles(join(h.dataDir, 'blobs')).length;
    const response = await upload(h.app, rider.headers, [
      { name: 'broken.gpx', bytes: unreadable },
      { name: 'noise.fit', bytes: random },
    ]);
    expect(response.statusCode).toBe(202);
    const done = await waitForImport(h.app, rider.headers, response.json().import_id);
    expect(JSON.stringify(done)).toContain('failed');
    const rows = await sql<{ status: string; blob_key: string | null }>`
      select status, blob_key from import_files where import_id = ${response.json().import_id}`.execute(
      h.database.db,
    );
    expect(rows.rows.map((r) => r.status)).toEqual(['failed', 'failed']);
    expect(rows.rows.map((r) => r.blob_key)).toEqual([null, null]);
    const left = blobFiles(join(h.dataDir, 'blobs'));
    expect(left.length).toBe(before);
    const hashes = [unreadable, random].map((b) => createHash('sha256').update(b).digest('hex'));
    for (const path of left) for (const hash of hashes) expect(path).not.toContain(hash);
  });
});
