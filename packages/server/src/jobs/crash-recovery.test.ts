import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { encodeFit, generateRide } from '@vatio/formats';
import { afterAll, describe, expect, test } from 'vitest';
import { multipartBody } from '../test/upload.ts';

// A real server process on the embedded database, killed with SIGKILL in the middle of an import
// and started again on the same data: every ride must end up stored exactly once.
const ROOT = resolve(import.meta.dirname, '../../../..');
const dataDir = mkdtempSync(join(tmpdir(), 'vatio-crash-'));
let server: ChildProcess | undefined;

function freePort(): Promise<number> {
  return new Promise((ok) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => ok(port));
    });
  });
}

async function startServer(port: number): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), join(ROOT, 'packages/server/src/main.ts')],
    {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        SMTP_URL: '',
        NODE_ENV: 'test',
      },
      stdio: 'ignore',
    },
  );
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {}
    await new Promise((r) => setTimeout(r, 300));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

async function signIn(base: string): Promise<Record<string, string>> {
  await fetch(`${base}/api/auth/otp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'crash@example.org', create_user: true }),
  });
  const { readdirSync, readFileSync } = await import('node:fs');
  const dir = join(dataDir, 'outbox');
  const file = readdirSync(dir).sort().at(-1)!;
  const code = /\b(\d{6})\b/.exec(JSON.parse(readFileSync(join(dir, file), 'utf8')).text)![1]!;
  const response = await fetch(`${base}/api/auth/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'crash@example.org', token: code, type: 'email' }),
  });
  const { access_token } = (await response.json()) as { access_token: string };
  return { authorization: `Bearer ${access_token}` };
}

afterAll(() => {
  server?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a server killed mid-import', () => {
  test('picks the import up again after a restart and stores every ride exactly once', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    server = await startServer(port);
    const headers = await signIn(base);
    const rides = Array.from({ length: 8 }, (_, i) => ({
      name: `ride-${i}.fit`,
      bytes: encodeFit(
        generateRide({ seed: 100 + i, durationS: 1800, startTime: new Date(Date.UTC(2026, 3, 1 + i, 8)) }),
      ),
    }));
    const body = multipartBody(rides);
    const upload = await fetch(`${base}/api/activities/upload`, {
      method: 'POST',
      headers: { ...headers, ...body.headers },
      body: body.payload,
    });
    expect(upload.status).toBe(202);
    const { import_id } = (await upload.json()) as { import_id: string };

    // Kill it once the first ride is stored and others are still waiting.
    const status = async () =>
      (await (await fetch(`${base}/api/imports/${import_id}`, { headers })).json()) as {
        status: string;
        counts: Record<string, number>;
      };
    for (let i = 0; i < 300; i++) {
      const s = await status();
      if (s.counts.done! >= 1) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const before = await status();
    expect(before.status).not.toBe('done');
    server.kill('SIGKILL');
    await new Promise((r) => server!.once('exit', r));

    server = await startServer(port);
    let after = await status();
    const deadline = Date.now() + 120_000;
    while (after.status !== 'done' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 300));
      after = await status();
    }
    expect(after.counts).toMatchObject({ total: 8, done: 8, failed: 0, duplicate: 0 });
    const list = (await (await fetch(`${base}/api/activities?limit=50`, { headers })).json()) as {
      total: number;
      activities: { start_date: string }[];
    };
    expect(list.total).toBe(8);
    expect(new Set(list.activities.map((a) => a.start_date)).size).toBe(8);
    server.kill('SIGTERM');
  }, 300_000);
});
