import { encodeFit, generateRide } from '@vatio/formats';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness, type SignedIn } from '../../test/harness.ts';
import { uploadAndWait } from '../../test/upload.ts';

let h: Harness;
let rider: SignedIn;

beforeAll(async () => {
  h = await createHarness();
  rider = await h.signIn({ email: 'aero-rating@example.org' });
}, 120_000);
afterAll(async () => h?.close());

/** A synthetic outdoor ride; `powerScale` multiplies what its power meter reports. */
function ride(seed: number, powerScale: number, startTime: string) {
  const activity = generateRide({ seed, durationS: 1800, startTime: new Date(startTime), ftpW: 250 });
  const power = activity.streams.powerW!;
  for (let i = 0; i < power.length; i++) power[i] = power[i]! * powerScale;
  return encodeFit(activity);
}

async function importRide(name: string, bytes: Uint8Array): Promise<string> {
  const result = await uploadAndWait(h.app, rider.headers, [{ name, bytes }]);
  expect(result.files[0]!.status).toBe('done');
  return result.files[0]!.activity_id!;
}

describe('the aero fit rating on the ride page', () => {
  test('an impossible CdA and Crr are rated implausible with the bounds they break, never good, and kept out of the CdA trend', async () => {
    // A power meter reading 2.5 times too high: the fit still tracks the altitude (R² about 1), but
    // only with a negative CdA and a Crr of about 0.08, as the "Buena, R² 1,00" ride did.
    const id = await importRide('overreading.fit', ride(21, 2.5, '2026-05-01T07:00:00Z'));
    const analysis = (
      await h.app.inject({ url: `/api/activities/${id}/analysis`, headers: rider.headers })
    ).json();
    expect(analysis.aero.r2).toBeGreaterThan(0.95);
    expect(analysis.aero.cda_m2).toBeLessThan(0.15);
    expect(analysis.aero.crr).toBeGreaterThan(0.015);
    expect(analysis.aero.rating).toBe('implausible');
    expect(analysis.aero.implausible).toEqual(['cda_low', 'crr_high']);
    const row = await h.database.db
      .selectFrom('activities')
      .select('summary')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect((row.summary as { aeroFit: { trustworthy: boolean } }).aeroFit.trustworthy).toBe(false);
  });

  test('a plausible CdA with an impossible Crr is implausible too, and no longer followed week to week', async () => {
    // A power meter reading half: CdA stays in range (about 0.5 m²) but Crr turns negative; the CdA
    // trend used to take this ride (it checked CdA and R² only).
    const id = await importRide('underreading.fit', ride(21, 0.5, '2026-05-02T07:00:00Z'));
    const analysis = (
      await h.app.inject({ url: `/api/activities/${id}/analysis`, headers: rider.headers })
    ).json();
    expect(analysis.aero.cda_m2).toBeGreaterThan(0.15);
    expect(analysis.aero.cda_m2).toBeLessThan(0.6);
    expect(analysis.aero.r2).toBeGreaterThan(0.95);
    expect(analysis.aero).toMatchObject({ rating: 'implausible', implausible: ['crr_low'] });
    const row = await h.database.db
      .selectFrom('activities')
      .select('summary')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect((row.summary as { aeroFit: { trustworthy: boolean } }).aeroFit.trustworthy).toBe(false);
  });

  test('a plausible fit that tracks the altitude is rated good, with no bounds broken', async () => {
    const id = await importRide('honest.fit', ride(21, 1, '2026-05-03T07:00:00Z'));
    const analysis = (
      await h.app.inject({ url: `/api/activities/${id}/analysis`, headers: rider.headers })
    ).json();
    expect(analysis.aero.rating).toBe('good');
    expect(analysis.aero.implausible).toEqual([]);
    expect(analysis.aero.cda_m2).toBeGreaterThan(0.15);
    expect(analysis.aero.cda_m2).toBeLessThan(0.6);
  });
});
