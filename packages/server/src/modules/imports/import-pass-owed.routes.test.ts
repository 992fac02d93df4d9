import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { bossOptions } from '../../db/queue-schema.repository.ts';
import { QUEUES } from '../../jobs/queue.ts';
import { createHarness, type Harness } from '../../test/harness.ts';
import {
  DAY_MS,
  dayOf,
  EASY,
  EDGE_DAYS_AGO,
  LONG,
  type Planned,
  rideFile,
  SHORT,
  STRONG_DAYS_AGO,
  storedFigures,
  wholeHistoryPass,
} from '../../test/planned-rides.ts';
import { damagedCopy, upload, uploadAndWait } from '../../test/upload.ts';
import { hurryRetries } from '../../test/hurry-retries.ts';
import { waitUntil } from '../../test/wait.ts';
import { BatchPassRepository } from '../activities/batch-pass.repository.ts';
import { BATCH_PASS_WINDOW_DAYS } from '../activities/batch-pass.ts';
import { SAME_START_S } from '../activities/same-ride.ts';

// Issue 28 (trust): after an import, the batch pass measures again the rides its rides can change
// (batch-pass.repository.ts). A pass that failed on every try of the file's job was only logged on the
// last one, and the imports settled `done`: the rides it changed kept figures (eFTP, IF, TSS, the
// critical power of their tactics, advanced facts) measured without the new rides, and nothing ever
// repaired them. Now the pass owed is recorded as the imports settle (pending_batch_passes, the
// windows that cover the import's scope), and the sweep (pending-passes.ts) runs it: afterwards every
// stored figure is what the pass over the whole history gives (test/planned-rides.ts), and the records
// are gone.

let h: Harness;

beforeAll(async () => {
  h = await createHarness();
}, 60_000);
afterAll(async () => h?.close());
afterEach(() => {
  vi.restoreAllMocks();
});

const plan = (daysAgo: number, seed: number, rest: Partial<Planned> = {}): Planned => ({
  daysAgo,
  seed,
  fileFtp: false,
  power: true,
  riderFtpW: 250,
  intervals: SHORT,
  ...rest,
});

/** Its damaged first third (stored `recovered`), then the complete file (`done REPLACED_DAMAGED`). */
const PAIR = plan(200, 14, { riderFtpW: 265 });
/** A damaged ride the failing import brings (`recovered`), a few days before the strong ride. */
const NEW_DAMAGED = plan(105, 15, { intervals: LONG });
const STRONG = plan(STRONG_DAYS_AGO, 13, { riderFtpW: 330, intervals: LONG });

const HISTORY: Planned[] = [
  plan(330, 2),
  plan(150, 3, { intervals: LONG, riderFtpW: 245 }),
  plan(70, 7, { fileFtp: true }),
  plan(40, 4, { power: false, intervals: EASY }),
  plan(EDGE_DAYS_AGO, 11, { riderFtpW: 240, intervals: EASY }),
];

const WINDOW_MS = BATCH_PASS_WINDOW_DAYS * DAY_MS;

/** The rider's pass records left (migration 0037). */
const owed = (userId: string) =>
  h.database.db
    .selectFrom('pending_batch_passes')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('curves_removed_at')
    .execute();

/** Intervals [lo, hi) in ms merged (touching ones join), as ISO pairs. */
function merged(intervals: [number, number][]): [string, string][] {
  const sorted = [...intervals].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const out: [number, number][] = [];
  for (const [lo, hi] of sorted) {
    const last = out.at(-1);
    if (last && lo <= last[1]) last[1] = Math.max(last[1], hi);
    else out.push([lo, hi]);
  }
  return out.map(([lo, hi]) => [new Date(lo).toISOString(), new Date(hi).toISOString()]);
}

/**
 * The import's scope, from the rule (re-implemented here): a `done` file's ride start t gives
 * [t, t + window); a `recovered` one's [t − m, t + window + m), m the later of its elapsed time and a
 * minute; a complete file that replaced a damaged part [the rider's first ride, t + window + m).
 */
async function scopeOf(userId: string, importId: string): Promise<[string, string][]> {
  const db = h.database.db;
  const files = await db
    .selectFrom('import_files as f')
    .innerJoin('activities as a', 'a.id', 'f.activity_id')
    .select(['f.status', 'f.message_code', 'a.start_time', 'a.elapsed_time_s'])
    .where('f.import_id', '=', importId)
    .execute();
  const first = await db
    .selectFrom('activities')
    .select((eb) => eb.fn.min('start_time').as('t'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  const firstMs = new Date(first.t as Date).getTime();
  return merged(
    files.map((f): [number, number] => {
      const t = f.start_time.getTime();
      const m = Math.max(f.elapsed_time_s, SAME_START_S) * 1000;
      if (f.message_code === 'REPLACED_DAMAGED') return [firstMs, t + WINDOW_MS + m];
      if (f.status === 'recovered') return [t - m, t + WINDOW_MS + m];
      return [t, t + WINDOW_MS];
    }),
  );
}

/**
 * Waits for the import to read `done`, the failed file jobs' retries hurried (pg-boss waits 5-40 s
 * between tries): every try runs, only sooner.
 */
async function settledHurryingRetries(headers: Record<string, string>, importId: string) {
  return waitUntil(
    `import ${importId} not settled`,
    async () => {
      await hurryRetries(h.database, QUEUES.importFile);
      return (await h.app.inject({ url: `/api/imports/${importId}`, headers })).json() as {
        status: string;
        files: { name: string; status: string; message_code: string | null }[];
      };
    },
    (body) => body.status === 'done',
    { timeoutMs: 240_000 },
  );
}

describe('an import whose batch pass fails on every try owes it', () => {
  test('the imports settle with the pass recorded, and the sweep measures the rides again', async () => {
    const rider = await h.signIn({ email: 'import-owed@example.org' });
    const userId = rider.user.id;
    const complete = rideFile(PAIR);
    const history = await uploadAndWait(
      h.app,
      rider.headers,
      [
        ...HISTORY.map((p) => ({ name: `${p.daysAgo}.fit`, bytes: rideFile(p) })),
        { name: 'damaged.fit', bytes: damagedCopy(complete) },
      ],
      120_000,
    );
    expect(history.files.map((f) => f.status).sort()).toEqual([...HISTORY.map(() => 'done'), 'recovered']);
    const before = await storedFigures(h, userId);

    // The pass's read fails on every try of the import's last file (the database away for a while).
    const read = vi
      .spyOn(BatchPassRepository.prototype, 'read')
      .mockRejectedValue(new Error('database away'));
    const sent = await upload(h.app, rider.headers, [
      { name: 'strong.fit', bytes: rideFile(STRONG) },
      { name: 'complete.fit', bytes: complete },
      { name: 'new-damaged.fit', bytes: damagedCopy(rideFile(NEW_DAMAGED)) },
    ]);
    expect(sent.statusCode).toBe(202);
    const importId = (sent.json() as { import_id: string }).import_id;
    const done = await settledHurryingRetries(rider.headers, importId);
    const outcome = Object.fromEntries(
      done.files.map((f) => [f.name, `${f.status} ${f.message_code ?? ''}`.trim()]),
    );
    expect(outcome).toEqual({
      'strong.fit': 'done',
      'complete.fit': 'done REPLACED_DAMAGED',
      'new-damaged.fit': 'recovered RECOVERED',
    });
    // Tried on every try of the job (pg-boss: the first and `retryLimit` more), failed on each.
    expect(read.mock.calls.length).toBeGreaterThanOrEqual(bossOptions({}).retryLimit + 1);
    read.mockRestore();

    // Settled as they are: the edge ride's eFTP does not hold the strong ride's bests yet.
    const stale = await storedFigures(h, userId);
    const rideOn = (rows: typeof stale, daysAgo: number) =>
      rows.find((r) => r.start_time.startsWith(dayOf(daysAgo)))!;
    expect(rideOn(stale, EDGE_DAYS_AGO).ftp_w).toBe(rideOn(before, EDGE_DAYS_AGO).ftp_w);

    // The pass owed is recorded: instants whose windows cover exactly the import's scope.
    const records = await owed(userId);
    expect(records.length).toBeGreaterThan(0);
    const scope = await scopeOf(userId, importId);
    // Two islands: the complete file's (from the first ride) and the strong and new damaged rides'.
    expect(scope).toHaveLength(2);
    expect(
      merged(
        records.map((r): [number, number] => [
          r.curves_removed_at.getTime(),
          r.curves_removed_at.getTime() + WINDOW_MS,
        ]),
      ),
    ).toEqual(scope);
    // One a window of each island, about: the complete file's is 220 days wide (330 days ago to 110),
    // at lo, lo + window and hi − window; the other's 95 days, at lo and hi − window.
    expect(records).toHaveLength(5);

    const swept = await h.services.sweepPendingPasses(0);
    expect(swept).toEqual({ riders: 1, passes: records.length, failed: 0 });
    expect(await owed(userId)).toEqual([]);
    // Every ride now holds what the pass over the whole history gives (it changes nothing).
    const after = await storedFigures(h, userId);
    await wholeHistoryPass(h, userId);
    expect(await storedFigures(h, userId)).toEqual(after);
    expect(after).not.toEqual(stale);
    expect(rideOn(after, EDGE_DAYS_AGO).ftp_w).toBeGreaterThan(rideOn(stale, EDGE_DAYS_AGO).ftp_w!);
    // The edge ride is the last day whose windows hold the strong ride.
    expect(
      Date.parse(rideOn(after, EDGE_DAYS_AGO).start_time) -
        Date.parse(rideOn(after, STRONG_DAYS_AGO).start_time),
    ).toBe(89 * DAY_MS);
  }, 400_000);
});
