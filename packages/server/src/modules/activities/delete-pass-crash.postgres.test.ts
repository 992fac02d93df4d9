import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, test } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../db/database.ts';
import { AthleteSettingsRepository } from '../../kernel/athlete-settings.repository.ts';
import type { Harness } from '../../test/harness.ts';
import {
  dayOf,
  EASY,
  EDGE_DAYS_AGO,
  LONG,
  type Planned,
  rideFile,
  SHORT,
  STRONG_DAYS_AGO,
  storedFigures,
  wholeHistoryPass,
} from '../../test/planned-rides.ts';
import { freePort, signInOverHttp, startServerProcess, waitForImportOverHttp } from '../../test/processes.ts';
import { multipartBody } from '../../test/upload.ts';
import { waitUntil } from '../../test/wait.ts';
import { ActivityRepository } from './activity.repository.ts';

// Issue 28 (trust): a server killed (SIGKILL) after a ride's deletion committed and before its batch
// pass wrote. The test holds the rider's pass lock (batch-pass-lock.repository.ts) so that the
// server's pass waits right after the commit, then kills it there: the rides of the 90 days after
// the deleted one keep figures measured with it. The next start runs the pass the deletion recorded
// (pending-passes.ts): the figures are then those the pass over the whole history gives, and the
// record is gone. A real process and a real kill, so PostgreSQL only (the test takes the lock from
// outside the server; the embedded database is the server's alone): delete-pass-durable.routes.test.ts
// covers the same on either engine inside one process.

const adminUrl = process.env.DATABASE_URL;
const dataDir = mkdtempSync(join(tmpdir(), 'vatio-delete-crash-'));
const dbName = `vatio_delete_crash_${process.pid}`;
const children: ChildProcess[] = [];
let handle: DatabaseHandle | undefined;

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(statement);
  await client.end();
}

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await handle?.close();
  rmSync(dataDir, { recursive: true, force: true });
  if (adminUrl) await admin(`drop database if exists ${dbName} with (force)`);
});

const HISTORY: Planned[] = [
  { daysAgo: 110, seed: 2, fileFtp: false, power: true, riderFtpW: 250, intervals: SHORT },
  { daysAgo: STRONG_DAYS_AGO, seed: 13, fileFtp: false, power: true, riderFtpW: 330, intervals: LONG },
  { daysAgo: 70, seed: 7, fileFtp: true, power: true, riderFtpW: 250, intervals: SHORT },
  { daysAgo: 40, seed: 4, fileFtp: false, power: false, riderFtpW: 250, intervals: EASY },
  { daysAgo: EDGE_DAYS_AGO, seed: 11, fileFtp: false, power: true, riderFtpW: 240, intervals: EASY },
];

describe.skipIf(!adminUrl)('a server killed between a ride’s deletion and its batch pass', () => {
  test('the next start runs the pass the deletion recorded', async () => {
    await admin(`drop database if exists ${dbName} with (force)`);
    await admin(`create database ${dbName}`);
    const url = new URL(adminUrl!);
    url.pathname = `/${dbName}`;
    const env = { DATABASE_URL: url.toString(), DATA_DIR: dataDir };
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    let server = await startServerProcess(env, port);
    children.push(server);

    const email = 'delete-crash@example.org';
    const headers = await signInOverHttp(base, dataDir, email);
    const body = multipartBody(HISTORY.map((p) => ({ name: `${p.daysAgo}.fit`, bytes: rideFile(p) })));
    const uploaded = await fetch(`${base}/api/activities/upload`, {
      method: 'POST',
      headers: { ...headers, ...body.headers },
      body: body.payload,
    });
    expect(uploaded.status).toBe(202);
    const { import_id } = (await uploaded.json()) as { import_id: string };
    const progress = await waitForImportOverHttp(base, headers, import_id, 180_000);
    expect(progress.status).toBe('done');

    handle = await openDatabase({ databaseUrl: url.toString() });
    const { db } = handle;
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    // What the whole-history pass reads: the server's rows and blobs, as a harness would give them.
    const h = {
      database: handle,
      services: {
        activities: new ActivityRepository(db),
        athleteSettings: new AthleteSettingsRepository(db),
      },
      dataDir,
      now: () => new Date(),
    } as unknown as Harness;
    const before = await storedFigures(h, user.id);
    const on = (rows: typeof before, daysAgo: number) =>
      rows.find((r) => r.start_time.startsWith(dayOf(daysAgo)))!;
    const strong = on(before, STRONG_DAYS_AGO);

    // The rider's pass lock, held here: the server's pass waits for it right after the commit.
    const holder = new pg.Client({ connectionString: url.toString() });
    await holder.connect();
    const lockKey = `batch-pass:${user.id}`;
    await holder.query('select pg_advisory_lock(hashtextextended($1, 0))', [lockKey]);
    void fetch(`${base}/api/activities/${strong.id}`, { method: 'DELETE', headers }).catch(() => undefined);
    // Committed (its record is there), and its pass asks for the lock, which is the test's (a
    // session whose last statement was the ask: pg_stat_activity), so it cannot have written.
    await waitUntil(
      'the deletion did not commit and ask for the rider’s lock',
      async () => {
        const { rows } = await sql<{ owed: number; asking: number }>`select
          (select count(*)::int from pending_batch_passes where user_id = ${user.id}) as owed,
          (select count(*)::int from pg_stat_activity where datname = current_database()
            and query like 'select pg_try_advisory_lock%') as asking`.execute(db);
        return rows[0]!;
      },
      (r) => r.owed === 1 && r.asking >= 1,
      { timeoutMs: 60_000, pollMs: 20 },
    );
    server.kill('SIGKILL');
    await new Promise((resolve) => server.once('exit', resolve));
    await holder.end();

    // The ride is gone; the rides after it keep figures measured with it (the edge ride's eFTP).
    const stale = await storedFigures(h, user.id);
    expect(stale).toHaveLength(HISTORY.length - 1);
    expect(on(stale, EDGE_DAYS_AGO).ftp_w).toBe(on(before, EDGE_DAYS_AGO).ftp_w);

    server = await startServerProcess(env, port);
    children.push(server);
    await waitUntil(
      'the pass owed was not run at start',
      () => db.selectFrom('pending_batch_passes').select('id').where('user_id', '=', user.id).execute(),
      (rows) => rows.length === 0,
      { timeoutMs: 120_000 },
    );
    const after = await storedFigures(h, user.id);
    expect(on(after, EDGE_DAYS_AGO).ftp_w).toBeLessThan(on(before, EDGE_DAYS_AGO).ftp_w!);
    await wholeHistoryPass(h, user.id);
    expect(await storedFigures(h, user.id)).toEqual(after);
  }, 420_000);
});
