import { join } from 'node:path';
import { type AdvancedPeriod, advancedResponseSchema } from '@vatio/schemas';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { WriteEpoch } from '../../db/write-epoch.ts';
import { FsBlobStore } from '../../storage/blob-store.ts';
import { createHarness, type Harness, type SignedIn } from '../../test/harness.ts';
import { AnalyticsLoadRepository } from '../analytics/analytics-load.repository.ts';
import { storeRide } from '../dashboard/stored-rides.test-helper.ts';
import { AdvancedRepository } from './advanced.repository.ts';
import { AdvancedService } from './advanced.service.ts';

// Issue 28 (cold reads): the advanced answer keeps the rides' parsed curves between answers
// (ride-curve-memo.ts, by each curve row's version) instead of reading two years of them again after
// every new ride. Its answer must stay the one computed from scratch: here, after each kind of change
// to the rider's rides and settings, the route's answer (its service has kept curves from the answers
// before) is compared with a new service's (nothing kept) on the same data, for every period.

// The server's clock: Wednesday 2030-01-16 12:00 UTC.
const NOW = Date.parse('2030-01-16T12:00:00Z');
const DAY_MS = 86_400_000;
const daysAgo = (d: number) => new Date(NOW - d * DAY_MS - 4 * 3600_000).toISOString();
const PERIODS: AdvancedPeriod[] = ['4w', '12w', '1y'];

/** A Monod–Scherrer rider's curve, P(t) = CP + W′/t, on a grid with the 3–20 min bests the eFTP reads. */
const curveOf = (cpW: number, wPrimeJ = 18_000) => {
  const durations = [5, 60, 180, 300, 600, 720, 1200];
  return { durations, power: durations.map((t) => Math.min(1000, cpW + wPrimeJ / t)) };
};

let h: Harness;
let rider: SignedIn;
const ids: string[] = [];

const routeAnswer = async (period: AdvancedPeriod) => {
  const response = await h.app.inject({
    url: `/api/analytics/advanced?period=${period}&tz=Europe/Madrid`,
    headers: rider.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return advancedResponseSchema.parse(response.json());
};

/** The answer from scratch: a new service over the same database, no curve and no answer kept. */
const scratchAnswer = (period: AdvancedPeriod) =>
  new AdvancedService({
    repository: new AdvancedRepository(h.database.db),
    load: new AnalyticsLoadRepository(h.database.db),
    athleteSettings: h.services.athleteSettings,
    blobs: new FsBlobStore(join(h.dataDir, 'blobs')),
    now: h.now,
    writes: new WriteEpoch(false),
  })
    .answer(rider.user.id, { timeZone: 'Europe/Madrid', period })
    .then((answer) => advancedResponseSchema.parse(JSON.parse(JSON.stringify(answer))));

/** Every period's route answer, each checked against the one from scratch; keyed by period. */
async function expectSameAsScratch() {
  const answers = {} as Record<AdvancedPeriod, Awaited<ReturnType<typeof routeAnswer>>>;
  for (const period of PERIODS) {
    answers[period] = await routeAnswer(period);
    expect(answers[period], period).toEqual(await scratchAnswer(period));
  }
  return answers;
}

beforeAll(async () => {
  h = await createHarness({}, { workers: false });
  h.advance((NOW - Date.now()) / 1000);
  rider = await h.signIn({ email: 'advanced-kept-curves@example.org' });
  // A weight and no FTP: the FTP is estimated from the last 90 days' curves, so every curve counts.
  await h.database.db
    .insertInto('athlete_settings_history')
    .values({
      user_id: rider.user.id,
      effective_from: '2029-01-01',
      ftp_w: null,
      weight_kg: 70,
      max_hr_bpm: null,
      lthr_bpm: null,
    })
    .execute();
  // A ride every 9 days over two years (the 1-year answer reads the year before it too), CP 230–259 W.
  for (let k = 0; k < 80; k++) {
    ids.push(
      await storeRide(h.database.db, rider.user.id, {
        start: daysAgo(1 + 9 * k),
        movingS: 3600,
        avgPowerW: 200,
        tss: 60,
        curve: curveOf(230 + ((k * 7) % 30)),
      }),
    );
  }
}, 120_000);
afterAll(async () => h?.close());

test('first and again, every period is the answer from scratch', async () => {
  const first = await expectSameAsScratch();
  expect(first['1y'].ftp?.source).toBe('estimated');
  expect(first['1y'].summary.improvement).not.toBeNull();
  expect(await expectSameAsScratch()).toEqual(first);
});

test('after a new ride, a re-analysis, a delete and a settings change, still the answer from scratch', async () => {
  const before = await expectSameAsScratch();

  // A new ride, the period's best: this period's eFTP rises.
  const best = await storeRide(h.database.db, rider.user.id, {
    start: daysAgo(0.5),
    movingS: 3600,
    avgPowerW: 240,
    tss: 80,
    curve: curveOf(300),
  });
  const withBest = await expectSameAsScratch();
  expect(withBest['4w'].summary.improvement!.now_w).toBeGreaterThan(before['4w'].summary.improvement!.now_w);

  // A re-analysis rewrites a kept curve in place (same ride id, new row version) and touches its
  // ride's updated_at: the kept curve must not answer for it.
  await h.database.db
    .updateTable('activity_curves')
    .set({ power_w: curveOf(200).power })
    .where('activity_id', '=', best)
    .execute();
  await h.database.db
    .updateTable('activities')
    .set({ updated_at: new Date(NOW + 60_000) })
    .where('id', '=', best)
    .execute();
  const reanalysed = await expectSameAsScratch();
  expect(reanalysed['4w'].summary.improvement!.now_w).toBeLessThan(withBest['4w'].summary.improvement!.now_w);
  expect(reanalysed['1y'].ftp).not.toEqual(withBest['1y'].ftp);

  // The previous year's two strongest rides (k = 47 and 77, CP 259 W) deleted through the API: the
  // 1-year comparison's earlier bests fall to the next ride's (k = 64, CP 258 W).
  for (const k of [47, 77]) {
    const deleted = await h.app.inject({
      method: 'DELETE',
      url: `/api/activities/${ids[k]}`,
      headers: rider.headers,
    });
    expect(deleted.statusCode).toBe(204);
  }
  const afterDelete = await expectSameAsScratch();
  expect(afterDelete['1y'].summary.improvement!.before_w).toBeLessThan(
    reanalysed['1y'].summary.improvement!.before_w,
  );

  // The rider gives an FTP: it replaces the estimate.
  await h.database.db
    .insertInto('athlete_settings_history')
    .values({
      user_id: rider.user.id,
      effective_from: '2030-01-10',
      ftp_w: 265,
      weight_kg: 71,
      max_hr_bpm: null,
      lthr_bpm: null,
    })
    .execute();
  const withFtp = await expectSameAsScratch();
  expect(withFtp['1y'].ftp).toEqual({ value: 265, source: 'settings' });
});
