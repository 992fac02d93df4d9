import type { Activity } from '@vatio/formats';
import { encodeFit, generateRide } from '@vatio/formats';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { createHarness, type Harness, type SignedIn } from '../../test/harness.ts';
import { RideFtpService } from '../activities/ride-ftp.service.ts';
import { uploadAndWait } from '../../test/upload.ts';
import { waitForReanalysis } from '../../test/wait.ts';

// The rider's weight (profile, dated settings), the bike's weight and the FTP reach every stored
// analysis: through the real server and database, with rides written by the synthetic physics model.

let h: Harness;
let rider: SignedIn;

const RIDER_KG = 68.5;
const BIKE_KG = 7.5;

/** A ride ridden by the physics model at the given system mass, with no FTP in its file. */
function rideWithoutFtp(seed: number, start: string, systemKg: number): Uint8Array {
  const ride: Activity = generateRide({
    seed,
    durationS: 3600,
    startTime: new Date(start),
    setup: { massKg: systemKg, cdaM2: 0.32, crr: 0.005 },
  });
  return encodeFit({ ...ride, deviceSummary: { ...ride.deviceSummary, ftpW: undefined } });
}

async function get(url: string) {
  const response = await h.app.inject({ url, headers: rider.headers });
  expect(response.statusCode, url).toBe(200);
  return response.json();
}

const idle = () => waitForReanalysis(h.app, rider.headers, 60_000);

let early: string; // 2026-04-01, before the dated weight
let late: string; // 2026-05-20, after it

beforeAll(async () => {
  h = await createHarness();
  rider = await h.signIn({ email: 'weight@example.org' });
  // Onboarding: the weight is given in the profile only; the bike has its own weight.
  const profile = await h.app.inject({
    method: 'POST',
    url: '/api/profile',
    headers: rider.headers,
    payload: { first_name: 'Ana', last_name: 'Ruiz', cycling_experience: 'advanced', weight_kg: RIDER_KG },
  });
  expect(profile.statusCode).toBe(201);
  const bike = await h.app.inject({
    method: 'POST',
    url: '/api/bikes',
    headers: rider.headers,
    payload: { name: 'Carretera', type: 'road', weight_kg: BIKE_KG },
  });
  expect(bike.statusCode).toBe(201);
  expect(bike.json()).toMatchObject({ weight_kg: BIKE_KG, is_primary: true });

  const result = await uploadAndWait(h.app, rider.headers, [
    { name: 'early.fit', bytes: rideWithoutFtp(21, '2026-04-01T08:00:00Z', RIDER_KG + BIKE_KG) },
    { name: 'late.fit', bytes: rideWithoutFtp(22, '2026-05-20T08:00:00Z', 72 + BIKE_KG) },
  ]);
  const byName = Object.fromEntries(result.files.map((f) => [f.name, f.activity_id!]));
  early = byName['early.fit']!;
  late = byName['late.fit']!;
}, 180_000);
afterAll(async () => h?.close());

describe("the rider's weight", () => {
  test('given at onboarding only, the ride analysis states and uses it (aero fit mass, W/kg), with the bike weight', async () => {
    // The onboarding weight is an entry dated the onboarding day (today), after the ride: the nearest.
    const today = h.now().toISOString().slice(0, 10);
    const analysis = await get(`/api/activities/${early}/analysis`);
    expect(analysis.settings_used).toMatchObject({
      weight_kg: RIDER_KG,
      weight_source: 'nearest',
      weight_from: today,
      bike_kg: BIKE_KG,
    });
    expect(analysis.summary.watts_per_kg).toBeCloseTo(analysis.summary.average_power_w / RIDER_KG, 1);
    expect(analysis.aero.assumptions).toMatchObject({
      rider_kg: RIDER_KG,
      rider_kg_source: 'nearest',
      bike_kg: BIKE_KG,
      bike_kg_source: 'bike',
    });
    // With the mass it was ridden at, the fit recovers the physics model's CdA and Crr.
    expect(Math.abs(analysis.aero.cda_m2 - 0.32)).toBeLessThan(0.01);
    expect(Math.abs(analysis.aero.crr - 0.005)).toBeLessThan(0.001);
  });

  test('the ride page shows the stored aero fit and does not fit again', async () => {
    const db = h.database.db;
    const row = await db
      .selectFrom('activities')
      .select('summary')
      .where('id', '=', early)
      .executeTakeFirstOrThrow();
    const summary = row.summary as { aeroFit: Record<string, unknown> };
    const marked = { ...summary, aeroFit: { ...summary.aeroFit, cdaM2: 0.2468, crr: 0.0042 } };
    await db
      .updateTable('activities')
      .set({ summary: JSON.stringify(marked) })
      .where('id', '=', early)
      .execute();
    const analysis = await get(`/api/activities/${early}/analysis`);
    expect(analysis.aero).toMatchObject({ cda_m2: 0.247, crr: 0.0042 });
    await db
      .updateTable('activities')
      .set({ summary: JSON.stringify(summary) })
      .where('id', '=', early)
      .execute();
  });

  test('a dated weight holds from its date on and, as the earliest weight, for the rides before it; re-analysed through the preparation pool', async () => {
    const reanalyse = vi.spyOn(h.services.preparer, 'reanalyse');
    const saved = await h.app.inject({
      method: 'POST',
      url: '/api/athlete-settings',
      headers: rider.headers,
      payload: { effective_from: '2026-05-01', weight_kg: 72 },
    });
    expect(saved.statusCode).toBe(201);
    // The rider's earliest weight now: the ride before it takes it as the nearest, so both are re-analysed.
    expect(saved.json().reanalysis).toEqual({ rides: 2 });
    await idle();
    expect(reanalyse).toHaveBeenCalledTimes(2);
    reanalyse.mockRestore();
    const after = await get(`/api/activities/${late}/analysis`);
    expect(after.settings_used).toMatchObject({ weight_kg: 72, weight_source: 'settings' });
    expect(after.aero.assumptions).toMatchObject({ rider_kg: 72, rider_kg_source: 'settings' });
    expect(Math.abs(after.aero.cda_m2 - 0.32)).toBeLessThan(0.01);
    // 2026-04-01: 72 kg from 2026-05-01 is nearer in time than the onboarding's 68.5 kg of today.
    const before = await get(`/api/activities/${early}/analysis`);
    expect(before.settings_used).toMatchObject({
      weight_kg: 72,
      weight_source: 'nearest',
      weight_from: '2026-05-01',
    });

    // A later weight is not the earliest: it reaches the rides from its date only (none here).
    const later = await h.app.inject({
      method: 'POST',
      url: '/api/athlete-settings',
      headers: rider.headers,
      payload: { effective_from: '2026-06-01', weight_kg: 71 },
    });
    expect(later.json().reanalysis).toEqual({ rides: 0 });
  });
});

describe('FTP', () => {
  test('a ride with power and no FTP anywhere gets TSS and IF against the estimated FTP, marked with its source', async () => {
    const ride = await get(`/api/activities/${early}`);
    expect(ride.ftp_source).toBe('estimated');
    expect(ride.ftp_w).toBeGreaterThan(100);
    expect(ride.training_stress_score).toBeGreaterThan(0);
    expect(ride.intensity_factor).toBeCloseTo(ride.normalized_power / ride.ftp_w, 3);
    const analysis = await get(`/api/activities/${early}/analysis`);
    expect(analysis.settings_used.ftp_source).toBe('estimated');
    expect(analysis.settings_used.ftp_estimate).toMatchObject({ windowDays: 90 });
    expect(['cp-2p', 'best-20-min-95']).toContain(analysis.settings_used.ftp_estimate.method);
    // The later ride's window holds both rides.
    expect((await get(`/api/activities/${late}/analysis`)).settings_used.ftp_estimate.rides).toBe(2);
  });

  test('re-deriving an estimated FTP marks the ride changed, so the kept analytics answers see it', async () => {
    const db = h.database.db;
    const row = () =>
      db
        .selectFrom('activities')
        .select(['ftp_w', 'updated_at'])
        .where('id', '=', early)
        .executeTakeFirstOrThrow();
    const before = await row();
    // As a batch that brought rides into its window leaves it: the stored eFTP no longer the window's.
    await db.updateTable('activities').set({ ftp_w: 1 }).where('id', '=', early).execute();
    h.advance(120);
    const rideFtp = new RideFtpService({ activities: h.services.activities, now: h.now });
    expect(await rideFtp.rederiveEstimated(rider.user.id)).toBeGreaterThanOrEqual(1);
    const after = await row();
    expect(after.ftp_w).toBe(before.ftp_w);
    expect(after.updated_at.getTime()).toBe(h.now().getTime());
  });

  test('setting an FTP re-derives the whole history, says how many rides, and earlier rides use the nearest entry', async () => {
    const saved = await h.app.inject({
      method: 'POST',
      url: '/api/athlete-settings',
      headers: rider.headers,
      payload: { effective_from: '2026-05-10', ftp_w: 280 },
    });
    expect(saved.statusCode).toBe(201);
    expect(saved.json().reanalysis).toEqual({ rides: 2 });
    await idle();
    const first = await get(`/api/activities/${early}`);
    expect(first).toMatchObject({ ftp_w: 280, ftp_source: 'nearest' });
    expect(first.intensity_factor).toBeCloseTo(first.normalized_power / 280, 3);
    const second = await get(`/api/activities/${late}`);
    expect(second).toMatchObject({ ftp_w: 280, ftp_source: 'settings' });
    expect(second.training_stress_score).toBeGreaterThan(0);
  });
});
