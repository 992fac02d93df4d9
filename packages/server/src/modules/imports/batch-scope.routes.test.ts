import { createRng } from '@vatio/formats';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
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
import { damagedCopy, upload, waitForImport } from '../../test/upload.ts';

// Issue 28: the batch pass reads only the rides a batch can change (batch-pass.repository.ts). Checked
// against the pass it replaced, over the whole history (RideFtpService.rederiveEstimated, then
// RideTacticsService.rederive): after each import of a varied history uploaded in random batches
// (random sizes and orders, older rides after newer ones, a damaged part replaced by a longer one and
// then by the complete file, a duplicate), that pass finds nothing to change in any ride's FTP, load, summary, tactics or advanced
// facts. The last batch is one old ride 89 days before a ride stored earlier whose eFTP it moves: a
// scope one day short of the window leaves that ride as it was, and the whole pass changes it.

let h: Harness;

beforeAll(async () => {
  h = await createHarness();
}, 60_000);
afterAll(async () => h?.close());

const HISTORY: Planned[] = [
  { daysAgo: 200, seed: 1, fileFtp: true, power: true, riderFtpW: 250, intervals: LONG },
  { daysAgo: 185, seed: 2, fileFtp: false, power: true, riderFtpW: 250, intervals: SHORT },
  { daysAgo: 160, seed: 3, fileFtp: false, power: true, riderFtpW: 245, intervals: LONG },
  { daysAgo: 130, seed: 4, fileFtp: false, power: false, riderFtpW: 250, intervals: EASY },
  { daysAgo: 110, seed: 5, fileFtp: true, power: true, riderFtpW: 255, intervals: SHORT },
  { daysAgo: 95, seed: 6, fileFtp: false, power: true, riderFtpW: 240, intervals: LONG },
  { daysAgo: 70, seed: 7, fileFtp: false, power: true, riderFtpW: 250, intervals: SHORT },
  { daysAgo: 50, seed: 8, fileFtp: true, power: true, riderFtpW: 250, intervals: EASY },
  { daysAgo: 35, seed: 9, fileFtp: false, power: true, riderFtpW: 245, intervals: LONG },
  { daysAgo: 20, seed: 10, fileFtp: false, power: false, riderFtpW: 250, intervals: EASY },
  { daysAgo: EDGE_DAYS_AGO, seed: 11, fileFtp: false, power: true, riderFtpW: 240, intervals: EASY },
  { daysAgo: 5, seed: 12, fileFtp: false, power: true, riderFtpW: 250, intervals: SHORT },
];
const STRONG: Planned = {
  daysAgo: STRONG_DAYS_AGO,
  seed: 13,
  fileFtp: false,
  power: true,
  riderFtpW: 330,
  intervals: LONG,
};
/** Damaged first third, then the complete file: the complete one replaces it. */
const DAMAGED_PAIR: Planned = {
  daysAgo: 60,
  seed: 14,
  fileFtp: false,
  power: true,
  riderFtpW: 265,
  intervals: SHORT,
};

/** The first two thirds of a file and bytes no decoder reads: a longer part than `damagedCopy`'s. */
function longerPart(full: Uint8Array): Uint8Array {
  const third = damagedCopy(full);
  const kept = Math.floor((2 * full.length) / 3);
  const out = new Uint8Array(kept + 2000);
  out.set(full.subarray(0, kept));
  out.set(third.subarray(third.length - 2000), kept);
  return out;
}

/** Every stored figure the pass may change, by ride. */

describe('the batch pass reads only the rides a batch can change', () => {
  for (const seed of [7, 19]) {
    test(`after each import, the whole-history pass finds nothing to change (order seed ${seed})`, async () => {
      const rider = await h.signIn({ email: `batch-scope-${seed}@example.org` });
      const userId = rider.user.id;
      const next = createRng(seed);
      const complete = rideFile(DAMAGED_PAIR);
      const files = HISTORY.map((p) => ({ name: `${p.daysAgo}.fit`, bytes: rideFile(p) }));
      // Shuffled (Fisher–Yates), then cut into batches of 1-4.
      for (let i = files.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [files[i], files[j]] = [files[j]!, files[i]!];
      }
      const batches: (typeof files)[] = [];
      for (let k = 0; k < files.length; ) {
        const size = 1 + Math.floor(next() * 4);
        batches.push(files.slice(k, k + size));
        k += size;
      }
      // The damaged part, a longer damaged part and the complete file, each in a later batch than the
      // one before (files of one batch are taken in any order): each replaces the one before.
      const pair = [
        { name: 'damaged.fit', bytes: damagedCopy(complete) },
        { name: 'longer.fit', bytes: longerPart(complete) },
        { name: 'complete.fit', bytes: complete },
      ];
      const into: number[] = [];
      while (into.length < pair.length) {
        const k = Math.floor(next() * batches.length);
        if (!into.includes(k)) into.push(k);
      }
      into.sort((x, y) => x - y);
      for (const [i, k] of into.entries()) batches[k]!.push(pair[i]!);
      // A duplicate (the same bytes again) in a later batch; the strong old ride alone, last.
      batches.push([{ ...files[0]!, name: 'again.fit' }]);
      batches.push([{ name: 'strong.fit', bytes: rideFile(STRONG) }]);

      const edgeFtpW = async () =>
        (await storedFigures(h, userId)).find((r) => r.start_time.startsWith(dayOf(EDGE_DAYS_AGO)))?.ftp_w;
      let edgeFtpBefore: number | null | undefined;
      const outcome = new Map<string, string>();
      for (const batch of batches) {
        if (batch[0]!.name === 'strong.fit') edgeFtpBefore = await edgeFtpW();
        const sent = await upload(h.app, rider.headers, batch);
        expect(sent.statusCode).toBe(202);
        const done = await waitForImport(h.app, rider.headers, sent.json().import_id);
        for (const f of done.files as { name: string; status: string; message_code: string | null }[])
          outcome.set(f.name, `${f.status} ${f.message_code ?? ''}`.trim());
        const afterPass = await storedFigures(h, userId);
        // The pass over the whole history, as it ran before (issue 28): it must find nothing to change.
        await wholeHistoryPass(h, userId);
        expect(await storedFigures(h, userId), `after batch ${batch.map((f) => f.name).join(', ')}`).toEqual(
          afterPass,
        );
      }
      // Each part replaced the one before; the same bytes again stored nothing.
      expect(outcome.get('damaged.fit')).toBe('recovered RECOVERED');
      expect(outcome.get('longer.fit')).toBe('recovered RECOVERED');
      expect(outcome.get('complete.fit')).toBe('done REPLACED_DAMAGED');
      expect(outcome.get('again.fit')).toMatch(/^duplicate/);
      const final = await storedFigures(h, userId);
      // Every kind is there: set and estimated FTPs, rides without power, the complete ride stored once.
      expect(final).toHaveLength(HISTORY.length + 2);
      const sources = final.map((r) => (r.summary as { ftpSource?: string }).ftpSource);
      expect(sources).toContain('estimated');
      expect(final.some((r) => r.ftp_w === null)).toBe(true);
      // The edge ride's eFTP was moved by the strong ride 89 days before it, in the last batch's pass.
      const edge = final.find((r) => r.start_time.startsWith(dayOf(EDGE_DAYS_AGO)))!;
      expect((edge.summary as { ftpSource?: string }).ftpSource).toBe('estimated');
      expect(edgeFtpBefore).toBeGreaterThan(0);
      expect(edge.ftp_w).toBeGreaterThan(edgeFtpBefore!);
      const strong = final.find((r) => r.start_time.startsWith(dayOf(STRONG_DAYS_AGO)))!;
      expect(edge.start_time).toBe(new Date(Date.parse(strong.start_time) + 89 * DAY_MS).toISOString());
    }, 600_000);
  }
});
