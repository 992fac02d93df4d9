import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness, type SignedIn } from '../../test/harness.ts';
import { LONG, type Planned, rideFile, storedFigures, wholeHistoryPass } from '../../test/planned-rides.ts';
import { uploadAndWait } from '../../test/upload.ts';

// Issue 28 (trust): a ride measured against an eFTP whose window a change empties of the rides the
// estimate stood on. A ten-minute ride alone gives no eFTP (the Monod–Scherrer fit needs the 12–20 min
// bests, the fallback the best 20 minutes: estimated-ftp.ts), so with the longer ride before it gone
// its FTP, IF and TSS must go too, as a rider who never had the longer ride gets from the same file:
// "—" and the reason (ftp_source 'none'), not the figures of a ride that is gone. And the other way
// round: a ride stored with no eFTP gets one when a ride stored later fills its window, as a rider who
// uploaded the two in order gets. The truth each time is another rider's import of the same files.

let h: Harness;

beforeAll(async () => {
  h = await createHarness();
}, 60_000);
afterAll(async () => h?.close());

/** Thirty minutes with two 12-minute efforts: its window's eFTP stands on it. */
const LONG_RIDE: Planned = {
  daysAgo: 30,
  seed: 21,
  fileFtp: false,
  power: true,
  riderFtpW: 260,
  intervals: LONG,
};
/** Ten minutes with power and no FTP of its own, 10 days after the long one (inside its window). */
const SHORT_RIDE: Planned = {
  daysAgo: 20,
  seed: 22,
  fileFtp: false,
  power: true,
  riderFtpW: 250,
  intervals: { count: 1, workS: 180, restS: 120, intervalPct: 1.1 },
  durationS: 600,
};

type Figures = Awaited<ReturnType<typeof storedFigures>>;
const withoutId = (rows: Figures) => rows.map(({ id: _id, ...r }) => r);
const sourceOf = (row: Figures[number]) => (row.summary as { ftpSource?: string }).ftpSource;

async function uploaded(rider: SignedIn, rides: Planned[]) {
  const done = await uploadAndWait(
    h.app,
    rider.headers,
    rides.map((p) => ({ name: `${p.daysAgo}-${p.seed}.fit`, bytes: rideFile(p) })),
    120_000,
  );
  expect(done.files.map((f) => f.status)).toEqual(rides.map(() => 'done'));
}

/** The stored figures of a rider who uploaded `batches` one after another. */
async function riderWith(email: string, batches: Planned[][]) {
  const rider = await h.signIn({ email });
  for (const batch of batches) await uploaded(rider, batch);
  return { rider, userId: rider.user.id, figures: await storedFigures(h, rider.user.id) };
}

describe('a ride whose eFTP window a change empties or fills', () => {
  test('deleting the only ride its eFTP stood on leaves it with none, as a new rider’s import', async () => {
    // The truth: the short ride alone, imported by a rider who never had the long one.
    const alone = await riderWith('emptied-alone@example.org', [[SHORT_RIDE]]);
    expect(alone.figures).toHaveLength(1);
    expect(sourceOf(alone.figures[0]!)).toBe('none');
    expect(alone.figures[0]!).toMatchObject({
      ftp_w: null,
      intensity_factor: null,
      training_stress_score: null,
    });

    // In two uploads: the short ride's import sees the long one stored, and is measured against its eFTP.
    const { rider, userId, figures } = await riderWith('emptied@example.org', [[LONG_RIDE], [SHORT_RIDE]]);
    const [long, short] = figures;
    expect(sourceOf(short!)).toBe('estimated');
    expect(short!.ftp_w).toBeGreaterThan(0);
    expect(short!.training_stress_score).toBeGreaterThan(0);
    expect(short!.tactics).not.toBeNull();

    const deleted = await h.app.inject({
      method: 'DELETE',
      url: `/api/activities/${long!.id}`,
      headers: rider.headers,
    });
    expect(deleted.statusCode).toBe(204);
    const after = await storedFigures(h, userId);
    expect(withoutId(after)).toEqual(withoutId(alone.figures));
    // The whole-history pass finds nothing more to change.
    await wholeHistoryPass(h, userId);
    expect(await storedFigures(h, userId)).toEqual(after);
    // The ride page: no FTP, so no IF or TSS, and why (the web shows "—" for them).
    const page = await h.app.inject({ url: `/api/activities/${short!.id}`, headers: rider.headers });
    expect(page.json()).toMatchObject({
      ftp_w: null,
      ftp_source: 'none',
      intensity_factor: null,
      training_stress_score: null,
    });
  }, 300_000);

  test('a ride stored with no eFTP gets one when a later upload fills its window', async () => {
    // The truth: the long ride uploaded first, then the short one (its import sees the long one).
    const inOrder = await riderWith('filled-in-order@example.org', [[LONG_RIDE], [SHORT_RIDE]]);
    expect(sourceOf(inOrder.figures[1]!)).toBe('estimated');

    const { userId, figures } = await riderWith('filled@example.org', [[SHORT_RIDE]]);
    expect(sourceOf(figures[0]!)).toBe('none');
    const rider = await h.signIn({ email: 'filled@example.org' });
    await uploaded(rider, [LONG_RIDE]);
    const after = await storedFigures(h, userId);
    expect(withoutId(after)).toEqual(withoutId(inOrder.figures));
    await wholeHistoryPass(h, userId);
    expect(await storedFigures(h, userId)).toEqual(after);
  }, 300_000);
});
