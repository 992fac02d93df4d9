import { encodeFit, generateRide } from '@vatio/formats';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { clearGeneratedRideNames } from '../../db/migrations/0008_ride_default_names.ts';
import { createHarness, type Harness, type SignedIn } from '../../test/harness.ts';
import { uploadAndWait } from '../../test/upload.ts';

// Issue 11 §6, §8: an unnamed ride is named in the language the page is shown in, found by that
// name, and the list can be sorted on the server.
let h: Harness;
let rider: SignedIn;

interface ListedRide {
  id: string;
  name: string;
  name_is_default: boolean;
  distance: number;
  start_date: string;
  training_stress_score: number | null;
}

const get = async (url: string, headers: Record<string, string> = {}) =>
  h.app.inject({ url, headers: { ...rider.headers, ...headers } });

// The synthetic rides start near Madrid (about 4° W): local time is UTC, to the hour.
const morning = generateRide({
  seed: 21,
  durationS: 1500,
  startTime: new Date('2026-04-01T08:00:00Z'),
  ftpW: 250,
});
const evening = generateRide({
  seed: 22,
  durationS: 2700,
  startTime: new Date('2026-04-02T18:30:00Z'),
  ftpW: 250,
});
const afternoon = generateRide({
  seed: 23,
  durationS: 900,
  startTime: new Date('2026-04-03T14:00:00Z'),
  ftpW: 250,
});

beforeAll(async () => {
  h = await createHarness();
  rider = await h.signIn({ email: 'names@example.org' });
  // A Spanish rider: before the fix the import stored "Salida matinal" for good.
  const settings = await h.app.inject({
    method: 'PUT',
    url: '/api/settings',
    headers: rider.headers,
    payload: { language: 'es' },
  });
  expect(settings.statusCode).toBe(200);
  await uploadAndWait(h.app, rider.headers, [
    { name: 'morning.fit', bytes: encodeFit(morning) },
    { name: 'evening.fit', bytes: encodeFit(evening) },
    { name: 'afternoon.fit', bytes: encodeFit(afternoon) },
  ]);
}, 120_000);
afterAll(async () => h?.close());

describe('default ride names follow the reader', () => {
  test('an unnamed ride stores no name and is named in the language asked for', async () => {
    const stored = await h.database.db
      .selectFrom('activities')
      .select(['name', 'day_part'])
      .where('user_id', '=', rider.user.id)
      .orderBy('start_time')
      .execute();
    expect(stored).toEqual([
      { name: null, day_part: 'morning' },
      { name: null, day_part: 'evening' },
      { name: null, day_part: 'afternoon' },
    ]);
    const names = async (url: string, headers?: Record<string, string>) =>
      ((await get(url, headers)).json().activities as ListedRide[]).map((a) => a.name);
    expect(await names('/api/activities?sort=date&order=asc&lang=es')).toEqual([
      'Salida matinal',
      'Salida vespertina',
      'Salida de tarde',
    ]);
    expect(await names('/api/activities?sort=date&order=asc&lang=en')).toEqual([
      'Morning Ride',
      'Evening Ride',
      'Afternoon Ride',
    ]);
    // Without `lang`, the browser's Accept-Language decides.
    expect(
      await names('/api/activities?sort=date&order=asc', { 'accept-language': 'es-ES,es;q=0.9' }),
    ).toEqual(['Salida matinal', 'Salida vespertina', 'Salida de tarde']);
    const first = (await get('/api/activities?lang=en')).json().activities[0] as ListedRide;
    expect(first.name_is_default).toBe(true);
    const detail = (await get(`/api/activities/${first.id}?lang=es`)).json();
    expect(detail.name).toMatch(/^Salida /);
    expect((await get('/api/activities?lang=fr')).statusCode).toBe(400);
  });

  test('the dashboard names recent rides in the page language too', async () => {
    const es = (await get('/api/dashboard/recent-activities?locale=es-ES')).json();
    expect(es.activities.map((a: ListedRide) => a.name)).toContain('Salida matinal');
    const en = (await get('/api/dashboard?locale=en-GB&tz=UTC')).json();
    expect(en.recent_activities.map((a: ListedRide) => a.name)).toContain('Morning Ride');
  });

  test('search finds unnamed rides by their default name in the reader language', async () => {
    const found = async (q: string, lang: string) =>
      (
        (await get(`/api/activities/search?q=${encodeURIComponent(q)}&lang=${lang}`)).json()
          .activities as ListedRide[]
      )
        .map((a) => a.name)
        .sort();
    expect(await found('salida', 'es')).toEqual(['Salida de tarde', 'Salida matinal', 'Salida vespertina']);
    expect(await found('MATINAL', 'es')).toEqual(['Salida matinal']);
    expect(await found('morning', 'en')).toEqual(['Morning Ride']);
    expect(await found('ride', 'en')).toHaveLength(3);
    expect(await found('morning', 'es')).toEqual([]);
    expect(await found('salida', 'en')).toEqual([]);
  });

  test('a name the rider gives is kept as given, in every language, and found by its words', async () => {
    const [ride] = (await get('/api/activities?sort=date&order=asc')).json().activities as ListedRide[];
    const put = await h.app.inject({
      method: 'PUT',
      url: `/api/activities/${ride!.id}?lang=es`,
      headers: rider.headers,
      payload: { name: 'Vuelta al embalse' },
    });
    expect(put.json()).toMatchObject({ name: 'Vuelta al embalse', name_is_default: false });
    const en = (await get(`/api/activities/${ride!.id}?lang=en`)).json();
    expect(en.name).toBe('Vuelta al embalse');
    const byWord = (await get('/api/activities/search?q=embalse&lang=en')).json().activities as ListedRide[];
    expect(byWord.map((a) => a.id)).toEqual([ride!.id]);
    // Renamed, it is no longer a "Salida matinal".
    const matinal = (await get('/api/activities/search?q=matinal&lang=es')).json().activities;
    expect(matinal).toEqual([]);
  });
});

describe('sorting the list on the server', () => {
  test('by distance, duration and TSS, both ways, with the page total unchanged', async () => {
    const list = async (query: string) => (await get(`/api/activities?${query}`)).json();
    const byDistance = (await list('sort=distance&order=desc')).activities as ListedRide[];
    const distances = byDistance.map((a) => a.distance);
    expect(distances).toEqual([...distances].sort((a, b) => b - a));
    const asc = (await list('sort=distance&order=asc')).activities as ListedRide[];
    expect(asc.map((a) => a.id)).toEqual(byDistance.map((a) => a.id).reverse());
    const byDuration = (await list('sort=duration&order=asc&limit=1')) as {
      activities: ListedRide[];
      total: number;
    };
    expect(byDuration.total).toBe(3);
    expect(byDuration.activities[0]!.start_date).toBe(afternoon.startTime.toISOString());
    const byTss = (await list('sort=tss&order=desc')).activities as ListedRide[];
    const tss = byTss.map((a) => a.training_stress_score ?? -1);
    expect(tss).toEqual([...tss].sort((a, b) => b - a));
    // Newest first by default.
    const plain = (await list('')).activities as ListedRide[];
    expect(plain[0]!.start_date).toBe(afternoon.startTime.toISOString());
  });

  test('an unknown sort or order is refused', async () => {
    expect((await get('/api/activities?sort=name')).statusCode).toBe(400);
    expect((await get('/api/activities?sort=date&order=up')).statusCode).toBe(400);
    expect((await get('/api/activities?sort=date;drop')).statusCode).toBe(400);
  });
});

describe('migration 0008', () => {
  test('clears exactly the generated names, in either language, and keeps the rider’s own', async () => {
    const db = h.database.db;
    const rows = await db
      .selectFrom('activities')
      .select('id')
      .where('user_id', '=', rider.user.id)
      .orderBy('start_time')
      .execute();
    const names = ['Salida matinal', 'Evening Virtual Ride', 'Salida matinal con Ana'];
    for (const [i, row] of rows.entries()) {
      await db
        .updateTable('activities')
        .set({ name: names[i], day_part: null })
        .where('id', '=', row.id)
        .execute();
    }
    await clearGeneratedRideNames(db as never);
    const after = await db
      .selectFrom('activities')
      .select(['name', 'day_part'])
      .where('user_id', '=', rider.user.id)
      .orderBy('start_time')
      .execute();
    expect(after).toEqual([
      { name: null, day_part: 'morning' },
      { name: null, day_part: 'evening' },
      { name: 'Salida matinal con Ana', day_part: 'afternoon' },
    ]);
    const nulls = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM activities WHERE day_part IS NULL`.execute(db);
    expect(nulls.rows[0]!.n).toBe(0);
  });
});
