/**
 * Issue 25 ("Numbers a rider can trust"), item 5, on real rides through the server: a figure the
 * ride's data does not support reaches the ride page as null with its reason, never as a number.
 * - 46-min virtual ride (Edge 1030 Plus): decoupling was "0.0 %, good" and torque variability
 *   254.4 % (cadence sensor reading 1–12 rpm while the trainer still sent watts).
 * - 2h20 road ride (Edge 1000): torque effectiveness was "0.0 %" (the head unit wrote 0 every second).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readFixture, sharedCorpusExists } from '../../../../cli/src/test-support/fixtures.ts';
import { createHarness, type Harness } from '../../test/harness.ts';
import { uploadAndWait } from '../../test/upload.ts';

const SHORT_RIDE = 'garmin-edge-1030plus-virtual-ride-46min-power.fit.gz';
const ZERO_TE_RIDE = 'garmin-edge-1000-road-2h20-power-ftp200.fit';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
}, 120_000);
afterAll(async () => h?.close());

interface Analysis {
  summary: { aerobic_decoupling_pct: number | null; heart_rate_drift_pct: number | null };
  decoupling: { pw_hr_pct: number | null } | null;
  decoupling_unavailable: { reason: string; seconds: number; required_s: number } | null;
  pedaling: {
    torque_effectiveness_pct: number | null;
    pedal_smoothness_pct: number | null;
    torque_variability_pct: number | null;
    unavailable: {
      torque_effectiveness: string | null;
      pedal_smoothness: string | null;
      torque_variability: string | null;
    };
  };
}

async function analysisOf(email: string, name: string): Promise<Analysis> {
  const rider = await h.signIn({ email });
  const result = await uploadAndWait(h.app, rider.headers, [{ name, bytes: readFixture(name) }], 120_000);
  const id = result.files[0]!.activity_id!;
  const analysis = await h.app.inject({ url: `/api/activities/${id}/analysis`, headers: rider.headers });
  expect(analysis.statusCode).toBe(200);
  return analysis.json() as Analysis;
}

describe.skipIf(!sharedCorpusExists)('the ride page shows no figure its data does not support', () => {
  test('a 46-minute ride has no decoupling or drift, and says it needs an hour', async () => {
    const a = await analysisOf('short@example.org', SHORT_RIDE);
    expect(a.decoupling).toBeNull();
    expect(a.summary.aerobic_decoupling_pct).toBeNull();
    expect(a.summary.heart_rate_drift_pct).toBeNull();
    expect(a.decoupling_unavailable).toMatchObject({ reason: 'too_short', required_s: 3600 });
    // The seconds with both power and heart rate: under the 27:12 the device counted as moving.
    expect(a.decoupling_unavailable!.seconds).toBeGreaterThan(20 * 60);
    expect(a.decoupling_unavailable!.seconds).toBeLessThan(3600);
    // Crank torque only from seconds pedalled at 30 rpm or more: a plausible spread, not 254.4 %.
    expect(a.pedaling.torque_variability_pct).not.toBeNull();
    expect(a.pedaling.torque_variability_pct!).toBeLessThan(100);
    expect(a.pedaling.unavailable.torque_variability).toBeNull();
    // No pedal dynamics in the file: null, and the reason is "not recorded".
    expect(a.pedaling.torque_effectiveness_pct).toBeNull();
    expect(a.pedaling.unavailable.torque_effectiveness).toBe('not_recorded');
  }, 180_000);

  test('a head unit writing 0 % torque effectiveness every second gives none, with the reason', async () => {
    const a = await analysisOf('zero-te@example.org', ZERO_TE_RIDE);
    expect(a.pedaling.torque_effectiveness_pct).toBeNull();
    expect(a.pedaling.unavailable.torque_effectiveness).toBe('zeros_only');
    // Pedal smoothness from the same unit is measured (some zeros left out): kept.
    expect(a.pedaling.pedal_smoothness_pct).toBeGreaterThan(0);
    expect(a.pedaling.unavailable.pedal_smoothness).toBeNull();
    // Over two hours with heart rate: the decoupling is given, and no reason.
    expect(a.decoupling?.pw_hr_pct).not.toBeNull();
    expect(a.decoupling_unavailable).toBeNull();
  }, 180_000);
});
