/**
 * The training plan's endpoints (issue 26) on a real Vatio server process (PGlite, as `npm start`
 * runs it), for a rider with 2,000 stored rides, a 16-week plan towards an A event and two own
 * workouts: each endpoint warm (p50/p95 under 50 concurrent requests, after a warm-up) and cold (the
 * first answer after a new ride has been uploaded and imported through the API, which re-plans the
 * season and makes every kept answer stale), beside `GET /api/health` of the same run, as ratios.
 * The plan is computed on read (modules/plan/plan-compute.ts) and kept per rider and day.
 * Compliance: the plan is moved to have started PAST_DAYS ago and the rides of those days get 1 Hz
 * streams, so every training day of the past has a ride measured against its workout; the first
 * answers after a restart are timed twice, before any compliance is kept and after (ride_compliance).
 * No timed assertions. Run: `npx tsx bench/plan.ts [rides] [requests]`, or `npm run bench -- plan`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { generateRide } from '@vatio/formats';
import { openDatabase, pgliteDirFor } from '../packages/server/src/db/database.ts';
import { FsBlobStore } from '../packages/server/src/storage/blob-store.ts';
import { encodeStreams, STREAM_CODEC_VERSION } from '../packages/server/src/storage/stream-codec.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, signInOverHttp, startServerProcess } from '../packages/server/src/test/processes.ts';
import { firstAnswer, stop } from './http-load.ts';
import { type Endpoint, measureEndpoints, printEndpointTable } from './measure-endpoints.ts';
import { seedStoredRides } from './stored-rides.ts';

const CONCURRENCY = 50;
const RIDES = Number(process.argv[2] ?? 2000);
const REQUESTS = Number(process.argv[3] ?? 2000);
const WARMUP_REQUESTS = 300;
const COLD_SAMPLES = 3;
/** Days of the plan already lived, each with its stored ride given streams (compliance to measure). */
const PAST_DAYS = 56;

const dataDir = mkdtempSync(join(tmpdir(), 'vatio-bench-plan-'));
const env = { DATA_DIR: dataDir, SMS_PROVIDER_URL: '' };
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

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
  if (response.status >= 300)
    throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<{ id?: string; token?: string; path?: string }>;
}

/**
 * With the server stopped: the plan started `days` ago (as if made then), and the stored rides of
 * those days given 1 Hz streams of their duration (a synthetic ride at FTP 260 W), as an import
 * would have stored them. The number of rides given streams.
 */
async function livedPlan(userId: string, days: number): Promise<number> {
  const handle = await openDatabase({ pgliteDir: pgliteDirFor(dataDir) });
  const blobs = new FsBlobStore(join(dataDir, 'blobs'));
  try {
    await handle.db
      .updateTable('training_plans')
      .set({ start_date: day(-days) })
      .where('user_id', '=', userId)
      .execute();
    const rides = await handle.db
      .selectFrom('activities')
      .select(['id', 'start_time', 'elapsed_time_s'])
      .where('user_id', '=', userId)
      .where('start_time', '>=', new Date(Date.now() - (days + 1) * 86_400_000))
      .execute();
    for (const [k, r] of rides.entries()) {
      const ride = generateRide({
        seed: k + 1,
        durationS: r.elapsed_time_s,
        startTime: r.start_time,
        ftpW: 260,
      });
      const blob = encodeStreams(ride.streams);
      await handle.db
        .insertInto('activity_streams')
        .values({
          activity_id: r.id,
          user_id: userId,
          blob_key: await blobs.put(blob),
          sample_count: ride.streams.timeS.length,
          codec_version: STREAM_CODEC_VERSION,
        })
        .execute();
    }
    return rides.length;
  } finally {
    await handle.close();
  }
}

try {
  let port = Number(process.env.BENCH_PORT) || (await freePort());
  let server = await startServerProcess(env, port);
  let base = `http://127.0.0.1:${port}`;
  const headers = await signInOverHttp(base, dataDir, 'bench-plan@example.org');
  const me = (await (await fetch(`${base}/api/me`, { headers })).json()) as { user: { id: string } };
  await stop(server);
  const seedS = await seedStoredRides(dataDir, me.user.id, RIDES);

  port = Number(process.env.BENCH_PORT) || (await freePort());
  server = await startServerProcess(env, port);
  base = `http://127.0.0.1:${port}`;
  try {
    // From today: an FTP dated before the stored rides would re-analyse all of them in the background
    // (the server's own CPU, and every kept answer made stale while it runs).
    await send(base, headers, 'POST', '/api/athlete-settings', {
      effective_from: day(-3000),
      ftp_w: 260,
      weight_kg: 70,
    });
    await send(base, headers, 'POST', '/api/goals', {
      name: 'Gran fondo',
      date: day(16 * 7),
      priority: 'A',
      kind: 'gran_fondo',
    });
    await send(base, headers, 'POST', '/api/goals', {
      name: 'Club TT',
      date: day(6 * 7),
      priority: 'B',
      kind: 'time_trial',
    });
    const own = await send(base, headers, 'POST', '/api/workouts', {
      name: 'Sweet spot',
      text: 'wu 10m 55%, 3x(15m 90%, 5m 55%), cd 5m 50%',
    });
    await send(base, headers, 'POST', '/api/workouts', { name: 'Z2', text: '2h Z2' });
    await send(base, headers, 'POST', '/api/plan', { time_zone: 'Europe/Madrid' });
    const feed = await send(base, headers, 'POST', '/api/plan/calendar-token', {});

    // The plan lived for PAST_DAYS: first answers after a restart, before and after compliance is kept.
    await stop(server);
    const withStreams = await livedPlan(me.user.id, PAST_DAYS);
    const restarts: string[] = [];
    let linkedRide = '';
    for (const when of ['nothing kept yet', 'compliance kept']) {
      port = Number(process.env.BENCH_PORT) || (await freePort());
      server = await startServerProcess(env, port);
      base = `http://127.0.0.1:${port}`;
      const first = await firstAnswer(`${base}/api/plan`, headers);
      const answer = (await (await fetch(`${base}/api/plan`, { headers })).json()) as {
        days: { compliance: { activity_id: string; unavailable: string | null } | null }[];
      };
      const measured = answer.days.filter((d) => d.compliance !== null);
      linkedRide = measured.at(-1)?.compliance?.activity_id ?? linkedRide;
      restarts.push(
        `first GET /api/plan after a restart (${when}): ${first.ms.toFixed(0)} ms, ${measured.length} days with compliance (${measured.filter((d) => d.compliance?.unavailable === null).length} measured)`,
      );
      if (when === 'nothing kept yet') await stop(server);
    }
    const rideFirst = await firstAnswer(`${base}/api/activities/${linkedRide}`, headers);
    restarts.push(`first GET /api/activities/:id of a linked ride after it: ${rideFirst.ms.toFixed(0)} ms`);

    const endpoints: Endpoint[] = [
      { label: 'GET /api/plan (16 weeks)', path: '/api/plan' },
      { label: 'GET /api/goals', path: '/api/goals' },
      { label: 'GET /api/workouts', path: '/api/workouts' },
      { label: 'GET /api/workouts/library', path: '/api/workouts/library' },
      {
        label: 'GET /api/workouts/:id/download?format=fit',
        path: `/api/workouts/${own.id}/download?format=fit`,
      },
      {
        label: 'GET /api/workouts/library/download (zwo)',
        path: '/api/workouts/library/download?workout=vo2max-4x8&format=zwo',
      },
      { label: 'GET /api/plan/calendar.ics', path: feed.path!, headers: {} },
      { label: 'GET /api/activities/:id (plan compliance)', path: `/api/activities/${linkedRide}` },
    ];
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
      `\nplan bench: ${RIDES} stored rides (seeded in ${seedS.toFixed(1)} s), ${REQUESTS} requests per warm figure, ${CONCURRENCY} in flight, PGlite; cold = first answer after a new ride is stored (${COLD_SAMPLES} rides)`,
    );
    console.log(`plan started ${PAST_DAYS} days ago; ${withStreams} rides of those days with streams`);
    for (const line of restarts) console.log(line);
    printEndpointTable(figures);
  } finally {
    await stop(server);
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
