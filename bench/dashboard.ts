/**
 * The dashboard figure (issue 6): a rider with 2,000 stored rides on a real Vatio server process
 * (PGlite, as `npm start` runs it); `GET /api/dashboard` and `GET /api/dashboard/power-curve?range=all`
 * under 50 concurrent requests, printed as p50/p95 next to `GET /api/health` measured in the same run.
 * The rides are written straight into the database (activity rows and per-ride curves of 1–5 h on
 * the analysis package's duration grid, and the rider's best envelope), as the import job would have
 * stored them. The curve's cold figure is the first `power-curve?range=all` after a new ride has been
 * uploaded and imported through the API (which makes every kept answer stale), as a rider sees it
 * after each ride; target ≤ 50 ms. `GET /api/dashboard/overview` (the live ride overview, issue 15) is
 * measured the same way, warm under load and cold after each new ride. No timed assertions.
 *
 * Run: `npx tsx bench/dashboard.ts [rides] [requests]`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, signInOverHttp, startServerProcess } from '../packages/server/src/test/processes.ts';
import { coldAfterNewRides, load as loadConcurrently, stop } from './http-load.ts';
import { seedStoredRides } from './stored-rides.ts';
import { summarize, type Timing } from './timing.ts';

const RIDES = Number(process.argv[2] ?? 2000);
// Enough requests that one pause (a GC in the server or the load generator delays all 50 in flight at
// once) does not decide the p95 on its own, after a warm-up long enough for V8 to optimise the route.
const REQUESTS = Number(process.argv[3] ?? 3000);
const WARMUP_REQUESTS = 500;
/** New rides uploaded one at a time, each followed by one cold curve request. */
const COLD_SAMPLES = 5;
const CONCURRENCY = 50;
const TARGET_P95_MS = 25;

const load = (url: string, headers: Record<string, string>, total: number) =>
  loadConcurrently(url, headers, total, CONCURRENCY);
const TARGET_COLD_CURVE_MS = 50;

const dataDir = mkdtempSync(join(tmpdir(), 'vatio-bench-dashboard-'));
const env = { DATA_DIR: dataDir, SMS_PROVIDER_URL: '' };
try {
  let port = await freePort();
  let server = await startServerProcess(env, port);
  let base = `http://127.0.0.1:${port}`;
  const headers = await signInOverHttp(base, dataDir, 'bench-dashboard@example.org');
  const me = (await (await fetch(`${base}/api/me`, { headers })).json()) as { user: { id: string } };
  await stop(server);
  const seedS = await seedStoredRides(dataDir, me.user.id, RIDES);

  port = await freePort();
  server = await startServerProcess(env, port);
  base = `http://127.0.0.1:${port}`;
  try {
    const q = 'tz=Europe/Madrid&locale=es';
    const figures: [string, string][] = [
      ['GET /api/health', `${base}/api/health`],
      ['GET /api/dashboard', `${base}/api/dashboard?${q}`],
      ['GET /api/dashboard/power-curve?range=all', `${base}/api/dashboard/power-curve?range=all&${q}`],
      ['GET /api/dashboard/overview', `${base}/api/dashboard/overview?${q}`],
    ];
    // First answers (cold: the all-time curve is merged from every stored ride once).
    for (const [label, url] of figures.slice(1)) {
      const t0 = performance.now();
      const response = await fetch(url, { headers });
      const bytes = (await response.arrayBuffer()).byteLength;
      console.log(`${label}: first answer ${(performance.now() - t0).toFixed(0)} ms, ${bytes} bytes`);
    }
    const results: Timing[] = [];
    for (const [label, url] of figures) {
      await load(url, headers, WARMUP_REQUESTS);
      results.push(summarize(label, await load(url, headers, REQUESTS)));
    }
    // Cold after a new ride: each of a few rides uploaded and imported, then the first answer timed.
    const curveUrl = figures[2]![1];
    const overviewUrl = figures[3]![1];
    const [cold, overviewCold] = (await coldAfterNewRides(
      base,
      headers,
      [curveUrl, overviewUrl],
      COLD_SAMPLES,
    )) as [number[], number[]];
    overviewCold.sort((a, b) => a - b);
    cold.sort((a, b) => a - b);
    const coldMedianMs = cold[Math.floor(cold.length / 2)]!;
    const coldMaxMs = cold[cold.length - 1]!;
    const health = results[0]!;
    console.log(
      `\ndashboard bench: ${RIDES} stored rides (seeded in ${seedS.toFixed(1)} s), ${REQUESTS} requests per figure, ${CONCURRENCY} in flight, PGlite`,
    );
    console.log(
      `${'figure'.padEnd(44)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'p95 × health'.padStart(14)}`,
    );
    for (const t of results) {
      console.log(
        `${t.label.padEnd(44)}${t.medianMs.toFixed(1).padStart(9)}${t.p95Ms.toFixed(1).padStart(9)}${(t.p95Ms / health.p95Ms).toFixed(1).padStart(14)}`,
      );
    }
    const curve = results[2]!;
    console.log(
      `power-curve?range=all after a new ride stored: cold ${coldMedianMs.toFixed(1)} ms median, ${coldMaxMs.toFixed(1)} ms max of ${COLD_SAMPLES} (warm p95 ${curve.p95Ms.toFixed(1)} ms); target cold ≤ ${TARGET_COLD_CURVE_MS} ms: ${coldMaxMs <= TARGET_COLD_CURVE_MS ? 'met' : 'NOT met'}`,
    );
    console.log(
      `overview after a new ride stored: cold ${overviewCold[Math.floor(overviewCold.length / 2)]!.toFixed(1)} ms median, ${overviewCold.at(-1)!.toFixed(1)} ms max of ${COLD_SAMPLES} (warm p95 ${results[3]!.p95Ms.toFixed(1)} ms)`,
    );
    const met = results.slice(1, 3).every((t) => t.p95Ms <= TARGET_P95_MS);
    console.log(
      `target: p95 ≤ ${TARGET_P95_MS} ms for the two dashboard figures: ${met ? 'met' : 'NOT met'}`,
    );
  } finally {
    await stop(server);
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
