import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
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
import { waitForReanalysis, waitUntil } from '../../test/wait.ts';
import type { BatchPassScope } from '../activities/batch-pass.repository.ts';

// Issue 28 (trust): a re-analysis rewrites a ride's curve (a new ANALYSIS_VERSION, a better decoding),
// which the rides in [its start, its start + 90 d) read for their eFTP and their tactics' critical
// power. Here a ride's stored curve is lowered as an older analysis might have stored it, and the
// history measured against it (the whole-history pass); the re-analysis restores the file's curve and
// must leave every ride as the whole-history pass over the new curves gives, and as a rider who
// uploaded the same files gets. A run that re-analyses many rides runs one pass, not one a ride.

let h: Harness;

beforeAll(async () => {
  h = await createHarness();
}, 60_000);
afterAll(async () => h?.close());

const STRONG: Planned = {
  daysAgo: 40,
  seed: 41,
  fileFtp: false,
  power: true,
  riderFtpW: 320,
  intervals: LONG,
};
const HISTORY: Planned[] = [
  { daysAgo: 60, seed: 42, fileFtp: false, power: true, riderFtpW: 240, intervals: SHORT },
  STRONG,
  { daysAgo: 25, seed: 43, fileFtp: true, power: true, riderFtpW: 250, intervals: SHORT },
  { daysAgo: 10, seed: 44, fileFtp: false, power: true, riderFtpW: 240, intervals: LONG },
];

type Figures = Awaited<ReturnType<typeof storedFigures>>;
const withoutId = (rows: Figures) => rows.map(({ id: _id, ...r }) => r);
const rideOn = (rows: Figures, daysAgo: number) => rows.find((r) => r.start_time.startsWith(dayOf(daysAgo)))!;

/** A rider with the history, the strong ride's curve lowered (as an older analysis stored it) and every ride measured against it. */
async function withOlderCurve(email: string): Promise<{ rider: SignedIn; userId: string; strongId: string }> {
  const rider = await h.signIn({ email });
  const userId = rider.user.id;
  for (const p of HISTORY)
    await uploadAndWait(h.app, rider.headers, [{ name: `${p.daysAgo}.fit`, bytes: rideFile(p) }]);
  const strongId = rideOn(await storedFigures(h, userId), STRONG.daysAgo).id;
  await sql`update activity_curves set power_w = array(select p * 0.8 from unnest(power_w) p)::real[]
    where user_id = ${userId} and activity_id = ${strongId}`.execute(h.database.db);
  await wholeHistoryPass(h, userId);
  return { rider, userId, strongId };
}

/** The batch passes run while `run` runs, by scope. */
async function passesDuring(run: () => Promise<void>): Promise<BatchPassScope[]> {
  const spy = vi.spyOn(h.services.batchPasses, 'run');
  try {
    await run();
    return spy.mock.calls.map((call) => call[1]);
  } finally {
    spy.mockRestore();
  }
}

describe('a re-analysis that rewrites a curve measures again the rides whose windows hold it', () => {
  test('POST /api/activities/:id/analyze: as the whole-history pass, and as a new rider’s upload', async () => {
    const fresh = await h.signIn({ email: 'reanalysis-pass-fresh@example.org' });
    for (const p of HISTORY)
      await uploadAndWait(h.app, fresh.headers, [{ name: `${p.daysAgo}.fit`, bytes: rideFile(p) }]);
    const truth = await storedFigures(h, fresh.user.id);

    const { rider, userId, strongId } = await withOlderCurve('reanalysis-pass@example.org');
    const before = await storedFigures(h, userId);
    // The older curve did move the later rides' eFTP.
    expect(rideOn(before, 10).ftp_w).toBeLessThan(rideOn(truth, 10).ftp_w!);

    const passes = await passesDuring(async () => {
      const queued = await h.app.inject({
        method: 'POST',
        url: `/api/activities/${strongId}/analyze`,
        headers: rider.headers,
      });
      expect(queued.statusCode).toBe(202);
      await waitUntil(
        'the re-analysis did not finish',
        async () =>
          (
            await sql<{ state: string }>`select state from pgboss.job where name = 'analyze-activity'
              and data->>'activityId' = ${strongId}`.execute(h.database.db)
          ).rows.map((r) => r.state),
        (states) => states.length > 0 && states.every((s) => s === 'completed'),
      );
    });
    const after = await storedFigures(h, userId);
    expect(withoutId(after)).toEqual(withoutId(truth));
    await wholeHistoryPass(h, userId);
    expect(await storedFigures(h, userId)).toEqual(after);
    expect(passes).toHaveLength(1);
  }, 300_000);

  test('a change of settings re-analyses every ride in one run: one pass, as the whole-history pass', async () => {
    const { rider, userId } = await withOlderCurve('reanalysis-pass-run@example.org');
    const passes = await passesDuring(async () => {
      // The rider's earliest weight: every ride is re-analysed (athlete-settings.routes.ts).
      const saved = await h.app.inject({
        method: 'POST',
        url: '/api/athlete-settings',
        headers: rider.headers,
        payload: { effective_from: dayOf(5), weight_kg: 71 },
      });
      expect(saved.statusCode).toBe(201);
      expect(saved.json().reanalysis).toEqual({ rides: HISTORY.length });
      await waitForReanalysis(h.app, rider.headers);
    });
    const after = await storedFigures(h, userId);
    await wholeHistoryPass(h, userId);
    expect(await storedFigures(h, userId)).toEqual(after);
    expect(passes).toEqual([{ curvesChangedAt: expect.any(Array) }]);
    expect((passes[0] as { curvesChangedAt: Date[] }).curvesChangedAt).toHaveLength(HISTORY.length);
  }, 300_000);
});
