import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, test } from 'vitest';
import { openDatabase } from '../db/database.ts';
import {
  auditWhenQuiet,
  kill9,
  ridesZip,
  seededRandom,
  settled,
  uploadOverHttp,
  waitUntilSettled,
} from '../test/crash.ts';
import {
  freePort,
  ROOT,
  signInOverHttp,
  startServerProcess,
  waitForImportOverHttp,
} from '../test/processes.ts';

// Issue 16 (Faults), on PostgreSQL: a 200-ride archive while the server (with its workers) is
// killed with SIGKILL and started again, and while `vatio worker` processes are killed and started
// again. A dead process's jobs go back to the queue within seconds (jobs/liveness.ts), not after
// their 5-minute expiry. Every ride ends stored once; nothing stays processing; no orphan blob.
const adminUrl = process.env.DATABASE_URL;
// 100 rides each in `npm test` (the CI budget); CRASH_RIDES=200 for the full archive.
const RIDES = Number(process.env.CRASH_RIDES ?? 100);
const children = new Set<ChildProcess>();
const dirs: string[] = [];
const databases: string[] = [];

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(statement);
  await client.end();
}

async function freshDatabase(name: string): Promise<string> {
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  databases.push(name);
  const url = new URL(adminUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

function startWorker(env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, [join(ROOT, 'packages/cli/bin/vatio.mjs'), 'worker'], {
    env: { ...process.env, LOG_LEVEL: 'warn', NODE_ENV: 'test', ...env },
    stdio: 'ignore',
  });
  children.add(child);
  return child;
}

async function server(env: NodeJS.ProcessEnv, port: number): Promise<ChildProcess> {
  const child = await startServerProcess(env, port);
  children.add(child);
  return child;
}

async function audit(url: string, dataDir: string) {
  const database = await openDatabase({ databaseUrl: url });
  try {
    return await auditWhenQuiet(database.db, join(dataDir, 'blobs'));
  } finally {
    await database.close();
  }
}

// Half-written `.tmp` files a kill cut off are not blobs (no row can point to one); on PostgreSQL,
// where other servers may be writing, a start removes those older than 10 minutes (blob-sweep.ts).
const EXPECTED_AUDIT = {
  rides: RIDES,
  distinctStarts: RIDES,
  unsettledFiles: 0,
  orphanBlobs: [],
  missingBlobs: [],
  openJobs: 0,
};

afterAll(async () => {
  for (const child of children) await kill9(child);
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  for (const name of databases) await admin(`drop database if exists ${name} with (force)`);
});

describe.skipIf(!adminUrl)('kill -9 mid-import on PostgreSQL', () => {
  test('the server killed twice: every ride stored once, nothing left processing, no orphan blob', async () => {
    const started = Date.now();
    const random = seededRandom(16_160);
    const dataDir = mkdtempSync(join(tmpdir(), 'vatio-crash-pg-'));
    dirs.push(dataDir);
    const url = await freshDatabase(`vatio_crash_server_${process.pid}`);
    const env = { DATABASE_URL: url, DATA_DIR: dataDir };
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    let current = await server(env, port);
    const headers = await signInOverHttp(base, dataDir, 'pg-crash@example.org');
    const importId = await uploadOverHttp(base, headers, 'archive.zip', ridesZip(RIDES, 9_000));
    const rounds: number[] = [];
    let point = 0;
    for (let round = 0; round < 2; round++) {
      // Each round kills after another 10–40 % of the rides have settled.
      point += Math.floor(RIDES * (0.1 + random() * 0.3));
      const before = await waitUntilSettled(base, headers, importId, point, 180_000);
      expect(before.status).not.toBe('done');
      await kill9(current);
      rounds.push(settled(before));
      current = await server(env, port);
    }
    const after = await waitForImportOverHttp(base, headers, importId, 240_000);
    expect(after.counts).toMatchObject({
      total: RIDES,
      done: RIDES,
      duplicate: 0,
      failed: 0,
      queued: 0,
      processing: 0,
    });
    expect(await audit(url, dataDir)).toMatchObject(EXPECTED_AUDIT);
    console.info(
      `[crash] PostgreSQL server: ${RIDES} rides, killed after ${rounds.join(', ')} settled, ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  }, 600_000);

  test('a vatio worker killed twice: its jobs go back at once, every ride stored once', async () => {
    const started = Date.now();
    const random = seededRandom(16_161);
    const dataDir = mkdtempSync(join(tmpdir(), 'vatio-crash-worker-'));
    dirs.push(dataDir);
    const url = await freshDatabase(`vatio_crash_worker_${process.pid}`);
    const env = { DATABASE_URL: url, DATA_DIR: dataDir, WORKERS_IN_PROCESS: 'false' };
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    await server(env, port);
    const workers = [startWorker(env), startWorker(env)];
    const headers = await signInOverHttp(base, dataDir, 'worker-crash@example.org');
    const importId = await uploadOverHttp(base, headers, 'archive.zip', ridesZip(RIDES, 11_000));
    const rounds: number[] = [];
    let point = 0;
    for (let round = 0; round < 2; round++) {
      // Each round kills after another 10–40 % of the rides have settled.
      point += Math.floor(RIDES * (0.1 + random() * 0.3));
      const before = await waitUntilSettled(base, headers, importId, point, 180_000);
      expect(before.status).not.toBe('done');
      // A different worker each round; a supervisor starts a new one in its place.
      await kill9(workers[round]!);
      rounds.push(settled(before));
      workers[round] = startWorker(env);
    }
    const after = await waitForImportOverHttp(base, headers, importId, 240_000);
    expect(after.counts).toMatchObject({
      total: RIDES,
      done: RIDES,
      duplicate: 0,
      failed: 0,
      queued: 0,
      processing: 0,
    });
    expect(await audit(url, dataDir)).toMatchObject(EXPECTED_AUDIT);
    console.info(
      `[crash] PostgreSQL worker: ${RIDES} rides, killed after ${rounds.join(', ')} settled, ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  }, 600_000);
});
