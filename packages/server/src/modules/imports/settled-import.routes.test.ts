import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.ts';
import { HARD_WEEK_AND_EASY_RIDE, syntheticRideFile, upload } from '../../test/upload.ts';
import { waitUntil } from '../../test/wait.ts';

// Issue 28 (trust): an import read `done` once its files were, but its rider's batch pass (each
// ride's eFTP, tactical and advanced facts measured again with every ride of the batch stored) ended
// a moment later, and the rides' facts and `updated_at` changed after the rider had been told the
// import was done. `done` means settled: nothing the import stored changes afterwards (until the
// rider does something else: another upload, a settings change).

let h: Harness;

beforeAll(async () => {
  h = await createHarness();
}, 60_000);
afterAll(async () => h?.close());

async function ridesOf(userId: string) {
  const rows = await h.database.db
    .selectFrom('activities')
    .select(['id', 'updated_at', 'ftp_w', 'tactics', 'advanced_facts', 'summary'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, updated_at: r.updated_at.toISOString() }));
}

/**
 * Uploads the files, waits for the import's first `done` (asked often), then checks that every ride
 * has its facts then and that none of the rider's rides changes for a while after.
 */
async function expectSettledAtDone(email: string, files: { name: string; bytes: Uint8Array }[]) {
  const rider = await h.signIn({ email });
  const sent = await upload(h.app, rider.headers, files);
  expect(sent.statusCode).toBe(202);
  const importId = (sent.json() as { import_id: string }).import_id;
  // Asked often, so the first `done` is seen as soon as it is answered (the pass, if it were still
  // running then, ends well within the watch below).
  const done = await waitUntil(
    `import ${importId} not done`,
    async () =>
      (await h.app.inject({ url: `/api/imports/${importId}`, headers: rider.headers })).json() as {
        status: string;
        files: { status: string }[];
      },
    (body) => body.status === 'done',
    { pollMs: 5 },
  );
  const stored = done.files.filter((f) => f.status === 'done').length;
  const atDone = await ridesOf(rider.user.id);
  expect(atDone).toHaveLength(stored);
  // Every ride with power has its facts by then (tactics need an FTP too).
  for (const ride of atDone) {
    expect(ride.advanced_facts).not.toBeNull();
    if (ride.ftp_w !== null) expect(ride.tactics).not.toBeNull();
  }
  // Watched for a while after: nothing moves.
  const watchUntil = Date.now() + 3_000;
  while (Date.now() < watchUntil) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await ridesOf(rider.user.id)).toEqual(atDone);
  }
  const again = (await h.app.inject({ url: `/api/imports/${importId}`, headers: rider.headers })).json() as {
    status: string;
  };
  expect(again.status).toBe('done');
  return done;
}

const hardWeek = (firstSeed: number) =>
  HARD_WEEK_AND_EASY_RIDE.map((r, k) => ({
    name: `${k}.fit`,
    bytes: syntheticRideFile(r.daysAgo, { seed: firstSeed + k, durationS: 3600, intervals: r.intervals }),
  }));

describe('an import reads done only once it is settled', () => {
  test('the rides an import stored never change after its first done', async () => {
    const files = hardWeek(301);
    const done = await expectSettledAtDone('settled-import@example.org', files);
    expect(done.files.map((f) => f.status)).toEqual(files.map(() => 'done'));
  }, 120_000);

  test('with a file that fails among them: the rides stored still get their pass before done', async () => {
    // The failed file settles under the rider's ride lock too (ImportService.fail), so whichever of
    // the rider's files settles last, stored or failed, runs the pass.
    const files = [...hardWeek(311), { name: 'broken.fit', bytes: new TextEncoder().encode('not a ride') }];
    const done = await expectSettledAtDone('settled-import-failed@example.org', files);
    expect(done.files.map((f) => f.status)).toEqual(['done', 'done', 'done', 'done', 'failed']);
  }, 120_000);
});
