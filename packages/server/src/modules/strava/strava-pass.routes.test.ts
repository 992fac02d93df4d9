import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type FakeStrava, startFakeStrava } from '../../test/fake-strava.ts';
import { createHarness, type Harness } from '../../test/harness.ts';
import { rideFile, storedFigures, wholeHistoryPass } from '../../test/planned-rides.ts';
import { connectedRider, FILE_RIDE, powerRide } from '../../test/strava-power-rides.ts';
import { uploadAndWait } from '../../test/upload.ts';
import { waitForSync, waitUntil } from '../../test/wait.ts';

// Issue 28 (trust): rides that come from Strava join the 90-day windows of the rides after them, whose
// eFTP (and so IF and TSS), tactics' critical power and advanced facts were measured without them. A
// ride a webhook creates, and the rides of a sync run (imported newest first, each measured against
// the rides stored before it), get the batch pass over their windows: every ride must then hold the
// figures the pass over the whole history gives (RideFtpService.rederiveEstimated, then
// RideTacticsService.rederive), which finds nothing to change. Through the real app and a Strava
// look-alike on loopback.

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

describe('rides from Strava get the batch pass over their windows', () => {
  test('a ride a webhook creates moves the rides after it, as the whole-history pass', async () => {
    const athleteId = 9701;
    const rider = await connectedRider(h, strava, 'strava-pass-webhook@example.org', athleteId);
    const userId = rider.user.id;
    await uploadAndWait(h.app, rider.headers, [{ name: 'file.fit', bytes: rideFile(FILE_RIDE) }]);
    const [before] = await storedFigures(h, userId);
    expect((before!.summary as { ftpSource?: string }).ftpSource).toBe('estimated');

    // A stronger ride 10 days before it, pushed by Strava.
    strava.addActivity(athleteId, powerRide(3001, 20, 340));
    const ack = await h.app.inject({
      method: 'POST',
      url: '/api/strava/webhook',
      payload: {
        object_type: 'activity',
        object_id: 3001,
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
            and data->>'object_id' = '3001'`.execute(h.database.db)
        ).rows.map((r) => r.state),
      (states) => states.length > 0 && states.every((s) => s === 'completed'),
    );
    const after = await storedFigures(h, userId);
    expect(after).toHaveLength(2);
    await wholeHistoryPass(h, userId);
    expect(await storedFigures(h, userId)).toEqual(after);
    // And it did move the file ride: its eFTP now stands on the Strava ride's bests too.
    const file = after.find((r) => r.id === before!.id)!;
    expect(file.ftp_w).toBeGreaterThan(before!.ftp_w!);
    expect((file.summary as { ftpEstimate?: { rides?: number } }).ftpEstimate?.rides).toBe(2);
  }, 120_000);

  test('a sync run leaves every ride as the whole-history pass', async () => {
    const athleteId = 9702;
    const rider = await connectedRider(h, strava, 'strava-pass-sync@example.org', athleteId);
    const userId = rider.user.id;
    await uploadAndWait(h.app, rider.headers, [{ name: 'file.fit', bytes: rideFile(FILE_RIDE) }]);
    // Older rides stronger: imported newest first, each newer ride was measured without them.
    for (const [k, daysAgo] of [3, 25, 50, 80, 120, 150].entries())
      strava.addActivity(athleteId, powerRide(4001 + k, daysAgo, 220 + 25 * k));
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
    expect(done).toMatchObject({ status: 'completed', imported_activities: 6 });
    const after = await storedFigures(h, userId);
    expect(after).toHaveLength(7);
    await wholeHistoryPass(h, userId);
    expect(await storedFigures(h, userId)).toEqual(after);
  }, 120_000);
});
