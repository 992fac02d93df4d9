import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { type FakeStrava, startFakeStrava } from '../../test/fake-strava.ts';
import { createHarness, type Harness } from '../../test/harness.ts';
import { rideFile, storedFigures, wholeHistoryPass } from '../../test/planned-rides.ts';
import { connectedRider, FILE_RIDE, powerRide } from '../../test/strava-power-rides.ts';
import { uploadAndWait } from '../../test/upload.ts';
import { QUEUES } from '../../jobs/queue.ts';
import { hurryRetries } from '../../test/hurry-retries.ts';
import { waitForSync, waitUntil } from '../../test/wait.ts';
import { BatchPassRepository } from '../activities/batch-pass.repository.ts';

// Issue 28 (trust): a ride stored from Strava (a webhook's new ride, a sync run's rides) joins the
// 90-day windows of the rides after it. Their batch pass ran from memory after the store: a pass that
// failed (or a crash before it) left those rides measured without it, and nothing repaired them. The
// pass each stored ride owes is recorded in the store's own transaction (pending_batch_passes) and
// removed by the pass that covers it; one left over is run by the sweep (activities/pending-passes.ts).
// Afterwards every ride holds what the pass over the whole history gives, and no record is left.

let strava: FakeStrava;
let h: Harness;
beforeAll(async () => {
  strava = await startFakeStrava();
  h = await createHarness({
    STRAVA_CLIENT_ID: strava.clientId,
    STRAVA_CLIENT_SECRET: strava.clientSecret,
    STRAVA_OAUTH_URL: strava.oauthUrl,
    STRAVA_API_URL: strava.apiUrl,
    STRAVA_WEBHOOK_VERIFY_TOKEN: 'verify-me',
  });
}, 60_000);
afterAll(async () => {
  await h?.close();
  await strava?.close();
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** The rider's pass records left (pending_batch_passes). */
const owed = (userId: string) =>
  h.database.db.selectFrom('pending_batch_passes').selectAll().where('user_id', '=', userId).execute();

/** The stored figures equal what the pass over the whole history gives (it changes nothing). */
async function expectWholeHistoryFigures(userId: string) {
  const stored = await storedFigures(h, userId);
  await wholeHistoryPass(h, userId);
  expect(await storedFigures(h, userId)).toEqual(stored);
  return stored;
}

describe('the batch pass a ride from Strava owes is recorded with its store', () => {
  test('a webhook’s new ride whose pass fails: the record stays, the sweep runs it', async () => {
    const athleteId = 9801;
    const rider = await connectedRider(h, strava, 'strava-owed-webhook@example.org', athleteId);
    const userId = rider.user.id;
    await uploadAndWait(h.app, rider.headers, [{ name: 'file.fit', bytes: rideFile(FILE_RIDE) }]);
    const [before] = await storedFigures(h, userId);

    // A stronger ride 10 days before it, pushed by Strava; its pass's read fails (the database away).
    vi.spyOn(BatchPassRepository.prototype, 'read').mockRejectedValue(new Error('database away'));
    strava.addActivity(athleteId, powerRide(5001, 20, 340));
    const ack = await h.app.inject({
      method: 'POST',
      url: '/api/strava/webhook',
      payload: {
        object_type: 'activity',
        object_id: 5001,
        aspect_type: 'create',
        owner_id: athleteId,
        subscription_id: 1,
        event_time: strava.nowS(),
        updates: {},
      },
    });
    expect(ack.statusCode).toBe(200);
    await waitUntil(
      'the webhook event was not handled',
      async () =>
        (
          await sql<{ state: string }>`select state from pgboss.job where name = 'strava-event'
            and data->>'object_id' = '5001'`.execute(h.database.db)
        ).rows.map((r) => r.state),
      (states) => states.length > 0 && states.every((s) => s === 'completed'),
    );
    vi.restoreAllMocks();
    const stale = await storedFigures(h, userId);
    expect(stale).toHaveLength(2);
    // The file ride is still measured without the Strava ride.
    expect(stale.find((r) => r.id === before!.id)!.ftp_w).toBe(before!.ftp_w);
    expect(await owed(userId)).toHaveLength(1);

    const swept = await h.services.sweepPendingPasses(0);
    expect(swept).toEqual({ riders: 1, passes: 1, failed: 0 });
    expect(await owed(userId)).toEqual([]);
    const after = await expectWholeHistoryFigures(userId);
    expect(after.find((r) => r.id === before!.id)!.ftp_w).toBeGreaterThan(before!.ftp_w!);
  }, 120_000);

  test('a sync run whose pass fails on every try: the records stay, the sweep runs them', async () => {
    const athleteId = 9802;
    const rider = await connectedRider(h, strava, 'strava-owed-sync@example.org', athleteId);
    const userId = rider.user.id;
    await uploadAndWait(h.app, rider.headers, [{ name: 'file.fit', bytes: rideFile(FILE_RIDE) }]);
    // Older rides stronger: imported newest first, each newer ride was measured without them.
    for (const [k, daysAgo] of [3, 25, 50, 80].entries())
      strava.addActivity(athleteId, powerRide(6001 + k, daysAgo, 220 + 30 * k));
    vi.spyOn(BatchPassRepository.prototype, 'read').mockRejectedValue(new Error('database away'));
    const started = await h.app.inject({
      method: 'POST',
      url: '/api/strava/sync',
      headers: rider.headers,
      payload: { action: 'import_activities' },
    });
    expect(started.statusCode).toBe(202);
    await waitForSync(
      async () => {
        await hurryRetries(h.database, QUEUES.stravaSync);
        return (await h.app.inject({ url: '/api/sync/status', headers: rider.headers })).json() as {
          status: string;
        };
      },
      { timeoutMs: 180_000 },
    );
    vi.restoreAllMocks();
    expect(await storedFigures(h, userId)).toHaveLength(5);
    expect(await owed(userId)).toHaveLength(4);

    const swept = await h.services.sweepPendingPasses(0);
    expect(swept).toEqual({ riders: 1, passes: 4, failed: 0 });
    expect(await owed(userId)).toEqual([]);
    await expectWholeHistoryFigures(userId);
  }, 300_000);

  test('a sync run whose pass ran leaves no record', async () => {
    const athleteId = 9803;
    const rider = await connectedRider(h, strava, 'strava-owed-none@example.org', athleteId);
    const userId = rider.user.id;
    await uploadAndWait(h.app, rider.headers, [{ name: 'file.fit', bytes: rideFile(FILE_RIDE) }]);
    for (const [k, daysAgo] of [30, 60].entries())
      strava.addActivity(athleteId, powerRide(7001 + k, daysAgo, 250 + 30 * k));
    const started = await h.app.inject({
      method: 'POST',
      url: '/api/strava/sync',
      headers: rider.headers,
      payload: { action: 'import_activities' },
    });
    expect(started.statusCode).toBe(202);
    const done = await waitForSync(
      async () =>
        (await h.app.inject({ url: '/api/sync/status', headers: rider.headers })).json() as {
          status: string;
          imported_activities: number;
        },
    );
    expect(done).toMatchObject({ status: 'completed', imported_activities: 2 });
    expect(await owed(userId)).toEqual([]);
    await expectWholeHistoryFigures(userId);
  }, 120_000);
});
