/**
 * `npm run bench`, its parts (timings as ratios against a baseline measured in the same run; sizes
 * against their budgets):
 * - decode: one synthetic 4 h 1 Hz ride written as FIT, then a byte pass (the floor), the bare
 *   @garmin/fitsdk decode, Vatio's decode + full analysis, and @sports-alliance/sports-lib's import + stats;
 * - memory: the compiled server's resident memory idle, after a first start and a restart (memory.ts);
 * - web: JavaScript to a usable landing page and dashboard in a real Chromium (web-load.ts);
 * - import: 1,000 synthetic rides through the HTTP API into a PGlite server (import-rides.ts), with
 *   the server's peak memory;
 * - dashboard: 2,000 stored rides, dashboards under 50 concurrent requests (dashboard.ts);
 * - endpoints: the API-key and API-reference routes cold and warm, and a key's cost against a session
 *   token on the same read, and POST /api/auth/logout-all cold and warm (endpoints.ts);
 * - analytics: 2,000 stored rides, each analytics endpoint warm and cold (analytics.ts).
 * - aero: the aero lab's POST /api/activities/:id/aero-fit cold and warm (aero-fit.ts).
 * - garage: the garage, bike-fitting, health-probe and segment-compare endpoints cold and warm, with
 *   2,000 stored rides on one bike (garage.ts).
 * - plan: the training plan's endpoints (plan, goals, workouts, files, calendar feed) cold and warm,
 *   with 2,000 stored rides and a 16-week plan (plan.ts).
 * - load: 200 signed-in riders at once with their own histories, browsing dashboards, activity lists,
 *   ride pages, analytics and the garage while 20 of them upload rides, 60 s on PGlite and on PostgreSQL
 *   (load.ts); requests/s, p50/p95/p99/max and errors by route, the server's peak memory, against the
 *   target p99 ≤ 500 ms and no request over 2 s. Its options follow the part's name:
 *   `npm run bench -- load --db pglite --riders 100 --duration 20` (the others: `--uploaders`,
 *   `--rides` stored rides each, `--think-ms`, `--upload-every` s; or env LOAD_RIDERS, LOAD_DB, …).
 * - example: how long after start-up the public /analytics example rider is ready, prepared in the
 *   background with nobody asking (example-ready.ts), against the start-up itself in the same run.
 * Prints and exits 0: no timed assertions.
 */
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { join } from 'node:path';
import { bytePass } from './byte-pass.ts';
import { BENCH_DURATION_S, BENCH_FTP_W, makeBenchRide } from './ride.ts';
import { sdkDecode } from './sdk-decode.ts';
import { sportsLibImport } from './sports-lib.ts';
import { runEndpointsBench } from './endpoints.ts';
import { AS_INSTALLED } from './http-load.ts';
import { runImportBench } from './import-rides.ts';
import { IDLE_BUDGET_MB, measureIdleMemory } from './memory.ts';
import { describeLoad, measureWebLoads } from './web-load.ts';
import { type Timing, timeAsync, timeSync } from './timing.ts';
import { vatioAnalyze, vatioDecode, vatioDecodeAndAnalyze, vatioDecodeSdkPath } from './vatio.ts';

// The parts' servers check answers as an install does (AS_INSTALLED); children inherit it.
process.env.VALIDATE_RESPONSES ??= AS_INSTALLED.VALIDATE_RESPONSES;

const TARGET_VS_SPORTS_LIB = 20;
const TARGET_VS_SDK = 3;

const fmt = (x: number, digits = 1) => (Number.isFinite(x) ? x.toFixed(digits) : 'n/a');

/** Import target: the rides through the HTTP API into PGlite within this many seconds (issue 28). */
const IMPORT_TARGET_S = 30;
/** Resident-memory budget of the compiled server on PGlite at the import's peak (issue 12); idle: memory.ts. */
const IMPORT_PEAK_BUDGET_MB = 600;

const budget = (mb: number | undefined, limit: number) =>
  `${fmt(mb ?? Number.NaN, 0)} MB (budget ≤ ${limit} MB: ${mb !== undefined && mb <= limit ? 'met' : 'NOT met'})`;

/** The compiled server is what these figures measure: build it first when stale. */
async function compiledServer(): Promise<void> {
  const { ensureServerBuild } = await import('../scripts/lib.mjs');
  await ensureServerBuild();
}

/** JavaScript to a usable landing page and dashboard, in a real Chromium (web-load.ts). */
async function webBench(): Promise<void> {
  const { ensureWebBuild } = await import('../scripts/lib.mjs');
  ensureWebBuild();
  await compiledServer();
  const loads = await measureWebLoads();
  console.log(`\nweb: JavaScript to a usable page in Chromium (compiled server, production build)`);
  console.log(describeLoad('landing', loads.landing));
  console.log(describeLoad('dashboard', loads.dashboard));
}

async function memoryBench(): Promise<void> {
  await compiledServer();
  const idle = await measureIdleMemory();
  console.log(
    `\nmemory: compiled server on PGlite, idle 3 s after start: first start (creates and migrates the ` +
      `database) ${budget(idle.firstStartMb, IDLE_BUDGET_MB)}; restart ${budget(idle.restartMb, IDLE_BUDGET_MB)}`,
  );
}

async function decodeBench(): Promise<void> {
  console.log(
    `vatio bench · node ${process.version} · ${os.cpus().length} cpu · load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const ride = makeBenchRide();
  const mb = ride.bytes.length / 1e6;
  console.log(
    `ride: synthetic ${BENCH_DURATION_S / 3600} h at 1 Hz, ${ride.records} records, ${ride.bytes.length} bytes FIT ` +
      `(generated + encoded in ${fmt(ride.encodeMs / 1000, 1)} s), FTP ${BENCH_FTP_W} W\n`,
  );

  const results: Timing[] = [];
  const byteT = timeSync('byte pass (floor)', () => bytePass(ride.bytes), { warmup: 50, runs: 200 });
  results.push(byteT);
  const sdkT = timeSync('@garmin/fitsdk bare decode', () => sdkDecode(ride.bytes), { warmup: 5, runs: 25 });
  results.push(sdkT);
  const vatioT = timeSync(
    'Vatio decode + full analysis',
    () => vatioDecodeAndAnalyze(ride.bytes, BENCH_FTP_W),
    // Measured first, so its warm-up is the one that lets the JIT settle: with 8 the median of 30 runs
    // moved between 4.5 and 8.0 ms from one run of the bench to the next, while its two halves, timed
    // after it, held at 2.9 and 1.4–2.4 ms. Each figure is meant at its steady state.
    { warmup: 40, runs: 60 },
  );
  results.push(vatioT);
  // The two halves of Vatio's figure, for the record (not part of the targets).
  const decodeT = timeSync('  of which: decode', () => vatioDecode(ride.bytes), { warmup: 5, runs: 20 });
  const activity = vatioDecode(ride.bytes);
  const analyzeT = timeSync('  of which: analysis', () => vatioAnalyze(activity, BENCH_FTP_W), {
    warmup: 5,
    runs: 20,
  });
  const sdkPathT = timeSync('  decode without the fast path', () => vatioDecodeSdkPath(ride.bytes), {
    warmup: 3,
    runs: 15,
  });
  results.push(decodeT, analyzeT, sdkPathT);
  let slT: Timing | undefined;
  try {
    slT = await timeAsync('sports-lib import + stats', () => sportsLibImport(ride.bytes, BENCH_FTP_W), {
      warmup: 4,
      runs: 9,
    });
    results.push(slT);
  } catch (error) {
    console.log(`sports-lib could not be run: ${error instanceof Error ? error.message : String(error)}`);
  }

  const base = byteT.medianMs;
  console.log(
    `${'figure'.padEnd(32)}${'median ms'.padStart(11)}${'p95 ms'.padStart(10)}${'× byte pass'.padStart(13)}${'MB/s'.padStart(9)}`,
  );
  for (const t of results) {
    console.log(
      `${t.label.padEnd(32)}${fmt(t.medianMs, 2).padStart(11)}${fmt(t.p95Ms, 2).padStart(10)}` +
        `${fmt(t.medianMs / base, 0).padStart(13)}${fmt(mb / (t.medianMs / 1000), 1).padStart(9)}`,
    );
  }
  console.log('');
  const ratio = (other: Timing | undefined, target: number, name: string) => {
    if (!other) {
      console.log(`Vatio vs ${name}: not measured (target ≥ ${target}×)`);
      return;
    }
    const r = other.medianMs / vatioT.medianMs;
    const p = other.p95Ms / vatioT.p95Ms;
    console.log(
      `Vatio vs ${name}: ${fmt(r, 1)}× faster by median (${fmt(p, 1)}× by p95); target ≥ ${target}×: ` +
        `${r >= target ? 'met' : 'NOT met'}`,
    );
  };
  ratio(slT, TARGET_VS_SPORTS_LIB, 'sports-lib');
  ratio(sdkT, TARGET_VS_SDK, 'bare SDK decode');
}

async function importBench(): Promise<void> {
  const rides = Number(process.env.BENCH_RIDES ?? 1000);
  const options = { rides, filesPerRequest: 25, concurrentRequests: 2 };
  console.log(
    `\nimport: ${rides} synthetic rides of 1–5 h uploaded through the HTTP API (${options.filesPerRequest} files a ` +
      `request, ${options.concurrentRequests} requests at once) into a Vatio server process on PGlite`,
  );
  await compiledServer();
  const r = await runImportBench(options);
  if (r.generatedMs !== undefined)
    console.log(`(corpus generated in ${fmt(r.generatedMs / 1000, 1)} s, kept for later runs)`);
  console.log(
    `${r.rides} rides, ${fmt(r.megabytes, 0)} MB: all stored and analysed in ${fmt(r.wallS, 1)} s = ` +
      `${fmt(r.ridesPerS, 1)} rides/s (${r.stored} stored, ${r.notStored} not stored; every file done at ` +
      `${fmt(r.filesDoneS, 1)} s, the rider's batch pass after it)`,
  );
  console.log(
    `bare decoding of the same files in one process: ${fmt(r.bareDecodeS, 1)} s; import / bare decode = ` +
      `${fmt(r.ratioToBareDecode, 1)}×; server memory ${fmt(r.startServerRssMb ?? Number.NaN, 0)} MB before the first upload, ` +
      `peak ${budget(r.peakServerRssMb, IMPORT_PEAK_BUDGET_MB)}`,
  );
  if (r.cpu)
    console.log(
      `server CPU from the first upload to the end: main thread ${fmt(r.cpu.mainS, 1)} s, other threads (analysis, file system, ` +
        `garbage collector) ${fmt(r.cpu.otherS, 1)} s (less sensitive to the machine's other load than the wall time)`,
    );
  // Where the time went: each stage's wall time added up over the files (two files are in flight, so the
  // stages overlap; everything but the analysis thread's decode holds the server's main thread).
  console.log(`import stages (server's own timing, summed over files; costliest first):`);
  for (const s of r.stages)
    console.log(
      `  ${s.stage.padEnd(56)}${fmt(s.ms / 1000, 1).padStart(8)} s${String(s.count).padStart(7)}×` +
        `${fmt(s.ms / s.count, 1).padStart(9)} ms each`,
    );
  if (r.stages[0]) console.log(`costliest import stage: ${r.stages[0].stage}`);
  console.log(
    `target: ${rides} rides within ${IMPORT_TARGET_S} s: ${r.wallS <= IMPORT_TARGET_S ? 'met' : 'NOT met'}`,
  );
}

/** A server figure that is a script of its own (it takes its own arguments): dashboard.ts, analytics.ts. */
function scriptBench(script: string, args: string[] = []): void {
  console.log('');
  spawnSync(process.execPath, ['--import', 'tsx', join(import.meta.dirname, script), ...args], {
    stdio: 'inherit',
  });
}

/** Cold and warm figures of the API-key and API-reference endpoints (bench/endpoints.ts). */
async function endpointsBench(): Promise<void> {
  await compiledServer();
  await runEndpointsBench();
}

/** The example rider's time to ready after start-up (bench/example-ready.ts); BENCH_EXAMPLE_DAYS for a shorter plan. */
async function exampleBench(): Promise<void> {
  await compiledServer();
  const { describeExampleReady, measureExampleReady } = await import('./example-ready.ts');
  const days = Number(process.env.BENCH_EXAMPLE_DAYS ?? 182);
  console.log(
    `\nexample: compiled server on a new PGlite folder, ${os.cpus().length} cpu, EXAMPLE_RIDER_PREPARE on, ` +
      `load ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
  );
  console.log(describeExampleReady(await measureExampleReady(days)));
}

// `npm run bench` runs them all; `npm run bench -- decode`, `-- memory`, `-- web`, `-- import`,
// `-- dashboard`, `-- analytics`, `-- endpoints`, `-- aero`, `-- garage`, `-- plan`, `-- load` or `-- example` one.
const only = process.argv[2];
if (only === undefined || only === 'decode') await decodeBench();
if (only === undefined || only === 'memory') await memoryBench();
if (only === undefined || only === 'web') await webBench();
if (only === undefined || only === 'import') await importBench();
if (only === undefined || only === 'dashboard') scriptBench('dashboard.ts');
if (only === undefined || only === 'analytics') scriptBench('analytics.ts');
if (only === undefined || only === 'endpoints') await endpointsBench();
if (only === undefined || only === 'aero') scriptBench('aero-fit.ts');
if (only === undefined || only === 'garage') scriptBench('garage.ts');
if (only === undefined || only === 'plan') scriptBench('plan.ts');
if (only === undefined || only === 'load') scriptBench('load.ts', process.argv.slice(3));
if (only === undefined || only === 'example') await exampleBench();
