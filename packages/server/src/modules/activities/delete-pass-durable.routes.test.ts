import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { startPendingPassSweeper } from '../../job-workers.ts';
import { createRideServices } from '../../services.ts';
import { FsBlobStore } from '../../storage/blob-store.ts';
import { createHarness, type Harness, type SignedIn } from '../../test/harness.ts';
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
import { uploadAndWait } from '../../test/upload.ts';
import { BatchPassRepository } from './batch-pass.repository.ts';
import { BatchPasses } from './batch-pass.ts';

// Issue 28 (trust): a ride's deletion commits, then its batch pass measures again the rides of the
// 90 days after it (ride-delete.ts). A crash between the two, or a pass that fails, left those rides
// with figures measured with the deleted ride, and nothing repaired them. The pass owed is recorded
// in the deletion's transaction (migration 0037) and run again by the sweep (pending-passes.ts), at
// start and every few minutes: afterwards the stored figures must be those the pass over the whole
// history gives (test/planned-rides.ts), and the record gone.

let h: Harness;

beforeAll(async () => {
  h = await createHarness();
}, 60_000);
afterAll(async () => h?.close());
afterEach(() => {
  vi.restoreAllMocks();
});

const STRONG: Planned = {
  daysAgo: STRONG_DAYS_AGO,
  seed: 13,
  fileFtp: false,
  power: true,
  riderFtpW: 330,
  intervals: LONG,
};

const HISTORY: Planned[] = [
  { daysAgo: 110, seed: 2, fileFtp: false, power: true, riderFtpW: 250, intervals: SHORT },
  STRONG,
  { daysAgo: 70, seed: 7, fileFtp: true, power: true, riderFtpW: 250, intervals: SHORT },
  { daysAgo: 40, seed: 4, fileFtp: false, power: false, riderFtpW: 250, intervals: EASY },
  { daysAgo: EDGE_DAYS_AGO, seed: 11, fileFtp: false, power: true, riderFtpW: 240, intervals: EASY },
];

type Figures = Awaited<ReturnType<typeof storedFigures>>;

async function historyOf(email: string): Promise<{ rider: SignedIn; userId: string; before: Figures }> {
  const rider = await h.signIn({ email });
  const done = await uploadAndWait(
    h.app,
    rider.headers,
    HISTORY.map((p) => ({ name: `${p.daysAgo}.fit`, bytes: rideFile(p) })),
    120_000,
  );
  expect(done.files.map((f) => f.status)).toEqual(HISTORY.map(() => 'done'));
  return { rider, userId: rider.user.id, before: await storedFigures(h, rider.user.id) };
}

const rideOn = (rows: Figures, daysAgo: number) => rows.find((r) => r.start_time.startsWith(dayOf(daysAgo)))!;

/** The rider's pass records left (migration 0037). */
const owed = (userId: string) =>
  h.database.db.selectFrom('pending_batch_passes').selectAll().where('user_id', '=', userId).execute();

async function deleteStrong(rider: SignedIn, before: Figures): Promise<void> {
  const deleted = await h.app.inject({
    method: 'DELETE',
    url: `/api/activities/${rideOn(before, STRONG_DAYS_AGO).id}`,
    headers: rider.headers,
  });
  expect(deleted.statusCode).toBe(204);
}

/** The stored figures equal what the pass over the whole history gives (it changes nothing). */
async function expectWholeHistoryFigures(userId: string): Promise<Figures> {
  const stored = await storedFigures(h, userId);
  await wholeHistoryPass(h, userId);
  expect(await storedFigures(h, userId)).toEqual(stored);
  return stored;
}

describe('a deletion’s batch pass is owed until it has written', () => {
  test('a deletion whose pass ran leaves no record', async () => {
    const { rider, userId, before } = await historyOf('owed-none@example.org');
    await deleteStrong(rider, before);
    expect(await owed(userId)).toEqual([]);
    await expectWholeHistoryFigures(userId);
  }, 300_000);

  test('a pass that fails keeps its record, and the sweep runs it again', async () => {
    const { rider, userId, before } = await historyOf('owed-failed@example.org');
    // The pass's read fails (the database away a moment): the ride is gone, the pass did not run.
    vi.spyOn(BatchPassRepository.prototype, 'read').mockRejectedValueOnce(new Error('database away'));
    await deleteStrong(rider, before);
    const stale = await storedFigures(h, userId);
    // Still measured with the deleted ride: the edge ride's eFTP holds its bests.
    expect(rideOn(stale, EDGE_DAYS_AGO).ftp_w).toBe(rideOn(before, EDGE_DAYS_AGO).ftp_w);
    expect(await owed(userId)).toHaveLength(1);

    const swept = await h.services.sweepPendingPasses(0);
    expect(swept).toEqual({ riders: 1, passes: 1, failed: 0 });
    expect(await owed(userId)).toEqual([]);
    const after = await expectWholeHistoryFigures(userId);
    expect(rideOn(after, EDGE_DAYS_AGO).ftp_w).toBeLessThan(rideOn(before, EDGE_DAYS_AGO).ftp_w!);
    expect(after).not.toEqual(stale);
  }, 300_000);

  test('a crash between the deletion’s commit and its pass: the next start runs it', async () => {
    const { rider, userId, before } = await historyOf('owed-crash@example.org');
    // The process "dies" after the commit: the pass never starts (nor its record's removal).
    vi.spyOn(BatchPasses.prototype, 'run').mockImplementationOnce(() => Promise.reject(new Error('killed')));
    await deleteStrong(rider, before);
    vi.restoreAllMocks();
    const stale = await storedFigures(h, userId);
    expect(await owed(userId)).toHaveLength(1);

    // A new process on the same database (its services and its start-up sweep, as main.ts runs it).
    const restarted = createRideServices({
      db: h.database.db,
      blobs: new FsBlobStore(join(h.dataDir, 'blobs')),
      queue: h.queue,
      now: h.now,
      log: () => {},
    });
    const logged: unknown[] = [];
    const stop = startPendingPassSweeper(restarted, {
      log: (message, details) => logged.push({ message, ...details }),
    });
    await stop();
    await restarted.close();
    expect(logged).toEqual([{ message: 'batch passes owed run again', riders: 1, passes: 1, failed: 0 }]);
    expect(await owed(userId)).toEqual([]);
    const after = await expectWholeHistoryFigures(userId);
    expect(after).not.toEqual(stale);
  }, 300_000);
});
