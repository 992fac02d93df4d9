import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodeFit, generateRide } from '@vatio/formats';
import pg from 'pg';
import { afterAll, describe, expect, test } from 'vitest';
import {
  freePort,
  ROOT,
  signInOverHttp,
  startServerProcess,
  waitForImportOverHttp,
} from './test/processes.ts';
import { multipartBody } from './test/upload.ts';

// Scale-out on PostgreSQL: the server without in-process workers, and two `vatio worker`
// processes sharing the queue. Every ride is stored exactly once.
const adminUrl = process.env.DATABASE_URL;
const dataDir = mkdtempSync(join(tmpdir(), 'vatio-workers-'));
const children: ChildProcess[] = [];
const dbName = `vatio_workers_${process.pid}`;

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(statement);
  await client.end();
}

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  if (adminUrl) await admin(`drop database if exists ${dbName} with (force)`);
});

describe.skipIf(!adminUrl)('several vatio worker processes on PostgreSQL', () => {
  test('share the imports: every ride is stored once', async () => {
    await admin(`drop database if exists ${dbName} with (force)`);
    await admin(`create database ${dbName}`);
    const url = new URL(adminUrl!);
    url.pathname = `/${dbName}`;
    const port = await freePort();
    const env = { DATABASE_URL: url.toString(), DATA_DIR: dataDir, WORKERS_IN_PROCESS: 'false' };
    children.push(await startServerProcess(env, port));
    for (let w = 0; w < 2; w++) {
      children.push(
        spawn(process.execPath, [join(ROOT, 'packages/cli/bin/vatio.mjs'), 'worker'], {
          env: { ...process.env, LOG_LEVEL: 'warn', NODE_ENV: 'test', ...env },
          stdio: 'ignore',
        }),
      );
    }
    const base = `http://127.0.0.1:${port}`;
    const headers = await signInOverHttp(base, dataDir, 'scale@example.org');
    const rides = Array.from({ length: 10 }, (_, i) => ({
      name: `ride-${i}.fit`,
      bytes: encodeFit(
        generateRide({ seed: 300 + i, durationS: 1200, startTime: new Date(Date.UTC(2026, 2, 1 + i, 9)) }),
      ),
    }));
    const body = multipartBody(rides);
    const upload = await fetch(`${base}/api/activities/upload`, {
      method: 'POST',
      headers: { ...headers, ...body.headers },
      body: body.payload,
    });
    const { import_id } = (await upload.json()) as { import_id: string };
    const progress = await waitForImportOverHttp(base, headers, import_id, 120_000);
    expect(progress.counts).toMatchObject({ total: 10, done: 10, failed: 0, duplicate: 0 });
    const list = (await (await fetch(`${base}/api/activities?limit=50`, { headers })).json()) as {
      total: number;
    };
    expect(list.total).toBe(10);
  }, 240_000);
});
