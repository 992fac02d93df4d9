import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { ADMIN_URL, HISTORY_AROUND_STRONG, passCrashRig, rideOn } from '../../test/pass-crash.ts';
import { EDGE_DAYS_AGO, STRONG_DAYS_AGO, storedFigures, wholeHistoryPass } from '../../test/planned-rides.ts';
import { ANALYSIS_VERSION } from '../activities/ride-import-analysis.ts';

// Issue 28 (trust): a server killed (SIGKILL) after a re-analysis stored a ride's new curve and
// before the batch pass its run owes wrote. A start re-analyses the rides stored by an older analysis
// (job-workers.ts bringAnalysesUpToDate): here the strong ride, stored with a lower curve (as an
// older analysis would have measured it) and the rides after it measured against that curve. The
// test holds the rider's pass lock, so the run's pass waits right after the ride's write, and kills
// the server there: the rides after it keep figures measured with the old curve. The next start runs
// the pass the re-analysis recorded (pending-passes.ts; the run's job, handed back, too): the
// figures are those of the pass over the whole history, no record is left, no ride waits.
// reanalysis-owed.routes.test.ts emulates a restart inside one process; the rig: test/pass-crash.ts.

const rig = passCrashRig('reanalysis');

describe.skipIf(!ADMIN_URL)('a server killed between a re-analysis and its batch pass', () => {
  test('the next start runs the pass the re-analysis recorded', async () => {
    await rig.start();
    const { headers, userId } = await rig.signIn('reanalysis-crash@example.org');
    await rig.upload(headers, HISTORY_AROUND_STRONG);
    await rig.kill();
    const strongId = rideOn(await storedFigures(rig.h, userId), STRONG_DAYS_AGO).id;
    // As an older analysis stored it: a lower curve, and the rides after it measured against it.
    await sql`update activities set analysis_version = ${ANALYSIS_VERSION - 1}
      where user_id = ${userId} and id = ${strongId}`.execute(rig.db);
    await sql`update activity_curves set power_w = array(select p * 0.8 from unnest(power_w) p)::real[]
      where user_id = ${userId} and activity_id = ${strongId}`.execute(rig.db);
    await wholeHistoryPass(rig.h, userId);
    expect(await rig.owed(userId)).toBe(0);
    const older = await storedFigures(rig.h, userId);

    // The start re-analyses the strong ride; its pass waits for the test's lock.
    await rig.crashWhilePassWaits(userId, 1, () => rig.start());

    // Re-analysed (its curve is back), the rides after it still measured with its older curve.
    const stale = await storedFigures(rig.h, userId);
    const strong = await rig.db
      .selectFrom('activities')
      .select(['analysis_version', 'reanalysis_pending'])
      .where('id', '=', strongId)
      .executeTakeFirstOrThrow();
    expect(strong).toEqual({ analysis_version: ANALYSIS_VERSION, reanalysis_pending: true });
    expect(rideOn(stale, EDGE_DAYS_AGO).ftp_w).toBe(rideOn(older, EDGE_DAYS_AGO).ftp_w);

    const after = await rig.restartUntilSettled(userId);
    expect(rideOn(after, EDGE_DAYS_AGO).ftp_w).toBeGreaterThan(rideOn(older, EDGE_DAYS_AGO).ftp_w!);
  }, 420_000);
});
