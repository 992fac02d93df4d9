import { encodeFit, generateRide } from '@vatio/formats';
import type { ActivityAnalysisResponse } from '@vatio/schemas';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness, type SignedIn } from '../../test/harness.ts';
import { uploadAndWait } from '../../test/upload.ts';

// The ride page's "FTP estimates from this ride" (`ftp_estimates` of /analysis, spec 000 §1 and §9) on
// a stored ride whose bests are known by hand.

let h: Harness;
let rider: SignedIn;

beforeAll(async () => {
  h = await createHarness();
  rider = await h.signIn({ email: 'ride-ftp-estimates@example.org' });
  const saved = await h.app.inject({
    method: 'POST',
    url: '/api/athlete-settings',
    headers: rider.headers,
    payload: { effective_from: '2000-01-01', ftp_w: 270 },
  });
  expect(saved.statusCode).toBe(201);
}, 120_000);
afterAll(async () => h?.close());

/**
 * 50 minutes: 150 W, then 5 min at 400 W, 150 W, 20 min at exactly 300 W, 150 W to the end. Its best
 * 20 minutes is the 300 W block (a window holding the 400 W block averages at most
 * (300 · 400 + 900 · 150) / 1200 = 212.5 W), so 95 % of it is 285 W.
 */
function steppedRide(): Uint8Array {
  const activity = generateRide({ seed: 7, durationS: 3000, startTime: new Date('2026-04-01T07:00:00Z') });
  const power = activity.streams.powerW!;
  for (let t = 0; t < power.length; t++) {
    power[t] = t >= 600 && t < 900 ? 400 : t >= 1500 && t < 2700 ? 300 : 150;
  }
  return encodeFit(activity);
}

async function analysisOf(name: string, bytes: Uint8Array): Promise<ActivityAnalysisResponse> {
  const result = await uploadAndWait(h.app, rider.headers, [{ name, bytes }]);
  expect(result.files[0]!.status).toBe('done');
  const id = result.files[0]!.activity_id!;
  const answer = await h.app.inject({ url: `/api/activities/${id}/analysis`, headers: rider.headers });
  expect(answer.statusCode).toBe(200);
  return answer.json();
}

describe('the FTP estimates of a stored ride', () => {
  test('lists each method with its value, confidence and fit, beside the FTP the ride was measured against', async () => {
    const analysis = await analysisOf('stepped.fit', steppedRide());
    expect(analysis.settings_used).toMatchObject({ ftp_w: 270, ftp_source: 'settings' });
    const by = Object.fromEntries(analysis.ftp_estimates.map((e) => [e.method, e]));
    // Hand-checked above: 0.95 · 300 W; the spec's rule takes the same 20-minute branch.
    expect(by['best-20-min-95']).toEqual({ method: 'best-20-min-95', ftp_w: 285, confidence: 0.4 });
    expect(by['spec-prototype-rule']).toEqual({ method: 'spec-prototype-rule', ftp_w: 285, confidence: 0.1 });
    const cp = by['cp-2p'];
    expect(cp?.fit).toBeDefined();
    // Critical power is the estimate; its confidence is the fit's R² on power, clamped to 0.1–0.95.
    expect(cp!.ftp_w).toBeCloseTo(cp!.fit!.cp_w, 1);
    expect(cp!.confidence).toBeCloseTo(Math.min(0.95, Math.max(0.1, cp!.fit!.r2)), 2);
    // Between the 20-min best (300 W) and the 3-min best (400 W) the 2P line lies under the 400 W block.
    expect(cp!.fit!.cp_w).toBeGreaterThan(250);
    expect(cp!.fit!.cp_w).toBeLessThan(400);
    expect(cp!.fit!.w_prime_j).toBeGreaterThan(0);
    // Most trusted first.
    const confidences = analysis.ftp_estimates.map((e) => e.confidence);
    expect(confidences).toEqual([...confidences].sort((a, b) => b - a));
  });

  test('a ride without power has no estimate', async () => {
    const activity = generateRide({ seed: 8, durationS: 1800, startTime: new Date('2026-04-02T07:00:00Z') });
    const bytes = encodeFit({ ...activity, streams: { ...activity.streams, powerW: undefined } });
    const analysis = await analysisOf('no-power.fit', bytes);
    expect(analysis.summary.average_power_w).toBeNull();
    expect(analysis.ftp_estimates).toEqual([]);
  });
});
