import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { encodeFit, generateRide } from '@vatio/formats';
import pg from 'pg';
import { afterAll, describe, expect, test } from 'vitest';
import { multipartBody } from '../test/upload.ts';

// Scale-out on PostgreSQL: the server without in-process workers, and two `vatio worker`
// processes sharing the queue. Every ride is stored exactly once.
const ROOT = resolve(import.meta.dirname, '../../../..');
const adminUrl = process.env.DATABASE_URL;
const dataDir = mkdtempSync(join(tmpdir(), 'vatio-workers-'));
const children: ChildProcess[] = [];
const dbName = `vatio_workers_${process.pid}`;

function freePort(): Promise<number> {
  return new Promise((ok) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => ok(port));
    });
  });
}

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  if (adminUrl) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
});

describe.skipIf(!adminUrl)('several vatio worker processes on PostgreSQL', () => {
  test('share the imports: every ride is stored once', async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const url = new URL(adminUrl!);
    url.pathname = `/${dbName}`;
    const port = await freePort();
    const env = {
      ...process.env,
      DATABASE_URL: url.toString(),
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SMTP_URL: '',
      NODE_ENV: 'test',
      WORKERS_IN_PROCESS: 'false',
    };
    const tsx = join(ROOT, 'node_modules/tsx/dist/cli.mjs');
    children.push(
      spawn(process.execPath, [tsx, join(ROOT, 'packages/server/src/main.ts')], { env, stdio: 'ignore' }),
    );
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 200; i++) {
      try {
        if ((await fetch(`${base}/api/health`)).ok) break;
      } catch {}
      await new Promise((r) => setTimeout(r, 300));
    }
    for (let w = 0; w < 2; w++) {
      children.push(
        spawn(process.execPath, [join(ROOT, 'packages/cli/bin/vatio.mjs'), 'worker'], {
          env,
          stdio: 'ignore',
        }),
      );
    }

    await fetch(`${base}/api/auth/otp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'scale@example.org', create_user: true }),
    });
    const outbox = join(dataDir, 'outbox');
    const message = JSON.parse(readFileSync(join(outbox, readdirSync(outbox).sort().at(-1)!), 'utf8'));
    const code = /\b(\d{6})\b/.exec(message.text)![1]!;
    const verified = await fetch(`${base}/api/auth/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'scale@example.org', token: code, type: 'email' }),
    });
    const headers = {
      authorization: `Bearer ${((await verified.json()) as { access_token: string }).access_token}`,
    };

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
    let status = { status: '', counts: {} as Record<string, number> };
    for (let i = 0; i < 400 && status.status !== 'done'; i++) {
      await new Promise((r) => setTimeout(r, 300));
      status = (await (await fetch(`${base}/api/imports/${import_id}`, { headers })).json()) as typeof status;
    }
    expect(status.counts).toMatchObject({ total: 10, done: 10, failed: 0, duplicate: 0 });
    const list = (await (await fetch(`${base}/api/activities?limit=50`, { headers })).json()) as {
      total: number;
    };
    expect(list.total).toBe(10);
  }, 240_000);
});
