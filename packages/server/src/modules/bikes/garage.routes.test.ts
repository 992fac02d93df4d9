import { rideEfficiency } from '@vatio/analysis';
import { unzipSync } from 'fflate';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness, type SignedIn } from '../../test/harness.ts';
import { storeRide } from '../dashboard/stored-rides.test-helper.ts';

// The garage (issue 15) through the real server: bike stats and part distances are the sums over the
// rides on the bike (from the install day), moving rides moves their distance, every id is the rider's.

let h: Harness;
let rider: SignedIn;
let stranger: SignedIn;
let road: string;
let tt: string;
let strangerBike: string;

const RIDER_KG = 70;
/** Four rides of known figures (elevation small: flat, comparable for the efficiency score). */
const RIDES = [
  { start: '2026-01-05T08:00:00Z', distanceM: 20_000, movingS: 3600, avgPowerW: 200, cda: 0.3 },
  { start: '2026-02-10T08:00:00Z', distanceM: 30_000, movingS: 4000, avgPowerW: 180, cda: 0.34 },
  { start: '2026-03-01T08:00:00Z', distanceM: 40_000, movingS: 5000, avgPowerW: null, cda: null },
  { start: '2026-03-15T08:00:00Z', distanceM: 25_000, movingS: 3000, avgPowerW: 220, cda: 0.32 },
] as const;
const rideIds: string[] = [];

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, who: SignedIn, payload?: object) =>
  h.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

interface BikeJson {
  id: string;
  name: string;
  stats: Record<string, number | string | null>;
}
const bikeOf = async (id: string) => (await call('GET', `/api/bikes/${id}`, rider)).json() as BikeJson;

/** The sums straight from the database, for the rides on a bike started from a UTC day on. */
async function sumsOnBike(bikeId: string, fromDay = '1900-01-01', toDay = '9999-12-31') {
  const { rows } = await sql<{ distance_m: number; moving_time_s: number; n: number }>`
    select coalesce(sum(distance_m), 0)::float8 as distance_m, coalesce(sum(moving_time_s), 0)::float8 as moving_time_s,
      count(*)::int as n
    from activities where bike_id = ${bikeId}
      and start_time >= ${`${fromDay}T00:00:00Z`}::timestamptz and start_time < (${toDay}::date + 1)::timestamp at time zone 'UTC'`.execute(
    h.database.db,
  );
  return rows[0]!;
}

beforeAll(async () => {
  h = await createHarness();
  rider = await h.signIn({ email: 'garage@example.org' });
  stranger = await h.signIn({ email: 'garage-stranger@example.org' });
  // The rider's weight first (no rides yet, so nothing to re-analyse).
  const weight = await call('POST', '/api/athlete-settings', rider, {
    effective_from: '2025-01-01',
    weight_kg: RIDER_KG,
  });
  expect(weight.statusCode).toBe(201);
  road = (
    await call('POST', '/api/bikes', rider, { name: 'Tarmac', type: 'road', brand: 'Specialized' })
  ).json().id;
  tt = (await call('POST', '/api/bikes', rider, { name: 'Shiv', type: 'tt' })).json().id;
  strangerBike = (await call('POST', '/api/bikes', stranger, { name: 'Theirs', type: 'gravel' })).json().id;
  for (const [k, r] of RIDES.entries()) {
    rideIds.push(
      await storeRide(h.database.db, rider.user.id, {
        start: r.start,
        distanceM: r.distanceM,
        movingS: r.movingS,
        elevationM: 50,
        avgPowerW: r.avgPowerW,
        summary: r.cda === null ? {} : { aeroFit: { cdaM2: r.cda, trustworthy: true } },
        curve: { durations: [1, 60, 300], power: [600 + k * 10, 400 - k * 5, 300 + k] },
      }),
    );
  }
}, 60_000);
afterAll(async () => h?.close());

describe('bike stats', () => {
  test('a bike without rides has zero stats and no CdA', async () => {
    const bike = await bikeOf(road);
    expect(bike.stats).toMatchObject({ rides: 0, distance_m: 0, cda_m2: null, efficiency_kmh_per_wkg: null });
  });

  test('moving rides by a range of days puts them on the bike; stats are the sums over them', async () => {
    const moved = await call('POST', `/api/bikes/${road}/rides`, rider, {
      from: '2026-01-01',
      to: '2026-03-31',
    });
    expect(moved.json()).toEqual({ moved: 4 });
    // Again: nothing changes bike.
    expect(
      (
        await call('POST', `/api/bikes/${road}/rides`, rider, { from: '2026-01-01', to: '2026-03-31' })
      ).json(),
    ).toEqual({ moved: 0 });
    const { stats } = await bikeOf(road);
    const sums = await sumsOnBike(road);
    expect(stats.rides).toBe(4);
    expect(stats.distance_m).toBe(sums.distance_m);
    expect(stats.distance_m).toBe(115_000);
    expect(stats.moving_time_s).toBe(sums.moving_time_s);
    // Average power weighted by moving time over the rides with power.
    const withPower = RIDES.filter((r) => r.avgPowerW !== null);
    const power =
      withPower.reduce((s, r) => s + r.avgPowerW! * r.movingS, 0) /
      withPower.reduce((s, r) => s + r.movingS, 0);
    expect(stats.average_power_w).toBeCloseTo(power, 1);
    expect(stats.average_speed_mps).toBeCloseTo(115_000 / 15_600, 3);
    // CdA: the median of the three trustworthy fits.
    expect(stats).toMatchObject({ cda_m2: 0.32, cda_source: 'rides', cda_rides: 3 });
    // Efficiency: median km/h per W/kg of the flat rides with power, the rider at 70 kg.
    const values = withPower
      .map((r) =>
        rideEfficiency({
          distanceM: r.distanceM,
          movingS: r.movingS,
          elevationGainM: 50,
          averagePowerW: r.avgPowerW,
          riderKg: RIDER_KG,
          indoor: false,
        }),
      )
      .sort((a, b) => a! - b!);
    expect(stats.efficiency_rides).toBe(3);
    expect(stats.efficiency_kmh_per_wkg).toBeCloseTo(values[1]!, 2);
  });

  test('the bike’s ride list names each ride as the activities list does (issue 25 §8)', async () => {
    // Two rides without a name of their own: the list must say "Salida matinal", not a generic "Salida".
    await sql`update activities set name = null, day_part = 'morning' where id = ${rideIds[0]!}`.execute(
      h.database.db,
    );
    await sql`update activities set name = null, day_part = 'evening' where id = ${rideIds[1]!}`.execute(
      h.database.db,
    );
    try {
      for (const lang of ['es', 'en'] as const) {
        const headers = { ...rider.headers, 'accept-language': lang };
        const onBike = (await h.app.inject({ url: `/api/bikes/${road}/rides`, headers })).json() as {
          id: string;
          name: string | null;
        }[];
        const listed = (await h.app.inject({ url: '/api/activities?limit=100', headers })).json()
          .activities as { id: string; name: string }[];
        const nameOf = new Map(listed.map((a) => [a.id, a.name]));
        expect(onBike.length).toBe(4);
        for (const ride of onBike) expect(ride.name, `${lang} ${ride.id}`).toBe(nameOf.get(ride.id));
      }
      const es = (
        await h.app.inject({ url: `/api/bikes/${road}/rides?lang=es`, headers: rider.headers })
      ).json() as { id: string; name: string }[];
      expect(es.find((r) => r.id === rideIds[0])!.name).toBe('Salida matinal');
      expect(es.find((r) => r.id === rideIds[1])!.name).toBe('Salida vespertina');
    } finally {
      await sql`update activities set name = 'Ride' where id in (${rideIds[0]!}, ${rideIds[1]!})`.execute(
        h.database.db,
      );
    }
  });

  test('a CdA set on the bike (rider or aero lab) wins over the rides’ median', async () => {
    await call('PATCH', `/api/bikes/${road}`, rider, { cda_m2: 0.28 });
    expect((await bikeOf(road)).stats).toMatchObject({ cda_m2: 0.28, cda_source: 'bike' });
    await call('PATCH', `/api/bikes/${road}`, rider, { cda_m2: null });
  });

  test('the list keeps the bike fields the profile reads, with stats', async () => {
    const list = (await call('GET', '/api/bikes', rider)).json() as (BikeJson & { is_primary: boolean })[];
    expect(list.map((b) => b.name)).toEqual(['Tarmac', 'Shiv']);
    expect(list[0]).toMatchObject({ is_primary: true, brand: 'Specialized', strava_gear_id: null });
    expect(list[0]!.stats.rides).toBe(4);
    expect(list[1]!.stats.rides).toBe(0);
  });

  test('the bike’s power curve is the best of its rides’ curves', async () => {
    const perf = (await call('GET', `/api/bikes/${road}/performance`, rider)).json();
    const at = (s: number) => perf.curve.find((p: { duration_s: number }) => p.duration_s === s)?.power_w;
    expect([at(1), at(60), at(300)]).toEqual([630, 400, 303]);
    expect(perf.rides).toHaveLength(4);
    const rides = (await call('GET', `/api/bikes/${road}/rides`, rider)).json() as { id: string }[];
    expect(rides.map((r) => r.id)).toEqual([...rideIds].reverse());
  });
});

describe('components', () => {
  let chain: string;

  test('a part’s distance and hours are the sums over the bike’s rides from its install day; the interval defaults per kind', async () => {
    const created = await call('POST', `/api/bikes/${road}/components`, rider, {
      kind: 'chain',
      brand: 'Shimano',
      model: 'CN-M8100',
      installed_on: '2026-02-10',
      price: 39.9,
    });
    expect(created.statusCode).toBe(201);
    const part = created.json();
    chain = part.id;
    const sums = await sumsOnBike(road, '2026-02-10');
    expect(part).toMatchObject({ kind: 'chain', service_km: 3000, service_hours: null, price: 39.9 });
    expect(part.distance_m).toBe(sums.distance_m);
    expect(part.distance_m).toBe(95_000);
    expect(part.moving_time_s).toBe(sums.moving_time_s);
    expect(part.rides).toBe(3);
    expect(part.wear_pct).toBeCloseTo((95 / 3000) * 100, 1);
    expect(part.wear_state).toBe('ok');
  });

  test('moving a ride moves its distance: off the bike and its parts, onto the other bike', async () => {
    const last = rideIds[3]!;
    expect((await call('POST', `/api/bikes/${tt}/rides`, rider, { ids: [last] })).json()).toEqual({
      moved: 1,
    });
    expect((await bikeOf(road)).stats.distance_m).toBe(90_000);
    expect((await bikeOf(tt)).stats.distance_m).toBe(25_000);
    const [part] = (await call('GET', `/api/bikes/${road}/components`, rider)).json();
    expect(part.distance_m).toBe((await sumsOnBike(road, '2026-02-10')).distance_m);
    expect(part.distance_m).toBe(70_000);
    // And back, one at a time from the ride page (PUT /api/activities/:id) works the same.
    const back = await call('PUT', `/api/activities/${last}`, rider, { bike_id: road });
    expect(back.statusCode).toBe(200);
    expect((await bikeOf(road)).stats.distance_m).toBe(115_000);
  });

  test('wear due and overdue from the interval; the dashboard’s due list names them', async () => {
    let part = (
      await call('PATCH', `/api/bikes/${road}/components/${chain}`, rider, { service_km: 100 })
    ).json();
    expect(part).toMatchObject({ wear_pct: 95, wear_state: 'due' });
    part = (await call('PATCH', `/api/bikes/${road}/components/${chain}`, rider, { service_km: 80 })).json();
    expect(part.wear_state).toBe('overdue');
    const due = (await call('GET', '/api/maintenance/due', rider)).json();
    expect(due.due).toEqual([
      expect.objectContaining({
        component_id: chain,
        bike_name: 'Tarmac',
        wear_state: 'overdue',
        kind: 'chain',
      }),
    ]);
    expect((await call('GET', '/api/maintenance/due', stranger)).json()).toEqual({ due: [] });
  });

  test('a logged service of the part restarts its interval from that day', async () => {
    const entry = await call('POST', `/api/bikes/${road}/maintenance`, rider, {
      performed_on: '2026-03-02',
      what: 'Chain cleaned and waxed',
      cost: 12.5,
      component_id: chain,
    });
    expect(entry.statusCode).toBe(201);
    const part = (await call('GET', `/api/bikes/${road}/components`, rider)).json()[0];
    expect(part).toMatchObject({
      last_service_on: '2026-03-02',
      since_service_distance_m: 25_000,
      distance_m: 95_000,
      wear_state: 'ok',
    });
    const log = (await call('GET', `/api/bikes/${road}/maintenance`, rider)).json();
    expect(log.log).toHaveLength(1);
    expect(log.total_cost).toBe(12.5);
    expect(log.due).toEqual([]);
  });

  test('replace retires the old part (history kept) and starts a new one of its kind', async () => {
    const replaced = await call('POST', `/api/bikes/${road}/components/${chain}/replace`, rider, {
      installed_on: '2026-03-10',
      brand: 'KMC',
    });
    expect(replaced.statusCode).toBe(201);
    expect(replaced.json()).toMatchObject({
      kind: 'chain',
      brand: 'KMC',
      model: 'CN-M8100',
      service_km: 80,
      replaces_id: chain,
      distance_m: 25_000,
    });
    const parts = (await call('GET', `/api/bikes/${road}/components`, rider)).json() as {
      id: string;
      retired_on: string | null;
      distance_m: number;
    }[];
    expect(parts).toHaveLength(2);
    const old = parts.find((p) => p.id === chain)!;
    expect(old.retired_on).toBe('2026-03-10');
    expect(old.distance_m).toBe((await sumsOnBike(road, '2026-02-10', '2026-03-10')).distance_m);
    expect(old.distance_m).toBe(70_000);
  });

  test('validation errors name the field', async () => {
    const bad = await call('POST', `/api/bikes/${road}/components`, rider, {
      kind: 'saddle-bag',
      installed_on: '2099-01-01',
      price: -3,
      service_km: 5,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({
      code: 'VALIDATION',
      fields: {
        kind: 'component_kind_invalid',
        installed_on: 'installed_on_invalid',
        price: 'price_invalid',
        service_km: 'service_km_invalid',
      },
    });
    const log = await call('POST', `/api/bikes/${road}/maintenance`, rider, {
      performed_on: 'yesterday',
      what: ' ',
    });
    expect(log.json().error.fields).toEqual({ performed_on: 'date_invalid', what: 'service_what_required' });
    const range = await call('POST', `/api/bikes/${road}/rides`, rider, {
      from: '2026-03-01',
      to: '2026-02-01',
    });
    expect(range.json().error.fields).toEqual({ to: 'rides_range_invalid' });
    const both = await call('POST', `/api/bikes/${road}/rides`, rider, {
      ids: [rideIds[0]],
      from: '2026-03-01',
    });
    expect(both.json().error.fields).toEqual({ ids: 'rides_selection_invalid' });
    const tooEarly = await call('PATCH', `/api/bikes/${road}/components/${chain}`, rider, {
      retired_on: '2026-01-01',
    });
    expect(tooEarly.json().error.fields).toEqual({ retired_on: 'retired_on_invalid' });
    const bike = await call('POST', '/api/bikes', rider, { name: '', type: 'road', weight_kg: 90 });
    expect(bike.json().error.fields).toEqual({
      name: 'bike_name_required',
      weight_kg: 'bike_weight_invalid',
    });
    // Another bike's part is not one of this bike's.
    const otherPart = (
      await call('POST', `/api/bikes/${tt}/components`, rider, {
        kind: 'tyre_rear',
        installed_on: '2026-01-01',
      })
    ).json();
    expect(otherPart.service_km).toBe(4000);
    const wrong = await call('POST', `/api/bikes/${road}/maintenance`, rider, {
      performed_on: '2026-03-01',
      what: 'Tyre',
      component_id: otherPart.id,
    });
    expect(wrong.json().error.fields).toEqual({ component_id: 'component_invalid' });
    // Nothing stored half-way.
    expect((await call('GET', `/api/bikes/${road}/maintenance`, rider)).json().log).toHaveLength(1);
  });
});

describe('another rider', () => {
  test('gets 404 on every id: bikes, rides, components, maintenance', async () => {
    const parts = (await call('GET', `/api/bikes/${road}/components`, rider)).json() as { id: string }[];
    const part = parts[0]!.id;
    const entry = (await call('GET', `/api/bikes/${road}/maintenance`, rider)).json().log[0].id as string;
    const attempts: [Method, string, object?][] = [
      ['GET', `/api/bikes/${road}`],
      ['PATCH', `/api/bikes/${road}`, { name: 'Mine' }],
      ['PUT', `/api/bikes/${road}`, { name: 'Mine' }],
      ['DELETE', `/api/bikes/${road}`],
      ['POST', `/api/bikes/${road}/primary`],
      ['GET', `/api/bikes/${road}/performance`],
      ['GET', `/api/bikes/${road}/rides`],
      ['POST', `/api/bikes/${road}/rides`, { from: '2026-01-01', to: '2026-12-31' }],
      ['GET', `/api/bikes/${road}/components`],
      ['POST', `/api/bikes/${road}/components`, { kind: 'chain', installed_on: '2026-01-01' }],
      ['PATCH', `/api/bikes/${road}/components/${part}`, { brand: 'Mine' }],
      ['POST', `/api/bikes/${road}/components/${part}/replace`, { installed_on: '2026-04-01' }],
      ['DELETE', `/api/bikes/${road}/components/${part}`],
      ['GET', `/api/bikes/${road}/maintenance`],
      ['POST', `/api/bikes/${road}/maintenance`, { performed_on: '2026-01-01', what: 'x' }],
      ['PATCH', `/api/bikes/${road}/maintenance/${entry}`, { what: 'Mine' }],
      ['DELETE', `/api/bikes/${road}/maintenance/${entry}`],
      // Their own bike with the rider's part, log line or ride ids.
      ['PATCH', `/api/bikes/${strangerBike}/components/${part}`, { brand: 'Mine' }],
      ['DELETE', `/api/bikes/${strangerBike}/components/${part}`],
      ['PATCH', `/api/bikes/${strangerBike}/maintenance/${entry}`, { what: 'Mine' }],
      ['DELETE', `/api/bikes/${strangerBike}/maintenance/${entry}`],
      ['POST', `/api/bikes/${strangerBike}/rides`, { ids: [rideIds[0]] }],
    ];
    for (const [method, url, payload] of attempts) {
      const response = await call(method, url, stranger, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    // Nothing of the rider's changed.
    expect((await bikeOf(road)).stats.rides).toBe(4);
    expect((await bikeOf(road)).name).toBe('Tarmac');
    expect((await call('GET', `/api/bikes/${road}/components`, rider)).json()).toHaveLength(2);
    expect((await call('GET', `/api/bikes/${strangerBike}`, stranger)).json().stats.rides).toBe(0);
    // A stranger's ride range moves only their own rides (none).
    expect(
      (
        await call('POST', `/api/bikes/${strangerBike}/rides`, stranger, {
          from: '2026-01-01',
          to: '2026-12-31',
        })
      ).json(),
    ).toEqual({ moved: 0 });
  });
});

describe('export and deletion', () => {
  test('deleting a bike keeps its rides (without the link), and removes its parts and log', async () => {
    expect((await call('POST', `/api/bikes/${tt}/rides`, rider, { ids: [rideIds[3]!] })).json()).toEqual({
      moved: 1,
    });
    expect((await call('DELETE', `/api/bikes/${tt}`, rider)).statusCode).toBe(204);
    const ride = (await call('GET', `/api/activities/${rideIds[3]}`, rider)).json();
    expect(ride).toMatchObject({ bike_id: null, distance: 25_000 });
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from bike_components where bike_id = ${tt}`.execute(h.database.db);
    expect(rows[0]!.n).toBe(0);
  });

  test('the account export holds the parts and the service log; deleting the account removes them', async () => {
    const response = await call('GET', '/api/export', rider);
    expect(response.statusCode).toBe(200);
    const entries = unzipSync(new Uint8Array(response.rawPayload));
    const parts = JSON.parse(new TextDecoder().decode(entries['bike-components.json']));
    const log = JSON.parse(new TextDecoder().decode(entries['bike-maintenance.json']));
    expect(parts.map((p: { kind: string }) => p.kind)).toEqual(['chain', 'chain']);
    expect(log.map((e: { what: string }) => e.what)).toEqual(['Chain cleaned and waxed']);
    expect((await call('DELETE', '/api/account', rider)).statusCode).toBe(204);
    for (const table of ['bike_components', 'bike_maintenance'] as const) {
      const { rows } = await sql<{
        n: number;
      }>`select count(*)::int as n from ${sql.table(table)} where user_id = ${rider.user.id}`.execute(
        h.database.db,
      );
      expect(rows[0]!.n, table).toBe(0);
    }
  });
});

describe('kept answers (issue 28)', () => {
  test('the parts, the service log and the fitting lists are answered from memory, and follow each write at once', async () => {
    const who = await h.signIn({ email: 'garage-kept@example.org' });
    const kept = h.app.riderResponses;
    expect(kept).toBeDefined();
    const bike = (await call('POST', '/api/bikes', who, { name: 'Kept', type: 'road' })).json().id;
    const added = await call('POST', `/api/bikes/${bike}/components`, who, {
      kind: 'chain',
      installed_on: '2026-01-01',
    });
    expect(added.statusCode).toBe(201);
    const parts = `/api/bikes/${bike}/components`;
    const log = `/api/bikes/${bike}/maintenance`;
    const measurements = '/api/fitting/measurements';
    const get = async (url: string) => (await call('GET', url, who)).json();
    for (const url of [parts, log, measurements]) await get(url);
    const hits = kept!.stats().hits;
    expect((await get(parts))[0].distance_m).toBe(0);
    expect((await get(log)).log).toEqual([]);
    expect(await get(measurements)).toEqual([]);
    expect(kept!.stats().hits).toBe(hits + 3);

    // A ride put on the bike: the part's distance follows.
    const ride = await storeRide(h.database.db, who.user.id, {
      start: '2026-02-01T08:00:00Z',
      distanceM: 12_000,
      movingS: 1800,
      elevationM: 10,
      avgPowerW: 190,
    });
    expect((await call('POST', `/api/bikes/${bike}/rides`, who, { ids: [ride] })).statusCode).toBe(200);
    expect((await get(parts))[0].distance_m).toBe(12_000);
    // A service entry: the log and the part's last service follow.
    const entry = await call('POST', log, who, {
      performed_on: '2026-02-02',
      what: 'Chain waxed',
      component_id: added.json().id,
    });
    expect(entry.statusCode).toBe(201);
    expect((await get(log)).log).toHaveLength(1);
    expect((await get(parts))[0]).toMatchObject({
      last_service_on: '2026-02-02',
      since_service_distance_m: 0,
    });
    // A measurement: the fitting list follows.
    const measured = await call('POST', measurements, who, { measured_on: '2026-02-03', height_cm: 178 });
    expect(measured.statusCode).toBe(201);
    expect(await get(measurements)).toHaveLength(1);
  });
});
