/**
 * The HTTP half of `npm run fuzz`, in small: hostile files of every format uploaded to a listening
 * server (real HTTP, multipart as a browser writes it), each ending as a stored ride or a typed error
 * the rider can read in their language, and after each format's batch nothing half-stored: no file
 * left queued or processing, no ride without its blobs, no blob without a row (fuzz/invariants.ts).
 */
import { join } from 'node:path';
import { encodeFit, generateRide } from '@vatio/formats';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { translatedCodes, type UploadTarget, uploadAndJudge } from '../../../../../fuzz/http.ts';
import { checkInvariants } from '../../../../../fuzz/invariants.ts';
import { makeInput } from '../../../../../fuzz/mutate.ts';
import { buildZip } from '../../../../../fuzz/zip-writer.ts';
import { FUZZ_FORMATS, seedFiles } from '../../../../../fuzz/seeds.ts';
import { createHarness, type Harness } from '../../test/harness.ts';
import { upload, uploadAndWait, waitForImport } from '../../test/upload.ts';

const SEED = 20261126;
const PER_FORMAT = 12;
const SMALL = { maxSeedBytes: 150_000, syntheticS: 240, corpus: false };

let h: Harness;
let target: UploadTarget;

beforeAll(async () => {
  h = await createHarness();
  const address = await h.app.listen({ port: 0, host: '127.0.0.1' });
  const rider = await h.signIn({ email: 'fuzz@example.org' });
  const settings = await h.app.inject({
    method: 'PUT',
    url: '/api/settings',
    headers: rider.headers,
    payload: { language: 'es' },
  });
  expect(settings.statusCode).toBe(200);
  target = {
    base: address,
    headers: rider.headers,
    alive: () => true,
    importTimeoutMs: 60_000,
    codes: translatedCodes(),
  };
}, 120_000);
afterAll(async () => h?.close());

const blobRoot = () => join(h.dataDir, 'blobs');

describe('hostile uploads over HTTP', () => {
  const rides = (['fit', 'tcx', 'gpx'] as const).flatMap((f) => seedFiles(f, SMALL));
  test.each(FUZZ_FORMATS)(
    '%s: each upload ends as a ride or a typed, translated error, and nothing is half-stored',
    { timeout: 180_000 },
    async (format) => {
      const context = { format, seeds: seedFiles(format, SMALL), rides, small: true };
      const failures: string[] = [];
      // Four uploads at a time: the import jobs of several riders' files run side by side.
      for (let from = 0; from < PER_FORMAT; from += 4) {
        const inputs = Array.from({ length: 4 }, (_, k) => makeInput(context, SEED, from + k));
        const judged = await Promise.all(inputs.map((input) => uploadAndJudge(target, input)));
        judged.forEach((j, k) => {
          const input = inputs[k]!;
          const where = `seed=${SEED} index=${input.index} (${input.from}: ${input.mutation})`;
          if (j.outcome.kind === 'crash') failures.push(`${where}: ${j.outcome.error}`);
          if (j.outcome.kind === 'timeout') failures.push(`${where}: the import did not finish`);
          for (const p of j.problems) failures.push(`${where}: ${p}`);
        });
      }
      expect(failures).toEqual([]);
      // Every invariant, orphan blobs included, once the batch's jobs have finished (checkInvariants
      // waits for them): the FIT batch's "orphan" now and then was a replaced damaged part's streams,
      // checked between the commit that settled the file and the job's deletion of the old blobs.
      expect(await checkInvariants(h.database.db, blobRoot())).toEqual([]);
    },
  );
});

describe('fuzz findings', () => {
  test('a duplicate ride leaves no streams blob behind (the blob is written only with the ride)', async () => {
    const before = await checkInvariants(h.database.db, blobRoot());
    const start = new Date('2026-03-01T08:00:00Z');
    const fit = encodeFit(generateRide({ seed: 77, durationS: 300, startTime: start }));
    expect(
      (await uploadAndWait(h.app, target.headers, [{ name: 'ride.fit', bytes: fit }])).files[0]!.status,
    ).toBe('done');
    // Another recording of the same ride (a second head unit): other streams, found to be stored already.
    const other = encodeFit(generateRide({ seed: 78, durationS: 300, startTime: start }));
    const result = await uploadAndWait(h.app, target.headers, [{ name: 'other-unit.fit', bytes: other }]);
    expect(result.files[0]).toMatchObject({ status: 'duplicate', message: 'Esta salida ya está guardada.' });
    expect(await checkInvariants(h.database.db, blobRoot())).toEqual(before);
  });

  test('a zip that fails part-way leaves none of the entries it had stored before the damaged one', async () => {
    const before = await checkInvariants(h.database.db, blobRoot());
    const good = encodeFit(
      generateRide({ seed: 79, durationS: 300, startTime: new Date('2026-03-04T08:00:00Z') }),
    );
    // The second entry's deflate data is garbage: listed fine, it fails only when it is inflated, after
    // the first entry's blob is written.
    const garbage = new Uint8Array(64).fill(0xff);
    const archive = buildZip([
      { name: 'good.fit', data: good },
      { name: 'damaged.fit', data: garbage, deflated: { bytes: garbage, size: 4096, crc: 0 } },
    ]);
    const response = await upload(h.app, target.headers, [{ name: 'part.zip', bytes: archive }]);
    expect(response.statusCode).toBe(202);
    expect(response.json().files).toEqual([
      expect.objectContaining({ name: 'part.zip', status: 'failed', message_code: 'CORRUPT_FILE' }),
    ]);
    expect(await checkInvariants(h.database.db, blobRoot())).toEqual(before);
  });

  test('a zip without rides fails with a code the import screen words in both languages', async () => {
    const archive = buildZip([{ name: 'notes.txt', data: new TextEncoder().encode('no rides here') }]);
    const response = await upload(h.app, target.headers, [{ name: 'empty.zip', bytes: archive }]);
    const result = await waitForImport(h.app, target.headers, response.json().import_id);
    expect(result.files[0]).toMatchObject({ status: 'failed', message_code: 'NO_ACTIVITIES' });
    // The server's own message is English; a Spanish rider read it until the code had words.
    expect(translatedCodes().has('NO_ACTIVITIES')).toBe(true);
  });

  test('a parser message quoting the file’s NUL bytes fails the file with its code, not an internal error', async () => {
    // The start of a TCX spliced with a FIT file: PostgreSQL refused the message, and the import retried.
    const fit = encodeFit(generateRide({ seed: 3, durationS: 300 }));
    const head = new TextEncoder().encode(
      '<?xml version="1.0"?><TrainingCenterDatabase><Activities><Activity Sport="Biking"><Lap StartTime="2026-03-02T08:00:00Z"><Track><Trackpoint>',
    );
    const spliced = new Uint8Array(head.length + fit.length - 100);
    spliced.set(head);
    spliced.set(fit.subarray(100), head.length);
    const result = await uploadAndWait(h.app, target.headers, [{ name: 'spliced.tcx', bytes: spliced }]);
    expect(result.files[0]).toMatchObject({ status: 'failed', message_code: 'CORRUPT_FILE' });
    expect(result.files[0]!.message).not.toContain('\u0000');
  });

  test('a file or zip entry named with a NUL is imported under its name without it', async () => {
    const ride = (seed: number, day: number) =>
      encodeFit(generateRide({ seed, durationS: 300, startTime: new Date(`2026-03-${day}T08:00:00Z`) }));
    const archive = buildZip([{ name: 'rides/a\u0000b.fit', data: ride(31, 11) }]);
    const result = await uploadAndWait(h.app, target.headers, [
      { name: 'x\u0000y.fit', bytes: ride(30, 10) },
      { name: 'export.zip', bytes: archive },
    ]);
    expect(result.files.map((f) => [f.name, f.status])).toEqual([
      ['xy.fit', 'done'],
      ['export.zip/rides/ab.fit', 'done'],
    ]);
  });

  test('a FIT session of 30 days is stored as the ride it holds (integer seconds overflowed)', async () => {
    const ride = generateRide({ seed: 32, durationS: 300, startTime: new Date('2026-03-12T08:00:00Z') });
    const fit = encodeFit({ ...ride, timerTimeS: 30 * 86_400, elapsedTimeS: 31 * 86_400 });
    const result = await uploadAndWait(h.app, target.headers, [{ name: 'month.fit', bytes: fit }]);
    expect(result.files[0]).toMatchObject({ status: 'done' });
    const detail = await h.app.inject({
      url: `/api/activities/${result.files[0]!.activity_id}`,
      headers: target.headers,
    });
    expect(detail.json().moving_time).toBeLessThanOrEqual(301);
  });
});
