import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { runAsRider } from '../../db/write-scope.ts';
import { createRideServices, type RideServices } from '../../services.ts';
import { FsBlobStore } from '../../storage/blob-store.ts';
import { createHarness, type Harness, type SignedIn } from '../../test/harness.ts';
import {
  dayOf,
  LONG,
  type Planned,
  rideFile,
  SHORT,
  storedFigures,
  wholeHistoryPass,
} from '../../test/planned-rides.ts';
import { uploadAndWait } from '../../test/upload.ts';
import { QUEUES } from '../../jobs/queue.ts';
import { hurryRetries } from '../../test/hurry-retries.ts';
import { waitForReanalysis, waitUntil } from '../../test/wait.ts';
import { BatchPassRepository } from '../activities/batch-pass.repository.ts';

// Issue 28 (trust): a re-analysis rewrites a ride's curve, which the rides in [its start, its start +
// 90 d) read for their eFTP and their tactics' critical power. The run's pass used to be gathered in
// memory: a run split across processes (a restart between its jobs), or a pass that failed on every
// try, left rides measured with the old curves and nothing repaired them. The pass each re-analysis
// owes is recorded in its own write's transaction (pending_batch_passes) and removed by the pass that
// covers it: afterwards every ride holds what the pass over the whole history gives
// (test/planned-rides.ts), and no record is left.

let h: Harness;

beforeAll(async () => {
  h = await createHarness();
}, 60_000);
afterAll(async () => h?.close());
afterEach(() => {
  vi.restoreAllMocks();
});

const STRONG: Planned = {
  daysAgo: 40,
  seed: 51,
  fileFtp: false,
  power: true,
  riderFtpW: 320,
  intervals: LONG,
};
// Every ride measured against its window's eFTP: a ride re-analysed before the strong one's curve is
// restored reads the older, lower curve.
const HISTORY: Planned[] = [
  { daysAgo: 60, seed: 52, fileFtp: false, power: true, riderFtpW: 240, intervals: SHORT },
  STRONG,
  { daysAgo: 25, seed: 53, fileFtp: false, power: true, riderFtpW: 250, intervals: SHORT },
  { daysAgo: 10, seed: 54, fileFtp: false, power: true, riderFtpW: 240, intervals: LONG },
];

type Figures = Awaited<ReturnType<typeof storedFigures>>;
const rideOn = (rows: Figures, daysAgo: number) => rows.find((r) => r.start_time.startsWith(dayOf(daysAgo)))!;

/** The rider's pass records left (pending_batch_passes). */
const owed = (userId: string) =>
  h.database.db.selectFrom('pending_batch_passes').selectAll().where('user_id', '=', userId).execute();

/** A rider with the history, the strong ride's curve lowered (as an older analysis stored it) and every ride measured against it. */
async function withOlderCurve(email: string): Promise<{ rider: SignedIn; userId: string; rides: Figures }> {
  const rider = await h.signIn({ email });
  const userId = rider.user.id;
  for (const p of HISTORY)
    await uploadAndWait(h.app, rider.headers, [{ name: `${p.daysAgo}.fit`, bytes: rideFile(p) }]);
  const strongId = rideOn(await storedFigures(h, userId), STRONG.daysAgo).id;
  await sql`update activity_curves set power_w = array(select p * 0.8 from unnest(power_w) p)::real[]
    where user_id = ${userId} and activity_id = ${strongId}`.execute(h.database.db);
  await wholeHistoryPass(h, userId);
  return { rider, userId, rides: await storedFigures(h, userId) };
}

/** The stored figures equal what the pass over the whole history gives (it changes nothing). */
async function expectWholeHistoryFigures(userId: string): Promise<Figures> {
  const stored = await storedFigures(h, userId);
  await wholeHistoryPass(h, userId);
  expect(await storedFigures(h, userId)).toEqual(stored);
  return stored;
}

/** Another process on the same database (its own services, as `vatio worker` builds them). */
function anotherProcess(): RideServices {
  return createRideServices({
    db: h.database.db,
    blobs: new FsBlobStore(join(h.dataDir, 'blobs')),
    queue: h.queue,
    now: h.now,
    log: () => {},
  });
}

describe('the batch pass a re-analysis owes is recorded with its write', () => {
  test('a run split across two processes (a restart between its jobs): the last job’s pass covers every ride', async () => {
    const { userId, rides } = await withOlderCurve('reanalysis-owed-split@example.org');
    // The run, as a change of settings schedules it: every ride waits (its job queued; the jobs are
    // run here, in the order and the process chosen, as the workers would run them).
    await sql`update activities set reanalysis_pending = true where user_id = ${userId}`.execute(
      h.database.db,
    );
    const job = (daysAgo: number) => ({ userId, activityId: rideOn(rides, daysAgo).id });
    // The first process re-analyses three rides (the 25-day one against the strong ride's older
    // curve, which is restored next), then stops.
    for (const daysAgo of [60, 25, STRONG.daysAgo])
      await runAsRider(userId, () => h.services.reanalysis.run(job(daysAgo)));
    // Their passes are recorded; the sweep leaves them to the run's end (a ride still waits).
    expect(await owed(userId)).toHaveLength(3);
    expect(await h.services.sweepPendingPasses(0)).toEqual({ riders: 0, passes: 0, failed: 0 });
    expect(await owed(userId)).toHaveLength(3);
    // After a restart, another process runs the run's last ride.
    const restarted = anotherProcess();
    try {
      await runAsRider(userId, () => restarted.reanalysis.run(job(10)));
    } finally {
      await restarted.close();
    }
    expect(await restarted.reanalysis.pending(userId)).toBe(0);
    expect(await owed(userId)).toEqual([]);
    await expectWholeHistoryFigures(userId);
  }, 300_000);

  test('POST /api/activities/:id/analyze whose pass fails on every try: the record stays, the sweep runs it', async () => {
    const { rider, userId, rides } = await withOlderCurve('reanalysis-owed-failed@example.org');
    const strongId = rideOn(rides, STRONG.daysAgo).id;
    // The pass's read fails on each try (the database away): the job is retried, then given up.
    vi.spyOn(BatchPassRepository.prototype, 'read').mockRejectedValue(new Error('database away'));
    const queued = await h.app.inject({
      method: 'POST',
      url: `/api/activities/${strongId}/analyze`,
      headers: rider.headers,
    });
    expect(queued.statusCode).toBe(202);
    await waitUntil(
      'the re-analysis was not given up',
      async () => {
        await hurryRetries(h.database, QUEUES.analyzeActivity);
        return (
          await sql<{ state: string }>`select state from pgboss.job where name = 'analyze-activity'
            and data->>'activityId' = ${strongId}`.execute(h.database.db)
        ).rows.map((r) => r.state);
      },
      (states) => states.length > 0 && states.every((s) => s === 'completed'),
      { timeoutMs: 180_000 },
    );
    await waitForReanalysis(h.app, rider.headers);
    vi.restoreAllMocks();
    const stale = await storedFigures(h, userId);
    // The rides after the strong one are still measured against its older curve.
    expect(rideOn(stale, 10).ftp_w).toBe(rideOn(rides, 10).ftp_w);
    expect((await owed(userId)).length).toBeGreaterThan(0);

    const swept = await h.services.sweepPendingPasses(0);
    expect(swept).toMatchObject({ riders: 1, failed: 0 });
    expect(await owed(userId)).toEqual([]);
    const after = await expectWholeHistoryFigures(userId);
    expect(rideOn(after, 10).ftp_w).toBeGreaterThan(rideOn(rides, 10).ftp_w!);
  }, 300_000);
});
