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
import { openMigratedDatabase, pgliteDirFor } from '../db/database.ts';
import { seedDataDir } from '../test/test-database.ts';
import {
  auditWhenQuiet,
  importProgress,
  kill9,
  ridesZip,
  seededRandom,
  settled,
  uploadOverHttp,
  waitUntilSettled,
} from '../test/crash.ts';

// A real server process on the embedded database, killed with SIGKILL in the middle of an import
// and started again on the same data: every ride must end up stored exactly once.
const dataDir = mkdtempSync(join(tmpdir(), 'vatio-crash-'));
let server: ChildProcess | undefined;

afterAll(() => {
  server?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

// Both servers here run on PGlite (DATABASE_URL ''): the PostgreSQL stage of `npm test` would only run
// them again on PGlite (100–148 s of a fork); crash-recovery-postgres.test.ts is the PostgreSQL case.
describe.skipIf(Boolean(process.env.DATABASE_URL))('a server killed mid-import', () => {
  test('picks the import up again after a restart and stores every ride exactly once', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
    // The folder starts from the migrated template: the crash and the restart are tested, not initdb.
    await seedDataDir(dataDir);
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

// Issue 16 (Faults): a 200-ride archive, the server killed twice at seeded random points (after some
// rides are stored), started again each time. Every ride ends stored once, no file stays in
// processing, no blob is left without a row (nor a row without its blob), and the counts add up.
// The PostgreSQL stage runs the same against PostgreSQL (crash-recovery-postgres.test.ts).
// CRASH_RIDES lowers it where CI time is short (the PostgreSQL twins default to 100).
const RIDES = Number(process.env.CRASH_RIDES ?? 200);
let bulkDir = '';
let bulkServer: ChildProcess | undefined;
afterAll(async () => {
  if (bulkServer) await kill9(bulkServer);
  if (bulkDir) rmSync(bulkDir, { recursive: true, force: true });
});

describe.skipIf(Boolean(process.env.DATABASE_URL))('a 200-ride zip import, the server killed twice', () => {
  test('stores every ride exactly once, leaves nothing processing and no orphan blob', async () => {
    const started = Date.now();
    bulkDir = mkdtempSync(join(tmpdir(), 'vatio-crash-bulk-'));
    const random = seededRandom(16_016);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = { DATA_DIR: bulkDir, DATABASE_URL: '' };
    await seedDataDir(bulkDir);
    bulkServer = await startServerProcess(env, port);
    const headers = await signInOverHttp(base, bulkDir, 'bulk-crash@example.org');
    const importId = await uploadOverHttp(base, headers, 'archive.zip', ridesZip(RIDES, 7_000));
    // Round 1 kills after 5–30 % of the files have settled, round 2 after another 20–50 %.
    const killPoints = [Math.max(1, Math.floor(RIDES * (0.05 + random() * 0.25)))];
    killPoints.push(killPoints[0]! + Math.floor(RIDES * (0.2 + random() * 0.3)));
    const rounds: { killedAfter: number; settledAtRestart: number }[] = [];
    for (const point of killPoints) {
      const before = await waitUntilSettled(base, headers, importId, point, 120_000);
      expect(settled(before)).toBeGreaterThanOrEqual(point);
      expect(before.status).not.toBe('done');
      await kill9(bulkServer);
      bulkServer = await startServerProcess(env, port);
      rounds.push({
        killedAfter: settled(before),
        settledAtRestart: settled(await importProgress(base, headers, importId)),
      });
    }
    const after = await waitForImportOverHttp(base, headers, importId, 180_000);
    expect(after.status).toBe('done');
    expect(after.counts).toMatchObject({
      total: RIDES,
      done: RIDES,
      duplicate: 0,
      failed: 0,
      queued: 0,
      processing: 0,
    });
    // Stop it cleanly and read its database and blob folder.
    const stopped = new Promise((r) => bulkServer!.once('exit', r));
    bulkServer.kill('SIGTERM');
    await stopped;
    bulkServer = undefined;
    const { database } = await openMigratedDatabase({ pgliteDir: pgliteDirFor(bulkDir) });
    try {
      const audit = await auditWhenQuiet(database.db, join(bulkDir, 'blobs'));
      expect(audit).toEqual({
        rides: RIDES,
        distinctStarts: RIDES,
        unsettledFiles: 0,
        orphanBlobs: [],
        missingBlobs: [],
        partialBlobs: [],
        openJobs: 0,
      });
    } finally {
      await database.close();
    }
    console.info(
      `[crash] PGlite: ${RIDES} rides, kills ${JSON.stringify(rounds)}, ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  }, 600_000);
});
