// Issue 16: the walks over the OpenAPI document (http/malformed-input.routes.test.ts,
// http/isolation.routes.test.ts). They read the document the app serves, so a new route is walked
// the day it gets its contract; what a walk cannot derive (a valid body, which fixture an id names)
// is asked of this file, and a route this file does not know fails the walk with the line to add.
import { encodeFit, generateRide, SYNTHETIC_ROUTES } from '@vatio/formats';
import type { FastifyInstance } from 'fastify';
import type { OpenApiDocument, OpenApiOperation } from '../http/openapi.ts';
import type { Harness, SignedIn } from './harness.ts';
import { greyPng } from './png.ts';
import { multipartBody } from './upload.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Operation {
  method: Method;
  /** OpenAPI syntax: `/api/bikes/{id}`. */
  path: string;
  /** `GET /api/bikes/{id}`, the key of the tables below. */
  key: string;
  op: OpenApiOperation;
}

/** Every operation of the OpenAPI document the app serves, in its order. */
export async function apiOperations(app: FastifyInstance): Promise<Operation[]> {
  const response = await app.inject('/api/openapi.json');
  if (response.statusCode !== 200) throw new Error(`openapi.json answered ${response.statusCode}`);
  const doc = response.json() as OpenApiDocument;
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const upper = method.toUpperCase() as Method;
      return { method: upper, path, key: `${upper} ${path}`, op };
    }),
  );
}

export const pathParams = (path: string): string[] => [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);

/**
 * The collection a path parameter names a row of: the path segment before it
 * (`/api/bikes/{id}/components/{componentId}`: id → bikes, componentId → components).
 */
export function collectionOf(path: string, param: string): string {
  const parts = path.split('/');
  const at = parts.indexOf(`{${param}}`);
  return parts[at - 1]!;
}

/** The path with each parameter replaced by `idOf(param)` (URL-encoded). */
export const fillPath = (path: string, idOf: (param: string) => string): string =>
  path.replace(/\{([^}]+)\}/g, (_m, param: string) => encodeURIComponent(idOf(param)));

/** One rider's row ids, by collection name as the paths spell it (`bikes`, `api-keys`, …). */
export type FixtureIds = Record<string, string>;

/** What `jsonBody` needs besides the fixture ids. */
export interface BodyContext {
  ids: FixtureIds;
}

type BodyExample = (c: BodyContext) => unknown;

/**
 * A valid JSON body for every operation that takes one (checked against the operation's schema by
 * the walks before use). The malformed-input walk breaks one field at a time from it; the isolation
 * walk sends it so that the id, not the body, decides the answer.
 */
export const JSON_BODIES: Record<string, BodyExample> = {
  'POST /api/auth/otp': () => ({ email: 'walk-otp@example.org', create_user: true, language: 'en' }),
  'POST /api/auth/verify': () => ({ email: 'walk-otp@example.org', token: '123456', type: 'email' }),
  'POST /api/auth/refresh': () => ({ refresh_token: 'x'.repeat(40) }),
  'POST /api/auth/logout': () => ({}),
  'POST /api/auth/logout-all': () => ({}),
  'POST /api/me/contacts': () => ({ phone: '+34600000001', language: 'en' }),
  'POST /api/me/contacts/verify': () => ({ phone: '+34600000001', token: '123456', type: 'sms' }),
  'POST /api/profile': () => PROFILE,
  'PUT /api/profile': () => PROFILE,
  'PUT /api/settings': () => ({ notifications: true, theme: 'dark', auto_sync: false, language: 'en' }),
  'POST /api/bikes': () => BIKE,
  'PUT /api/bikes/{id}': () => ({ ...BIKE, cda_m2: 0.3, crr: 0.004 }),
  'PATCH /api/bikes/{id}': () => ({ name: 'Renamed', weight_kg: 8.1 }),
  'POST /api/bikes/{id}/rides': ({ ids }) => ({ ids: [ids.activities] }),
  'POST /api/bikes/{id}/components': () => COMPONENT,
  'PATCH /api/bikes/{id}/components/{componentId}': () => ({ notes: 'Waxed', service_km: 3000 }),
  'POST /api/bikes/{id}/components/{componentId}/replace': () => ({
    installed_on: '2026-02-01',
    brand: 'Shimano',
    price: 30,
  }),
  'POST /api/bikes/{id}/maintenance': ({ ids }) => ({
    performed_on: '2026-02-02',
    what: 'Chain cleaned',
    cost: 0,
    component_id: ids.components,
  }),
  'PATCH /api/bikes/{id}/maintenance/{entryId}': () => ({ notes: 'And lubed' }),
  'POST /api/fitting/measurements': () => MEASUREMENT,
  'PUT /api/fitting/measurements/{id}': () => MEASUREMENT,
  'POST /api/fitting/positions': ({ ids }) => position(ids.bikes!),
  'PUT /api/fitting/positions/{id}': ({ ids }) => position(ids.bikes!),
  'POST /api/fitting/sessions': ({ ids }) => session(ids.bikes!),
  'PUT /api/fitting/sessions/{id}': ({ ids }) => session(ids.bikes!),
  'PUT /api/fitting/photos/{id}': ({ ids }) => ({
    points: { hip: { x: 10, y: 10 }, knee: { x: 20, y: 30 }, ankle: { x: 20, y: 50 } },
    position_id: ids.positions,
    notes: 'Side view',
  }),
  'POST /api/athlete-settings': () => ({ effective_from: '2025-06-01', ftp_w: 250, weight_kg: 70 }),
  'PUT /api/activities/{id}': ({ ids }) => ({ name: 'Morning ride', notes: 'Windy', bike_id: ids.bikes }),
  'POST /api/activities/{id}/aero-fit': () => ({ cda_m2: 0.3, crr: 0.004, mass_kg: 80 }),
  'PATCH /api/analytics/segments/{id}': () => ({ name: 'The wall', starred: true }),
  'POST /api/strava/connect': () => ({ return_to: '/sync' }),
  'POST /api/strava/sync': () => ({ action: 'import_activities' }),
  'POST /api/activities/sync': () => ({ days_back: 30 }),
  'POST /api/strava/activities/refresh': () => ({ days: 30 }),
  'POST /api/strava/activities/import': () => ({ strava_ids: [1, 2] }),
  'POST /api/strava/webhook': () => ({
    object_type: 'activity',
    object_id: 1,
    aspect_type: 'create',
    owner_id: 1,
    subscription_id: 1,
    event_time: 1_700_000_000,
  }),
  'POST /api/me/api-keys': () => ({ name: 'Script', scope: 'read' }),
  'POST /api/goals': () => GOAL,
  'PATCH /api/goals/{id}': () => ({ name: 'Renamed race', notes: 'Hilly' }),
  'POST /api/plan': () => ({ training_weekdays: [2, 4, 6, 7], weekly_hours: 8, time_zone: 'Europe/Madrid' }),
  'PUT /api/plan/days/{date}': () => ({ action: 'edit', tss: 60, note: 'Easy' }),
  'POST /api/workouts': () => WORKOUT,
  'PATCH /api/workouts/{id}': () => ({ name: 'Renamed', text: 'wu 10m 55%, 2x20m 95%, cd 5m 50%' }),
};

/** A goal far enough ahead for a plan, whatever day the walk runs. */
const GOAL = {
  name: 'Spring classic',
  date: new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10),
  priority: 'B',
  kind: 'road_race',
};
const WORKOUT = {
  name: 'Sweet spot',
  description: 'Winter base',
  purpose: 'sweetSpot',
  text: 'wu 10m 55%, 3x15m 90%, cd 5m 50%',
};

const PROFILE = {
  first_name: 'Ana',
  last_name: 'Ruiz',
  date_of_birth: '1990-05-01',
  weight_kg: 60,
  height_cm: 170,
  cycling_experience: 'advanced',
  preferred_units: 'metric',
  goals: 'Ride far',
  sex: 'female',
};
const BIKE = { name: 'Tarmac', type: 'road', brand: 'Specialized', model: 'SL7', year: 2022, weight_kg: 7.4 };
const COMPONENT = {
  kind: 'chain',
  brand: 'Shimano',
  model: 'CN-M8100',
  installed_on: '2026-01-10',
  price: 40,
  service_km: 3000,
  notes: 'New',
};
const MEASUREMENT = { measured_on: '2026-01-10', height_cm: 170, inseam_cm: 80, notes: 'Morning' };
const position = (bikeId: string) => ({
  bike_id: bikeId,
  name: 'Winter',
  fit_date: '2026-03-01',
  saddle_height_mm: 745,
  crank_length_mm: 172.5,
  comfort_rating: 7,
  fitter_name: 'Ana',
});
const session = (bikeId: string) => ({
  session_date: '2026-03-01',
  bike_id: bikeId,
  session_type: 'initial',
  goals: ['Comfort'],
  comfort_improvement: 5,
  follow_up_required: true,
  follow_up_on: '2026-04-01',
});

type Injected = Awaited<ReturnType<FastifyInstance['inject']>>;

function expectStatus(response: Injected, status: number, what: string): Injected {
  if (response.statusCode !== status)
    throw new Error(`${what}: expected ${status}, got ${response.statusCode} ${response.body.slice(0, 300)}`);
  return response;
}

const route = (id: string) => SYNTHETIC_ROUTES.find((r) => r.id === id)!;
const DAY_MS = 86_400_000;

/** Stores rides through the import pipeline, as uploads are; returns the import's id. */
async function importRides(
  h: Harness,
  userId: string,
  rides: Parameters<typeof generateRide>[0][],
): Promise<string> {
  const files = rides.map((options, i) => {
    const bytes = encodeFit(generateRide(options));
    return { name: `ride-${i}.fit`, bytes, sizeBytes: bytes.length };
  });
  const created = await h.services.importService.createImport(userId, 'upload', files);
  for (const file of created.files) await h.services.importService.processFile({ fileId: file.id });
  return created.importRow.id;
}

/**
 * A rider with one row of every kind the API names by id: profile, FTP setting, bike, part, service
 * entry, body measurement, position, fitting session, photo, API key, an import with rides, and
 * (`climbs`: two rides over the same hills) a segment with its efforts. Returns the ids by collection.
 */
export async function seedRider(
  h: Harness,
  rider: SignedIn,
  options: { climbs: boolean; seed: number },
): Promise<FixtureIds> {
  const call = async (method: Method, url: string, payload: unknown, status: number) =>
    expectStatus(
      await h.app.inject({
        method,
        url,
        headers: rider.headers,
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
      status,
      `${method} ${url}`,
    ).json() as { id: string };
  const ids: FixtureIds = {};
  await call('POST', '/api/profile', PROFILE, 201);
  ids['athlete-settings'] = (
    await call('POST', '/api/athlete-settings', { effective_from: '2025-01-01', ftp_w: 250 }, 201)
  ).id;
  ids.bikes = (await call('POST', '/api/bikes', BIKE, 201)).id;
  ids.components = (await call('POST', `/api/bikes/${ids.bikes}/components`, COMPONENT, 201)).id;
  ids.maintenance = (
    await call(
      'POST',
      `/api/bikes/${ids.bikes}/maintenance`,
      { performed_on: '2026-01-20', what: 'Chain lubed', component_id: ids.components },
      201,
    )
  ).id;
  ids.measurements = (await call('POST', '/api/fitting/measurements', MEASUREMENT, 201)).id;
  ids.positions = (await call('POST', '/api/fitting/positions', position(ids.bikes), 201)).id;
  ids.sessions = (await call('POST', '/api/fitting/sessions', session(ids.bikes), 201)).id;
  const photo = multipartBody([{ name: 'side.png', bytes: greyPng(40, 30) }]);
  ids.photos = (
    expectStatus(
      await h.app.inject({
        method: 'POST',
        url: '/api/fitting/photos',
        headers: { ...rider.headers, ...photo.headers },
        payload: photo.payload,
      }),
      201,
      'POST /api/fitting/photos',
    ).json() as { id: string }
  ).id;
  const key = (await call('POST', '/api/me/api-keys', { name: 'Script' }, 201)) as {
    id: string;
    secret?: string;
  };
  ids['api-keys'] = key.id;
  ids.goals = (await call('POST', '/api/goals', GOAL, 201)).id;
  ids.workouts = (await call('POST', '/api/workouts', WORKOUT, 201)).id;
  // A day names no row: another rider's day is a day of no plan of theirs (404).
  ids.days = GOAL.date;
  // The read-only key's secret, for walks that read as a script would (not a row id: no path names it).
  ids['api-keys:secret'] = key.secret!;

  const day = (daysAgo: number) =>
    new Date(Math.floor(Date.now() / DAY_MS - daysAgo) * DAY_MS + 8 * 3_600_000);
  ids.imports = await importRides(
    h,
    rider.user.id,
    options.climbs
      ? [
          { seed: options.seed, startTime: day(9), durationS: 3600, ftpW: 240, route: route('ridge') },
          { seed: options.seed + 1, startTime: day(3), durationS: 3600, ftpW: 250, route: route('ridge') },
        ]
      : [{ seed: options.seed, startTime: day(5), durationS: 1200, ftpW: 240, route: route('valley') }],
  );
  const rides = (
    expectStatus(
      await h.app.inject({ url: '/api/activities', headers: rider.headers }),
      200,
      'GET /api/activities',
    ).json() as { activities: { id: string }[] }
  ).activities;
  if (rides.length === 0) throw new Error('no ride was stored');
  ids.activities = rides[0]!.id;
  ids['activities:second'] = rides.at(-1)!.id;
  if (options.climbs) {
    const { segments } = expectStatus(
      await h.app.inject({ url: '/api/analytics/segments', headers: rider.headers }),
      200,
      'GET /api/analytics/segments',
    ).json() as { segments: { id: string }[] };
    if (segments.length === 0) throw new Error('no segment was found on two rides over the ridge');
    ids.segments = segments[0]!.id;
    const detail = expectStatus(
      await h.app.inject({ url: `/api/analytics/segments/${ids.segments}`, headers: rider.headers }),
      200,
      'GET /api/analytics/segments/{id}',
    ).json() as { efforts: { id: string }[] };
    ids.efforts = detail.efforts[0]!.id;
    ids['efforts:second'] = detail.efforts.at(-1)!.id;
  }
  return ids;
}
