import { RideFtpService } from '../activities/ride-ftp.service.ts';
import { RideTacticsService } from '../activities/ride-tactics.service.ts';
import { encodeFit, generateRide } from '@vatio/formats';
import { hasFixtures, readFixture, SHARED_DIR } from '../../../../formats/src/test-support/fixtures.ts';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { FsBlobStore } from '../../storage/blob-store.ts';
import { createHarness, type Harness, type SignedIn } from '../../test/harness.ts';
import { damagedCopy, uploadAndWait, waitForImport } from '../../test/upload.ts';
import { ImportService } from './import.service.ts';
import { inlinePreparer, type RidePreparer } from './preparation-pool.ts';

// Issue 11, item 2: a damaged file (fails its size/CRC check) is reported as such, and a ride that
// overlaps a stored one is that ride, whatever its length; the complete file wins.

let h: Harness;
let riders = 0;

beforeAll(async () => {
  h = await createHarness();
}, 120_000);
afterAll(async () => h?.close());

async function newRider(language: 'es' | 'en'): Promise<SignedIn> {
  riders += 1;
  const rider = await h.signIn({ email: `damaged-${riders}@example.org` });
  const saved = await h.app.inject({
    method: 'PUT',
    url: '/api/settings',
    headers: rider.headers,
    payload: { language },
  });
  expect(saved.statusCode).toBe(200);
  return rider;
}

async function importFiles(rider: SignedIn, files: { name: string; bytes: Uint8Array }[]) {
  return uploadAndWait(h.app, rider.headers, files);
}

interface ListedRide {
  id: string;
  name: string;
  notes: string | null;
  bike_id: string | null;
  elapsed_time: number;
  start_date: string;
}

async function ridesOf(rider: SignedIn): Promise<ListedRide[]> {
  const list = (await h.app.inject({ url: '/api/activities?limit=50', headers: rider.headers })).json();
  expect(list.total).toBe(list.activities.length);
  return list.activities;
}

const synthetic = encodeFit(
  generateRide({ seed: 41, durationS: 3 * 3600, startTime: new Date('2026-04-12T08:00:00Z'), ftpW: 260 }),
);
const FIXTURE = 'garmin-edge-1030plus-road-66min-power-laps.fit';

const cases: { label: string; bytes: () => Uint8Array; skip: boolean }[] = [
  { label: 'a synthetic 3 h ride', bytes: () => synthetic, skip: false },
  { label: `the real ride ${FIXTURE}`, bytes: () => readFixture(FIXTURE), skip: !hasFixtures(FIXTURE) },
];

describe.each(cases)('a damaged copy of $label', ({ bytes, skip }) => {
  test.skipIf(skip)(
    'damaged first: stored and reported as recovered; the complete file then replaces it, keeping name, bike and notes',
    async () => {
      const full = bytes();
      const rider = await newRider('en');
      const bike = await h.app.inject({
        method: 'POST',
        url: '/api/bikes',
        headers: rider.headers,
        payload: { name: 'Canyon Endurace', type: 'road' },
      });
      expect(bike.statusCode).toBe(201);

      const first = await importFiles(rider, [{ name: 'cut.fit', bytes: damagedCopy(full) }]);
      expect(first.counts).toMatchObject({ total: 1, recovered: 1, done: 0 });
      const recovered = first.files[0]!;
      expect(recovered).toMatchObject({ status: 'recovered', message_code: 'RECOVERED' });
      const [part] = await ridesOf(rider);
      expect(part).toBeDefined();
      const readMin = Math.max(1, Math.round(part!.elapsed_time / 60));
      expect(recovered.message).toBe(`Damaged file: the first ${readMin} min could be read.`);
      expect(recovered.activity_id).toBe(part!.id);

      const edited = await h.app.inject({
        method: 'PUT',
        url: `/api/activities/${part!.id}`,
        headers: rider.headers,
        payload: { name: 'Subida al puerto', notes: 'La batería murió' },
      });
      expect(edited.statusCode).toBe(200);

      const second = await importFiles(rider, [{ name: 'complete.fit', bytes: full }]);
      expect(second.files[0]).toMatchObject({
        status: 'done',
        message_code: 'REPLACED_DAMAGED',
        activity_id: part!.id,
      });
      expect(second.files[0]!.message).toMatch(/replaces the damaged copy/);
      const rides = await ridesOf(rider);
      expect(rides).toHaveLength(1);
      expect(rides[0]).toMatchObject({
        id: part!.id,
        name: 'Subida al puerto',
        notes: 'La batería murió',
        bike_id: bike.json().id,
      });
      expect(rides[0]!.elapsed_time).toBeGreaterThan(part!.elapsed_time * 2);
      // Everything read from the file is the complete file's: streams, laps, the original for export.
      const streams = (
        await h.app.inject({ url: `/api/activities/${part!.id}/streams`, headers: rider.headers })
      ).json();
      expect(streams.time.at(-1)).toBeGreaterThan(part!.elapsed_time * 2);
      const row = await h.database.db
        .selectFrom('activities')
        .select(['recovered'])
        .where('id', '=', part!.id)
        .executeTakeFirstOrThrow();
      expect(row.recovered).toBe(false);
      const files = await h.database.db
        .selectFrom('activity_files')
        .select('original_name')
        .where('activity_id', '=', part!.id)
        .execute();
      expect(files).toEqual([{ original_name: 'complete.fit' }]);
    },
    120_000,
  );

  test.skipIf(skip)(
    'complete first: the damaged copy is a duplicate of it, reported in the rider’s language',
    async () => {
      const full = bytes();
      const rider = await newRider('es');
      const first = await importFiles(rider, [{ name: 'complete.fit', bytes: full }]);
      expect(first.files[0]).toMatchObject({ status: 'done', message_code: null });
      const [ride] = await ridesOf(rider);

      const second = await importFiles(rider, [{ name: 'cut.fit', bytes: damagedCopy(full) }]);
      expect(second.files[0]).toMatchObject({
        status: 'duplicate',
        message_code: 'DUPLICATE_DAMAGED',
        activity_id: ride!.id,
      });
      expect(second.files[0]!.message).toMatch(
        /^Archivo dañado \(se han podido leer los primeros \d+ min\): esta salida ya está guardada\.$/,
      );
      const rides = await ridesOf(rider);
      expect(rides).toHaveLength(1);
      expect(rides[0]!.elapsed_time).toBe(ride!.elapsed_time);
    },
    120_000,
  );

  test.skipIf(skip)('a recovered file alone says so in Spanish for a Spanish rider', async () => {
    const rider = await newRider('es');
    const result = await importFiles(rider, [{ name: 'cut.fit', bytes: damagedCopy(bytes()) }]);
    expect(result.files[0]).toMatchObject({ status: 'recovered', message_code: 'RECOVERED' });
    expect(result.files[0]!.message).toMatch(/^Archivo dañado: se han podido leer los primeros \d+ min\.$/);
  });
});

describe('one upload, several files of one ride (their jobs run concurrently)', () => {
  const ride = generateRide({
    seed: 42,
    durationS: 5400,
    startTime: new Date('2026-04-20T07:30:00Z'),
    ftpW: 240,
  });
  const complete = encodeFit(ride);
  // The same ride from a second head unit started 20 s later: other bytes, same ride.
  const renamed = encodeFit({ ...ride, startTime: new Date(ride.startTime.getTime() + 20_000) });

  test('the complete file and its damaged copy become one ride: the complete one', async () => {
    for (const order of [
      ['cut.fit', 'complete.fit'],
      ['complete.fit', 'cut.fit'],
    ]) {
      const rider = await newRider('en');
      const byName: Record<string, Uint8Array> = {
        'cut.fit': damagedCopy(complete),
        'complete.fit': complete,
      };
      const result = await importFiles(
        rider,
        order.map((name) => ({ name, bytes: byName[name]! })),
      );
      const rides = await ridesOf(rider);
      expect(rides, order.join(' then ')).toHaveLength(1);
      expect(rides[0]!.elapsed_time).toBe(5400);
      const outcome = Object.fromEntries(result.files.map((f) => [f.name, f]));
      expect(outcome['complete.fit']!.status).toBe('done');
      expect(outcome['cut.fit']!.status).toMatch(/^(recovered|duplicate)$/);
      expect(result.files.every((f) => f.activity_id === rides[0]!.id)).toBe(true);
    }
  });

  test('two complete files of one ride, both past their checks at the same moment, store one ride', async () => {
    const rider = await newRider('en');
    // Each file's decoding waits for the other's, so both jobs reach the duplicate check together:
    // the race an upload of several files runs whenever its jobs overlap.
    const inline = inlinePreparer();
    let arrived = 0;
    let release: () => void = () => {};
    const together = new Promise<void>((resolve) => {
      release = resolve;
    });
    const barrier: RidePreparer = {
      threads: 2,
      async prepare(bytes, name, history) {
        const prepared = await inline.prepare(bytes, name, history);
        if (++arrived === 2) release();
        await together;
        return prepared;
      },
      reanalyse: (bytes, name, rider) => inline.reanalyse(bytes, name, rider),
      measureFacts: (blob, request) => inline.measureFacts(blob, request),
      close: async () => {},
    };
    const service = new ImportService({
      db: h.database.db,
      imports: h.services.imports,
      activities: h.services.activities,
      rideStore: h.services.rideStore,
      athleteSettings: h.services.athleteSettings,
      rideFtp: new RideFtpService({ activities: h.services.activities, now: h.now }),
      rideTactics: new RideTacticsService({
        activities: h.services.activities,
        blobs: new FsBlobStore(join(h.dataDir, 'blobs')),
        now: () => new Date(),
      }),
      blobs: new FsBlobStore(join(h.dataDir, 'blobs')),
      // The jobs run here, not in the harness's workers (which take files one at a time).
      queue: { ...h.queue, send: async () => {}, sendMany: async () => {} },
      now: () => new Date(),
      log: () => {},
      preparer: barrier,
    });
    const { importRow, files } = await service.createImport(rider.user.id, 'upload', [
      { name: 'a.fit', bytes: complete, sizeBytes: complete.length },
      { name: 'b.fit', bytes: renamed, sizeBytes: renamed.length },
    ]);
    await Promise.all(files.map((f) => service.processFile({ fileId: f.id })));
    const result = await waitForImport(h.app, rider.headers, importRow.id);
    expect(result.files.map((f) => f.status).sort()).toEqual(['done', 'duplicate']);
    expect(await ridesOf(rider)).toHaveLength(1);
  });

  test('rides that do not overlap are all stored: a morning and an evening ride the same day', async () => {
    const rider = await newRider('en');
    const morning = encodeFit(
      generateRide({ seed: 43, durationS: 7200, startTime: new Date('2026-04-21T06:30:00Z') }),
    );
    const evening = encodeFit(
      generateRide({ seed: 44, durationS: 3600, startTime: new Date('2026-04-21T18:00:00Z') }),
    );
    // Back to back with the evening ride: it starts two minutes after that one ends.
    const late = encodeFit(
      generateRide({ seed: 45, durationS: 1800, startTime: new Date('2026-04-21T19:02:00Z') }),
    );
    const result = await importFiles(rider, [
      { name: 'morning.fit', bytes: morning },
      { name: 'evening.fit', bytes: evening },
      { name: 'late.fit', bytes: late },
    ]);
    expect(result.files.map((f) => f.status)).toEqual(['done', 'done', 'done']);
    expect(await ridesOf(rider)).toHaveLength(3);
  });
});

test('the fixture corpus is where the tests look for it', () => {
  if (!hasFixtures(FIXTURE)) console.warn(`${FIXTURE} not in ${SHARED_DIR}: the real-ride case was skipped`);
  expect(typeof SHARED_DIR).toBe('string');
});
