import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodeFit, generateRide } from '@vatio/formats';
import { zipSync } from 'fflate';
import pg from 'pg';
import { afterAll, describe, expect, test } from 'vitest';
import { type ReverseProxy, startProxy } from '../../../scripts/proxy.mjs';
import { answerConsent, startFakeStrava } from './test/fake-strava.ts';
import {
  freePort,
  ROOT,
  signInTokensOverHttp,
  startServerProcess,
  waitForImportOverHttp,
} from './test/processes.ts';
import { multipartBody } from './test/upload.ts';

// docs/DEPLOYMENT.md's topology without containers: a throwaway PostgreSQL database, two
// `vatio serve` processes (workers off) behind scripts/proxy.mjs, and two `vatio worker` processes,
// all sharing DATA_DIR (the blob store, the outbox) and SECRET_KEY. All four start at the same moment
// on an empty database: the migrations and the job queue's schema must not race. Then, through the
// proxy: a sign-in, a zip of rides and a Strava push event; every ride is stored exactly once.
const adminUrl = process.env.DATABASE_URL;
const dataDir = mkdtempSync(join(tmpdir(), 'vatio-deploy-'));
const dbName = `vatio_deploy_${process.pid}`;
const children: ChildProcess[] = [];
let proxy: ReverseProxy | undefined;
let closeStrava: (() => Promise<void>) | undefined;

async function query<R extends object>(url: string, text: string, values: unknown[] = []): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(text, values)).rows;
  } finally {
    await client.end();
  }
}

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await proxy?.close();
  await closeStrava?.();
  rmSync(dataDir, { recursive: true, force: true });
  if (adminUrl) await query(adminUrl, `drop database if exists ${dbName} with (force)`);
});

/**
 * Enough rides that one worker alone needs longer than the queue's 1 s polling interval even when each
 * job takes only 50 ms (measured: 53–242 ms for these two-hour rides): the other worker then polls
 * while jobs are still waiting, and takes some. With 6, a fast worker sometimes did them all (6/0).
 */
const RIDES = 24;
const ATHLETE = 91_001;
const STRAVA_RIDE = 555_001;

describe.skipIf(!adminUrl)('two servers and two workers behind a proxy, on PostgreSQL', () => {
  test('start together, share the work, and store every ride once', async () => {
    const started = Date.now();
    await query(adminUrl!, `drop database if exists ${dbName} with (force)`);
    await query(adminUrl!, `create database ${dbName}`);
    const url = new URL(adminUrl!);
    url.pathname = `/${dbName}`;
    const databaseUrl = url.toString();

    const strava = await startFakeStrava();
    closeStrava = strava.close;
    strava.addAthlete({ id: ATHLETE, firstname: 'Ana', lastname: 'Proxy', bikes: [] });
    strava.signInAs(ATHLETE);

    const [proxyPort, port1, port2] = [await freePort(), await freePort(), await freePort()];
    const publicUrl = `http://127.0.0.1:${proxyPort}`;
    const env = {
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      SECRET_KEY: 'd'.repeat(64),
      PUBLIC_URL: publicUrl,
      TRUST_PROXY: 'true',
      WORKERS_IN_PROCESS: 'false',
      ANALYSIS_THREADS: '0',
      OTP_REQUESTS_PER_IP_PER_HOUR: '3',
      STRAVA_CLIENT_ID: strava.clientId,
      STRAVA_CLIENT_SECRET: strava.clientSecret,
      STRAVA_OAUTH_URL: strava.oauthUrl,
      STRAVA_API_URL: strava.apiUrl,
      STRAVA_WEBHOOK_VERIFY_TOKEN: 'deploy-test',
      STRAVA_WEBHOOK_SUBSCRIPTION_ID: '77',
    };

    // Both workers print a line per finished job (LOG_LEVEL=debug, worker.ts): who did what.
    const workerLines: string[][] = [[], []];
    const workerErrors: string[] = [];
    const workers = [0, 1].map((w) => {
      const child = spawn(process.execPath, [join(ROOT, 'packages/cli/bin/vatio.mjs'), 'worker'], {
        cwd: ROOT,
        env: { ...process.env, NODE_ENV: 'test', SMTP_URL: '', ...env, LOG_LEVEL: 'debug' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
        workerLines[w]!.push(...chunk.split('\n').filter(Boolean));
      });
      child.stderr!.setEncoding('utf8').on('data', (chunk: string) => workerErrors.push(chunk));
      children.push(child);
      return child;
    });
    // The servers start at the same moment as the workers, all four on the empty database.
    const servers = await Promise.all([startServerProcess(env, port1), startServerProcess(env, port2)]);
    children.push(...servers);
    proxy = await startProxy({
      port: proxyPort,
      upstreams: [`http://127.0.0.1:${port1}`, `http://127.0.0.1:${port2}`],
    });

    // Every migration applied once; both servers ready; both workers alive.
    const applied = await query<{ name: string }>(databaseUrl, 'select name from kysely_migration');
    expect(new Set(applied.map((m) => m.name)).size).toBe(applied.length);
    for (const port of [port1, port2]) {
      const ready = await fetch(`http://127.0.0.1:${port}/api/health/ready`);
      expect(ready.status, await ready.clone().text()).toBe(200);
    }
    const waitFor = async (what: string, done: () => boolean | Promise<boolean>, timeoutMs: number) => {
      const deadline = Date.now() + timeoutMs;
      while (!(await done())) {
        if (Date.now() > deadline) throw new Error(`timed out: ${what}\n${workerErrors.join('')}`);
        await new Promise((r) => setTimeout(r, 250));
      }
    };
    await waitFor(
      'both workers running',
      () => workerLines.every((lines) => lines.some((l) => l.includes('Vatio worker running'))),
      60_000,
    );
    expect(workers.map((w) => w.exitCode)).toEqual([null, null]);

    // Sign in through the proxy: the code one server sends, the other may check (shared database).
    const base = proxy.url;
    const { access_token } = await signInTokensOverHttp(base, dataDir, 'proxied@example.org');
    const auth = { authorization: `Bearer ${access_token}` };
    // A token one server signed is good on the other (the same SECRET_KEY).
    for (const port of [port1, port2])
      expect((await fetch(`http://127.0.0.1:${port}/api/me`, { headers: auth })).status).toBe(200);

    // The per-address code limit (3 here) counts the address the proxy saw, whatever the client
    // writes into its own X-Forwarded-For, on whichever server the request lands.
    const askCode = (email: string, forged: string) =>
      fetch(`${base}/api/auth/otp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': forged },
        body: JSON.stringify({ email, create_user: true }),
      });
    expect((await askCode('forger1@example.org', '198.51.100.1')).status).toBe(202);
    expect((await askCode('forger2@example.org', '198.51.100.2')).status).toBe(202);
    expect((await askCode('forger3@example.org', '198.51.100.3')).status).toBe(429);

    // A zip of several rides, through the proxy; the workers import them (see RIDES: the batch outlasts
    // a polling interval, so the other worker asks in the meantime).
    const zip = zipSync(
      Object.fromEntries(
        Array.from({ length: RIDES }, (_, i) => [
          `rides/ride-${i}.fit`,
          encodeFit(
            generateRide({
              seed: 700 + i,
              durationS: 7200,
              startTime: new Date(Date.UTC(2026, 3, 1 + i, 8)),
            }),
          ),
        ]),
      ),
    );
    const body = multipartBody([{ name: 'season.zip', bytes: zip }]);
    const uploaded = await fetch(`${base}/api/activities/upload`, {
      method: 'POST',
      headers: { ...auth, ...body.headers },
      body: body.payload,
    });
    expect(uploaded.status).toBe(202);
    const { import_id } = (await uploaded.json()) as { import_id: string };
    const progress = await waitForImportOverHttp(base, auth, import_id, 90_000);
    expect(progress.counts).toMatchObject({ done: RIDES, failed: 0, duplicate: 0 });

    // Strava: connect through the proxy (the state cookie and callback may meet the other server),
    // then a push event about a new ride, delivered twice as Strava may, once to each server.
    const connect = await fetch(`${base}/api/strava/connect`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ return_to: '/sync' }),
    });
    expect(connect.status).toBe(200);
    const stateCookie = (connect.headers.get('set-cookie') ?? '').split(';')[0]!;
    const authorize = new URL(((await connect.json()) as { authorize_url: string }).authorize_url);
    const approved = await answerConsent(strava, authorize);
    const callback = new URL(approved.headers.get('location')!);
    expect(callback.origin).toBe(publicUrl);
    const back = await fetch(callback, { redirect: 'manual', headers: { cookie: stateCookie } });
    expect(back.headers.get('location')).toContain('strava=connected');

    strava.addActivity(ATHLETE, {
      id: STRAVA_RIDE,
      name: 'Pushed ride',
      sport_type: 'Ride',
      start_date: '2026-04-20T07:00:00Z',
      elapsed_time: 1800,
      average_speed: 8,
      device_watts: true,
      average_watts: 200,
    });
    const event = {
      object_type: 'activity',
      object_id: STRAVA_RIDE,
      aspect_type: 'create',
      owner_id: ATHLETE,
      subscription_id: 77,
      event_time: Math.floor(Date.now() / 1000),
    };
    for (let i = 0; i < 2; i++) {
      const pushed = await fetch(`${base}/api/strava/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(event),
      });
      expect(pushed.status).toBe(200);
    }
    const list = async () =>
      (await (await fetch(`${base}/api/activities?limit=50`, { headers: auth })).json()) as {
        total: number;
      };
    await waitFor('the pushed ride', async () => (await list()).total >= RIDES + 1, 60_000);
    // Strava repeats the event later: the ride is not stored again.
    for (const port of [port1, port2]) {
      await fetch(`http://127.0.0.1:${port}/api/strava/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...event, event_time: event.event_time + 60 }),
      });
    }
    const isIdle = async () =>
      (
        await query<{ n: number }>(
          databaseUrl,
          `select count(*)::int as n from pgboss.job where state in ('created', 'retry', 'active')`,
        )
      )[0]!.n === 0;
    await waitFor('the queue to empty', isIdle, 60_000);

    // Every ride exactly once: the files' rides, and the Strava ride with its Strava id.
    expect((await list()).total).toBe(RIDES + 1);

    // Each server keeps whole answers (RESPONSE_CACHE_MB); a write through one server is seen at once
    // through the other, which kept the answer from before it (the rider's write version moved).
    const bikesOn = async (port: number) =>
      (
        (await (await fetch(`http://127.0.0.1:${port}/api/bikes`, { headers: auth })).json()) as {
          name: string;
        }[]
      ).map((bike) => bike.name);
    for (const port of [port1, port2]) expect(await bikesOn(port)).toEqual(await bikesOn(port));
    const made = await fetch(`http://127.0.0.1:${port1}/api/bikes`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Across servers', type: 'road' }),
    });
    expect(made.status).toBe(201);
    expect(await bikesOn(port2)).toContain('Across servers');
    const stored = await query<{ start_time: Date; strava_id: number | null }>(
      databaseUrl,
      'select start_time, strava_id from activities',
    );
    expect(stored).toHaveLength(RIDES + 1);
    expect(new Set(stored.map((r) => r.start_time.getTime())).size).toBe(RIDES + 1);
    expect(stored.filter((r) => Number(r.strava_id) === STRAVA_RIDE)).toHaveLength(1);

    // Each file was imported by exactly one job, and the jobs were spread over the two workers.
    const jobs = workerLines.map((lines) =>
      lines
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as { msg: string; queue: string; pid: number; ms: number }),
    );
    const imports = jobs.map((list) => list.filter((j) => j.queue === 'import-file' && j.msg === 'job done'));
    const events = jobs.map((list) => list.filter((j) => j.queue === 'strava-event'));
    console.log(
      `deployment: imports per worker ${imports.map((l) => l.length).join('/')} (ms ${imports
        .flat()
        .map((j) => j.ms)
        .join(
          ',',
        )}), Strava events per worker ${events.map((l) => l.length).join('/')}, requests per server ${proxy
        .answered()
        .map((a) => a.requests)
        .join('/')}, ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    expect(imports[0]!.length + imports[1]!.length).toBe(RIDES);
    expect(imports.every((list) => list.length > 0)).toBe(true);
    // Both servers answered through the proxy.
    expect(proxy.answered().every((a) => a.requests > 0)).toBe(true);
    expect(workers.map((w) => w.exitCode)).toEqual([null, null]);
  }, 240_000);
});

// ---------------------------------------------------------------------------------------------
// The files of deploy/: no Docker or systemd here, so their wiring is checked as data.

/**
 * The YAML that deploy/docker-compose.yml is written in: block mappings and sequences, plain, quoted
 * and JSON-style flow values, comments. Anything else (anchors, multi-line strings, tabs) throws, so
 * the file stays this simple; where Python's YAML is installed its reading is compared too.
 */
function parseYaml(source: string): unknown {
  const lines: { indent: number; text: string }[] = [];
  for (const raw of source.split('\n')) {
    const text = stripComment(raw).trimEnd();
    if (text.trim() === '') continue;
    const lead = /^\s*/.exec(text)![0];
    if (lead.includes('\t')) throw new Error(`tab in indentation: ${raw}`);
    lines.push({ indent: lead.length, text: text.trim() });
  }
  let i = 0;
  const block = (indent: number): unknown => {
    if (lines[i]!.text.startsWith('- ')) {
      const list: unknown[] = [];
      while (i < lines.length && lines[i]!.indent === indent && lines[i]!.text.startsWith('- '))
        list.push(scalar(lines[i++]!.text.slice(2)));
      return list;
    }
    const map: Record<string, unknown> = {};
    while (i < lines.length && lines[i]!.indent === indent) {
      const m = /^([\w.-]+):(?: (.*))?$/.exec(lines[i]!.text);
      if (!m) throw new Error(`not a "key: value" line: ${lines[i]!.text}`);
      if (m[1]! in map) throw new Error(`duplicate key ${m[1]}`);
      i++;
      if (m[2]) map[m[1]!] = scalar(m[2]);
      else if (i < lines.length && lines[i]!.indent > indent) map[m[1]!] = block(lines[i]!.indent);
      else map[m[1]!] = null;
    }
    if (i < lines.length && lines[i]!.indent > indent) throw new Error(`bad indentation: ${lines[i]!.text}`);
    return map;
  };
  const document = block(0);
  if (i !== lines.length) throw new Error(`unexpected line: ${lines[i]!.text}`);
  return document;
}

function stripComment(line: string): string {
  let quote: string | undefined;
  for (let k = 0; k < line.length; k++) {
    const c = line[k]!;
    if (quote) {
      if (c === '\\' && quote === '"') k++;
      else if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '#' && (k === 0 || /\s/.test(line[k - 1]!))) return line.slice(0, k);
  }
  return line;
}

function scalar(value: string): unknown {
  if (value.startsWith('"') || value.startsWith('[')) return JSON.parse(value);
  if (value.startsWith("'")) {
    if (!value.endsWith("'")) throw new Error(`unterminated: ${value}`);
    return value.slice(1, -1).replaceAll("''", "'");
  }
  if (/[&*!|>{]/.test(value[0]!)) throw new Error(`unsupported YAML: ${value}`);
  if (value === 'true' || value === 'false') return value === 'true';
  if (value === 'null' || value === '~') return null;
  if (/^-?\d+(\.\d+)?$/.test(value)) return Number(value);
  return value;
}

const DEPLOY = join(ROOT, 'deploy');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile: string };
  command?: string[];
  env_file?: string;
  environment?: Record<string, string>;
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test?: string[]; disable?: boolean };
  deploy?: { replicas: number };
}

describe('deploy/docker-compose.yml', () => {
  const source = read('deploy/docker-compose.yml');
  const compose = parseYaml(source) as {
    services: Record<string, ComposeService>;
    volumes: Record<string, null>;
  };
  const services = compose.services;
  const vatio = Object.entries(services).filter(([, s]) => s.image === 'vatio:latest');

  test('parses, and reads the same as Python’s YAML where that is installed', () => {
    const python = spawnSync(
      'python3',
      [
        '-c',
        'import sys, json, yaml; print(json.dumps(yaml.safe_load(open(sys.argv[1]))))',
        join(DEPLOY, 'docker-compose.yml'),
      ],
      { encoding: 'utf8' },
    );
    if (python.status === 0) expect(JSON.parse(python.stdout)).toEqual(compose);
    expect(Object.keys(services).sort()).toEqual(
      ['caddy', 'migrate', 'postgres', 'serve-1', 'serve-2', 'worker'].sort(),
    );
  });

  test('every Vatio process: the same database, file store and settings file; migrations first', () => {
    expect(vatio.map(([name]) => name).sort()).toEqual(['migrate', 'serve-1', 'serve-2', 'worker']);
    const databaseUrls = new Set(vatio.map(([, s]) => s.environment?.DATABASE_URL));
    expect(databaseUrls.size).toBe(1);
    expect([...databaseUrls][0]).toMatch(/^postgres:\/\/vatio:\$\{POSTGRES_PASSWORD\}@postgres:5432\/vatio$/);
    for (const [name, service] of vatio) {
      expect(service.environment?.DATA_DIR, name).toBe('/data');
      expect(service.volumes, name).toContain('vatio-data:/data');
      expect(service.env_file, name).toBe('vatio.env');
      if (name !== 'migrate')
        expect(service.depends_on?.migrate?.condition, name).toBe('service_completed_successfully');
    }
    expect(services.migrate!.command).toEqual(['migrate']);
    expect(services.migrate!.depends_on?.postgres?.condition).toBe('service_healthy');
    expect(existsSync(join(ROOT, services.migrate!.build!.dockerfile))).toBe(true);
    expect(Object.keys(compose.volumes)).toEqual(expect.arrayContaining(['postgres', 'vatio-data']));
  });

  test('two servers without workers behind Caddy, believing one proxy; two workers', () => {
    const caddyfile = read('deploy/Caddyfile');
    const upstreams = /reverse_proxy ([^{]+)\{/.exec(caddyfile)![1]!.trim().split(/\s+/);
    const servers = ['serve-1', 'serve-2'];
    expect(upstreams).toEqual(servers.map((s) => `${s}:${services[s]!.environment!.PORT}`));
    for (const name of servers) {
      const server = services[name]!;
      expect(server.command).toEqual(['serve']);
      expect(server.environment).toMatchObject({ WORKERS_IN_PROCESS: 'false', TRUST_PROXY: 'true' });
      expect(server.healthcheck?.test?.join(' ')).toContain('/api/health/ready');
      expect(services.caddy!.depends_on?.[name]?.condition).toBe('service_healthy');
    }
    expect(services.worker!.command).toEqual(['worker']);
    expect(services.worker!.deploy?.replicas).toBe(2);
    expect(services.caddy!.volumes).toContain('./Caddyfile:/etc/caddy/Caddyfile:ro');
  });
});

describe('the other deployment files', () => {
  test('vatio.env.example names only settings the server reads', () => {
    const config = read('packages/server/src/config.ts');
    const names = [...read('deploy/vatio.env.example').matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map(
      (m) => m[1]!,
    );
    expect(names).toEqual(expect.arrayContaining(['SECRET_KEY', 'DATABASE_URL', 'DATA_DIR', 'TRUST_PROXY']));
    for (const name of names) expect(config, name).toContain(`env.${name}`);
  });

  test('the image copies every workspace manifest, and runs the compiled command', () => {
    const dockerfile = read('deploy/Dockerfile');
    const workspaces = readdirSync(join(ROOT, 'packages')).filter((p) =>
      existsSync(join(ROOT, 'packages', p, 'package.json')),
    );
    for (const workspace of workspaces) {
      // Into the build, the production dependencies, and (from the build) the final image.
      expect(dockerfile.split(`packages/${workspace}/package.json`).length - 1, workspace).toBe(3);
    }
    expect(dockerfile).toMatch(/^FROM debian:/m);
    expect(dockerfile.match(/^FROM (?!debian:)\S+$/gm) ?? []).toEqual([]);
    expect(dockerfile).toContain('"packages/cli/dist/vatio.mjs"');
  });

  test('systemd units: serve instances by port without workers, workers, migrations first', () => {
    const serve = read('deploy/systemd/vatio-serve@.service');
    expect(serve).toMatch(/^Environment=PORT=%i HOST=127\.0\.0\.1 WORKERS_IN_PROCESS=false$/m);
    expect(serve).toMatch(
      /^ExecStart=\/usr\/bin\/node \/opt\/vatio\/packages\/cli\/dist\/vatio\.mjs serve$/m,
    );
    expect(read('deploy/systemd/vatio-worker@.service')).toMatch(/vatio\.mjs worker$/m);
    expect(read('deploy/systemd/vatio-migrate.service')).toMatch(/^Type=oneshot$/m);
    for (const unit of ['vatio-serve@.service', 'vatio-worker@.service'])
      expect(read(`deploy/systemd/${unit}`)).toMatch(/^After=.*vatio-migrate\.service/m);
    const nginx = read('deploy/systemd/nginx-vatio.conf');
    expect([...nginx.matchAll(/server 127\.0\.0\.1:(\d+)/g)].map((m) => m[1])).toEqual(['3001', '3002']);
    expect(nginx).toContain('proxy_set_header X-Forwarded-For $remote_addr;');
  });

  test('the compiled build has every thread and process entry the server starts beside itself', () => {
    // A Worker or fork of `new URL('./x.mjs', import.meta.url)` needs x.mjs beside the bundle too
    // (scripts/build-server.mjs): zip-worker.mjs was missing, and every zip upload to the compiled
    // server failed with a 500.
    const build = read('scripts/build-server.mjs');
    const sources = spawnSync(
      'grep',
      [
        '-rhoE',
        '--exclude=*.test.ts',
        "new URL\\('\\./[a-z-]+\\.mjs', import\\.meta\\.url\\)",
        'packages/server/src',
      ],
      {
        cwd: ROOT,
        encoding: 'utf8',
      },
    ).stdout;
    const entries = [...new Set([...sources.matchAll(/\.\/([a-z-]+)\.mjs/g)].map((m) => m[1]!))];
    expect(entries).toEqual(expect.arrayContaining(['zip-worker', 'preparation-worker', 'migrate-process']));
    for (const entry of entries) expect(build, entry).toContain(`'${entry}': join(ROOT,`);
  });
});
