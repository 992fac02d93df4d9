import { normalizedPowerW } from '@vatio/analysis';
import { encodeFit, generateRide } from '@vatio/formats';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ANALYSIS_VERSION } from '../activities/ride-import-analysis.ts';
import { createHarness, type Harness, type SignedIn } from '../../test/harness.ts';
import { upload, uploadAndWait, waitForImport } from '../../test/upload.ts';
import { waitUntil } from '../../test/wait.ts';

let h: Harness;
let rider: SignedIn;
let stranger: SignedIn;

// Rides the test makes itself: synthetic 1 Hz rides from the formats package, written as FIT.
const rideA = generateRide({
  seed: 11,
  durationS: 1800,
  startTime: new Date('2026-05-01T07:00:00Z'),
  ftpW: 250,
});
const rideB = generateRide({
  seed: 12,
  durationS: 2400,
  startTime: new Date('2026-05-03T17:30:00Z'),
  ftpW: 250,
});
const rideC = generateRide({
  seed: 13,
  durationS: 1200,
  startTime: new Date('2026-05-05T06:00:00Z'),
  ftpW: 250,
});
const rideD = generateRide({
  seed: 14,
  durationS: 1500,
  startTime: new Date('2026-05-07T06:00:00Z'),
  ftpW: 250,
});
const fitA = encodeFit(rideA);
const fitB = encodeFit(rideB);

beforeAll(async () => {
  h = await createHarness({ UPLOAD_MAX_FILE_MB: '2' });
  rider = await h.signIn({ email: 'uploader@example.org' });
  stranger = await h.signIn({ email: 'stranger@example.org' });
}, 120_000);
afterAll(async () => h?.close());

describe('uploading rides', () => {
  test('several files, a zip and a broken file at once: each gets its own outcome and the good ones are stored', async () => {
    const archive = zipSync({
      'activities/c.fit': encodeFit(rideC),
      'activities/d.fit': encodeFit(rideD),
      'activities.csv': new TextEncoder().encode('id,name\n'),
    });
    // A FIT header followed by garbage: nothing in it can be read.
    const broken = new Uint8Array(600);
    broken.set(fitA.subarray(0, 14));
    for (let i = 14; i < broken.length; i++) broken[i] = (i * 7919) % 251;
    const response = await upload(h.app, rider.headers, [
      { name: 'a.fit', bytes: fitA },
      { name: 'b.fit', bytes: fitB },
      { name: 'export.zip', bytes: archive },
      { name: 'notes.txt', bytes: new TextEncoder().encode('just some text') },
      { name: 'broken.fit', bytes: broken },
    ]);
    expect(response.statusCode).toBe(202);
    const { import_id, files } = response.json();
    expect(files.map((f: { name: string }) => f.name)).toEqual([
      'a.fit',
      'b.fit',
      'export.zip/activities/c.fit',
      'export.zip/activities/d.fit',
      'notes.txt',
      'broken.fit',
    ]);
    const result = await waitForImport(h.app, rider.headers, import_id);
    const byName = Object.fromEntries(result.files.map((f) => [f.name, f]));
    expect(byName['a.fit']!.status).toBe('done');
    expect(byName['b.fit']!.status).toBe('done');
    expect(byName['export.zip/activities/c.fit']!.status).toBe('done');
    expect(byName['export.zip/activities/d.fit']!.status).toBe('done');
    expect(byName['notes.txt']).toMatchObject({ status: 'failed', message_code: 'UNSUPPORTED_FORMAT' });
    expect(byName['broken.fit']!.status).toBe('failed');
    expect(byName['broken.fit']!.message).toBeTruthy();
    expect(result.counts).toMatchObject({ total: 6, done: 4, failed: 2, queued: 0, processing: 0 });

    const list = (await h.app.inject({ url: '/api/activities', headers: rider.headers })).json();
    expect(list.total).toBe(4);
    // Newest first.
    expect(list.activities.map((a: { start_date: string }) => a.start_date)).toEqual([
      '2026-05-07T06:00:00.000Z',
      '2026-05-05T06:00:00.000Z',
      '2026-05-03T17:30:00.000Z',
      '2026-05-01T07:00:00.000Z',
    ]);
  });

  test('a stored ride has the numbers the analysis library computes for the same streams', async () => {
    const list = (
      await h.app.inject({
        url: '/api/activities?start_date=2026-05-01&end_date=2026-05-01',
        headers: rider.headers,
      })
    ).json();
    expect(list.activities).toHaveLength(1);
    const a = list.activities[0];
    expect(a.normalized_power).toBeCloseTo(normalizedPowerW(rideA.streams)!, 0);
    expect(a.moving_time).toBe(Math.round(rideA.timerTimeS));
    expect(a.has_power).toBe(true);
    expect(a.has_heartrate).toBe(true);
    // No FTP known yet (none in settings; the synthetic file records one): IF and TSS follow the file's FTP.
    expect(a.name).toMatch(/Ride$/);
    const detail = (await h.app.inject({ url: `/api/activities/${a.id}`, headers: rider.headers })).json();
    expect(detail.id).toBe(a.id);
    expect(Array.isArray(detail.laps)).toBe(true);
  });

  test('the same file again, or the same ride in another file, is reported as a duplicate and not stored twice', async () => {
    const response = await upload(h.app, rider.headers, [{ name: 'a-again.fit', bytes: fitA }]);
    const result = await waitForImport(h.app, rider.headers, response.json().import_id);
    expect(result.files[0]).toMatchObject({ status: 'duplicate', message_code: 'DUPLICATE' });
    expect(result.files[0]!.activity_id).toBeTruthy();
    const list = (await h.app.inject({ url: '/api/activities', headers: rider.headers })).json();
    expect(list.total).toBe(4);
  });

  test('a file over the size limit is refused with its own message while the rest import', async () => {
    const big = new Uint8Array(2 * 1024 * 1024 + 10).fill(7);
    const ride = encodeFit(
      generateRide({ seed: 21, durationS: 600, startTime: new Date('2026-06-01T08:00:00Z') }),
    );
    const result = await uploadAndWait(h.app, rider.headers, [
      { name: 'huge.fit', bytes: big },
      { name: 'small.fit', bytes: ride },
    ]);
    expect(result.files[0]).toMatchObject({
      name: 'huge.fit',
      status: 'failed',
      message_code: 'FILE_TOO_LARGE',
    });
    expect(result.files[1]).toMatchObject({ name: 'small.fit', status: 'done' });
  });

  test('an upload without files, or not multipart, is a clear 400', async () => {
    const notMultipart = await h.app.inject({
      method: 'POST',
      url: '/api/activities/upload',
      headers: rider.headers,
      payload: {},
    });
    expect(notMultipart.statusCode).toBe(400);
    const empty = await upload(h.app, rider.headers, []);
    expect(empty.statusCode).toBe(400);
    expect((await upload(h.app, {}, [{ name: 'a.fit', bytes: fitA }])).statusCode).toBe(401);
  });
});

describe('a stored ride', () => {
  const firstId = async () =>
    (
      await h.app.inject({
        url: '/api/activities?start_date=2026-05-03&end_date=2026-05-03',
        headers: rider.headers,
      })
    ).json().activities[0].id as string;

  test('streams come back at full resolution with the spec names', async () => {
    const id = await firstId();
    const streams = (
      await h.app.inject({ url: `/api/activities/${id}/streams`, headers: rider.headers })
    ).json();
    expect(streams.time).toHaveLength(rideB.streams.timeS.length);
    expect(streams.watts).toHaveLength(streams.time.length);
    expect(streams.latlng[0]).toHaveLength(2);
    expect(streams.moving.every((m: boolean) => typeof m === 'boolean')).toBe(true);
  });

  test('the analysis uses the FTP in force on the ride date, and changing it re-analyses the ride', async () => {
    const id = await firstId();
    const saved = await h.app.inject({
      method: 'POST',
      url: '/api/athlete-settings',
      headers: rider.headers,
      payload: { effective_from: '2026-01-01', ftp_w: 300, max_hr_bpm: 190, weight_kg: 70 },
    });
    expect(saved.statusCode).toBe(201);
    const { ride } = await waitUntil(
      'the ride was not re-analysed with the new FTP',
      async () => ({
        ride: (await h.app.inject({ url: `/api/activities/${id}`, headers: rider.headers })).json() as
          | { ftp_w: number; intensity_factor: number; normalized_power: number }
          | undefined,
        re: (await h.app.inject({ url: '/api/reanalysis', headers: rider.headers })).json() as {
          status: string;
        },
      }),
      ({ ride, re }) => ride?.ftp_w === 300 && re.status === 'idle',
      { timeoutMs: 30_000 },
    );
    expect(ride!.ftp_w).toBe(300);
    expect(ride!.intensity_factor).toBeCloseTo(ride!.normalized_power / 300, 3);

    const analysis = (
      await h.app.inject({ url: `/api/activities/${id}/analysis`, headers: rider.headers })
    ).json();
    expect(analysis.settings_used).toMatchObject({ ftp_w: 300, max_hr_bpm: 190, weight_kg: 70 });
    expect(analysis.zones.power).toHaveLength(7);
    expect(
      analysis.zones.power.reduce((s: number, z: { time_s: number }) => s + z.time_s, 0),
    ).toBeGreaterThan(0);
    expect(analysis.zones.heart_rate).toHaveLength(5);
    expect(analysis.power_curve.length).toBeGreaterThan(100);
    // The ride's curve never beats the rider's best at any duration.
    const best = new Map(
      analysis.best_power_curve.map((p: { duration_s: number; power_w: number }) => [
        p.duration_s,
        p.power_w,
      ]),
    );
    for (const point of analysis.power_curve)
      expect(point.power_w).toBeLessThanOrEqual((best.get(point.duration_s) as number) + 1e-9);
  });

  test('rides an older analysis stored are re-analysed once, in the background, and gain what it adds', async () => {
    const db = h.database.db;
    const rows = await db
      .selectFrom('activities')
      .select(['id', 'summary'])
      .where('user_id', '=', rider.user.id)
      .orderBy('start_time')
      .limit(3)
      .execute();
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      const { aeroFit: _dropped, ...olderSummary } = row.summary as Record<string, unknown>;
      await db
        .updateTable('activities')
        .set({ analysis_version: ANALYSIS_VERSION - 1, summary: JSON.stringify(olderSummary) })
        .where('id', '=', row.id)
        .execute();
    }
    // Batches of two: every outdated ride is queued, across batches.
    expect(await h.services.reanalysis.scheduleOutdated(2)).toBe(3);
    // Already queued: a restart, or a second worker starting, queues nothing more.
    expect(await h.services.reanalysis.scheduleOutdated(2)).toBe(0);
    const ids = rows.map((r) => r.id);
    const read = () => db.selectFrom('activities').selectAll().where('id', 'in', ids).execute();
    const after = await waitUntil(
      'the outdated rides were not re-analysed',
      read,
      (rows) => !rows.some((r) => r.reanalysis_pending),
      { timeoutMs: 30_000 },
    );
    for (const row of after) {
      expect(row.reanalysis_pending).toBe(false);
      expect(row.analysis_version).toBe(ANALYSIS_VERSION);
      expect((row.summary as { aeroFit: { trustworthy: boolean } }).aeroFit.trustworthy).toBe(true);
    }
  });

  test('a re-analysis that fails its last try leaves the ride as it was, no longer waiting', async () => {
    const db = h.database.db;
    const id = await firstId();
    const before = await db
      .selectFrom('activities')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    await db.updateTable('activities').set({ reanalysis_pending: true }).where('id', '=', id).execute();
    // Another rider's job for this ride changes nothing.
    await h.services.reanalysis.abandon({ userId: stranger.user.id, activityId: id }, new Error('x'));
    expect(
      (
        await db
          .selectFrom('activities')
          .select('reanalysis_pending')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).reanalysis_pending,
    ).toBe(true);
    await h.services.reanalysis.abandon({ userId: rider.user.id, activityId: id }, new Error('unreadable'));
    const after = await db
      .selectFrom('activities')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(after.reanalysis_pending).toBe(false);
    expect(after.analysis_version).toBe(before.analysis_version);
    expect(after.summary).toEqual(before.summary);
  });

  test('a bad athlete setting is refused with field messages', async () => {
    const bad = await h.app.inject({
      method: 'POST',
      url: '/api/athlete-settings',
      headers: rider.headers,
      payload: { effective_from: 'yesterday', ftp_w: 5000 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toMatchObject({ effective_from: 'date_invalid', ftp_w: 'ftp_invalid' });
  });

  test('name, notes and bike can be edited; another rider sees none of it', async () => {
    const id = await firstId();
    const edited = await h.app.inject({
      method: 'PUT',
      url: `/api/activities/${id}`,
      headers: rider.headers,
      payload: { name: 'Vuelta al pantano', notes: 'Viento fuerte' },
    });
    expect(edited.json()).toMatchObject({ name: 'Vuelta al pantano', notes: 'Viento fuerte' });
    const found = (
      await h.app.inject({ url: '/api/activities/search?q=pantano', headers: rider.headers })
    ).json();
    expect(found.activities.map((a: { id: string }) => a.id)).toEqual([id]);
    for (const url of [
      `/api/activities/${id}`,
      `/api/activities/${id}/streams`,
      `/api/activities/${id}/analysis`,
    ]) {
      expect((await h.app.inject({ url, headers: stranger.headers })).statusCode, url).toBe(404);
    }
    expect(
      (await h.app.inject({ url: '/api/activities/search?q=pantano', headers: stranger.headers })).json()
        .activities,
    ).toEqual([]);
    expect(
      (await h.app.inject({ method: 'DELETE', url: `/api/activities/${id}`, headers: stranger.headers }))
        .statusCode,
    ).toBe(404);
  });

  test('deleting a ride removes it and its streams', async () => {
    const id = await firstId();
    expect(
      (await h.app.inject({ method: 'DELETE', url: `/api/activities/${id}`, headers: rider.headers }))
        .statusCode,
    ).toBe(204);
    expect((await h.app.inject({ url: `/api/activities/${id}`, headers: rider.headers })).statusCode).toBe(
      404,
    );
    expect(
      (await h.app.inject({ url: `/api/activities/${id}/streams`, headers: rider.headers })).statusCode,
    ).toBe(404);
  });
});

describe('crash safety', () => {
  test('a file whose job runs again after a crash, before or after its commit, is stored exactly once', async () => {
    const ride = encodeFit(
      generateRide({ seed: 31, durationS: 900, startTime: new Date('2026-07-01T08:00:00Z') }),
    );
    const { importRow, files } = await h.services.importService.createImport(rider.user.id, 'upload', [
      { name: 'crash.fit', bytes: ride, sizeBytes: ride.length },
    ]);
    const fileId = files[0]!.id;
    // Three deliveries of the same job (the queue's own, and two retries after "crashes").
    await Promise.all([
      h.services.importService.processFile({ fileId }),
      h.services.importService.processFile({ fileId }),
    ]);
    await h.services.importService.processFile({ fileId });
    const result = await waitForImport(h.app, rider.headers, importRow.id);
    expect(result.files[0]!.status).toMatch(/done|duplicate/);
    const list = (
      await h.app.inject({
        url: '/api/activities?start_date=2026-07-01&end_date=2026-07-01',
        headers: rider.headers,
      })
    ).json();
    expect(list.total).toBe(1);
  });
});
