import { attributeCurve, criticalPowerOf, mergeBestCurves } from '@vatio/analysis';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness, type SignedIn } from '../../test/harness.ts';
import { HARD_WEEK_AND_EASY_RIDE, syntheticRideFile, upload, waitForImport } from '../../test/upload.ts';

// Issue 28: a rider's batch pass (each ride's eFTP and facts measured again once the rides around it
// are stored) runs once none of their files of any import is left, not after each import. Two
// uploads sent at once, the older rides in the second: every ride's stored tactics end up measured
// against the critical power of its 90-day window with all four rides stored.

const DAY_MS = 86_400_000;
let h: Harness;
let rider: SignedIn;

beforeAll(async () => {
  h = await createHarness();
  rider = await h.signIn({ email: 'batch-pass@example.org' });
}, 60_000);
afterAll(async () => h?.close());

/** The window's critical power fit, from the stored curves (the ride page's envelope, then the 2-parameter fit). */
async function windowCpW(start: Date, userId = rider.user.id): Promise<number | undefined> {
  const curves = await h.database.db
    .selectFrom('activity_curves')
    .select(['durations_s', 'power_w'])
    .where('user_id', '=', userId)
    .where('start_time', '>', new Date(start.getTime() - 90 * DAY_MS))
    .where('start_time', '<=', start)
    .execute();
  const best = mergeBestCurves(
    curves.map((c) => attributeCurve({ durationsS: c.durations_s, powerW: c.power_w }, null)),
  );
  return criticalPowerOf({ durationsS: best.durationsS, powerW: best.powerW })?.cpW;
}

/**
 * Whether every stored ride of `userId` has the facts an import gives it, measured against its FTP
 * and its 90-day window with every ride stored: tactics (a ride with an FTP) and advanced facts.
 */
async function everyRideHasItsFacts(userId: string, rideCount: number): Promise<boolean[]> {
  const rides = await h.database.db
    .selectFrom('activities')
    .select(['id', 'start_time', 'ftp_w', 'tactics', 'advanced_facts'])
    .where('user_id', '=', userId)
    .execute();
  expect(rides).toHaveLength(rideCount);
  return Promise.all(
    rides.map(async (r) => {
      const advanced = r.advanced_facts as { hasPower: boolean; ftpW: number | null } | null;
      if (advanced === null || !advanced.hasPower || advanced.ftpW !== r.ftp_w) return false;
      const t = r.tactics as { ftpW: number; cpW: number | null; fittedCpW?: number | null } | null;
      if (r.ftp_w === null) return t === null;
      if (t === null || t.ftpW !== r.ftp_w) return false;
      const cpW = await windowCpW(r.start_time, userId);
      const fitted = t.fittedCpW === undefined ? t.cpW : t.fittedCpW;
      return cpW === undefined ? fitted === null : fitted !== null && Math.abs(fitted - cpW) <= 1e-6 * cpW;
    }),
  );
}

describe('the batch pass after a rider’s last file', () => {
  test('one upload of four rides: those stored while others were pending get their facts in the pass', async () => {
    // Issue 28: a ride with power stored while another of the rider's files is pending is stored
    // without its tactics, which the pass after the last file measures. Were the pass to skip them,
    // they would stay missing.
    const rider4 = await h.signIn({ email: 'batch-pass-one-upload@example.org' });
    const files = [3, 2, 1, 0].map((k) => {
      const r = HARD_WEEK_AND_EASY_RIDE[k]!;
      return {
        name: `${k}.fit`,
        bytes: syntheticRideFile(r.daysAgo, { seed: 91 + k, durationS: 3600, intervals: r.intervals }),
      };
    });
    const sent = await upload(h.app, rider4.headers, files);
    expect(sent.statusCode).toBe(202);
    const done = await waitForImport(h.app, rider4.headers, sent.json().import_id);
    expect(done.files.every((f) => f.status === 'done')).toBe(true);
    const deadline = Date.now() + 60_000;
    for (;;) {
      const held = await everyRideHasItsFacts(rider4.user.id, 4);
      if (held.every(Boolean)) break;
      if (Date.now() > deadline) expect(held).toEqual(held.map(() => true));
      await new Promise((r) => setTimeout(r, 200));
    }
  }, 180_000);

  test('two uploads at once: every ride’s tactics hold against its window with every ride stored', async () => {
    const file = (k: number) => {
      const r = HARD_WEEK_AND_EASY_RIDE[k]!;
      return {
        name: `${k}.fit`,
        bytes: syntheticRideFile(r.daysAgo, { seed: 71 + k, durationS: 3600, intervals: r.intervals }),
      };
    };
    // The newer rides first, the older (the 12 min efforts among them) in the second upload.
    const newer = await upload(h.app, rider.headers, [file(3), file(2)]);
    const older = await upload(h.app, rider.headers, [file(1), file(0)]);
    expect(newer.statusCode).toBe(202);
    expect(older.statusCode).toBe(202);
    for (const id of [newer.json().import_id, older.json().import_id]) {
      const done = await waitForImport(h.app, rider.headers, id);
      expect(done.files.every((f) => f.status === 'done')).toBe(true);
    }
    const deadline = Date.now() + 60_000;
    for (;;) {
      const rides = await h.database.db
        .selectFrom('activities')
        .select(['id', 'start_time', 'ftp_w', 'tactics'])
        .where('user_id', '=', rider.user.id)
        .execute();
      expect(rides).toHaveLength(4);
      const held = await Promise.all(
        rides.map(async (r) => {
          const t = r.tactics as { ftpW: number; cpW: number | null; fittedCpW?: number | null } | null;
          if (r.ftp_w === null) return t === null;
          if (t === null || t.ftpW !== r.ftp_w) return false;
          const cpW = await windowCpW(r.start_time);
          const fitted = t.fittedCpW === undefined ? t.cpW : t.fittedCpW;
          return cpW === undefined
            ? fitted === null
            : fitted !== null && Math.abs(fitted - cpW) <= 1e-6 * cpW;
        }),
      );
      if (held.every(Boolean)) break;
      if (Date.now() > deadline) expect(held).toEqual(rides.map(() => true));
      await new Promise((r) => setTimeout(r, 200));
    }
  }, 180_000);
});
