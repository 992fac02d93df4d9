/**
 * The garage, bike-fitting, health and segment-compare figures (session 6's endpoints): a rider with
 * 2,000 stored rides (bench/stored-rides.ts) all moved onto one bike, 40 segments with two efforts per
 * ride (bench/stored-segments.ts), a few components, service entries and fitting records made through
 * the real API, on a real Vatio server process (PGlite, as `npm start` runs it). Each endpoint:
 * - first answer after the server starts (nothing kept, nothing compiled by V8 yet);
 * - warm: p50/p95 under 50 concurrent requests after a warm-up, next to `GET /api/health` measured
 *   in the same run (the ratio is the figure; the machine's speed cancels out), with the server
 *   process's own CPU time per request (Linux /proc) and the load average while they ran;
 * - cold: the first answer after a new ride has been uploaded and imported through the API (a write
 *   that makes every kept answer stale and adds to the bike's distance), median and max of 5.
 * Segment compare reads two efforts' ride streams, which the seeded rides do not keep: its two
 * efforts are on two rides uploaded through the API. No timed assertions.
 * Run: `npx tsx bench/garage.ts [rides] [requests]`, or `npm run bench -- garage`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, pgliteDirFor } from '../packages/server/src/db/database.ts';
import { greyPng } from '../packages/server/src/test/png.ts';
import { freePort, signInOverHttp, startServerProcess } from '../packages/server/src/test/processes.ts';
import { stop, storeNewRide } from './http-load.ts';
import { type Endpoint, measureEndpoints, printEndpointTable } from './measure-endpoints.ts';
import { seedStoredRides } from './stored-rides.ts';
import { seedStoredSegments } from './stored-segments.ts';

const CONCURRENCY = 50;

const RIDES = Number(process.argv[2] ?? 2000);
const REQUESTS = Number(process.argv[3] ?? 1500);
const WARMUP_REQUESTS = 300;
/** New rides uploaded one at a time, each followed by one cold request of every endpoint. */
const COLD_SAMPLES = 5;

/** A JSON write through the API; its answer's body, or a thrown error on anything but 200/201. */
async function send(
  base: string,
  headers: Record<string, string>,
  method: string,
  path: string,
  body: object,
) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== 200 && response.status !== 201)
    throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as { id: string };
}

/** The garage and fitting records a rider keeps: a bike, its parts and service log, fitting records. */
async function seedThroughApi(base: string, headers: Record<string, string>): Promise<string> {
  const bike = await send(base, headers, 'POST', '/api/bikes', {
    name: 'Bench bike',
    type: 'road',
    weight_kg: 7.8,
    is_primary: true,
  });
  const parts = [
    { kind: 'chain', installed_on: '2025-01-01', service_km: 3000, price: 39.9 },
    { kind: 'cassette', installed_on: '2024-06-01', service_km: 9000 },
    { kind: 'tyre_front', installed_on: '2025-03-01', service_km: 4000 },
    { kind: 'tyre_rear', installed_on: '2025-03-01', service_km: 3000 },
    { kind: 'brake_pads', installed_on: '2025-05-01', service_hours: 200 },
    { kind: 'bar_tape', installed_on: '2024-01-01' },
  ];
  const components = [];
  for (const part of parts)
    components.push(await send(base, headers, 'POST', `/api/bikes/${bike.id}/components`, part));
  for (let i = 0; i < 8; i++) {
    await send(base, headers, 'POST', `/api/bikes/${bike.id}/maintenance`, {
      performed_on: `2025-0${1 + i}-15`,
      what: `Service ${i + 1}`,
      cost: 20 + i,
      component_id: components[i % components.length]!.id,
    });
  }
  for (let i = 0; i < 3; i++) {
    await send(base, headers, 'POST', '/api/fitting/measurements', {
      measured_on: `2025-0${1 + i}-10`,
      height_cm: 178,
      weight_kg: 71 + i,
      inseam_cm: 85,
      flexibility_score: 6,
    });
    await send(base, headers, 'POST', '/api/fitting/positions', {
      bike_id: bike.id,
      fit_date: `2025-0${1 + i}-01`,
      saddle_height_mm: 745 + i,
      saddle_setback_mm: 60,
      crank_length_mm: 172.5,
      knee_angle_min_deg: 28,
      back_angle_deg: 38,
      comfort_rating: 6,
      power_rating: 8,
    });
    await send(base, headers, 'POST', '/api/fitting/sessions', {
      session_date: `2025-0${1 + i}-01`,
      bike_id: bike.id,
      session_type: i === 0 ? 'initial' : 'follow_up',
      goals: ['Comfort on long rides'],
      adjustments_made: ['Saddle +5 mm'],
      comfort_improvement: 7,
    });
  }
  const form = new FormData();
  form.append('file', new Blob([greyPng(64, 48)], { type: 'image/png' }), 'side.png');
  const photo = await fetch(`${base}/api/fitting/photos`, { method: 'POST', headers, body: form });
  if (photo.status !== 201) throw new Error(`photo upload: ${photo.status} ${await photo.text()}`);
  return bike.id;
}

/**
 * Two efforts on the measured segment, on the two uploaded rides (which keep their streams): the
 * segment seeding puts their efforts on different segments, so one more is written beside them.
 */
async function compareEfforts(dataDir: string, userId: string, segmentId: string, rideIds: string[]) {
  const handle = await openDatabase({ pgliteDir: pgliteDirFor(dataDir) });
  try {
    const ids: string[] = [];
    for (const [j, activityId] of rideIds.entries()) {
      const ride = await handle.db
        .selectFrom('activities')
        .select('start_time')
        .where('id', '=', activityId)
        .executeTakeFirstOrThrow();
      const startS = 1200 + j * 60;
      const elapsedS = 400 + j * 20;
      const row = await handle.db
        .insertInto('segment_efforts')
        .values({
          segment_id: segmentId,
          activity_id: activityId,
          user_id: userId,
          start_time: new Date(ride.start_time.getTime() + startS * 1000),
          start_offset_s: startS,
          end_offset_s: startS + elapsedS,
          elapsed_s: elapsedS,
          avg_power_w: 260,
          avg_hr_bpm: 150,
          weight_kg: 71,
          temperature_c: 18,
          splits_s: Array.from({ length: 13 }, (_, m) => (elapsedS * m) / 12),
          section_power_w: Array.from({ length: 12 }, (_, m) => 240 + m * 3),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    return ids as [string, string];
  } finally {
    await handle.close();
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'vatio-bench-garage-'));
const env = { DATA_DIR: dataDir, SMS_PROVIDER_URL: '' };
try {
  let port = await freePort();
  let server = await startServerProcess(env, port);
  let base = `http://127.0.0.1:${port}`;
  const headers = await signInOverHttp(base, dataDir, 'bench-garage@example.org');
  const me = (await (await fetch(`${base}/api/me`, { headers })).json()) as { user: { id: string } };
  const uploaded = [await storeNewRide(base, headers, 27), await storeNewRide(base, headers, 28)];
  const bikeId = await seedThroughApi(base, headers);
  await stop(server);
  const seedS = await seedStoredRides(dataDir, me.user.id, RIDES);
  const segments = await seedStoredSegments(dataDir, me.user.id);
  const [effortA, effortB] = await compareEfforts(dataDir, me.user.id, segments.segmentId, uploaded);

  port = await freePort();
  server = await startServerProcess(env, port);
  base = `http://127.0.0.1:${port}`;
  try {
    // Every stored ride onto the bike, through the API (its stats and the parts' wear add them up).
    const today = new Date().toISOString().slice(0, 10);
    const moved = (await send(base, headers, 'POST', `/api/bikes/${bikeId}/rides`, {
      from: '2000-01-01',
      to: today,
    })) as unknown as { moved: number };
    const endpoints: Endpoint[] = [
      { label: 'GET /api/bikes (with stats)', path: '/api/bikes' },
      { label: 'GET /api/bikes/:id/components', path: `/api/bikes/${bikeId}/components` },
      { label: 'GET /api/bikes/:id/maintenance', path: `/api/bikes/${bikeId}/maintenance` },
      { label: 'GET /api/bikes/:id/performance', path: `/api/bikes/${bikeId}/performance` },
      { label: 'GET /api/maintenance/due', path: '/api/maintenance/due' },
      { label: 'GET /api/fitting/measurements', path: '/api/fitting/measurements' },
      { label: 'GET /api/fitting/positions', path: '/api/fitting/positions' },
      { label: 'GET /api/fitting/sessions', path: '/api/fitting/sessions' },
      { label: 'GET /api/fitting/photos', path: '/api/fitting/photos' },
      { label: 'GET /api/health/services', path: '/api/health/services' },
      { label: 'GET /api/health/live', path: '/api/health/live' },
      { label: 'GET /api/health/ready', path: '/api/health/ready' },
      {
        label: 'GET /api/analytics/segments/:id/compare',
        path: `/api/analytics/segments/${segments.segmentId}/compare?a=${effortA}&b=${effortB}`,
      },
    ];
    console.log(`garage bench: ${moved.moved} rides moved onto the bench bike`);
    const figures = await measureEndpoints({
      base,
      serverPid: server.pid,
      headers,
      endpoints,
      warmupRequests: WARMUP_REQUESTS,
      requests: REQUESTS,
      concurrency: CONCURRENCY,
      coldSamples: COLD_SAMPLES,
    });
    console.log(
      `\ngarage bench: ${RIDES} stored rides on one bike (seeded in ${seedS.toFixed(1)} s), 6 components, 8 service entries, 3 measurements, 3 positions, 3 fitting sessions, 1 photo; ${REQUESTS} requests per warm figure, ${CONCURRENCY} in flight, PGlite; cold = first answer after a new ride is stored (${COLD_SAMPLES} rides)`,
    );
    printEndpointTable(figures);
  } finally {
    await stop(server);
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
