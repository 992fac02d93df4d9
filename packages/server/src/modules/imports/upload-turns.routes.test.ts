import { type Activity, encodeFit, generateRide } from '@vatio/formats';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.ts';
import { turnsUnderLoad } from '../../test/statements.ts';
import { uploadAndWait } from '../../test/upload.ts';

// Issue 28: under the 200-rider load on the embedded database every statement sent alone waits its
// turn for the one connection (~270 ms each), and a one-ride upload took 5-12 s to be stored against
// 1.4 s on PostgreSQL. A file's job sent 8 statements one after the other outside its transaction:
// the claim, the rider's settings, the curves of the ride's eFTP window, the same curves again for its
// critical power, the transaction, the look for imports awaiting their pass, the pass's read and its
// settling. Now the settings go beside the claim, the curves are read once, and the look is answered
// by the statement that settles the file in the transaction: 5 turns.

const DAY_MS = 86_400_000;
const onPostgres = Boolean(process.env.DATABASE_URL);
let h: Harness;

beforeAll(async () => {
  h = await createHarness();
}, 60_000);
afterAll(async () => h?.close());

function rideFile(seed: number, daysAgo: number, ftpW?: number): Uint8Array {
  const ride: Activity = generateRide({
    seed,
    durationS: 1800,
    intervals: { count: 4, workS: 180, restS: 180, intervalPct: 1.15 },
    startTime: new Date((Math.floor(Date.now() / DAY_MS) - daysAgo) * DAY_MS + 8 * 3_600_000),
  });
  return encodeFit({ ...ride, deviceSummary: { ...ride.deviceSummary, ftpW } });
}

describe.skipIf(onPostgres)('a one-ride upload on the embedded database (issue 28)', () => {
  test.each([
    ['measured against an eFTP', undefined],
    ['with its own FTP', 250],
  ])(
    'waits 5 turns for the connection: %s',
    async (_name, ftpW) => {
      const rider = await h.signIn({ email: `turns-${ftpW ?? 'eftp'}@example.org` });
      await uploadAndWait(h.app, rider.headers, [
        { name: 'a.fit', bytes: rideFile(1, 20, ftpW) },
        { name: 'b.fit', bytes: rideFile(2, 10, ftpW) },
      ]);
      const statements: string[] = [];
      const all = await turnsUnderLoad(
        h.database,
        () => uploadAndWait(h.app, rider.headers, [{ name: 'c.fit', bytes: rideFile(3, 1, ftpW) }]),
        (query) => {
          // The upload request and the status polls: the file's job is what is counted.
          if (
            /^(select .* from "sessions"|select \* from "imports" where|select \* from "import_files" where)/.test(
              query,
            )
          )
            return false;
          statements.push(query);
          return true;
        },
      );
      // The upload request's turns (its quota read, then its rows and the queued job) come first.
      const job = all.slice(all.findIndex((turn) => turn.includes('commit')) + 1);
      const described = job.map((turn) => turn.map((q) => q.slice(0, 60)).join(' | '));
      expect(described, described.join('\n')).toHaveLength(5);
      // The claim and the rider's settings share the first turn.
      expect(job[0]!.some((q) => q.startsWith('update "import_files" set "status"'))).toBe(true);
      expect(
        job[0]!.some(
          (q) => q.includes('from athlete_settings_history') || q.includes('athlete_settings_history h'),
        ),
      ).toBe(true);
      // One read of the stored curves serves the eFTP and the window's critical power.
      expect(statements.filter((s) => s.includes('from "activity_curves" where "user_id"')).length).toBe(1);
      // No look for imports awaiting their pass after the commit: the settling statement answered it.
      expect(
        statements.some((s) => /from "imports" where "user_id" = \$1 and "batch_pass_pending"/.test(s)),
      ).toBe(false);
    },
    60_000,
  );
});
