import { encodeFit, generateRide, SYNTHETIC_ROUTES } from '@vatio/formats';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness, type SignedIn } from '../../test/harness.ts';

// Issue 25: a segment effort's W/kg and the pacing model divide by the rider's weight on the ride's
// date; the answer says which entry that is and from when. The rider's entries: 70 kg from 2026-06-05
// and 72 kg from 2026-06-12. The ridge route is ridden on 2 June (before any entry: the nearest, 70 kg
// from 5 June) and on 16 June (72 kg, in force since 12 June).
const ridge = SYNTHETIC_ROUTES.find((r) => r.id === 'ridge')!;

describe('segments say which weight and from when', () => {
  let h: Harness;
  let rider: SignedIn;

  beforeAll(async () => {
    h = await createHarness({}, { workers: false });
    rider = await h.signIn({ email: 'segment-weight@example.org' });
    for (const [from, kg] of [
      ['2026-06-05', 70],
      ['2026-06-12', 72],
    ] as const) {
      const r = await h.app.inject({
        method: 'POST',
        url: '/api/athlete-settings',
        headers: rider.headers,
        payload: { effective_from: from, weight_kg: kg },
      });
      expect(r.statusCode, await r.body).toBeLessThan(300);
    }
    const day = (d: number) => new Date(Date.UTC(2026, 5, d, 17));
    const files = [
      { seed: 1, startTime: day(2), durationS: 3600, ftpW: 240, route: ridge },
      { seed: 3, startTime: day(16), durationS: 3800, ftpW: 262, route: ridge },
    ].map((options, i) => {
      const bytes = encodeFit(generateRide(options));
      return { name: `ride-${i}.fit`, bytes, sizeBytes: bytes.length };
    });
    const created = await h.services.importService.createImport(rider.user.id, 'upload', files);
    for (const file of created.files) await h.services.importService.processFile({ fileId: file.id });
  }, 240_000);
  afterAll(async () => h?.close());

  test('each effort names its weight entry; the pacing model says whose weight its mass holds', async () => {
    const { segments } = (
      await h.app.inject({ url: '/api/analytics/segments', headers: rider.headers })
    ).json();
    expect(segments.length).toBeGreaterThan(0);
    const detail = (
      await h.app.inject({ url: `/api/analytics/segments/${segments[0].id}`, headers: rider.headers })
    ).json();
    const [early, late] = detail.efforts;
    expect(early.start_time.slice(0, 10)).toBe('2026-06-02');
    expect(early.weight_kg).toBe(70);
    expect(early.weight).toEqual({ kg: 70, source: 'nearest', from: '2026-06-05' });
    expect(late.start_time.slice(0, 10)).toBe('2026-06-16');
    expect(late.weight_kg).toBe(72);
    expect(late.weight).toEqual({ kg: 72, source: 'settings', from: '2026-06-12' });
    // W/kg divides by that weight: the effort's mean power / 72 kg, to 0.01 (and no float residue such
    // as 3.5200000000000005, which the earlier round-then-divide left).
    // The answer's average_power_w is rounded to the watt and W/kg is from the stored mean: within
    // 0.005 (its rounding) + 0.5 / 72 (the watt's) of average_power_w / 72.
    expect(Math.abs(late.watts_per_kg - late.average_power_w / 72)).toBeLessThanOrEqual(0.005 + 0.5 / 72);
    expect(String(late.watts_per_kg).length).toBeLessThanOrEqual(4);
    // Pacing models the latest effort with power (16 June): 72 kg of rider in its mass.
    expect(detail.pacing.effort_id).toBe(late.id);
    expect(detail.pacing.rider_weight).toEqual({ kg: 72, source: 'settings', from: '2026-06-12' });
  });
});
