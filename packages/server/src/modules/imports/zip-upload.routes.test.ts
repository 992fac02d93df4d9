import { zipSync } from 'fflate';
import { encodeFit, generateRide } from '@vatio/formats';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.ts';
import { upload, uploadAndWait, waitForImport } from '../../test/upload.ts';

// Issue 11, item 8: archives are unpacked on a thread of their own, one entry at a time, at most
// UPLOAD_ZIPS_PER_RIDER (default 1) per rider at once.

let h: Harness;

beforeAll(async () => {
  h = await createHarness();
}, 120_000);
afterAll(async () => h?.close());

/** An archive of `count` entries of `mb` MB of zeros each: small to send, slow to unpack. */
function heavyZip(count: number, mb: number): Uint8Array {
  const zeros = new Uint8Array(mb * 1024 * 1024);
  const files: Record<string, Uint8Array> = {};
  for (let i = 0; i < count; i++) files[`activities/${i}.fit`] = zeros;
  return zipSync(files, { level: 9 });
}

describe('zip archives', () => {
  test('a rider unpacks one archive at a time: a second at once is a clear 429; other riders are not held up', async () => {
    const rider = await h.signIn({ email: 'zipper@example.org' });
    const other = await h.signIn({ email: 'other-zipper@example.org' });
    const heavy = heavyZip(4, 10);
    const small = zipSync({
      'ride.fit': encodeFit(
        generateRide({ seed: 51, durationS: 600, startTime: new Date('2026-03-01T09:00:00Z') }),
      ),
    });
    const [first, second, others] = await Promise.all([
      upload(h.app, rider.headers, [{ name: 'first.zip', bytes: heavy }]),
      upload(h.app, rider.headers, [{ name: 'second.zip', bytes: heavy }]),
      upload(h.app, other.headers, [{ name: 'mine.zip', bytes: small }]),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([202, 429]);
    const refused = first.statusCode === 429 ? first : second;
    expect(refused.json().error).toMatchObject({ code: 'UPLOAD_BUSY', retry_after_s: 10 });
    expect(refused.json().error.message).toMatch(/still being unpacked/);
    expect(others.statusCode).toBe(202);
    const accepted = (first.statusCode === 202 ? first : second).json();
    expect(accepted.files).toHaveLength(4);

    // Once the first is unpacked, the rider may send the next.
    const result = await uploadAndWait(h.app, rider.headers, [{ name: 'small.zip', bytes: small }]);
    expect(result.files[0]).toMatchObject({ name: 'small.zip/ride.fit', status: 'done' });
  }, 120_000);

  test('every entry is stored as its own file, in order; an archive over the limits is refused whole', async () => {
    const rider = await h.signIn({ email: 'zip-entries@example.org' });
    const rides = [0, 1, 2].map((i) =>
      encodeFit(
        generateRide({ seed: 60 + i, durationS: 600, startTime: new Date(`2026-03-0${i + 2}T09:00:00Z`) }),
      ),
    );
    const archive = zipSync({
      'a.fit': rides[0]!,
      'notes.txt': new Uint8Array([1]),
      'b/b.fit': rides[1]!,
      'c.fit': rides[2]!,
    });
    const response = await upload(h.app, rider.headers, [{ name: 'three.zip', bytes: archive }]);
    expect(response.statusCode).toBe(202);
    expect(response.json().files.map((f: { name: string }) => f.name)).toEqual([
      'three.zip/a.fit',
      'three.zip/b/b.fit',
      'three.zip/c.fit',
    ]);
    const result = await waitForImport(h.app, rider.headers, response.json().import_id);
    expect(result.files.map((f) => f.status)).toEqual(['done', 'done', 'done']);

    // 60 MB declared for one entry: over the 50 MB file limit, refused before anything is inflated.
    const tooBig = await upload(h.app, rider.headers, [{ name: 'big.zip', bytes: heavyZip(1, 60) }]);
    expect(tooBig.statusCode).toBe(202);
    expect(tooBig.json().files).toEqual([
      expect.objectContaining({ name: 'big.zip', status: 'failed', message_code: 'ZIP_TOO_LARGE' }),
    ]);
  }, 120_000);
});
