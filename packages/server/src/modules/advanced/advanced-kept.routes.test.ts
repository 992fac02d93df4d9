import { join } from 'node:path';
import { streamsFromSeconds } from '@vatio/analysis';
import { type AdvancedPeriod, advancedResponseSchema } from '@vatio/schemas';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { WriteEpoch } from '../../db/write-epoch.ts';
import { FsBlobStore } from '../../storage/blob-store.ts';
import { encodeStreams, STREAM_CODEC_VERSION } from '../../storage/stream-codec.ts';
import { createHarness, type Harness, type SignedIn } from '../../test/harness.ts';
import { measureAdvancedFacts } from '../activities/ride-advanced-facts.ts';
import { AnalyticsLoadRepository } from '../analytics/analytics-load.repository.ts';
import { storeRide } from '../dashboard/stored-rides.test-helper.ts';
import { AdvancedRepository } from './advanced.repository.ts';
import { AdvancedService } from './advanced.service.ts';

// Issue 28 (cold reads): the advanced answer keeps the rides' parsed curves (ride-curve-memo.ts) and
// stored advanced facts (kernel/kept-by-version.ts) between answers, by each row's version, instead of
// reading two years of curves and a year of facts again after every new ride. Its answer must stay the one computed from scratch: here, after each kind of change
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

const fill = (...parts: Array<[number, number]>) => parts.flatMap(([n, v]) => new Array<number>(n).fill(v));
/** 70 min at 250 W (1,050 kJ: 15 kJ/kg at 70 kg), then 10 min at `lateW`: the durability split. */
const longRide = (lateW: number) => streamsFromSeconds({ powerW: fill([4200, 250], [600, lateW]) });

let h: Harness;
let rider: SignedIn;
const ids: string[] = [];
/** Rides with a stream and the advanced facts the import would have stored for it. */
const withFacts: string[] = [];
let writes = 0;
/** As a re-analysis sets updated_at: later than every write before it (the answers' version key). */
const later = () => new Date(NOW + 60_000 * ++writes);

/** The facts a (re-)analysis stores for the ride: against its FTP of 250 W and the rider's weight today. */
async function storeFacts(activityId: string, streams: ReturnType<typeof longRide>) {
  const baseline = await h.services.athleteSettings.baseline(rider.user.id);
  const facts = measureAdvancedFacts(streams, { ftpW: 250, baseline, today: '2030-01-16' });
  await h.database.db
    .updateTable('activities')
    .set({
      advanced_facts: JSON.stringify(facts),
      updated_at: later(),
    })
    .where('id', '=', activityId)
    .execute();
}

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
  // Three rides this month with a stream and their stored facts.
  for (const [k, lateW] of [230, 240, 235].entries()) {
    const streams = longRide(lateW);
    const id = await storeRide(h.database.db, rider.user.id, {
      start: daysAgo(2 + 9 * k + 4),
      movingS: 4800,
      avgPowerW: 249,
      tss: 100,
      ftpW: 250,
    });
    const key = await new FsBlobStore(join(h.dataDir, 'blobs')).put(encodeStreams(streams));
    await h.database.db
      .insertInto('activity_streams')
      .values({
        activity_id: id,
        user_id: rider.user.id,
        blob_key: key,
        sample_count: streams.timeS.length,
        codec_version: STREAM_CODEC_VERSION,
      })
      .execute();
    await storeFacts(id, streams);
    withFacts.push(id);
  }
}, 120_000);
afterAll(async () => h?.close());

test('first and again, every period is the answer from scratch', async () => {
  const first = await expectSameAsScratch();
  expect(first['1y'].ftp?.source).toBe('estimated');
  expect(first['1y'].summary.improvement).not.toBeNull();
  // The figures of the stored facts: 240 / 250 W, the best of the three rides' late 10 minutes.
  expect(first['4w'].summary.fatigue_resistance).toMatchObject({ retained_pct: 96, rides: 3 });
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
  // Its load moves today's form, kept once for every period: each period's answer has the new one.
  for (const period of PERIODS)
    expect(withBest[period].summary.readiness!.atl).toBeGreaterThan(before[period].summary.readiness!.atl);

  // A re-analysis rewrites a kept curve in place (same ride id, new row version) and touches its
  // ride's updated_at: the kept curve must not answer for it.
  await h.database.db
    .updateTable('activity_curves')
    .set({ power_w: curveOf(200).power })
    .where('activity_id', '=', best)
    .execute();
  await h.database.db.updateTable('activities').set({ updated_at: later() }).where('id', '=', best).execute();
  const reanalysed = await expectSameAsScratch();
  expect(reanalysed['4w'].summary.improvement!.now_w).toBeLessThan(withBest['4w'].summary.improvement!.now_w);
  expect(reanalysed['1y'].ftp).not.toEqual(withBest['1y'].ftp);

  // A re-analysis stores new facts for a ride (the stream read again, with a stronger finish): the
  // kept facts must not answer for them. Checked against the new facts' own figure, not only scratch.
  await storeFacts(withFacts[1]!, longRide(245));
  const refacted = await expectSameAsScratch();
  expect(refacted['4w'].summary.fatigue_resistance).toMatchObject({ retained_pct: 98, rides: 3 });

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
