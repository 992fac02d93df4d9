import { afterAll, beforeAll, describe, expect, test } from 'vitest';
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

// Issue 28 (trust): deleting a ride removes its curve from the 90-day windows of the rides after it,
// which their eFTP (and so their IF and TSS), the critical power of their tactics and the advanced
// facts that follow that FTP were measured with. DELETE /api/activities/:id runs the batch pass over
// [its start, its start + the window) before it answers: the stored figures of every ride left must
// then be those the pass over the whole history (RideFtpService.rederiveEstimated, then
// RideTacticsService.rederive: the import's pass before issue 28, kept for the tests and Strava)
// gives, which finds nothing to change. Without the pass, it changes the rides the strong ride's curve
// set the window of. And they must be those a rider who never had that ride gets from the same files
// (which also holds the count of rides each eFTP says it stands on: `reestimate`).

let h: Harness;

beforeAll(async () => {
  h = await createHarness();
}, 60_000);
afterAll(async () => h?.close());

const STRONG: Planned = {
  daysAgo: STRONG_DAYS_AGO,
  seed: 13,
  fileFtp: false,
  power: true,
  riderFtpW: 330,
  intervals: LONG,
};

const HISTORY: Planned[] = [
  { daysAgo: 130, seed: 1, fileFtp: true, power: true, riderFtpW: 250, intervals: LONG },
  { daysAgo: 110, seed: 2, fileFtp: false, power: true, riderFtpW: 250, intervals: SHORT },
  STRONG,
  { daysAgo: 95, seed: 6, fileFtp: false, power: true, riderFtpW: 240, intervals: LONG },
  { daysAgo: 70, seed: 7, fileFtp: true, power: true, riderFtpW: 250, intervals: SHORT },
  { daysAgo: 40, seed: 4, fileFtp: false, power: false, riderFtpW: 250, intervals: EASY },
  { daysAgo: 20, seed: 9, fileFtp: false, power: true, riderFtpW: 245, intervals: SHORT },
  { daysAgo: EDGE_DAYS_AGO, seed: 11, fileFtp: false, power: true, riderFtpW: 240, intervals: EASY },
  // 95 days after the strong ride: outside every window that held it.
  { daysAgo: 5, seed: 12, fileFtp: false, power: true, riderFtpW: 250, intervals: SHORT },
];

async function historyOf(email: string): Promise<{ rider: SignedIn; userId: string }> {
  const rider = await h.signIn({ email });
  const done = await uploadAndWait(
    h.app,
    rider.headers,
    HISTORY.map((p) => ({ name: `${p.daysAgo}.fit`, bytes: rideFile(p) })),
    120_000,
  );
  expect(done.files.map((f) => f.status)).toEqual(HISTORY.map(() => 'done'));
  const userId = rider.user.id;
  // The import's own pass left nothing for the whole one to change.
  const stored = await storedFigures(h, userId);
  await wholeHistoryPass(h, userId);
  expect(await storedFigures(h, userId)).toEqual(stored);
  return { rider, userId };
}

const rideOn = (rows: Awaited<ReturnType<typeof storedFigures>>, daysAgo: number) =>
  rows.find((r) => r.start_time.startsWith(dayOf(daysAgo)))!;

describe('deleting a ride measures again the rides whose windows held its curve', () => {
  test('DELETE /api/activities/:id leaves the figures the whole-history pass gives', async () => {
    const { rider, userId } = await historyOf('delete-pass@example.org');
    const before = await storedFigures(h, userId);
    const strong = rideOn(before, STRONG_DAYS_AGO);
    const edgeBefore = rideOn(before, EDGE_DAYS_AGO);
    expect((edgeBefore.summary as { ftpSource?: string }).ftpSource).toBe('estimated');

    const deleted = await h.app.inject({
      method: 'DELETE',
      url: `/api/activities/${strong.id}`,
      headers: rider.headers,
    });
    expect(deleted.statusCode).toBe(204);

    // Read as the answer left them, then against the whole history.
    const after = await storedFigures(h, userId);
    await wholeHistoryPass(h, userId);
    expect(await storedFigures(h, userId)).toEqual(after);

    // The delete did move figures: the edge ride's eFTP no longer holds the strong ride's bests (the
    // last day of its window), and the ride page says so straight away.
    const edgeAfter = rideOn(after, EDGE_DAYS_AGO);
    expect(edgeAfter.ftp_w).toBeLessThan(edgeBefore.ftp_w!);
    const page = await h.app.inject({ url: `/api/activities/${edgeAfter.id}`, headers: rider.headers });
    expect(page.json()).toMatchObject({
      ftp_w: edgeAfter.ftp_w,
      ftp_source: 'estimated',
      intensity_factor: edgeAfter.intensity_factor,
      training_stress_score: edgeAfter.training_stress_score,
    });
    // A ride with its own FTP keeps it; its tactics' critical power was the strong ride's window's.
    const setFtp = rideOn(after, 70);
    expect(setFtp.ftp_w).toBe(rideOn(before, 70).ftp_w);
    expect(setFtp.tactics).not.toEqual(rideOn(before, 70).tactics);
    // The rides before it, and after its windows, are as they were.
    for (const daysAgo of [130, 110, 5]) expect(rideOn(after, daysAgo)).toEqual(rideOn(before, daysAgo));
    expect(after).toHaveLength(HISTORY.length - 1);

    // And they are what a rider who never had the strong ride gets from the same files.
    const fresh = await h.signIn({ email: 'delete-pass-never@example.org' });
    const rest = HISTORY.filter((p) => p !== STRONG);
    await uploadAndWait(
      h.app,
      fresh.headers,
      rest.map((p) => ({ name: `${p.daysAgo}.fit`, bytes: rideFile(p) })),
      120_000,
    );
    const withoutId = (rows: Awaited<ReturnType<typeof storedFigures>>) => rows.map(({ id: _id, ...r }) => r);
    expect(withoutId(after)).toEqual(withoutId(await storedFigures(h, fresh.user.id)));
  }, 300_000);

  test('deleting a ride with no power, or another rider’s, changes nothing', async () => {
    const { rider, userId } = await historyOf('delete-pass-quiet@example.org');
    const before = await storedFigures(h, userId);
    const noPower = rideOn(before, 40);
    const stranger = await h.signIn({ email: 'delete-pass-stranger@example.org' });
    const refused = await h.app.inject({
      method: 'DELETE',
      url: `/api/activities/${noPower.id}`,
      headers: stranger.headers,
    });
    expect(refused.statusCode).toBe(404);
    expect(await storedFigures(h, userId)).toEqual(before);
    const deleted = await h.app.inject({
      method: 'DELETE',
      url: `/api/activities/${noPower.id}`,
      headers: rider.headers,
    });
    expect(deleted.statusCode).toBe(204);
    expect(await storedFigures(h, userId)).toEqual(before.filter((r) => r.id !== noPower.id));
  }, 300_000);
});
