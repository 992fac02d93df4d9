/**
 * The analytics figure (issue 13): a rider with 2,000 stored rides on a real Vatio server process
 * (PGlite, as `npm start` runs it); each analytics endpoint warm (p50/p95 under 50 concurrent
 * requests, after a warm-up) and cold (the first answer after a new ride has been uploaded and
 * imported through the API, which makes every kept answer stale, as a rider sees it after each ride),
 * printed next to `GET /api/health` measured in the same run. The rides are written straight into the
 * database as the import job would have stored them: activity rows with the summary numbers the
 * panels read (decoupling, pedalling, climbs), per-ride curves, the rider's best envelope.
 * Targets: warm p95 ≤ 25 ms, cold ≤ 150 ms. No timed assertions. Beside each warm figure, the server
 * process's own CPU time per request (Linux /proc), which does not follow the machine's load as the
 * wall-clock percentiles do, and the load average while the warm figures ran.
 *
 * Segments (issue 14): 40 segments with two efforts per ride (bench/stored-segments.ts); the list
 * and the first segment are measured.
 * Adding an endpoint is one line in ENDPOINTS.
 * Run: `npx tsx bench/analytics.ts [rides] [requests]`, or `npm run bench -- analytics`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, signInOverHttp, startServerProcess } from '../packages/server/src/test/processes.ts';
import {
  coldAfterNewRides,
  firstAnswer,
  load as loadConcurrently,
  processCpuMs,
  stop,
  storeNewRide,
} from './http-load.ts';
import { seedStoredRides } from './stored-rides.ts';
import { seedStoredSegments } from './stored-segments.ts';
import { summarize, type Timing } from './timing.ts';

const CONCURRENCY = 50;
const load = (url: string, headers: Record<string, string>, total: number) =>
  loadConcurrently(url, headers, total, CONCURRENCY);

/** Label and path (with its query) of each analytics endpoint measured. */
const ENDPOINTS: [label: string, path: string][] = [
  ['GET /api/analytics/performance?weeks=4', '/api/analytics/performance?weeks=4&tz=Europe/Madrid'],
  ['GET /api/analytics/performance?weeks=12', '/api/analytics/performance?weeks=12&tz=Europe/Madrid'],
  ['GET /api/analytics/training-load?days=90', '/api/analytics/training-load?days=90&tz=Europe/Madrid'],
  ['GET /api/analytics/training-load?days=365', '/api/analytics/training-load?days=365&tz=Europe/Madrid'],
  ['GET /api/analytics/predictive?weeks=4', '/api/analytics/predictive?weeks=4&tz=Europe/Madrid'],
  ['GET /api/analytics/advanced?period=4w', '/api/analytics/advanced?period=4w&tz=Europe/Madrid'],
  ['GET /api/analytics/advanced?period=1y', '/api/analytics/advanced?period=1y&tz=Europe/Madrid'],
  [
    'GET /api/analytics/comparative?period=4w',
    '/api/analytics/comparative?period=4w&tz=Europe/Madrid&lang=en',
  ],
  [
    'GET /api/analytics/comparative?period=1y',
    '/api/analytics/comparative?period=1y&tz=Europe/Madrid&lang=en',
  ],
  ['GET /api/analytics/evolution?metric=ftp&range=all', '/api/analytics/evolution?metric=ftp&range=all'],
  ['GET /api/analytics/evolution?metric=vo2max&range=1y', '/api/analytics/evolution?metric=vo2max&range=1y'],
  ['GET /api/analytics/evolution?metric=cda&range=all', '/api/analytics/evolution?metric=cda&range=all'],
  ['GET /api/analytics/segments', '/api/analytics/segments'],
];

const RIDES = Number(process.argv[2] ?? 2000);
const REQUESTS = Number(process.argv[3] ?? 2000);
const WARMUP_REQUESTS = 500;
/** New rides uploaded one at a time, each followed by one cold request of every endpoint. */
const COLD_SAMPLES = 5;
const TARGET_WARM_P95_MS = 25;
const TARGET_COLD_MS = 150;

const dataDir = mkdtempSync(join(tmpdir(), 'vatio-bench-analytics-'));
const env = { DATA_DIR: dataDir, SMS_PROVIDER_URL: '' };
try {
  let port = await freePort();
  let server = await startServerProcess(env, port);
  let base = `http://127.0.0.1:${port}`;
  const headers = await signInOverHttp(base, dataDir, 'bench-analytics@example.org');
  const me = (await (await fetch(`${base}/api/me`, { headers })).json()) as { user: { id: string } };
  await stop(server);
  const seedS = await seedStoredRides(dataDir, me.user.id, RIDES);
  // 40 segments, two efforts per ride (4,000 efforts for 2,000 rides); one segment measured too.
  const segments = await seedStoredSegments(dataDir, me.user.id);
  ENDPOINTS.push(['GET /api/analytics/segments/:id', `/api/analytics/segments/${segments.segmentId}`]);

  port = await freePort();
  server = await startServerProcess(env, port);
  base = `http://127.0.0.1:${port}`;
  try {
    // Seeded rides keep no streams: /compare (two rides' analyses, decoded) gets two uploaded ones.
    const [a, b] = [await storeNewRide(base, headers, 27), await storeNewRide(base, headers, 28)];
    ENDPOINTS.push(['GET /api/analytics/compare (2 × 2 h)', `/api/analytics/compare?a=${a}&b=${b}&lang=en`]);
    // The very first answers after start (nothing kept, nothing compiled by V8 yet).
    for (const [label, path] of ENDPOINTS) {
      const first = await firstAnswer(`${base}${path}`, headers);
      console.log(`${label}: first answer after start ${first.ms.toFixed(0)} ms, ${first.bytes} bytes`);
    }
    // The tactical figures come from the rides' stored facts (the seeded rides have no streams).
    const predictivePath = ENDPOINTS.find(([label]) => label.includes('/predictive'))![1];
    const predictive = (await (await fetch(`${base}${predictivePath}`, { headers })).json()) as {
      tactical: { rides: number } | null;
    };
    console.log(`predictive tactical: ${predictive.tactical?.rides ?? 0} rides with stored facts`);
    const figures: [string, string][] = [['GET /api/health', '/api/health'], ...ENDPOINTS];
    const warm: Timing[] = [];
    const cpuPerRequestMs: number[] = [];
    const loadBefore = loadavg()[0]!;
    for (const [label, path] of figures) {
      await load(`${base}${path}`, headers, WARMUP_REQUESTS);
      const cpu0 = processCpuMs(server.pid);
      warm.push(summarize(label, await load(`${base}${path}`, headers, REQUESTS)));
      const cpu1 = processCpuMs(server.pid);
      cpuPerRequestMs.push(cpu0 !== undefined && cpu1 !== undefined ? (cpu1 - cpu0) / REQUESTS : Number.NaN);
    }
    const loadAfter = loadavg()[0]!;
    // Cold: after each new ride is stored, the first answer of every endpoint.
    const cold = await coldAfterNewRides(
      base,
      headers,
      ENDPOINTS.map(([, path]) => `${base}${path}`),
      COLD_SAMPLES,
    );
    const health = warm[0]!;
    console.log(
      `\nanalytics bench: ${RIDES} stored rides (seeded in ${seedS.toFixed(1)} s), ${REQUESTS} requests per warm figure, ${CONCURRENCY} in flight, PGlite; cold = first answer after a new ride is stored (${COLD_SAMPLES} rides)`,
    );
    console.log(
      `load average (1 min) ${loadBefore.toFixed(1)} before the warm figures, ${loadAfter.toFixed(1)} after, ${availableParallelism()} cpu`,
    );
    console.log(
      `${'figure'.padEnd(44)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'p95 × health'.padStart(14)}${'cold med'.padStart(10)}${'cold max'.padStart(10)}${'cold max × health p95'.padStart(23)}${'server cpu ms/req'.padStart(19)}`,
    );
    let met = true;
    for (const [i, t] of warm.entries()) {
      const c = i === 0 ? undefined : [...cold[i - 1]!].sort((a, b) => a - b);
      const coldMed = c ? c[Math.floor(c.length / 2)]! : Number.NaN;
      const coldMax = c ? c[c.length - 1]! : Number.NaN;
      if (i > 0) met &&= t.p95Ms <= TARGET_WARM_P95_MS && coldMax <= TARGET_COLD_MS;
      const f = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : '–');
      console.log(
        `${t.label.padEnd(44)}${f(t.medianMs).padStart(9)}${f(t.p95Ms).padStart(9)}${f(t.p95Ms / health.p95Ms).padStart(14)}${f(coldMed).padStart(10)}${f(coldMax).padStart(10)}${f(coldMax / health.p95Ms).padStart(23)}${(Number.isFinite(cpuPerRequestMs[i]!) ? cpuPerRequestMs[i]!.toFixed(3) : '–').padStart(19)}`,
      );
    }
    console.log(
      `target: warm p95 ≤ ${TARGET_WARM_P95_MS} ms and cold ≤ ${TARGET_COLD_MS} ms for every analytics endpoint: ${met ? 'met' : 'NOT met'}`,
    );
  } finally {
    await stop(server);
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
