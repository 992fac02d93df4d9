import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { hasFixtures, loadExpected, readFixture } from '../../../../formats/src/test-support/fixtures.ts';
import { createHarness, type Harness, type SignedIn } from '../../test/harness.ts';
import { uploadAndWait } from '../../test/upload.ts';
import { waitForReanalysis } from '../../test/wait.ts';

// Issue 25 (numbers a rider can trust): the rider's FTP, max HR and weight win over what a file says,
// and every screen divides by the one weight the rider gave, through the real server and database.
// The expected numbers are worked by hand from the device's own session record (expected.json).

const RIDE = 'garmin-edge-1000-road-2h20-power-ftp200.fit';
const RIDER_FTP_W = 265;
const RIDER_MAX_HR = 188;
const ONBOARDING_KG = 64.5;

let h: Harness;

async function json(rider: SignedIn, url: string) {
  const response = await h.app.inject({ url, headers: rider.headers });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json();
}

async function post(rider: SignedIn, url: string, payload: Record<string, unknown>, status = 201) {
  const response = await h.app.inject({ method: 'POST', url, headers: rider.headers, payload });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(status);
  return response.json();
}

async function onboard(rider: SignedIn, weightKg: number) {
  await post(rider, '/api/profile', {
    first_name: 'Ana',
    last_name: 'Ruiz',
    cycling_experience: 'advanced',
    weight_kg: weightKg,
  });
}

const idle = (rider: SignedIn) => waitForReanalysis(h.app, rider.headers, 120_000);

async function uploadRide(rider: SignedIn): Promise<string> {
  const result = await uploadAndWait(
    h.app,
    rider.headers,
    [{ name: RIDE, bytes: readFixture(RIDE) }],
    120_000,
  );
  const id = result.files[0]?.activity_id;
  expect(id, JSON.stringify(result.files)).toBeTruthy();
  return id!;
}

beforeAll(async () => {
  h = await createHarness();
}, 120_000);
afterAll(async () => h?.close());

describe.runIf(hasFixtures(RIDE))("the rider's FTP and heart rate win over the file's", () => {
  // A skipped suite's body still runs (vitest collects it): without the fixtures there is no entry.
  const device = loadExpected()[RIDE]?.device_session ?? {};
  // By hand: the device's own NP over the rider's FTP; TSS = hours · IF² · 100.
  const hours = device.timer_time_s! / 3600;
  const expectedIf = device.normalized_w! / RIDER_FTP_W; // 267 / 265 = 1.0075
  const expectedTss = hours * expectedIf ** 2 * 100; // 2.3210 h · 1.0151 · 100 = 235.6

  async function expectRiderValues(rider: SignedIn, id: string) {
    const ride = await json(rider, `/api/activities/${id}`);
    // The ride is from 2019-09-20, the rider's FTP from 2020-01-01: the nearest entry, not the file's 200 W.
    expect(ride.ftp_w).toBe(RIDER_FTP_W);
    expect(ride.ftp_source).toBe('nearest');
    expect(Math.abs(ride.intensity_factor - expectedIf)).toBeLessThan(0.01);
    expect(Math.abs(ride.training_stress_score - expectedTss) / expectedTss).toBeLessThan(0.02);

    const analysis = await json(rider, `/api/activities/${id}/analysis`);
    expect(analysis.settings_used).toMatchObject({
      ftp_w: RIDER_FTP_W,
      ftp_source: 'nearest',
      ftp_from: '2020-01-01',
      max_hr_bpm: RIDER_MAX_HR,
      max_hr_source: 'nearest',
      max_hr_from: '2020-01-01',
      weight_kg: ONBOARDING_KG,
    });
    // Coggan's Z7 starts at 150 % of FTP: 397.5 W, not the file's 300 W.
    const z7 = analysis.zones.power.find((z: { zone: number }) => z.zone === 7);
    expect(Math.abs(z7.min_w - 1.5 * RIDER_FTP_W)).toBeLessThanOrEqual(0.5); // to the watt
    // Heart-rate zones from 188 bpm (% of max: 68 / 83 / 94 / 105 %), the whole ride in them.
    const hr = analysis.zones.heart_rate as { zone: number; min_bpm: number; time_s: number }[];
    expect(hr).toHaveLength(5);
    expect(hr.find((z) => z.zone === 2)!.min_bpm).toBeCloseTo(0.68 * RIDER_MAX_HR, 0);
    expect(hr.find((z) => z.zone === 5)!.min_bpm).toBeCloseTo(1.05 * RIDER_MAX_HR, 0);
    expect(hr.reduce((s, z) => s + z.time_s, 0)).toBeGreaterThan(0.9 * device.timer_time_s!);

    // The ride's TSS is the one the training load adds up (CTL/ATL), on its day.
    const load = await json(rider, '/api/analytics/training-load?days=90&tz=UTC');
    const day = load.days.find((d: { date: string }) => d.date === '2019-09-20');
    expect(day?.tss).toBeCloseTo(ride.training_stress_score, 0);
  }

  test('settings given before the upload: the ride is analysed with 265 W and 188 bpm', async () => {
    const rider = await h.signIn({ email: 'ftp-first@example.org' });
    await onboard(rider, ONBOARDING_KG);
    await post(rider, '/api/athlete-settings', {
      effective_from: '2020-01-01',
      ftp_w: RIDER_FTP_W,
      max_hr_bpm: RIDER_MAX_HR,
    });
    const id = await uploadRide(rider);
    const now = h.now();
    // Travel to the day after the ride, so the training-load window holds it.
    h.advance((Date.parse('2019-09-21T12:00:00Z') - now.getTime()) / 1000);
    try {
      await expectRiderValues(rider, id);
    } finally {
      h.advance((now.getTime() - h.now().getTime()) / 1000);
    }
  }, 240_000);

  test('settings given after the upload: the re-analysis uses the same resolution', async () => {
    const rider = await h.signIn({ email: 'ftp-after@example.org' });
    await onboard(rider, ONBOARDING_KG);
    const id = await uploadRide(rider);
    const before = await json(rider, `/api/activities/${id}`);
    expect(before.ftp_source).toBe('file');
    const saved = await post(rider, '/api/athlete-settings', {
      effective_from: '2020-01-01',
      ftp_w: RIDER_FTP_W,
      max_hr_bpm: RIDER_MAX_HR,
    });
    expect(saved.reanalysis).toEqual({ rides: 1 });
    await idle(rider);
    const now = h.now();
    h.advance((Date.parse('2019-09-21T12:00:00Z') - now.getTime()) / 1000);
    try {
      await expectRiderValues(rider, id);
    } finally {
      h.advance((now.getTime() - h.now().getTime()) / 1000);
    }
  }, 240_000);
});

describe('one rider, one weight', () => {
  test('the onboarding weight is a dated entry; the profile shows the one in force today', async () => {
    const rider = await h.signIn({ email: 'weight-one@example.org' });
    await onboard(rider, ONBOARDING_KG);
    const today = h.now().toISOString().slice(0, 10);
    const history = (await json(rider, '/api/athlete-settings')).history;
    expect(history).toMatchObject([{ effective_from: today, weight_kg: ONBOARDING_KG }]);
    expect(await json(rider, '/api/profile')).toMatchObject({
      weight_kg: ONBOARDING_KG,
      weight_from: today,
    });

    // A newer dated weight in the settings is what the profile shows.
    await post(rider, '/api/athlete-settings', { effective_from: '2001-01-01', weight_kg: 70 });
    expect((await json(rider, '/api/profile')).weight_kg).toBe(ONBOARDING_KG);

    // Editing the profile's weight writes an entry dated today (one per day), not a second source.
    const put = await h.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: rider.headers,
      payload: { first_name: 'Ana', last_name: 'Ruiz', cycling_experience: 'advanced', weight_kg: 63 },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ weight_kg: 63, weight_from: today });
    const after = (await json(rider, '/api/athlete-settings')).history;
    expect(after.filter((e: { weight_kg: number | null }) => e.weight_kg !== null)).toMatchObject([
      { effective_from: today, weight_kg: 63 },
      { effective_from: '2001-01-01', weight_kg: 70 },
    ]);
    // Saving the profile again without changing the weight adds nothing.
    await h.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: rider.headers,
      payload: { first_name: 'Ana', last_name: 'Rz', cycling_experience: 'advanced', weight_kg: 63 },
    });
    expect((await json(rider, '/api/athlete-settings')).history).toHaveLength(after.length);
    // A profile saved without a weight (an API client changing the sex) leaves the weights alone.
    const noWeight = await h.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: rider.headers,
      payload: { first_name: 'Ana', last_name: 'Ruiz', cycling_experience: 'advanced', sex: 'female' },
    });
    expect(noWeight.json()).toMatchObject({ weight_kg: 63, sex: 'female' });
    // A weight cleared (null) is the rider taking it back: no weight anywhere, nothing divides by one.
    const cleared = await h.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: rider.headers,
      payload: { first_name: 'Ana', last_name: 'Ruiz', cycling_experience: 'advanced', weight_kg: null },
    });
    expect(cleared.json()).toMatchObject({ weight_kg: null, weight_from: null });
    const left = (await json(rider, '/api/athlete-settings')).history as { weight_kg: number | null }[];
    expect(left.every((e) => e.weight_kg === null)).toBe(true);
  });

  test('loading the demo never overrides the weight, FTP or heart rate the rider entered', async () => {
    const rider = await h.signIn({ email: 'weight-demo@example.org' });
    await onboard(rider, ONBOARDING_KG);
    await post(rider, '/api/athlete-settings', { effective_from: '2020-01-01', max_hr_bpm: RIDER_MAX_HR });
    const demo = await h.app.inject({ method: 'POST', url: '/api/demo', headers: rider.headers });
    expect(demo.statusCode).toBe(202);
    const history = (await json(rider, '/api/athlete-settings')).history as {
      weight_kg: number | null;
      max_hr_bpm: number | null;
      ftp_w: number | null;
    }[];
    // The only weight is the rider's; the only max HR is the rider's; the demo adds its FTPs (none given).
    expect(history.filter((e) => e.weight_kg !== null).map((e) => e.weight_kg)).toEqual([ONBOARDING_KG]);
    expect(history.filter((e) => e.max_hr_bpm !== null).map((e) => e.max_hr_bpm)).toEqual([RIDER_MAX_HR]);
    expect(history.some((e) => e.ftp_w !== null)).toBe(true);
    expect((await json(rider, '/api/profile')).weight_kg).toBe(ONBOARDING_KG);

    // Every screen that divides by a weight says which one, and from when.
    const today = h.now().toISOString().slice(0, 10);
    const predictive = await json(rider, '/api/analytics/predictive?tz=UTC');
    expect(predictive.weight).toEqual({ kg: ONBOARDING_KG, source: 'settings', from: today });
    const narrative = await json(rider, '/api/dashboard/narrative?tz=UTC');
    expect(narrative.weight).toEqual({ kg: ONBOARDING_KG, source: 'settings', from: today });
  }, 120_000);
});
