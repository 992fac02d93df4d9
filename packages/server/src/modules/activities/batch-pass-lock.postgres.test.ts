import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { openLockDatabase } from '../../db/database.ts';
import { FsBlobStore } from '../../storage/blob-store.ts';
import { createHarness, type Harness } from '../../test/harness.ts';
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
import { upload, waitForImport } from '../../test/upload.ts';
import { waitUntil } from '../../test/wait.ts';
import { RiderPassLocks } from './batch-pass-lock.repository.ts';
import { BatchPassRepository } from './batch-pass.repository.ts';
import { BatchPasses } from './batch-pass.ts';
import { RideTacticsService } from './ride-tactics.service.ts';

// Issue 28 (trust): a rider's batch passes run one at a time in a process (batch-pass.ts), and, on
// PostgreSQL, where a `vatio worker` runs passes beside `vatio serve`, one at a time across processes
// under the rider's advisory lock (batch-pass-lock.repository.ts). Two "processes" share one database
// here: the test server (its own BatchPasses, its own lock connections) deletes a ride over HTTP, and
// a second BatchPasses, with lock connections of its own, runs an import's pass that read before the
// deletion committed and is held between its read and its writes. Without the lock, the deletion's
// pass reads and writes meanwhile, and the import's pass then writes figures measured with the
// deleted ride over them: the stored figures are not those the whole-history pass gives. With it, the
// deletion's pass waits for the import's to end, reads after its writes, and measures them again.
//
// PostgreSQL only (`npm test`'s server-on-postgresql stage, DATABASE_URL): on the embedded database
// one process holds the database and the passes' in-process turns suffice (no lock is taken there).

const databaseUrl = process.env.DATABASE_URL;

let h: Harness;

beforeAll(async () => {
  if (databaseUrl) h = await createHarness();
}, 60_000);
afterAll(async () => h?.close());

const HISTORY: Planned[] = [
  { daysAgo: 110, seed: 2, fileFtp: false, power: true, riderFtpW: 250, intervals: SHORT },
  { daysAgo: STRONG_DAYS_AGO, seed: 13, fileFtp: false, power: true, riderFtpW: 330, intervals: LONG },
  { daysAgo: 70, seed: 7, fileFtp: true, power: true, riderFtpW: 250, intervals: SHORT },
  { daysAgo: 40, seed: 4, fileFtp: false, power: false, riderFtpW: 250, intervals: EASY },
  { daysAgo: EDGE_DAYS_AGO, seed: 11, fileFtp: false, power: true, riderFtpW: 240, intervals: EASY },
];

describe.skipIf(!databaseUrl)('batch passes of one rider in two processes (PostgreSQL)', () => {
  test('an import pass that read before a deletion does not write over the deletion’s pass', async () => {
    const rider = await h.signIn({ email: 'two-processes@example.org' });
    const userId = rider.user.id;
    const uploaded = await upload(
      h.app,
      rider.headers,
      HISTORY.map((p) => ({ name: `${p.daysAgo}.fit`, bytes: rideFile(p) })),
    );
    expect(uploaded.statusCode).toBe(202);
    const importId = (uploaded.json() as { import_id: string }).import_id;
    const done = await waitForImport(h.app, rider.headers, importId, 120_000);
    expect(done.files.map((f) => f.status)).toEqual(HISTORY.map(() => 'done'));
    const before = await storedFigures(h, userId);
    const strong = before.find((r) => r.start_time.startsWith(dayOf(STRONG_DAYS_AGO)))!;

    // The import's rides after the strong one were stored with their facts left to its pass, as files
    // stored while others of the rider's were pending are (import.service.ts `factsAtImport`).
    await h.database.db
      .updateTable('activities')
      .set({ tactics: null, advanced_facts: null })
      .where('user_id', '=', userId)
      .where('has_power', '=', true)
      .where('start_time', '>', new Date(strong.start_time))
      .execute();

    // The other process: its own passes and lock connections, its read held until the test lets go.
    let readDone: () => void = () => {};
    const hasRead = new Promise<void>((resolve) => {
      readDone = resolve;
    });
    let letWrite: () => void = () => {};
    const mayWrite = new Promise<void>((resolve) => {
      letWrite = resolve;
    });
    // Every pass's ask for the rider's lock, the server's and the other process's.
    const asks = vi.spyOn(RiderPassLocks.prototype, 'hold');
    const reads = new BatchPassRepository(h.database.db);
    const lockDb = openLockDatabase(h.database.url!, 2);
    const other = new BatchPasses({
      reads: {
        read: async (...args) => {
          const read = await reads.read(...args);
          readDone();
          await mayWrite;
          return read;
        },
      },
      rideTactics: new RideTacticsService({
        activities: h.services.activities,
        blobs: new FsBlobStore(join(h.dataDir, 'blobs')),
        now: h.now,
        athleteSettings: h.services.athleteSettings,
      }),
      lock: new RiderPassLocks(lockDb, 2),
    });
    try {
      const importPass = other.run(userId, { importIds: [importId] });
      await hasRead;

      const deleting = h.app.inject({
        method: 'DELETE',
        url: `/api/activities/${strong.id}`,
        headers: rider.headers,
      });
      let answered = false;
      void deleting.then(() => {
        answered = true;
      });
      // The deletion has committed, and its pass has either ended (the request answered) or asked
      // for the rider's lock, which the import's pass holds (its own ask is the first).
      await waitUntil(
        'the deletion neither answered nor asked for the rider’s lock',
        async () => {
          const gone =
            (await h.database.db
              .selectFrom('activities')
              .select('id')
              .where('id', '=', strong.id)
              .executeTakeFirst()) === undefined;
          return gone && (answered || asks.mock.calls.length >= 2);
        },
        (ready) => ready,
        { timeoutMs: 60_000, pollMs: 20 },
      );
      letWrite();
      await importPass;
      expect((await deleting).statusCode).toBe(204);
    } finally {
      letWrite();
      asks.mockRestore();
      await lockDb.destroy();
    }

    // Every figure is what the whole history without the strong ride gives.
    const after = await storedFigures(h, userId);
    expect(after).toHaveLength(HISTORY.length - 1);
    await wholeHistoryPass(h, userId);
    expect(await storedFigures(h, userId)).toEqual(after);
  }, 300_000);

  test('a pass waiting for a rider another process holds keeps no lock connection from another rider', async () => {
    const oneDb = openLockDatabase(h.database.url!, 1);
    const twoDb = openLockDatabase(h.database.url!, 1);
    const one = new RiderPassLocks(oneDb, 1);
    const two = new RiderPassLocks(twoDb, 1);
    const events: string[] = [];
    try {
      let release: () => void = () => {};
      const holding = new Promise<void>((resolve) => {
        release = resolve;
      });
      let held: () => void = () => {};
      const isHeld = new Promise<void>((resolve) => {
        held = resolve;
      });
      // Process one holds rider X's lock.
      const x1 = one.hold('rider-x', async () => {
        events.push('one: x');
        held();
        await holding;
        events.push('one: x ends');
      });
      await isHeld;
      // Process two, one lock connection: rider X waits, rider Y runs meanwhile.
      const x2 = two.hold('rider-x', async () => void events.push('two: x'));
      await new Promise((resolve) => setTimeout(resolve, 100));
      await two.hold('rider-y', async () => void events.push('two: y'));
      release();
      await Promise.all([x1, x2]);
      expect(events).toEqual(['one: x', 'two: y', 'one: x ends', 'two: x']);
    } finally {
      await one.close();
      await two.close();
    }
  });
});
