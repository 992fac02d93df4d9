/**
 * The load figure (issue 16): many signed-in riders at once on one compiled Vatio server, each with a
 * history of their own, browsing the dashboard, the activity list, ride pages, the analytics and the
 * garage while some of them upload rides; on PGlite (as `npm start` runs it) and on PostgreSQL
 * (a throwaway cluster from scripts/postgres.mjs). Target: p99 ≤ 500 ms and no request over 2 s,
 * with 0 errors.
 *
 * Setup: the riders sign in through the API (one code each from the server's outbox), then their
 * histories are written straight into the database (bench/stored-rides.ts: `--rides` rides each, as
 * the import would have stored them), then each rider uploads one real ride through the API (its
 * streams make a full ride page) and makes a bike holding all their rides.
 *
 * The load: a client process of its own (node:http on kept-alive agents, see http-load.ts; it shares
 * the two cores with the server, so it must be cheap) runs every rider as a loop: pick a screen by
 * weight, send its requests at once as the web app does, wait `--think-ms`, again, for `--duration`
 * seconds. `--uploaders` of the riders also upload a new 1 h ride every `--upload-every` seconds and
 * follow its import. Printed by route: requests/s, p50/p95/p99/max, errors; the server's peak
 * resident memory and CPU, and the load average (the machine is shared: compare runs made together).
 *
 * Run: `npm run bench -- load [--db pglite|pg|both] [--riders 200] [--uploaders 20] [--duration 60]
 *   [--rides 30] [--think-ms 0] [--upload-every 10]`, or the same names as env LOAD_RIDERS, LOAD_DB, …
 * A quick run: `npm run bench -- load --db pglite --riders 100 --duration 20`.
 * Each rider opens every screen once before the clock starts (not counted; `--no-warmup` counts the cold
 * start too). `--per-route`: instead of the mix, each route alone (every rider asks 3 times, 20 in
 * flight), with the server's CPU ms per request. `--server path/vatio.mjs`: another compiled server (a
 * copy of packages/cli/dist from before a change), for old-against-new runs made one after the other
 * on this shared machine. LOAD_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { encodeFit, generateRide } from '@vatio/formats';
import { openDatabase, pgliteDirFor } from '../packages/server/src/db/database.ts';
import {
  COMPILED_SERVER,
  freePort,
  signInTokensOverHttp,
  startServerProcess,
} from '../packages/server/src/test/processes.ts';
import { AS_INSTALLED, processCpuMs, stop } from './http-load.ts';
import { seedStoredRidesInto } from './stored-rides.ts';

const TARGET_P99_MS = 500;
const TARGET_MAX_MS = 2000;

interface Options {
  db: 'pglite' | 'pg' | 'both';
  riders: number;
  uploaders: number;
  durationS: number;
  rides: number;
  thinkMs: number;
  uploadEveryS: number;
  warmup: boolean;
  /** Another compiled server's entry (a copy of packages/cli/dist's vatio.mjs): old against new. */
  server: string | undefined;
  /** Instead of the mix: each route alone, with the server's CPU per request. */
  perRoute: boolean;
}

function options(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      db: { type: 'string' },
      riders: { type: 'string' },
      uploaders: { type: 'string' },
      duration: { type: 'string' },
      rides: { type: 'string' },
      'think-ms': { type: 'string' },
      'upload-every': { type: 'string' },
      'no-warmup': { type: 'boolean' },
      'per-route': { type: 'boolean' },
      server: { type: 'string' },
    },
  });
  const env = process.env;
  const num = (flag: string | undefined, name: string, fallback: number) => {
    const n = Number(flag ?? env[name] ?? fallback);
    if (!Number.isFinite(n) || n < 0) throw new Error(`${name}: not a number`);
    return n;
  };
  const db = (values.db ?? env.LOAD_DB ?? 'both') as Options['db'];
  if (!['pglite', 'pg', 'both'].includes(db)) throw new Error('--db: pglite, pg or both');
  const riders = Math.max(1, Math.round(num(values.riders, 'LOAD_RIDERS', 200)));
  return {
    db,
    riders,
    uploaders: Math.min(riders, Math.round(num(values.uploaders, 'LOAD_UPLOADERS', Math.ceil(riders / 10)))),
    durationS: num(values.duration, 'LOAD_DURATION_S', 60),
    rides: Math.max(1, Math.round(num(values.rides, 'LOAD_RIDES', 30))),
    thinkMs: num(values['think-ms'], 'LOAD_THINK_MS', 0),
    uploadEveryS: num(values['upload-every'], 'LOAD_UPLOAD_EVERY_S', 10),
    warmup: !(values['no-warmup'] ?? env.LOAD_NO_WARMUP === '1'),
    server: values.server ?? env.LOAD_SERVER,
    perRoute: values['per-route'] ?? env.LOAD_PER_ROUTE === '1',
  };
}

// ---------------------------------------------------------------------------------------------------
// The client (a process of its own): riders as loops of screens.

interface Rider {
  token: string;
  bikeId: string;
  /** Their uploaded ride, which keeps its streams: the full ride page. */
  fullRideId: string;
}

interface ClientConfig {
  base: string;
  riders: Rider[];
  uploaders: number;
  durationS: number;
  thinkMs: number;
  uploadEveryS: number;
  warmup: boolean;
  perRoute: boolean;
  serverPid: number | undefined;
  /** Upload bodies, one per upload slot (multipart, built once). */
  uploadFiles: string[];
  boundary: string;
  out: string;
}

interface ClientResult {
  samples: Record<string, number[]>;
  errors: Record<string, number>;
  errorExamples: string[];
  wallS: number;
  uploadsDone: number;
  importMs: number[];
  perRouteCpuMs: Record<string, number>;
  perRouteWallMs: Record<string, number>;
}

const Q = 'tz=Europe/Madrid&locale=es';

/** One request on a kept-alive connection, the body read in full (as text when `keep`). */
function send(
  agent: http.Agent,
  base: URL,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: Buffer,
  keep = false,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: base.hostname, port: base.port, method, path, headers, agent, timeout: 30_000 },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => keep && chunks.push(c));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, text: keep ? Buffer.concat(chunks).toString() : '' }),
        );
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('timed out after 30 s')));
    request.on('error', reject);
    request.end(body);
  });
}

async function runClient(config: ClientConfig): Promise<void> {
  const base = new URL(config.base);
  const samples: Record<string, number[]> = {};
  const errors: Record<string, number> = {};
  const errorExamples: string[] = [];
  const importMs: number[] = [];
  let uploadsDone = 0;
  let t0 = Number.POSITIVE_INFINITY;
  let end = Number.POSITIVE_INFINITY;
  let recording = false;
  let waiting = config.riders.length;
  let go = () => {};
  const started = new Promise<void>((r) => {
    go = r;
  });
  const ready = () => {
    if (--waiting === 0) {
      t0 = performance.now();
      end = t0 + config.durationS * 1000;
      recording = true;
      go();
    }
    return started;
  };
  const files = config.uploadFiles.map((f) => readFileSync(f));

  const timed = async (
    agent: http.Agent,
    group: string,
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: Buffer,
    keep = false,
  ) => {
    const start = performance.now();
    let answer: { status: number; text: string } | undefined;
    try {
      answer = await send(agent, base, method, path, headers, body, keep);
    } catch (error) {
      answer = { status: 0, text: error instanceof Error ? error.message : String(error) };
    }
    const ms = performance.now() - start;
    if (recording) {
      samples[group] ??= [];
      samples[group].push(ms);
    }
    if (answer.status < 200 || answer.status >= 300) {
      const key = recording ? group : `(warm-up) ${group}`;
      errors[key] = (errors[key] ?? 0) + 1;
      if (errorExamples.length < 10) errorExamples.push(`${method} ${path}: ${answer.status} ${answer.text}`);
      return undefined;
    }
    return answer;
  };

  const perRouteCpuMs: Record<string, number> = {};
  const perRouteWallMs: Record<string, number> = {};
  const perRouteTable: [string, (rider: Rider) => string][] = [
    ['GET /api/health', () => '/api/health'],
    ['GET /api/me', () => '/api/me'],
    ['GET /api/dashboard', () => `/api/dashboard?${Q}`],
    ['GET /api/dashboard/power-curve', () => `/api/dashboard/power-curve?range=all&${Q}`],
    ['GET /api/dashboard/overview', () => `/api/dashboard/overview?${Q}`],
    ['GET /api/activities', () => '/api/activities?limit=20&offset=0'],
    ['GET /api/activities/:id', (r) => `/api/activities/${r.fullRideId}`],
    ['GET /api/activities/:id/streams', (r) => `/api/activities/${r.fullRideId}/streams`],
    ['GET /api/activities/:id/analysis', (r) => `/api/activities/${r.fullRideId}/analysis`],
    ['GET /api/analytics/performance', () => '/api/analytics/performance?weeks=4&tz=Europe/Madrid'],
    ['GET /api/analytics/training-load', () => '/api/analytics/training-load?days=90&tz=Europe/Madrid'],
    ['GET /api/analytics/predictive', () => '/api/analytics/predictive?weeks=4&tz=Europe/Madrid'],
    ['GET /api/analytics/advanced', () => '/api/analytics/advanced?period=4w&tz=Europe/Madrid'],
    ['GET /api/bikes', () => '/api/bikes'],
    ['GET /api/bikes/:id/performance', (r) => `/api/bikes/${r.bikeId}/performance`],
    ['GET /api/maintenance/due', () => '/api/maintenance/due'],
  ];

  const riderLoop = async (rider: Rider, index: number) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 6 });
    const headers = { authorization: `Bearer ${rider.token}` };
    const get = (group: string, path: string, keep = false) =>
      timed(agent, group, 'GET', path, headers, undefined, keep);
    let rideIds: string[] = [];
    // The screens the web app opens, each with the requests it sends at once, and their weights.
    const screens: [weight: number, open: () => Promise<unknown>][] = [
      [
        25,
        () =>
          Promise.all([
            get('GET /api/me', '/api/me'),
            get('GET /api/dashboard', `/api/dashboard?${Q}`),
            get('GET /api/dashboard/power-curve', `/api/dashboard/power-curve?range=all&${Q}`),
            get('GET /api/dashboard/overview', `/api/dashboard/overview?${Q}`),
          ]),
      ],
      [
        20,
        async () => {
          const offset = rideIds.length > 20 ? 20 * Math.floor(Math.random() * 2) : 0;
          const page = await get('GET /api/activities', `/api/activities?limit=20&offset=${offset}`, true);
          if (page)
            rideIds = (JSON.parse(page.text) as { activities: { id: string }[] }).activities.map((a) => a.id);
        },
      ],
      [
        15,
        () => {
          const id = rideIds[Math.floor(Math.random() * rideIds.length)] ?? rider.fullRideId;
          return get('GET /api/activities/:id', `/api/activities/${id}`);
        },
      ],
      [
        8,
        () =>
          Promise.all([
            get('GET /api/activities/:id', `/api/activities/${rider.fullRideId}`),
            get('GET /api/activities/:id/streams', `/api/activities/${rider.fullRideId}/streams`),
            get('GET /api/activities/:id/analysis', `/api/activities/${rider.fullRideId}/analysis`),
          ]),
      ],
      [
        8,
        () =>
          Promise.all([
            get('GET /api/analytics/performance', '/api/analytics/performance?weeks=4&tz=Europe/Madrid'),
            get('GET /api/analytics/training-load', '/api/analytics/training-load?days=90&tz=Europe/Madrid'),
          ]),
      ],
      [4, () => get('GET /api/analytics/predictive', '/api/analytics/predictive?weeks=4&tz=Europe/Madrid')],
      [4, () => get('GET /api/analytics/advanced', '/api/analytics/advanced?period=4w&tz=Europe/Madrid')],
      [
        10,
        () =>
          Promise.all([
            get('GET /api/bikes', '/api/bikes'),
            get('GET /api/bikes/:id/performance', `/api/bikes/${rider.bikeId}/performance`),
            get('GET /api/maintenance/due', '/api/maintenance/due'),
          ]),
      ],
      [6, () => get('GET /api/health', '/api/health')],
    ];
    const total = screens.reduce((s, [w]) => s + w, 0);
    const pick = () => {
      let r = Math.random() * total;
      for (const [w, open] of screens) {
        r -= w;
        if (r < 0) return open;
      }
      return screens[0]![1];
    };
    const uploader = index < config.uploaders;
    // Uploads are spread over the interval so that they do not all arrive at once.
    // Warm-up, not counted: each screen once (a rider's first answers after a start are cold by
    // design: they compute what is then kept), then all riders start together.
    if (config.warmup || config.perRoute) for (const [, open] of screens) await open();
    await ready();
    if (config.perRoute) return;
    let nextUploadAt = t0 + ((index + 0.5) / Math.max(1, config.uploaders)) * config.uploadEveryS * 1000;
    let slot = 0;
    let following: Promise<void> | undefined;
    while (performance.now() < end) {
      if (uploader && !following && performance.now() >= nextUploadAt && slot < files.length) {
        const body = files[slot++]!;
        nextUploadAt += config.uploadEveryS * 1000;
        const started = performance.now();
        const answer = await timed(
          agent,
          'POST /api/activities/upload',
          'POST',
          '/api/activities/upload',
          {
            ...headers,
            'content-type': `multipart/form-data; boundary=${config.boundary}`,
            'content-length': String(body.length),
          },
          body,
          true,
        );
        if (answer) {
          const importId = (JSON.parse(answer.text) as { import_id: string }).import_id;
          // The web app follows the import once a second while the rider goes on browsing.
          following = (async () => {
            while (performance.now() < end) {
              await new Promise((r) => setTimeout(r, 1000));
              const status = await get('GET /api/imports/:id', `/api/imports/${importId}`, true);
              if (!status) return;
              const files = (JSON.parse(status.text) as { files: { status: string }[] }).files;
              if (files.every((f) => f.status !== 'queued' && f.status !== 'processing')) {
                if (files.every((f) => f.status === 'done')) {
                  uploadsDone++;
                  importMs.push(performance.now() - started);
                } else {
                  errors['import (not stored)'] = (errors['import (not stored)'] ?? 0) + 1;
                }
                return;
              }
            }
          })().finally(() => {
            following = undefined;
          });
        }
      }
      await pick()();
      if (config.thinkMs > 0) await new Promise((r) => setTimeout(r, config.thinkMs * (0.5 + Math.random())));
    }
    await following;
    agent.destroy();
  };

  if (config.perRoute) {
    // Each route alone: every rider asks once, 20 at a time; the server's CPU per request from /proc.
    for (const [group, path] of perRouteTable) {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 20 });
      let next = 0;
      const cpu0 = processCpuMs(config.serverPid);
      const w0 = performance.now();
      recording = true;
      await Promise.all(
        Array.from({ length: 20 }, async () => {
          while (next < config.riders.length * 3) {
            const rider = config.riders[next++ % config.riders.length]!;
            await timed(agent, group, 'GET', path(rider), { authorization: `Bearer ${rider.token}` });
          }
        }),
      );
      const cpu1 = processCpuMs(config.serverPid);
      agent.destroy();
      perRouteCpuMs[group] =
        cpu0 !== undefined && cpu1 !== undefined ? (cpu1 - cpu0) / (config.riders.length * 3) : -1;
      perRouteWallMs[group] = performance.now() - w0;
    }
    t0 = performance.now() - 1;
  } else {
    await Promise.all(config.riders.map(riderLoop));
  }
  const result: ClientResult = {
    samples,
    errors,
    errorExamples,
    wallS: (performance.now() - t0) / 1000,
    uploadsDone,
    importMs,
    perRouteCpuMs,
    perRouteWallMs,
  };
  writeFileSync(config.out, JSON.stringify(result));
}

// ---------------------------------------------------------------------------------------------------
// The parent: setup, the server, its memory, the report.

/** Resident memory of a process in MB (Linux /proc), undefined elsewhere. */
function rssMb(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

function multipart(boundary: string, name: string, bytes: Uint8Array): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
}

/**
 * A 1 h ride `day` + 1 days before `seededAt`, in the gap between two seeded rides (stored-rides.ts:
 * ride k starts k + 1 days before its seeding plus 0–9 h and lasts at most 5 h, so it ends by 14 h
 * after that; a ride overlapping another would be a duplicate): 9.5 h before seeded ride `day`'s
 * earliest start. Recent, as a rider's uploads are (a ride from years ago stretches every daily
 * series back to it).
 */
function rideFile(seed: number, day: number, seededAt: number): Uint8Array {
  const startTime = new Date(seededAt - (day + 1) * 86_400_000 - 9.5 * 3_600_000);
  return encodeFit(generateRide({ seed, durationS: 3600, startTime }));
}

async function json(base: string, token: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<Record<string, unknown>>;
}

/** `count` tasks, `width` at a time. */
async function pool<T>(count: number, width: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, count) }, async () => {
      while (next < count) {
        const i = next++;
        out[i] = await task(i);
      }
    }),
  );
  return out;
}

const pct = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length, Math.max(1, Math.ceil(q * sorted.length))) - 1] ?? Number.NaN;

interface RunFigures {
  engine: string;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  errors: number;
  peakRssMb: number | undefined;
  serverCpuCores: number | undefined;
  load: number[];
}

/**
 * The compiled server (or `entry`, a copy of an older build) on `port`, once /api/health answers. To
 * profile it: LOAD_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' (not allowed in NODE_OPTIONS).
 */
function startServer(env: NodeJS.ProcessEnv, port: number, entry = COMPILED_SERVER[0]!) {
  return startServerProcess({ ...AS_INSTALLED, ...env }, port, {
    entry,
    nodeArgs: process.env.LOAD_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [],
    startDeadlineMs: 90_000,
  });
}

async function runOnce(engine: 'pglite' | 'pg', opts: Options): Promise<RunFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), `vatio-bench-load-${engine}-`));
  let pg: { url: string; stop(): void } | undefined;
  let server: ChildProcess | undefined;
  try {
    const env: NodeJS.ProcessEnv = {
      DATA_DIR: dataDir,
      SMS_PROVIDER_URL: '',
      // Every rider signs in from this one address.
      OTP_REQUESTS_PER_IP_PER_HOUR: String(opts.riders * 2 + 10),
    };
    if (engine === 'pg') {
      // @ts-expect-error: a JavaScript module without types
      const { startThrowawayPostgres } = await import('../scripts/postgres.mjs');
      const started = (await startThrowawayPostgres()) as
        | { url: string; stop(): void }
        | { unavailable: string };
      if ('unavailable' in started) throw new Error(`PostgreSQL: ${started.unavailable}`);
      pg = started;
      env.DATABASE_URL = started.url;
    }
    const setup0 = performance.now();
    let port = await freePort();
    server = await startServer(env, port, opts.server);
    let base = `http://127.0.0.1:${port}`;
    // Sign-ins one at a time: each reads the newest code in the outbox.
    const tokens: string[] = [];
    for (let i = 0; i < opts.riders; i++) {
      tokens.push((await signInTokensOverHttp(base, dataDir, `load-${i}@example.org`)).access_token);
    }
    const userIds = tokens.map(
      (t) => (JSON.parse(Buffer.from(t.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub,
    );
    await stop(server);
    server = undefined;
    // Histories straight into the database, with the server stopped (PGlite is one process's).
    const handle = await openDatabase(
      engine === 'pg' ? { databaseUrl: env.DATABASE_URL } : { pgliteDir: pgliteDirFor(dataDir) },
    );
    // The seeding's "now", which the uploads' days are counted from (each rider's is a little later).
    const seededAt = Date.now();
    try {
      for (const userId of userIds) await seedStoredRidesInto(handle, userId, opts.rides);
    } finally {
      await handle.close();
    }
    port = await freePort();
    server = await startServer(env, port, opts.server);
    base = `http://127.0.0.1:${port}`;
    // One real ride each (streams for the full ride page) and a bike holding all their rides.
    const setupFile = rideFile(1, 0, seededAt);
    const riders: Rider[] = await pool(opts.riders, 8, async (i) => {
      const token = tokens[i]!;
      const form = new FormData();
      form.append('file', new Blob([setupFile]), 'setup.fit');
      const up = await fetch(`${base}/api/activities/upload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      if (up.status !== 202) throw new Error(`setup upload: ${up.status}`);
      const { import_id } = (await up.json()) as { import_id: string };
      let fullRideId: string | undefined;
      while (!fullRideId) {
        const s = (await json(base, token, 'GET', `/api/imports/${import_id}`)) as unknown as {
          files: { status: string; activity_id: string | null }[];
        };
        const f = s.files[0]!;
        if (f.status === 'done') fullRideId = f.activity_id!;
        else if (f.status !== 'queued' && f.status !== 'processing')
          throw new Error(`setup import: ${f.status}`);
        else await new Promise((r) => setTimeout(r, 200));
      }
      const bike = await json(base, token, 'POST', '/api/bikes', {
        name: 'Load bike',
        type: 'road',
        is_primary: true,
      });
      await json(base, token, 'POST', `/api/bikes/${bike.id}/rides`, {
        from: '2000-01-01',
        to: new Date().toISOString().slice(0, 10),
      });
      return { token, bikeId: String(bike.id), fullRideId };
    });
    const setupS = (performance.now() - setup0) / 1000;

    // The upload bodies: as many as an uploader can send in the run, each a different day.
    const boundary = 'vatio-load-boundary';
    const slots = Math.ceil(opts.durationS / Math.max(1, opts.uploadEveryS)) + 1;
    const uploadFiles = Array.from({ length: opts.uploaders > 0 ? slots : 0 }, (_, k) => {
      const path = join(dataDir, `upload-${k}.multipart`);
      writeFileSync(path, multipart(boundary, `load-${k}.fit`, rideFile(100 + k, 1 + k, seededAt)));
      return path;
    });

    const out = join(dataDir, 'client-result.json');
    const configPath = join(dataDir, 'client-config.json');
    const config: ClientConfig = {
      base,
      riders,
      uploaders: opts.uploaders,
      durationS: opts.durationS,
      thinkMs: opts.thinkMs,
      uploadEveryS: opts.uploadEveryS,
      warmup: opts.warmup,
      perRoute: opts.perRoute,
      serverPid: server.pid,
      uploadFiles,
      boundary,
      out,
    };
    writeFileSync(configPath, JSON.stringify(config));

    const pid = server.pid;
    const rssStart = rssMb(pid);
    let peakRss = rssStart ?? 0;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, rssMb(pid) ?? 0);
    }, 200);
    const load0 = loadavg();
    const cpu0 = processCpuMs(pid);
    const client = spawn(
      process.execPath,
      ['--import', 'tsx', import.meta.filename, '--client', configPath],
      {
        stdio: 'inherit',
      },
    );
    const code = await new Promise<number | null>((r) => client.once('exit', r));
    const cpu1 = processCpuMs(pid);
    const load1 = loadavg();
    clearInterval(sampler);
    if (code !== 0) throw new Error(`the load client exited with ${code}`);
    const result = JSON.parse(readFileSync(out, 'utf8')) as ClientResult;
    return report(engine, opts, result, {
      setupS,
      rssStart,
      peakRss: rssStart === undefined ? undefined : peakRss,
      cpuMs: cpu0 !== undefined && cpu1 !== undefined ? cpu1 - cpu0 : undefined,
      load: [load0[0]!, load1[0]!, load1[1]!],
    });
  } finally {
    if (server) await stop(server);
    pg?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function report(
  engine: string,
  opts: Options,
  r: ClientResult,
  server: { setupS: number; rssStart?: number; peakRss?: number; cpuMs?: number; load: number[] },
): RunFigures {
  const f = (x: number, d = 0) => (Number.isFinite(x) ? x.toFixed(d) : '–');
  const all: number[] = [];
  let errorCount = 0;
  console.log(
    `\nload on ${engine === 'pg' ? 'PostgreSQL' : 'PGlite'}${opts.server ? ` (server ${opts.server})` : ''}: ${opts.riders} riders (${opts.rides} stored rides + 1 uploaded each), ` +
      `${opts.uploaders} uploading a 1 h ride every ${opts.uploadEveryS} s, think time ${opts.thinkMs} ms, ` +
      `${f(r.wallS, 1)} s (setup ${f(server.setupS, 0)} s)`,
  );
  console.log(
    `${'route'.padEnd(36)}${'requests'.padStart(9)}${'req/s'.padStart(8)}${'p50 ms'.padStart(8)}${'p95 ms'.padStart(8)}` +
      `${'p99 ms'.padStart(8)}${'max ms'.padStart(8)}${'errors'.padStart(8)}${opts.perRoute ? 'cpu ms/req'.padStart(12) : ''}`,
  );
  const perRoute = opts.perRoute;
  if (perRoute) console.log('each route alone, every rider asking 3 times, 20 requests in flight');
  const line = (label: string, samples: number[], errors: number) => {
    const s = [...samples].sort((a, b) => a - b);
    // Alone, a route's rate is over its own time; in the mix, over the whole run.
    const wallS = perRoute ? (r.perRouteWallMs[label] ?? Number.NaN) / 1000 : r.wallS;
    const cpu = perRoute ? `${f(r.perRouteCpuMs[label] ?? Number.NaN, 2).padStart(12)}` : '';
    console.log(
      `${label.padEnd(36)}${String(s.length).padStart(9)}${f(s.length / wallS, 1).padStart(8)}${f(pct(s, 0.5)).padStart(8)}` +
        `${f(pct(s, 0.95)).padStart(8)}${f(pct(s, 0.99)).padStart(8)}${f(s.at(-1) ?? Number.NaN).padStart(8)}${String(errors).padStart(8)}${cpu}`,
    );
  };
  for (const group of Object.keys(r.samples).sort()) {
    const samples = r.samples[group]!;
    all.push(...samples);
    errorCount += r.errors[group] ?? 0;
    line(group, samples, r.errors[group] ?? 0);
  }
  for (const [group, n] of Object.entries(r.errors)) if (!(group in r.samples)) errorCount += n;
  line('all', all, errorCount);
  const sorted = all.sort((a, b) => a - b);
  const p99 = pct(sorted, 0.99);
  const max = sorted.at(-1) ?? Number.NaN;
  const imports = [...r.importMs].sort((a, b) => a - b);
  console.log(
    `uploads imported: ${r.uploadsDone} (upload to stored: p50 ${f(pct(imports, 0.5))} ms, max ${f(imports.at(-1) ?? Number.NaN)} ms)`,
  );
  const cores = server.cpuMs === undefined ? undefined : server.cpuMs / 1000 / r.wallS;
  console.log(
    `server: resident memory ${f(server.rssStart ?? Number.NaN)} MB before, peak ${f(server.peakRss ?? Number.NaN)} MB; ` +
      `CPU ${f(cores ?? Number.NaN, 2)} cores on average (${f((server.cpuMs ?? Number.NaN) / Math.max(1, all.length), 2)} ms a request); ` +
      `load average ${f(server.load[0]!, 1)} before, ${f(server.load[1]!, 1)} (1 min) and ${f(server.load[2]!, 1)} (5 min) after, ${availableParallelism()} cpu`,
  );
  if (r.errorExamples.length) console.log(`first errors:\n  ${r.errorExamples.join('\n  ')}`);
  console.log(
    `target p99 ≤ ${TARGET_P99_MS} ms: ${p99 <= TARGET_P99_MS ? 'met' : 'NOT met'} (${f(p99)} ms); no request over ` +
      `${TARGET_MAX_MS} ms: ${max <= TARGET_MAX_MS ? 'met' : 'NOT met'} (max ${f(max)} ms); errors ${errorCount} (target 0)`,
  );
  return {
    engine,
    rps: all.length / r.wallS,
    p50: pct(sorted, 0.5),
    p95: pct(sorted, 0.95),
    p99,
    max,
    errors: errorCount,
    peakRssMb: server.peakRss,
    serverCpuCores: cores,
    load: server.load,
  };
}

if (process.argv[2] === '--client') {
  await runClient(JSON.parse(readFileSync(process.argv[3]!, 'utf8')) as ClientConfig);
} else {
  const opts = options(process.argv.slice(2).filter((a) => a !== 'load'));
  const { ensureServerBuild } = await import('../scripts/lib.mjs');
  if (!opts.server) await ensureServerBuild();
  const engines = opts.db === 'both' ? (['pglite', 'pg'] as const) : [opts.db];
  const figures: RunFigures[] = [];
  for (const engine of engines) figures.push(await runOnce(engine, opts));
  if (figures.length > 1) {
    console.log(`\nsummary (all routes): engine, req/s, p50/p95/p99/max ms, errors, peak MB`);
    for (const x of figures)
      console.log(
        `${x.engine.padEnd(8)}${x.rps.toFixed(0).padStart(6)}  ${[x.p50, x.p95, x.p99, x.max].map((v) => v.toFixed(0)).join('/')}  ${x.errors}  ${x.peakRssMb?.toFixed(0) ?? '–'}`,
      );
  }
}
