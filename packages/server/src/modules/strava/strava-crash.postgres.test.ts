import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { connectOverHttp, type FakeStrava, startFakeStrava } from '../../test/fake-strava.ts';
import { ADMIN_URL, passCrashRig } from '../../test/pass-crash.ts';
import { storedFigures } from '../../test/planned-rides.ts';
import { FILE_RIDE, powerRide } from '../../test/strava-power-rides.ts';

// Issue 28 (trust): a server killed (SIGKILL) after it stored a ride a Strava webhook announced and
// before the batch pass that ride owes the rides after it wrote. The test holds the rider's pass
// lock, so the webhook job's pass waits right after the ride's store, and kills the server there: the
// file ride 10 days after the Strava one keeps the eFTP measured without it. The webhook's job, handed
// back after the restart, finds the ride stored and runs no pass: the record the store wrote is what
// the next start runs (pending-passes.ts). Afterwards the figures are those of the pass over the whole
// history, and no record is left. strava-owed.routes.test.ts covers a failed pass inside one process;
// the rig: test/pass-crash.ts.

const ATHLETE = 9901;
let strava: FakeStrava;
beforeAll(async () => {
  strava = await startFakeStrava();
});
afterAll(async () => strava?.close());
const rig = passCrashRig('strava', () => ({
  STRAVA_CLIENT_ID: strava.clientId,
  STRAVA_CLIENT_SECRET: strava.clientSecret,
  STRAVA_OAUTH_URL: strava.oauthUrl,
  STRAVA_API_URL: strava.apiUrl,
  STRAVA_WEBHOOK_VERIFY_TOKEN: 'verify-me',
}));

describe.skipIf(!ADMIN_URL)('a server killed between a Strava webhook’s ride and its batch pass', () => {
  test('the next start runs the pass the ride’s store recorded', async () => {
    await rig.start();
    const { headers, userId } = await rig.signIn('strava-crash@example.org');
    const back = await connectOverHttp(rig.base, strava, ATHLETE, headers);
    expect(back.searchParams.get('strava')).toBe('connected');
    await rig.upload(headers, [FILE_RIDE]);
    const [before] = await storedFigures(rig.h, userId);

    // A stronger ride 10 days before the file's, pushed by Strava.
    strava.addActivity(ATHLETE, powerRide(5101, 20, 340));
    await rig.crashWhilePassWaits(userId, 1, async () => {
      const ack = await fetch(`${rig.base}/api/strava/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          object_type: 'activity',
          object_id: 5101,
          aspect_type: 'create',
          owner_id: ATHLETE,
          subscription_id: 1,
          event_time: strava.nowS(),
          updates: {},
        }),
      });
      expect(ack.status).toBe(200);
    });

    // The Strava ride is stored; the file ride is still measured without it.
    const stale = await storedFigures(rig.h, userId);
    expect(stale).toHaveLength(2);
    expect(stale.find((r) => r.id === before!.id)!.ftp_w).toBe(before!.ftp_w);

    const after = await rig.restartUntilSettled(userId);
    expect(after.find((r) => r.id === before!.id)!.ftp_w).toBeGreaterThan(before!.ftp_w!);
  }, 420_000);
});
