import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { ADMIN_URL, HISTORY_AROUND_STRONG, passCrashRig, rideOn } from '../../test/pass-crash.ts';
import { EDGE_DAYS_AGO, STRONG_DAYS_AGO, storedFigures, wholeHistoryPass } from '../../test/planned-rides.ts';

// Issue 28 (trust): a server killed (SIGKILL) at the end of a run of re-analyses, after its rides'
// writes and before the batch pass the run owes wrote. The run: two rides whose bikes' weights
// changed (bike.routes.ts scheduleBike), queued while no worker ran, in that order: the strong ride,
// stored with a lower curve (as an older analysis would have measured it) and the rides after it
// measured against that curve, then the edge ride 89 days later, the run's last. The test holds the
// rider's pass lock, so the last ride's pass waits right after its write, and kills the server there.
// The rides between the two keep figures measured with the strong ride's older curve. After the
// restart the last ride's job, handed back, runs again, but it is the strong ride's record
// (pending_batch_passes, written with its re-analysis by the process that died) that makes the pass
// cover them: the figures are those of the pass over the whole history, no record is left, no ride
// waits. reanalysis-owed.routes.test.ts emulates a restart inside one process; the rig:
// test/pass-crash.ts.

const rig = passCrashRig('reanalysis');
const BETWEEN_DAYS_AGO = 70;

describe.skipIf(!ADMIN_URL)('a server killed between a run of re-analyses and its batch pass', () => {
  test('the next start runs the passes the run recorded', async () => {
    await rig.start();
    const { headers, userId } = await rig.signIn('reanalysis-crash@example.org');
    await rig.upload(headers, HISTORY_AROUND_STRONG);
    const api = async (method: string, path: string, body: object) => {
      const response = await fetch(`${rig.base}${path}`, {
        method,
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(response.ok, await response.clone().text()).toBe(true);
      return (await response.json()) as { id: string };
    };
    // A bike for each of the two rides: a change of its weight re-analyses the rides on it.
    const bikeFor = async (daysAgo: number) => {
      const rideId = rideOn(await storedFigures(rig.h, userId), daysAgo).id;
      const bike = await api('POST', '/api/bikes', { name: `Bike ${daysAgo}`, type: 'road', weight_kg: 8 });
      await api('POST', `/api/bikes/${bike.id}/rides`, { ids: [rideId] });
      return { rideId, bikeId: bike.id };
    };
    const strong = await bikeFor(STRONG_DAYS_AGO);
    const edge = await bikeFor(EDGE_DAYS_AGO);
    await rig.kill();
    // As an older analysis stored it: a lower curve, and the rides after it measured against it.
    await sql`update activity_curves set power_w = array(select p * 0.8 from unnest(power_w) p)::real[]
      where user_id = ${userId} and activity_id = ${strong.rideId}`.execute(rig.db);
    await wholeHistoryPass(rig.h, userId);
    expect(await rig.owed(userId)).toBe(0);
    const older = await storedFigures(rig.h, userId);

    // The run, queued while no worker runs (as `vatio serve` beside a stopped `vatio worker`): the
    // strong ride's bike first, then the edge ride's.
    await rig.start({ WORKERS_IN_PROCESS: 'false' });
    for (const { bikeId } of [strong, edge]) await api('PATCH', `/api/bikes/${bikeId}`, { weight_kg: 9 });
    await rig.kill();

    // The start works the run; the last ride's pass waits for the test's lock.
    await rig.crashWhilePassWaits(userId, 2, () => rig.start());

    // The strong ride re-analysed (its curve back), the last one waiting for the run's pass; the ride
    // between them still measured with the older curve (its tactics' critical power).
    const waiting = await rig.db
      .selectFrom('activities')
      .select('id')
      .where('user_id', '=', userId)
      .where('reanalysis_pending', '=', true)
      .execute();
    expect(waiting.map((r) => r.id)).toEqual([edge.rideId]);
    const between = (rows: typeof older) => rideOn(rows, BETWEEN_DAYS_AGO).tactics!;
    expect(between(await storedFigures(rig.h, userId))).toEqual(between(older));

    const after = await rig.restartUntilSettled(userId);
    expect(between(after).cpW).toBeGreaterThan(between(older).cpW!);
  }, 420_000);
});
