import { join } from 'node:path';
import { type Activity, encodeFit, generateRide } from '@vatio/formats';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { FsBlobStore } from '../../storage/blob-store.ts';
import { createHarness, type Harness, type SignedIn } from '../../test/harness.ts';
import { uploadAndWait } from '../../test/upload.ts';
import { RideFtpService } from './ride-ftp.service.ts';
import { RideTacticsService } from './ride-tactics.service.ts';

// Issue 28 (trust): deleting a ride removes its curve from the 90-day windows of the rides after it,
// which their eFTP (and so their IF and TSS), the critical power of their tactics and the advanced
// facts that follow that FTP were measured with. DELETE /api/activities/:id runs the batch pass over
// [its start, its start + the window) before it answers: the stored figures of every ride left must
// then be those the pass over the whole history (RideFtpService.rederiveEstimated, then
// RideTacticsService.rederive: the import's pass before issue 28, kept for the tests and Strava)
// gives, which finds nothing to change. Without the pass, it changes the rides the strong ride's curve
// set the window of. And they must be those a rider who never had that ride gets from the same files
// (which also holds the count of rides each eFTP says it stands on: `reestimate`).

const DAY_MS = 86_400_000;
let h: Harness;

beforeAll(async () => {
  h = await createHarness();
}, 60_000);
afterAll(async () => h?.close());

interface Planned {
  daysAgo: number;
  seed: number;
  /** The FTP the file carries (the device's); without it the ride is measured against an eFTP. */
  fileFtp: boolean;
  power: boolean;
  /** The FTP the generator rides with: the strong ride sets the bests of the windows that hold it. */
  riderFtpW: number;
  intervals: { count: number; workS: number; restS: number; intervalPct: number };
}

const SHORT = { count: 5, workS: 180, restS: 180, intervalPct: 1.15 };
const LONG = { count: 2, workS: 720, restS: 300, intervalPct: 0.98 };
const EASY = { count: 0, workS: 1, restS: 1, intervalPct: 1 };

const STRONG_DAYS_AGO = 100;
/** 89 days after the strong ride: the last day whose windows hold it. */
const EDGE_DAYS_AGO = STRONG_DAYS_AGO - 89;

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

const dayOf = (daysAgo: number) =>
  new Date((Math.floor(Date.now() / DAY_MS) - daysAgo) * DAY_MS).toISOString().slice(0, 10);

function rideFile(p: Planned): Uint8Array {
  const ride: Activity = generateRide({
    seed: p.seed,
    durationS: 1800,
    ftpW: p.riderFtpW,
    intervals: p.intervals,
    startTime: new Date(Math.floor(Date.now() / DAY_MS - p.daysAgo) * DAY_MS + 8 * 3_600_000),
  });
  const streams = p.power
    ? ride.streams
    : { ...ride.streams, powerW: undefined, leftRightBalancePct: undefined };
  return encodeFit({
    ...ride,
    streams,
    deviceSummary: { ...ride.deviceSummary, ftpW: p.fileFtp ? ride.deviceSummary.ftpW : undefined },
  });
}

/** Every stored figure a pass may change, by ride. */
async function figures(userId: string) {
  const rows = await h.database.db
    .selectFrom('activities')
    .select([
      'id',
      'start_time',
      'ftp_w',
      'intensity_factor',
      'training_stress_score',
      'summary',
      'tactics',
      'advanced_facts',
    ])
    .where('user_id', '=', userId)
    .orderBy('start_time')
    .execute();
  return rows.map((r) => ({ ...r, start_time: r.start_time.toISOString() }));
}

/** The pass over the rider's whole history, as the import ran it before issue 28. */
async function wholeHistoryPass(userId: string) {
  const blobs = new FsBlobStore(join(h.dataDir, 'blobs'));
  await new RideFtpService({ activities: h.services.activities, now: h.now }).rederiveEstimated(userId);
  await new RideTacticsService({
    activities: h.services.activities,
    blobs,
    now: h.now,
    athleteSettings: h.services.athleteSettings,
  }).rederive(userId);
}

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
  const stored = await figures(userId);
  await wholeHistoryPass(userId);
  expect(await figures(userId)).toEqual(stored);
  return { rider, userId };
}

const rideOn = (rows: Awaited<ReturnType<typeof figures>>, daysAgo: number) =>
  rows.find((r) => r.start_time.startsWith(dayOf(daysAgo)))!;

describe('deleting a ride measures again the rides whose windows held its curve', () => {
  test('DELETE /api/activities/:id leaves the figures the whole-history pass gives', async () => {
    const { rider, userId } = await historyOf('delete-pass@example.org');
    const before = await figures(userId);
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
    const after = await figures(userId);
    await wholeHistoryPass(userId);
    expect(await figures(userId)).toEqual(after);

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
    const withoutId = (rows: Awaited<ReturnType<typeof figures>>) => rows.map(({ id: _id, ...r }) => r);
    expect(withoutId(after)).toEqual(withoutId(await figures(fresh.user.id)));
  }, 300_000);

  test('deleting a ride with no power, or another rider’s, changes nothing', async () => {
    const { rider, userId } = await historyOf('delete-pass-quiet@example.org');
    const before = await figures(userId);
    const noPower = rideOn(before, 40);
    const stranger = await h.signIn({ email: 'delete-pass-stranger@example.org' });
    const refused = await h.app.inject({
      method: 'DELETE',
      url: `/api/activities/${noPower.id}`,
      headers: stranger.headers,
    });
    expect(refused.statusCode).toBe(404);
    expect(await figures(userId)).toEqual(before);
    const deleted = await h.app.inject({
      method: 'DELETE',
      url: `/api/activities/${noPower.id}`,
      headers: rider.headers,
    });
    expect(deleted.statusCode).toBe(204);
    expect(await figures(userId)).toEqual(before.filter((r) => r.id !== noPower.id));
  }, 300_000);
});
