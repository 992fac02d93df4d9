// Issue 28 (disk filling): a 1 MB zip of 20 distinct 49 MB non-ride files added 980 MB to the file
// store, one account about 1 GB per 10 s. Each rider now has a storage quota (STORAGE_QUOTA_MB): an
// upload, or an archive as it is unpacked, that would take the rider past it is refused whole with
// 413 STORAGE_QUOTA_EXCEEDED, and nothing of it stays on disk. Scaled down: a 2 MB quota.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { encodeFit, generateRide } from '@vatio/formats';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness, type SignedIn } from '../../test/harness.ts';
import { upload, uploadAndWait } from '../../test/upload.ts';

const MB = 1024 * 1024;
let h: Harness;
let rider: SignedIn;
beforeAll(async () => {
  h = await createHarness({ STORAGE_QUOTA_MB: '2' });
  rider = await h.signIn({ email: 'quota@example.org' });
}, 120_000);
afterAll(async () => h?.close());

function blobFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? blobFiles(path) : [path];
  });
}

const usage = async (headers: Record<string, string>) => {
  const response = await h.app.inject({ url: '/api/storage', headers });
  expect(response.statusCode).toBe(200);
  return response.json() as { used_bytes: number; quota_bytes: number | null };
};

const importCount = async (headers: Record<string, string>) =>
  (await h.app.inject({ url: '/api/imports?limit=50', headers })).json().imports.length as number;

describe('the per-rider storage quota', () => {
  test('GET /api/storage says what the rider stores and the quota; a stored ride counts', async () => {
    expect(await usage(rider.headers)).toEqual({ used_bytes: 0, quota_bytes: 2 * MB });
    const ride = encodeFit(
      generateRide({ seed: 71, durationS: 600, startTime: new Date('2026-05-01T08:00:00Z') }),
    );
    await uploadAndWait(h.app, rider.headers, [{ name: 'ride.fit', bytes: ride }]);
    expect((await usage(rider.headers)).used_bytes).toBe(ride.length);
  });

  test('a small zip that unpacks past the quota is refused whole with 413: nothing stored half-way', async () => {
    // 6 distinct 1 MB non-ride entries: about 6 KB to send, 6 MB once unpacked, 3 times the quota.
    const entries: Record<string, Uint8Array> = {};
    for (let i = 0; i < 6; i++) entries[`junk-${i}.fit`] = new Uint8Array(MB).fill(i + 1);
    const archive = zipSync(entries, { level: 9 });
    expect(archive.length).toBeLessThan(64 * 1024);
    const blobsBefore = blobFiles(join(h.dataDir, 'blobs')).length;
    const importsBefore = await importCount(rider.headers);
    const used = (await usage(rider.headers)).used_bytes;

    const response = await upload(h.app, rider.headers, [{ name: 'bomb.zip', bytes: archive }]);
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('STORAGE_QUOTA_EXCEEDED');
    expect(response.json().error.message).toMatch(/2 MB/);
    expect(blobFiles(join(h.dataDir, 'blobs')).length).toBe(blobsBefore);
    expect(await importCount(rider.headers)).toBe(importsBefore);
    expect((await usage(rider.headers)).used_bytes).toBe(used);
  }, 60_000);

  test('plain files over what is left are refused whole, one large or several that add up', async () => {
    const blobsBefore = blobFiles(join(h.dataDir, 'blobs')).length;
    const large = await upload(h.app, rider.headers, [
      { name: 'large.gpx', bytes: new Uint8Array(2 * MB + 1).fill(65) },
    ]);
    expect(large.statusCode).toBe(413);
    expect(large.json().error.code).toBe('STORAGE_QUOTA_EXCEEDED');
    const several = await upload(h.app, rider.headers, [
      { name: 'a.gpx', bytes: new Uint8Array(MB).fill(66) },
      { name: 'b.gpx', bytes: new Uint8Array(MB).fill(67) },
    ]);
    expect(several.statusCode).toBe(413);
    expect(blobFiles(join(h.dataDir, 'blobs')).length).toBe(blobsBefore);
  }, 60_000);

  test("one rider's quota is theirs: another rider still uploads", async () => {
    const other = await h.signIn({ email: 'quota-other@example.org' });
    const ride = encodeFit(
      generateRide({ seed: 72, durationS: 600, startTime: new Date('2026-05-02T08:00:00Z') }),
    );
    const response = await upload(h.app, other.headers, [{ name: 'ride.fit', bytes: ride }]);
    expect(response.statusCode).toBe(202);
  });
});
