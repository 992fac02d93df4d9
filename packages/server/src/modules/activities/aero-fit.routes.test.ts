import { aeroLabDrawn, aeroLabSamplesFromJson } from '@vatio/analysis';
import { encodeFit, generateRide } from '@vatio/formats';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness, type SignedIn } from '../../test/harness.ts';
import { uploadAndWait } from '../../test/upload.ts';

let h: Harness;
let rider: SignedIn;
let other: SignedIn;
let rideId: string;
let noPowerId: string;

async function importRide(who: SignedIn, name: string, bytes: Uint8Array): Promise<string> {
  const result = await uploadAndWait(h.app, who.headers, [{ name, bytes }]);
  expect(result.files[0]!.status).toBe('done');
  return result.files[0]!.activity_id!;
}

/** A 40-minute synthetic outdoor ride (CdA 0.32 m², Crr 0.004, 80 kg) with two laps. */
function rideBytes(seed: number, withPower = true) {
  const activity = generateRide({
    seed,
    durationS: 2400,
    startTime: new Date(withPower ? '2026-05-01T07:00:00Z' : '2026-05-02T07:00:00Z'),
  });
  activity.laps = [
    { startTimeS: 0, elapsedTimeS: 1200 },
    { startTimeS: 1200, elapsedTimeS: 1200 },
  ];
  if (!withPower) activity.streams.powerW = undefined;
  return encodeFit(activity);
}

const fitRequest = (id: string, body: unknown, who: SignedIn = rider) =>
  h.app.inject({
    method: 'POST',
    url: `/api/activities/${id}/aero-fit`,
    headers: who.headers,
    payload: body as object,
  });

beforeAll(async () => {
  h = await createHarness();
  rider = await h.signIn({ email: 'aero-lab@example.org' });
  other = await h.signIn({ email: 'aero-lab-other@example.org' });
  rideId = await importRide(rider, 'lab.fit', rideBytes(31));
  noPowerId = await importRide(rider, 'no-power.fit', rideBytes(32, false));
}, 180_000);
afterAll(async () => h?.close());

describe('POST /api/activities/:id/aero-fit', () => {
  test('fits CdA and Crr near the ones the ride was generated with, with the fit’s residual', async () => {
    const response = await fitRequest(rideId, { fit: true, mass_kg: 80 });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.parameters.cda_source).toBe('fit');
    expect(body.parameters.mass_source).toBe('given');
    expect(body.parameters.air_density_source).toBe('recorded');
    // The generator's wind gusts (±0.5 m/s) and quantised FIT values: close, not exact.
    expect(Math.abs(body.fit.cda_m2 - 0.32)).toBeLessThan(0.03);
    expect(Math.abs(body.fit.crr - 0.004)).toBeLessThan(0.002);
    expect(body.parameters.cda_m2).toBe(body.fit.cda_m2);
    expect(body.rmse_m).toBeGreaterThan(0);
    expect(body.rmse_m).toBeLessThan(5);
    expect(body.series.time_s.length).toBeLessThanOrEqual(1200);
    expect(body.series.virtual_elevation_m.length).toBe(body.series.time_s.length);
    expect(body.series.recorded_elevation_m.length).toBe(body.series.time_s.length);
    expect(body.samples).toBeNull();
  });

  test("the browser's curve (same function on the samples sent) equals the server's, for any parameters", async () => {
    const params = { cda_m2: 0.27, crr: 0.0061, mass_kg: 83.5, wind_mps: -1.5, include_samples: true };
    const body = (await fitRequest(rideId, params)).json();
    expect(body.parameters.cda_source).toBe('given');
    const samples = aeroLabSamplesFromJson(body.samples);
    const drawn = aeroLabDrawn(samples, {
      cdaM2: params.cda_m2,
      crr: params.crr,
      systemMassKg: params.mass_kg,
      drivetrainEfficiency: body.parameters.drivetrain_efficiency,
      windMps: params.wind_mps,
    });
    expect(drawn.virtualElevationM).toEqual(body.series.virtual_elevation_m);
    expect(drawn.rmseM).toBe(body.rmse_m);
    // A given air density is one value for every second.
    const dense = (await fitRequest(rideId, { ...params, air_density_kg_m3: 1.3 })).json();
    const drawnDense = aeroLabDrawn(samples, {
      cdaM2: params.cda_m2,
      crr: params.crr,
      systemMassKg: params.mass_kg,
      drivetrainEfficiency: body.parameters.drivetrain_efficiency,
      windMps: params.wind_mps,
      airDensityKgM3: 1.3,
    });
    expect(drawnDense.virtualElevationM).toEqual(dense.series.virtual_elevation_m);
    expect(dense.parameters.air_density_source).toBe('given');
  });

  test('a bigger CdA lowers the end of the profile', async () => {
    const low = (await fitRequest(rideId, { cda_m2: 0.25, crr: 0.004 })).json();
    const high = (await fitRequest(rideId, { cda_m2: 0.4, crr: 0.004 })).json();
    const last = (s: (number | null)[]) => s.filter((v) => v !== null).at(-1)!;
    const first = (s: (number | null)[]) => s.find((v) => v !== null)!;
    const drop = (b: { series: { virtual_elevation_m: (number | null)[] } }) =>
      last(b.series.virtual_elevation_m) - first(b.series.virtual_elevation_m);
    expect(drop(high)).toBeLessThan(drop(low));
  });

  test('a lap, and temperature with altitude for the air density', async () => {
    const body = (
      await fitRequest(rideId, { cda_m2: 0.3, crr: 0.004, lap: 1, temperature_c: 30, altitude_m: 1500 })
    ).json();
    expect(body.parameters.lap).toBe(1);
    expect(body.parameters.start_s).toBe(1200);
    expect(body.parameters.end_s).toBe(2400);
    expect(body.series.time_s[0]).toBe(1200);
    expect(body.parameters.air_density_source).toBe('conditions');
    // ISA 84,556 Pa at 1,500 m, 30 °C, dry: 84,556 / (287.058 × 303.15) = 0.9717 kg/m³.
    expect(body.parameters.air_density_kg_m3).toBeCloseTo(0.9717, 3);
    const range = (await fitRequest(rideId, { cda_m2: 0.3, crr: 0.004, start_s: 100, end_s: 700 })).json();
    expect([range.parameters.start_s, range.parameters.end_s]).toEqual([100, 700]);
  });

  test('out-of-range values are 400s naming the field with a message key', async () => {
    const cases: [object, string, string][] = [
      [{ cda_m2: 2, crr: 0.004 }, 'cda_m2', 'cda_invalid'],
      [{ cda_m2: 0.3, crr: -1 }, 'crr', 'crr_invalid'],
      [{ cda_m2: 0.3, crr: 0.004, mass_kg: 5 }, 'mass_kg', 'mass_invalid'],
      [{ cda_m2: 0.3, crr: 0.004, air_density_kg_m3: 3 }, 'air_density_kg_m3', 'air_density_invalid'],
      [{ cda_m2: 0.3, crr: 0.004, wind_mps: 50 }, 'wind_mps', 'wind_invalid'],
      [{ cda_m2: 0.3, crr: 0.004, temperature_c: 20 }, 'altitude_m', 'altitude_invalid'],
      [{ cda_m2: 0.3, crr: 0.004, lap: 7 }, 'lap', 'lap_invalid'],
      [{ cda_m2: 0.3, crr: 0.004, start_s: 500, end_s: 100 }, 'end_s', 'range_invalid'],
      [{ cda_m2: 0.3, crr: 0.004, speed: 1 }, 'speed', 'invalid'],
    ];
    for (const [payload, field, key] of cases) {
      const response = await fitRequest(rideId, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.fields[field]).toBe(key);
    }
    const message = (await fitRequest(rideId, { cda_m2: 2, crr: 0.004 })).json().error.message;
    expect(message).toBe('CdA must be between 0.1 and 0.8 m²');
  });

  test('a ride without power is a clear 422; another rider’s ride is not found', async () => {
    const missing = await fitRequest(noPowerId, { fit: true });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().error.code).toBe('AERO_DATA_MISSING');
    expect((await fitRequest(rideId, { fit: true }, other)).statusCode).toBe(404);
    expect((await fitRequest('00000000-0000-4000-8000-000000000000', { fit: true })).statusCode).toBe(404);
  });

  test('saved to the bike (PATCH), the lab opens the bike’s rides at its CdA and Crr', async () => {
    const bike = (
      await h.app.inject({
        method: 'POST',
        url: '/api/bikes',
        headers: rider.headers,
        payload: { name: 'TT', type: 'tt' },
      })
    ).json();
    await h.app.inject({
      method: 'PUT',
      url: `/api/activities/${rideId}`,
      headers: rider.headers,
      payload: { bike_id: bike.id },
    });
    // Without the bike's values, the lab starts at the fit.
    expect((await fitRequest(rideId, {})).json().parameters.cda_source).toBe('fit');
    const saved = await h.app.inject({
      method: 'PATCH',
      url: `/api/bikes/${bike.id}`,
      headers: rider.headers,
      payload: { cda_m2: 0.255, crr: 0.0042, aero_activity_id: rideId },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ cda_m2: 0.255, crr: 0.0042, aero_activity_id: rideId, name: 'TT' });
    expect(saved.json().aero_measured_at).not.toBeNull();
    const lab = (await fitRequest(rideId, {})).json();
    expect(lab.parameters).toMatchObject({
      cda_m2: 0.255,
      crr: 0.0042,
      cda_source: 'bike',
      bike_id: bike.id,
    });
    // Validated like the lab; another rider's ride cannot be named.
    const bad = await h.app.inject({
      method: 'PATCH',
      url: `/api/bikes/${bike.id}`,
      headers: rider.headers,
      payload: { cda_m2: 0.05 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.cda_m2).toBe('cda_invalid');
    const foreign = await h.app.inject({
      method: 'PATCH',
      url: `/api/bikes/${bike.id}`,
      headers: other.headers,
      payload: { cda_m2: 0.3 },
    });
    expect(foreign.statusCode).toBe(404);
  });
});
