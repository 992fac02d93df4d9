/**
 * A personal API key's read cost against a session token's (bench/endpoints.ts's last line) on
 * PostgreSQL, for one or two checkouts in the same run (`--base DIR`: another checkout, measured
 * first, each on a fresh database of the same PostgreSQL server). `GET /api/me` with each bearer,
 * 2,000 requests, 20 in flight, after a warm-up, next to `GET /api/health`; the two are measured
 * alternately, three rounds, and the ratio of their p95 is printed per round. No timed assertions.
 * Run: `DATABASE_URL=postgres://… npx tsx bench/key-cost.ts [--base DIR]` (a server, e.g. the one
 * scripts/postgres.mjs starts; a database per checkout is created on it and dropped after).
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort, ROOT, signInOverHttp, startServerProcess } from '../packages/server/src/test/processes.ts';
import { AS_INSTALLED, load, stop } from './http-load.ts';
import { summarize } from './timing.ts';

const args = process.argv.slice(2);
const baseAt = args.indexOf('--base');
const baseRoot = baseAt >= 0 ? args.splice(baseAt, 2)[1] : undefined;
const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) throw new Error('DATABASE_URL: a PostgreSQL server to create the bench databases on');
const REQUESTS = 2000;
const CONCURRENCY = 20;
const ROUNDS = Number(process.env.ROUNDS ?? 3);

/** The sources of `root` on `port`, checking answers as an install does. */
const startServer = (root: string, env: Record<string, string>, port: number): Promise<ChildProcess> =>
  startServerProcess({ ...AS_INSTALLED, ...env }, port, { root, startDeadlineMs: 240_000 });

async function admin(query: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

for (const [name, root] of baseRoot
  ? [
      ['before', baseRoot],
      ['after', ROOT],
    ]
  : [['this', ROOT]]) {
  const database = `vatio_keycost_${name}_${process.pid}`;
  await admin(`create database ${database}`);
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'vatio-bench-keycost-'));
  const port = await freePort();
  const server = await startServer(
    root!,
    {
      DATA_DIR: dataDir,
      DATABASE_URL: url.toString(),
      SMS_PROVIDER_URL: '',
      API_KEY_REQUESTS_PER_10_MIN: '1000000',
    },
    port,
  );
  const base = `http://127.0.0.1:${port}`;
  try {
    const session = await signInOverHttp(base, dataDir, 'bench-keycost@example.org');
    const created = await fetch(`${base}/api/me/api-keys`, {
      method: 'POST',
      headers: { ...session, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'bench' }),
    });
    const { secret } = (await created.json()) as { secret: string };
    const key = { authorization: `Bearer ${secret}` };
    const me = `${base}/api/me`;
    await load(`${base}/api/health`, {}, 300, CONCURRENCY);
    for (const headers of [session, key]) await load(me, headers, 300, CONCURRENCY);
    const l0 = loadavg()[0]!;
    const lines: string[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const health = summarize('health', await load(`${base}/api/health`, {}, REQUESTS, CONCURRENCY));
      const s = summarize('session', await load(me, session, REQUESTS, CONCURRENCY));
      const k = summarize('key', await load(me, key, REQUESTS, CONCURRENCY));
      lines.push(
        `round ${round}: health p95 ${health.p95Ms.toFixed(1)} ms; GET /api/me p50/p95 session ${s.medianMs.toFixed(1)}/${s.p95Ms.toFixed(1)} ms, key ${k.medianMs.toFixed(1)}/${k.p95Ms.toFixed(1)} ms; key ÷ session p95 ${(k.p95Ms / s.p95Ms).toFixed(2)}×, p50 ${(k.medianMs / s.medianMs).toFixed(2)}×`,
      );
    }
    console.log(
      `\n${name} (${root}), PostgreSQL, ${REQUESTS} requests, ${CONCURRENCY} in flight; load average ${l0.toFixed(1)} → ${loadavg()[0]!.toFixed(1)}`,
    );
    for (const line of lines) console.log(line);
  } finally {
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
    await admin(`drop database if exists ${database} with (force)`);
  }
}
