import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodeFit, generateRide } from '@vatio/formats';
import { afterAll, describe, expect, test } from 'vitest';
import {
  freePort,
  type ImportProgress,
  signInOverHttp,
  startServerProcess,
  waitForImportOverHttp,
} from '../test/processes.ts';
import { multipartBody } from '../test/upload.ts';

// A real server process on the embedded database, killed with SIGKILL in the middle of an import
// and started again on the same data: every ride must end up stored exactly once.
const dataDir = mkdtempSync(join(tmpdir(), 'vatio-crash-'));
let server: ChildProcess | undefined;

afterAll(() => {
  server?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a server killed mid-import', () => {
  test('picks the import up again after a restart and stores every ride exactly once', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
    server = await startServerProcess(env, port);
    const headers = await signInOverHttp(base, dataDir, 'crash@example.org');
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
      (await (await fetch(`${base}/api/imports/${import_id}`, { headers })).json()) as ImportProgress;
    for (let i = 0; i < 300; i++) {
      if ((await status()).counts.done! >= 1) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect((await status()).status).not.toBe('done');
    server.kill('SIGKILL');
    await new Promise((r) => server!.once('exit', r));

    server = await startServerProcess(env, port);
    const after = await waitForImportOverHttp(base, headers, import_id, 120_000);
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
