import { type Activity, encodeFit, generateRide } from '@vatio/formats';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.ts';
import { turnsUnderLoad } from '../../test/statements.ts';
import { uploadAndWait } from '../../test/upload.ts';

// Issue 28: under the 200-rider load on the embedded database every statement sent alone waits its
// turn for the one connection (~270 ms each), and a one-ride upload took 5-12 s to be stored against
// 1.4 s on PostgreSQL. Until its file was settled, a file's job waited 5 turns (4 with the ride's own
// FTP), one after the other, holding its place among the files admitted at once: the claim, the
// rider's settings, the curves of the ride's eFTP window, the same curves again for the critical power
// its tactics were measured with, then the store's transaction; then 3 more for the batch pass: the
// look for imports awaiting it, its read and its settling. Now the settings go beside the claim, the
// ride's facts are left to the batch pass (which measures them outside the file's place: it runs after
// the rider's last file anyway) and its eFTP is measured in the store's transaction, which holds the
// connection already; the look is answered by the statement that settles the file: 2 turns until the
// file is settled, then the pass's read, its write of the facts it measured and its settling.

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
    'waits 2 turns for the connection until its file is settled: %s',
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
      // The file is settled in the transaction that stores its ride.
      const settledIn = job.findIndex((turn) => turn.some((q) => q.startsWith('with "settled" as')));
      const described = job.map((turn) => turn.map((q) => q.slice(0, 60)).join(' | '));
      expect(settledIn, described.join('\n')).toBe(1);
      // The claim and the rider's settings share the first turn.
      expect(job[0]!.some((q) => q.startsWith('update "import_files" set "status"'))).toBe(true);
      expect(
        job[0]!.some(
          (q) => q.includes('from athlete_settings_history') || q.includes('athlete_settings_history h'),
        ),
      ).toBe(true);
      // The stored curves are read in the store's transaction, at most once (for the eFTP); none
      // for the critical power of the ride's tactics, which the pass measures.
      const curveReads = statements.filter((s) => s.includes('from "activity_curves" where "user_id"'));
      expect(curveReads.length).toBe(ftpW === undefined ? 1 : 0);
      if (curveReads.length > 0) expect(job[1]).toContain(curveReads[0]);
      // Then the pass: its read, the facts it measured, the imports settled; no look for imports
      // awaiting it after the commit (the settling statement answered it).
      expect(job.slice(2), described.join('\n')).toHaveLength(3);
      expect(
        statements.some((s) => /from "imports" where "user_id" = \$1 and "batch_pass_pending"/.test(s)),
      ).toBe(false);
      // The facts left to the pass are stored.
      const facts = await h.database.db
        .selectFrom('activities')
        .select(['tactics', 'advanced_facts'])
        .where('user_id', '=', rider.user.id)
        .execute();
      expect(facts.every((f) => f.tactics !== null && f.advanced_facts !== null)).toBe(true);
    },
    60_000,
  );
});
