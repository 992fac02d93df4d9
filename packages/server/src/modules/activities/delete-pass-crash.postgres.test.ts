import { describe, expect, test } from 'vitest';
import { ADMIN_URL, HISTORY_AROUND_STRONG, passCrashRig, rideOn as on } from '../../test/pass-crash.ts';
import { EDGE_DAYS_AGO, STRONG_DAYS_AGO, storedFigures } from '../../test/planned-rides.ts';

// Issue 28 (trust): a server killed (SIGKILL) after a ride's deletion committed and before its batch
// pass wrote. The test holds the rider's pass lock (batch-pass-lock.repository.ts) so that the
// server's pass waits right after the commit, then kills it there: the rides of the 90 days after
// the deleted one keep figures measured with it. The next start runs the pass the deletion recorded
// (pending-passes.ts): the figures are then those the pass over the whole history gives, and the
// record is gone. A real process and a real kill, so PostgreSQL only (the test takes the lock from
// outside the server; the embedded database is the server's alone): delete-pass-durable.routes.test.ts
// covers the same on either engine inside one process. The rig: test/pass-crash.ts.

const rig = passCrashRig('delete');
const HISTORY = HISTORY_AROUND_STRONG;

describe.skipIf(!ADMIN_URL)('a server killed between a ride’s deletion and its batch pass', () => {
  test('the next start runs the pass the deletion recorded', async () => {
    await rig.start();
    const { headers, userId } = await rig.signIn('delete-crash@example.org');
    await rig.upload(headers, HISTORY);
    const before = await storedFigures(rig.h, userId);
    const strong = on(before, STRONG_DAYS_AGO);

    await rig.crashWhilePassWaits(userId, 1, async () => {
      void fetch(`${rig.base}/api/activities/${strong.id}`, { method: 'DELETE', headers }).catch(
        () => undefined,
      );
    });

    // The ride is gone; the rides after it keep figures measured with it (the edge ride's eFTP).
    const stale = await storedFigures(rig.h, userId);
    expect(stale).toHaveLength(HISTORY.length - 1);
    expect(on(stale, EDGE_DAYS_AGO).ftp_w).toBe(on(before, EDGE_DAYS_AGO).ftp_w);

    const after = await rig.restartUntilSettled(userId);
    expect(on(after, EDGE_DAYS_AGO).ftp_w).toBeLessThan(on(before, EDGE_DAYS_AGO).ftp_w!);
  }, 420_000);
});
