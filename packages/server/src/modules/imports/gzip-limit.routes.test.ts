import { gzipSync, zipSync } from 'fflate';
import { encodeFit, generateRide } from '@vatio/formats';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.ts';
import { uploadAndWait } from '../../test/upload.ts';
import { threadPreparer } from './preparation-pool.ts';

// Fuzzer finding: the import job decoded with the formats package's own 256 MB limit, so a ~250 KB
// .gz (alone or inside a zip) could unpack to 256 MB there, five times the upload limit
// (UPLOAD_MAX_FILE_MB). The job now decodes with the upload limits: past them is FILE_TOO_LARGE.

let h: Harness;

beforeAll(async () => {
  h = await createHarness({ UPLOAD_MAX_FILE_MB: '1' });
}, 120_000);
afterAll(async () => h?.close());

/** 2 MB once unpacked (twice the 1 MB limit of this server), a few KB to send. */
const bomb = gzipSync(new Uint8Array(2 * 1024 * 1024), { level: 9 });

describe('gzip files in the import', () => {
  test('a .gz that unpacks past the upload limit is refused with FILE_TOO_LARGE, alone or in a zip; nothing is stored', async () => {
    expect(bomb.length).toBeLessThan(16 * 1024);
    const rider = await h.signIn({ email: 'gzip-limit@example.org' });
    const ride = encodeFit(
      generateRide({ seed: 71, durationS: 600, startTime: new Date('2026-04-02T09:00:00Z') }),
    );
    const result = await uploadAndWait(h.app, rider.headers, [
      { name: 'bomb.fit.gz', bytes: bomb },
      { name: 'archive.zip', bytes: zipSync({ 'inner.fit.gz': bomb }) },
      // Within the limit, a .gz still imports.
      { name: 'ride.fit.gz', bytes: gzipSync(ride) },
    ]);
    expect(result.files.map((f) => [f.name, f.status, f.message_code])).toEqual([
      ['bomb.fit.gz', 'failed', 'FILE_TOO_LARGE'],
      ['archive.zip/inner.fit.gz', 'failed', 'FILE_TOO_LARGE'],
      ['ride.fit.gz', 'done', null],
    ]);
    const list = (await h.app.inject({ url: '/api/activities', headers: rider.headers })).json();
    expect(list.total).toBe(1);
    const rows = await h.database.db
      .selectFrom('activities')
      .select('id')
      .where('user_id', '=', rider.user.id)
      .execute();
    expect(rows).toHaveLength(1);
  }, 120_000);

  test('the worker threads decode with the limits they are given', async () => {
    const pool = threadPreparer(1, {
      maxFileBytes: 1024 * 1024,
      maxZipEntries: 10,
      maxZipTotalBytes: 1024 * 1024,
    });
    try {
      const noRider = { baseline: { history: [] }, bikeKg: null };
      const prepared = await pool.prepare(bomb, 'bomb.fit.gz', noRider);
      expect(prepared).toMatchObject({ kind: 'format-error', code: 'FILE_TOO_LARGE' });
    } finally {
      await pool.close();
    }
  }, 60_000);
});
