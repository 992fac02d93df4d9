import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, expect } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/database.ts';
import { AthleteSettingsRepository } from '../kernel/athlete-settings.repository.ts';
import { ActivityRepository } from '../modules/activities/activity.repository.ts';
import { kill9 } from './crash.ts';
import type { Harness } from './harness.ts';
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
} from './planned-rides.ts';
import { freePort, signInOverHttp, startServerProcess, waitForImportOverHttp } from './processes.ts';
import { multipartBody } from './upload.ts';
import { waitUntil } from './wait.ts';

// Issue 28 (trust): the tests that kill a real server (SIGKILL) after a change that moves a curve
// committed, with its "batch pass owed" record (pending_batch_passes), and before that pass wrote:
// a deletion, a re-analysis, a ride from a Strava webhook (*-crash.postgres.test.ts). The test holds
// the rider's pass lock (activities/batch-pass-lock.repository.ts) from outside the server, so the
// server's pass waits for it right after the commit, and kills the server there. PostgreSQL only: the
// embedded database is the server's alone, nobody else can hold its lock.

/** The PostgreSQL the tests run on (`DATABASE_URL`); without it they are skipped. */
export const ADMIN_URL = process.env.DATABASE_URL;

/**
 * A history around a strong ride: the rides in the 89 days after it are measured with its curve
 * (the edge ride's eFTP, without an FTP of its own), one ride has no power, one its device's FTP.
 */
export const HISTORY_AROUND_STRONG: Planned[] = [
  { daysAgo: 110, seed: 2, fileFtp: false, power: true, riderFtpW: 250, intervals: SHORT },
  { daysAgo: STRONG_DAYS_AGO, seed: 13, fileFtp: false, power: true, riderFtpW: 330, intervals: LONG },
  { daysAgo: 70, seed: 7, fileFtp: true, power: true, riderFtpW: 250, intervals: SHORT },
  { daysAgo: 40, seed: 4, fileFtp: false, power: false, riderFtpW: 250, intervals: EASY },
  { daysAgo: EDGE_DAYS_AGO, seed: 11, fileFtp: false, power: true, riderFtpW: 240, intervals: EASY },
];

export type Figures = Awaited<ReturnType<typeof storedFigures>>;

/** The ride of `daysAgo` among the stored figures. */
export const rideOn = (rows: Figures, daysAgo: number) =>
  rows.find((r) => r.start_time.startsWith(dayOf(daysAgo)))!;

/** A server process on a database of its own, and what a test reads of it. */
export interface PassCrashRig {
  /** The server's address (set by the first `start`). */
  readonly base: string;
  /** The server's database, opened by the test (after the first `start`). */
  readonly db: DatabaseHandle['db'];
  /** What storedFigures and wholeHistoryPass read: the server's rows and blobs. */
  readonly h: Harness;
  /**
   * Starts the server (the first time on a new database) and waits until it answers; `env` is added
   * to its environment for this start alone (e.g. WORKERS_IN_PROCESS=false).
   */
  start(env?: Record<string, string>): Promise<void>;
  /** Kills it with SIGKILL, as a crash would. */
  kill(): Promise<void>;
  /** Signs a rider in over HTTP; their auth header and id. */
  signIn(email: string): Promise<{ headers: Record<string, string>; userId: string }>;
  /** Uploads the planned rides in one import and waits until it is done. */
  upload(headers: Record<string, string>, rides: Planned[]): Promise<void>;
  /** The rider's pass records left. */
  owed(userId: string): Promise<number>;
  /**
   * Holds the rider's pass lock, runs `change` (which makes the server commit a change and ask for
   * the lock to run its pass), waits until `records` passes are recorded and the server's pass asks
   * for the lock, and kills the server there: the pass cannot have written.
   */
  crashWhilePassWaits(userId: string, records: number, change: () => Promise<unknown>): Promise<void>;
  /**
   * Starts the server again and waits until the rider owes no pass and no ride waits for its
   * re-analysis; expects the figures to be those of the pass over the whole history, and returns them.
   */
  restartUntilSettled(userId: string): Promise<Figures>;
}

/**
 * The rig of a test file: a database and a data folder named after `name`, removed after the file;
 * `extraEnv` is the server's further environment, read at the first start (e.g. a fake Strava's URLs).
 */
export function passCrashRig(
  name: string,
  extraEnv: () => Record<string, string> = () => ({}),
): PassCrashRig {
  // Made at the first start: a file whose test is skipped (no DATABASE_URL) leaves no folder behind.
  let dataDir = '';
  const dbName = `vatio_${name}_crash_${process.pid}`;
  const children: ChildProcess[] = [];
  let handle: DatabaseHandle | undefined;
  let h: Harness | undefined;
  let env: NodeJS.ProcessEnv | undefined;
  let port = 0;
  let server: ChildProcess | undefined;

  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: ADMIN_URL });
    await client.connect();
    await client.query(statement);
    await client.end();
  };

  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await handle?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    if (ADMIN_URL) await admin(`drop database if exists ${dbName} with (force)`);
  });

  const owed = async (userId: string) =>
    (await handle!.db.selectFrom('pending_batch_passes').select('id').where('user_id', '=', userId).execute())
      .length;

  const rig: PassCrashRig = {
    get base() {
      return `http://127.0.0.1:${port}`;
    },
    get db() {
      return handle!.db;
    },
    get h() {
      return h!;
    },
    async start(once = {}) {
      if (!env) {
        await admin(`drop database if exists ${dbName} with (force)`);
        await admin(`create database ${dbName}`);
        const url = new URL(ADMIN_URL!);
        url.pathname = `/${dbName}`;
        port = await freePort();
        dataDir = mkdtempSync(join(tmpdir(), `vatio-${name}-crash-`));
        env = { DATABASE_URL: url.toString(), DATA_DIR: dataDir, PUBLIC_URL: rig.base, ...extraEnv() };
      }
      server = await startServerProcess({ ...env, ...once }, port);
      children.push(server);
      if (handle) return;
      // Opened once the server has migrated it.
      handle = await openDatabase({ databaseUrl: env.DATABASE_URL! });
      h = {
        database: handle,
        services: {
          activities: new ActivityRepository(handle.db),
          athleteSettings: new AthleteSettingsRepository(handle.db),
        },
        dataDir,
        now: () => new Date(),
      } as unknown as Harness;
    },
    async kill() {
      if (server) await kill9(server);
    },
    async signIn(email) {
      const headers = await signInOverHttp(rig.base, dataDir, email);
      const user = await rig.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      return { headers, userId: user.id };
    },
    async upload(headers, rides) {
      const body = multipartBody(rides.map((p) => ({ name: `${p.daysAgo}.fit`, bytes: rideFile(p) })));
      const uploaded = await fetch(`${rig.base}/api/activities/upload`, {
        method: 'POST',
        headers: { ...headers, ...body.headers },
        body: body.payload,
      });
      expect(uploaded.status).toBe(202);
      const { import_id } = (await uploaded.json()) as { import_id: string };
      const progress = await waitForImportOverHttp(rig.base, headers, import_id, 180_000);
      expect(progress.status).toBe('done');
    },
    owed,
    async crashWhilePassWaits(userId, records, change) {
      const holder = new pg.Client({ connectionString: env!.DATABASE_URL });
      await holder.connect();
      await holder.query('select pg_advisory_lock(hashtextextended($1, 0))', [`batch-pass:${userId}`]);
      try {
        await change();
        // Committed (its records are there), and its pass asks for the lock, which is the test's (a
        // session whose last statement was the ask: pg_stat_activity), so it cannot have written.
        await waitUntil(
          'the change did not commit and ask for the rider’s lock',
          async () => {
            const { rows } = await sql<{ owed: number; asking: number }>`select
              (select count(*)::int from pending_batch_passes where user_id = ${userId}) as owed,
              (select count(*)::int from pg_stat_activity where datname = current_database()
                and query like 'select pg_try_advisory_lock%') as asking`.execute(rig.db);
            return rows[0]!;
          },
          (r) => r.owed === records && r.asking >= 1,
          { timeoutMs: 60_000, pollMs: 20 },
        );
        await rig.kill();
      } finally {
        await holder.end();
      }
    },
    async restartUntilSettled(userId) {
      await rig.start();
      await waitUntil(
        'the pass owed was not run after the restart',
        async () => ({
          owed: await owed(userId),
          waiting: (
            await rig.db
              .selectFrom('activities')
              .select('id')
              .where('user_id', '=', userId)
              .where('reanalysis_pending', '=', true)
              .execute()
          ).length,
        }),
        (r) => r.owed === 0 && r.waiting === 0,
        { timeoutMs: 120_000 },
      );
      const after = await storedFigures(h!, userId);
      await wholeHistoryPass(h!, userId);
      expect(await storedFigures(h!, userId)).toEqual(after);
      return after;
    },
  };
  return rig;
}
