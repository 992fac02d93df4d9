import {
  attributeCurve,
  criticalPowerOf,
  energyByZoneKj,
  mergeBestCurves,
  ENERGY_ZONES,
  surgeCount,
  wPrimeBalanceDifferentialJ,
  wPrimeBalanceParameters,
  wPrimeMatches,
} from '@vatio/analysis';
import { activityAnalysisResponseSchema, predictiveResponseSchema } from '@vatio/schemas';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { FsBlobStore } from '../../storage/blob-store.ts';
import { decodeStreams } from '../../storage/stream-codec.ts';
import { createHarness, type Harness, type SignedIn } from '../../test/harness.ts';
import { importHardWeek } from '../../test/upload.ts';
import { waitUntil } from '../../test/wait.ts';

// The predictive tactical analysis adds up each ride's tactical facts, stored once by the import
// (activities.tactics); here rides go through the real upload and import, and the answer is compared
// with the same figures computed independently from each stored stream blob, with each ride's FTP and
// the critical power and W′ its own ride page shows for its W′ balance.

const DAY_MS = 86_400_000;
let h: Harness;
let rider: SignedIn;

async function get(url: string) {
  const response = await h.app.inject({ url, headers: rider.headers });
  expect(response.statusCode, url).toBe(200);
  return response.json();
}

interface StoredTactical {
  id: string;
  start_time: Date;
  ftp_w: number | null;
  tactics: { ftpW: number; matches: number | null; cpW: number | null } | null;
  blob_key: string;
}

function storedRides(): Promise<StoredTactical[]> {
  return h.database.db
    .selectFrom('activities')
    .innerJoin('activity_streams', 'activity_streams.activity_id', 'activities.id')
    .select([
      'activities.id',
      'activities.start_time',
      'activities.ftp_w',
      'activities.tactics',
      'activity_streams.blob_key',
    ])
    .where('activities.user_id', '=', rider.user.id)
    .orderBy('activities.start_time')
    .execute() as Promise<StoredTactical[]>;
}

/** The ride page's W′ balance model: CP 2P on the bests of the stored rides of the 90 days up to the ride. */
async function windowCriticalPower(start: Date) {
  const curves = await h.database.db
    .selectFrom('activity_curves')
    .select(['durations_s', 'power_w'])
    .where('user_id', '=', rider.user.id)
    .where('start_time', '>', new Date(start.getTime() - 90 * DAY_MS))
    .where('start_time', '<=', start)
    .execute();
  if (curves.length === 0) return undefined;
  // The ride page's envelope (rider-best-curve.ts `bestOfRideCurves`): a ride's best also holds at shorter durations.
  const best = mergeBestCurves(
    curves.map((c) => attributeCurve({ durationsS: c.durations_s, powerW: c.power_w }, null)),
  );
  return criticalPowerOf({ durationsS: best.durationsS, powerW: best.powerW });
}

/**
 * The files of one upload finish in any order, each measured against the rides stored before it;
 * after the last one, the import measures again every ride whose window's critical power changed.
 */
/**
 * The CP and W′ a ride's balance is drawn with: its window's fit, corrected as the ride page corrects
 * it (`wPrimeBalanceParameters`, GoldenCheetah's minimum CP); none without a fit or where no correction
 * keeps the balance above zero.
 */
async function ridePageParameters(r: StoredTactical) {
  const cp = await windowCriticalPower(r.start_time);
  if (!cp) return undefined;
  const streams = decodeStreams(await new FsBlobStore(join(h.dataDir, 'blobs')).get(r.blob_key));
  const p = wPrimeBalanceParameters(streams, cp);
  return p && p.status !== 'unsupported' ? { cpW: p.cpW, wPrimeJ: p.wPrimeJ } : undefined;
}

async function rederived() {
  await waitUntil(
    'the tactics were not re-derived',
    async () => {
      const rides = await storedRides();
      return { rides, cps: await Promise.all(rides.map((r) => ridePageParameters(r))) };
    },
    ({ rides, cps }) => rides.every((r, k) => r.tactics !== null && r.tactics.cpW === (cps[k]?.cpW ?? null)),
  );
}

/** The period's figures from the stream blobs, each ride against its FTP and its ride page's CP. */
async function fromStreams(rides: StoredTactical[]) {
  let movingS = 0;
  let surges = 0;
  let matches = 0;
  const energy = { endurance: 0, tempo: 0, threshold: 0, vo2max: 0, neuromuscular: 0 };
  for (const r of rides) {
    const streams = decodeStreams(await new FsBlobStore(join(h.dataDir, 'blobs')).get(r.blob_key));
    const cp = await ridePageParameters(r);
    for (let i = 0; i < streams.gapMask.length; i++) if (streams.gapMask[i] === 0) movingS++;
    surges += surgeCount(streams, r.ftp_w!);
    const zones = energyByZoneKj(streams, r.ftp_w!);
    for (const z of ENERGY_ZONES) energy[z] += zones[z];
    if (cp) matches += wPrimeMatches(wPrimeBalanceDifferentialJ(streams, cp)!, cp.wPrimeJ);
  }
  return { movingS, surges, matches, energy };
}

beforeAll(async () => {
  h = await createHarness();
  rider = await h.signIn({ email: 'tactics@example.org' });
  // Three hard rides (short jumps, and 3–12 min efforts for the critical-power fit) and an easy one.
  const result = await importHardWeek(h.app, rider.headers, { firstSeed: 31, durationS: 3600 });
  expect(result.files.every((f) => f.status === 'done')).toBe(true);
  await rederived();
}, 180_000);
afterAll(async () => h?.close());

describe('predictive tactical analysis from stored tactical facts', () => {
  test('the import stores each ride’s facts against its FTP and its ride page’s critical power', async () => {
    const rides = await storedRides();
    expect(rides).toHaveLength(4);
    for (const r of rides) {
      expect(r.tactics, r.id).not.toBeNull();
      expect(r.tactics!.ftpW).toBe(r.ftp_w);
      const page = activityAnalysisResponseSchema.parse(await get(`/api/activities/${r.id}/analysis`));
      // The tactical facts take the CP the page draws its balance with: the fitted one, or the raised
      // one where the fitted would go below zero (`adjustment`); none where no correction supports it.
      const w = page.w_prime_balance;
      const pageCpW = w && w.adjustment !== 'unsupported' ? w.cp_w : null;
      if (pageCpW === null) expect(r.tactics!.cpW).toBeNull();
      else expect(Math.abs(r.tactics!.cpW! - pageCpW)).toBeLessThanOrEqual(0.5); // the page rounds to 1 W
    }
    // The later rides have 3–12 min bests in their window: a critical power, and matches counted.
    expect(rides.some((r) => r.tactics!.matches !== null && r.tactics!.matches > 0)).toBe(true);
  });

  test('the sums equal the stream-based computation', async () => {
    const body = predictiveResponseSchema.parse(await get('/api/analytics/predictive?weeks=2'));
    const expected = await fromStreams(await storedRides());
    const t = body.tactical!;
    expect(t.rides).toBe(4);
    expect(t.hours).toBe(Number((expected.movingS / 3600).toFixed(2)));
    expect(t.surges).toBe(expected.surges);
    expect(t.surges).toBeGreaterThan(0);
    expect(t.matches_burned).toBe(expected.matches);
    for (const z of ENERGY_ZONES) expect(t.energy_kj[z]).toBe(Number(expected.energy[z].toFixed(1)));
  });

  test('a ride whose FTP changed since is measured from its stream, against the new FTP', async () => {
    const [first] = await storedRides();
    // As rederiveEstimated does: the load columns change, the stored facts do not.
    await h.database.db
      .updateTable('activities')
      .set({ ftp_w: 200, updated_at: new Date() })
      .where('id', '=', first!.id)
      .execute();
    const body = predictiveResponseSchema.parse(await get('/api/analytics/predictive?weeks=2'));
    const rides = await storedRides();
    expect(rides[0]!.tactics!.ftpW).not.toBe(200);
    const expected = await fromStreams(rides);
    expect(body.tactical!.surges).toBe(expected.surges);
    for (const z of ENERGY_ZONES)
      expect(body.tactical!.energy_kj[z]).toBe(Number(expected.energy[z].toFixed(1)));
  });
});
