import { encodeFit, generateRide } from '@vatio/formats';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { answerConsent, type FakeStrava, startFakeStrava } from '../../test/fake-strava.ts';
import { createHarness, type Harness, type SignedIn } from '../../test/harness.ts';
import { uploadAndWait } from '../../test/upload.ts';
import { RIDE_TRIES } from './strava-sync.service.ts';
import { waitForSync as waitForStravaSync } from '../../test/wait.ts';

// The whole Strava flow through the real app against a Strava look-alike on loopback: connect by
// OAuth, import a mix of rides and other sports, sync again, bikes, webhook events, rate limits,
// an expired token and disconnection.
let strava: FakeStrava;
let h: Harness;
let rider: SignedIn;
const ATHLETE = 9001;
const DAY_MS = 86_400_000;

/** Moves both clocks: the app's and Strava's. */
const advance = (seconds: number) => {
  h.advance(seconds);
  strava.advance(seconds);
};

/**
 * A request as the rider's app makes it: when moving the clocks has expired the 15-minute access
 * token, it refreshes once and retries (as the web client does).
 */
async function call(method: 'GET' | 'POST' | 'DELETE', url: string, who: SignedIn | null, payload?: object) {
  const send = () =>
    h.app.inject({ method, url, headers: who ? who.headers : {}, ...(payload ? { payload } : {}) });
  const response = await send();
  if (response.statusCode !== 401 || !who) return response;
  const refreshed = await h.app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    payload: { refresh_token: who.refresh_token },
  });
  if (refreshed.statusCode !== 200) return response;
  const tokens = refreshed.json() as { access_token: string; refresh_token: string };
  who.access_token = tokens.access_token;
  who.refresh_token = tokens.refresh_token;
  who.headers.authorization = `Bearer ${tokens.access_token}`;
  return send();
}

interface SyncStatus {
  status: string;
  total_activities: number;
  processed_activities: number;
  failed_activities: number;
  skipped_activities: number;
  imported_activities: number;
  paused_until: string | null;
  pause_reason: string | null;
  error_code: string | null;
  completed_at: string | null;
}

async function status(who: SignedIn): Promise<SyncStatus | null> {
  return (await call('GET', '/api/sync/status', who)).json() as SyncStatus | null;
}

/** Polls the status until the run ends; `onPoll` may act meanwhile (move clocks…). */
const waitForSync = (who: SignedIn, onPoll?: (s: SyncStatus) => void, timeoutMs = 60_000) =>
  waitForStravaSync(() => status(who), { timeoutMs, onPoll });

/** The rider connects: Vatio's authorize URL → Strava's page → approve → Vatio's callback. */
async function connect(who: SignedIn, athleteId: number, scopes?: string[], decision = 'approve') {
  const { callback, cookie } = await approveOnStrava(who, athleteId, scopes, decision);
  const back = await h.app.inject({ method: 'GET', url: callback, headers: { cookie } });
  expect(back.statusCode).toBe(302);
  return new URL(back.headers.location as string);
}

/** Up to Strava's redirect: the callback path and query, and the state cookie /connect set. */
async function approveOnStrava(who: SignedIn, athleteId: number, scopes?: string[], decision = 'approve') {
  const started = await call('POST', '/api/strava/connect', who, { return_to: '/sync' });
  expect(started.statusCode).toBe(200);
  const setCookie = String(started.headers['set-cookie']);
  expect(setCookie).toMatch(/^vatio_strava_state=[\w-]+; /);
  expect(setCookie).toContain('HttpOnly');
  expect(setCookie).toContain('SameSite=Lax');
  expect(setCookie).toContain('Path=/api/strava/callback');
  const cookie = setCookie.split(';')[0]!;
  const authorize = new URL(started.json().authorize_url);
  expect(authorize.origin + authorize.pathname).toBe(`${strava.oauthUrl}/authorize`);
  expect(authorize.searchParams.get('redirect_uri')).toBe('http://vatio.test/api/strava/callback');
  expect(authorize.searchParams.get('scope')).toBe('read,activity:read_all,profile:read_all');
  expect(authorize.searchParams.get('response_type')).toBe('code');
  expect(authorize.searchParams.get('approval_prompt')).toBe('auto');
  strava.signInAs(athleteId);
  const page = await fetch(authorize);
  expect(page.status).toBe(200);
  const approved = await answerConsent(strava, authorize, decision, scopes);
  expect(approved.status).toBe(302);
  const callback = new URL(approved.headers.get('location')!);
  expect(callback.origin).toBe('http://vatio.test');
  return { callback: callback.pathname + callback.search, cookie };
}

/** The app URL the callback sends the browser back to, given the Cookie header it sends. */
async function callbackOutcome(url: string, cookie?: string) {
  const back = await h.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  expect(back.statusCode).toBe(302);
  return new URL(back.headers.location as string).searchParams.get('strava');
}

const daysAgo = (d: number, hourUtc = 7) => {
  const t = new Date(Date.now() - d * DAY_MS);
  t.setUTCHours(hourUtc, 0, 0, 0);
  return t.toISOString().replace('.000', '');
};

beforeAll(async () => {
  strava = await startFakeStrava();
  h = await createHarness({
    STRAVA_CLIENT_ID: strava.clientId,
    STRAVA_CLIENT_SECRET: strava.clientSecret,
    STRAVA_OAUTH_URL: strava.oauthUrl,
    STRAVA_API_URL: strava.apiUrl,
    STRAVA_WEBHOOK_VERIFY_TOKEN: 'verify-me',
    // After Strava failed: tried again 0.3 s later, then 0.6 s, 1.2 s (5 s, 10 s, 20 s by default).
    STRAVA_RETRY_DELAY_MS: '300',
  });
  rider = await h.signIn({ email: 'strava-rider@example.org' });
  strava.addAthlete({
    id: ATHLETE,
    firstname: 'Ana',
    lastname: 'Pedal',
    bikes: [
      {
        id: 'b111',
        name: 'Tarmac',
        primary: true,
        brand_name: 'Specialized',
        model_name: 'SL7',
        frame_type: 3,
      },
      {
        id: 'b222',
        name: 'Crux',
        primary: false,
        brand_name: 'Specialized',
        model_name: 'Crux',
        frame_type: 2,
      },
    ],
  });
  // A mix: rides with a power meter, a ride with heart rate only, a ride with Strava's estimated
  // watts and nothing else (summary only), a virtual ride, runs and a swim, and a ride too old.
  strava.addActivity(ATHLETE, {
    id: 1001,
    name: 'Power ride',
    start_date: daysAgo(3),
    elapsed_time: 1500,
    device_watts: true,
    average_watts: 230,
    gear_id: 'b111',
  });
  strava.addActivity(ATHLETE, {
    id: 1002,
    name: 'Gravel HR',
    sport_type: 'GravelRide',
    start_date: daysAgo(5),
    elapsed_time: 1200,
    gear_id: 'b222',
  });
  strava.addActivity(ATHLETE, {
    id: 1003,
    name: 'Commute',
    start_date: daysAgo(6),
    elapsed_time: 900,
    has_heartrate: false,
    device_watts: false,
    average_watts: 120,
  });
  strava.addActivity(ATHLETE, {
    id: 1004,
    name: 'Zwift',
    sport_type: 'VirtualRide',
    start_date: daysAgo(8),
    elapsed_time: 1200,
    device_watts: true,
    average_watts: 250,
    trainer: true,
  });
  strava.addActivity(ATHLETE, {
    id: 1005,
    name: 'Morning Run',
    sport_type: 'Run',
    start_date: daysAgo(4),
    elapsed_time: 1800,
  });
  strava.addActivity(ATHLETE, {
    id: 1006,
    name: 'Pool',
    sport_type: 'Swim',
    start_date: daysAgo(9),
    elapsed_time: 1800,
    has_heartrate: false,
  });
  strava.addActivity(ATHLETE, {
    id: 1007,
    name: 'Uploaded too',
    start_date: daysAgo(10),
    elapsed_time: 1800,
    device_watts: true,
    average_watts: 210,
  });
  strava.addActivity(ATHLETE, {
    id: 1008,
    name: 'Last year',
    start_date: daysAgo(300),
    elapsed_time: 1200,
    device_watts: true,
    average_watts: 200,
  });
});
afterAll(async () => {
  await h?.close();
  await strava?.close();
});

describe('connecting', () => {
  test('needs a signed-in rider; the status is null before any sync', async () => {
    expect((await call('POST', '/api/strava/connect', null, {})).statusCode).toBe(401);
    expect((await call('GET', '/api/sync/status', null)).statusCode).toBe(401);
    expect(await status(rider)).toBeNull();
    const connection = (await call('GET', '/api/strava/connection', rider)).json();
    expect(connection).toMatchObject({ configured: true, connected: false });
  });

  test('importing before connecting says so', async () => {
    const response = await call('POST', '/api/strava/sync', rider, { action: 'import_activities' });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('STRAVA_NOT_CONNECTED');
  });

  test('a refusal, a forged state and too narrow a scope come back with a clear outcome', async () => {
    expect((await connect(rider, ATHLETE, [], 'deny')).searchParams.get('strava')).toBe('denied');
    expect((await connect(rider, ATHLETE, ['read'])).searchParams.get('strava')).toBe('scope');
    const forged = await h.app.inject({
      method: 'GET',
      url: '/api/strava/callback?code=x&state=abc.def&scope=read,activity:read_all',
    });
    expect(new URL(forged.headers.location as string).searchParams.get('strava')).toBe('expired');
    expect((await call('GET', '/api/strava/connection', rider)).json().connected).toBe(false);
  });

  test('a state sent to another browser, replayed, altered or expired is refused', async () => {
    // Mallory's state, approved in Victor's browser: no cookie, or Victor's own cookie.
    const mallory = await approveOnStrava(rider, ATHLETE);
    expect(await callbackOutcome(mallory.callback)).toBe('expired');
    const other = await approveOnStrava(rider, ATHLETE);
    expect(await callbackOutcome(mallory.callback, other.cookie)).toBe('expired');
    expect((await call('GET', '/api/strava/connection', rider)).json().connected).toBe(false);
    // Altered payload, with the right cookie.
    const altered = new URL(other.callback, 'http://vatio.test');
    const [payload, mac] = altered.searchParams.get('state')!.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    claims.u = '00000000-0000-0000-0000-000000000000';
    altered.searchParams.set('state', `${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${mac}`);
    expect(await callbackOutcome(altered.pathname + altered.search, other.cookie)).toBe('expired');
    // Expired: the right cookie, 16 minutes later.
    h.advance(16 * 60);
    expect(await callbackOutcome(other.callback, other.cookie)).toBe('expired');
    expect((await call('GET', '/api/strava/connection', rider)).json().connected).toBe(false);
    // Replayed: the first use works (and clears the cookie), the second is refused.
    const fresh = await approveOnStrava(rider, ATHLETE);
    const first = await h.app.inject({
      method: 'GET',
      url: fresh.callback,
      headers: { cookie: fresh.cookie },
    });
    expect(new URL(first.headers.location as string).searchParams.get('strava')).toBe('connected');
    expect(String(first.headers['set-cookie'])).toMatch(/^vatio_strava_state=; Max-Age=0; /);
    expect(await callbackOutcome(fresh.callback, fresh.cookie)).toBe('expired');
    expect((await call('DELETE', '/api/strava/connection', rider)).statusCode).toBe(204);
  });

  test('approving stores the tokens encrypted, the athlete and the scopes', async () => {
    const back = await connect(rider, ATHLETE);
    expect(back.pathname).toBe('/sync');
    expect(back.searchParams.get('strava')).toBe('connected');
    const connection = (await call('GET', '/api/strava/connection', rider)).json();
    expect(connection).toMatchObject({
      connected: true,
      athlete_id: ATHLETE,
      athlete_name: 'Ana Pedal',
      scopes: ['read', 'activity:read_all', 'profile:read_all'],
      token_invalid: false,
    });
    expect(JSON.stringify(connection)).not.toMatch(/token_enc|access_token|refresh_token/);
    const row = await h.database.db.selectFrom('strava_connections').selectAll().executeTakeFirstOrThrow();
    expect(row.access_token_enc).toMatch(/^v1\./);
    // The stored value decrypts to a token Strava accepts, and it is not the token in clear.
    const tokens = h.services.strava!.connections.tokensOf(row);
    expect(row.access_token_enc).not.toContain(tokens.accessToken);
    expect(row.refresh_token_enc).not.toContain(tokens.refreshToken);
    const me = await fetch(`${strava.apiUrl}/athlete`, {
      headers: { authorization: `Bearer ${tokens.accessToken}` },
    });
    expect(me.status).toBe(200);
  });

  test('another rider cannot take the same Strava athlete', async () => {
    const other = await h.signIn({ email: 'strava-other@example.org' });
    expect((await connect(other, ATHLETE)).searchParams.get('strava')).toBe('in_use');
  });
});

describe('importing activities', () => {
  test('a ride uploaded as a file is linked, not stored twice', async () => {
    const uploaded = strava.activity(1007)!;
    const fit = encodeFit(
      generateRide({ seed: 7, durationS: 1800, startTime: new Date(uploaded.start_date) }),
    );
    const result = await uploadAndWait(h.app, rider.headers, [{ name: 'ride.fit', bytes: fit }]);
    expect(result.files[0]!.status).toBe('done');
  });

  test('imports the rides of the last 6 months, skips and counts the other sports', async () => {
    const started = await call('POST', '/api/strava/sync', rider, { action: 'import_activities' });
    expect(started.statusCode).toBe(202);
    expect(['importing', 'processing', 'completed']).toContain(started.json().status);
    const again = await call('POST', '/api/strava/sync', rider, { action: 'import_activities' });
    expect([202, 409]).toContain(again.statusCode); // a second start while one runs is refused
    const done = await waitForSync(rider);
    expect(done).toMatchObject({
      status: 'completed',
      total_activities: 7,
      processed_activities: 7,
      failed_activities: 0,
      skipped_activities: 2,
      imported_activities: 4,
      error_code: null,
    });
    const list = (await call('GET', '/api/activities?limit=50', rider)).json();
    const rides = list.activities as {
      name: string;
      type: string;
      source: string;
      average_power: number | null;
      normalized_power: number | null;
    }[];
    expect(rides).toHaveLength(5); // four from Strava and the uploaded file
    expect(rides.map((r) => r.name)).toEqual(
      expect.arrayContaining(['Commute', 'Gravel HR', 'Power ride', 'Zwift']),
    );
    const power = rides.find((r) => r.name === 'Power ride')!;
    expect(power).toMatchObject({ type: 'Ride', source: 'strava' });
    expect(power.average_power).toBeGreaterThan(200);
    expect(power.normalized_power).toBeGreaterThanOrEqual(power.average_power!);
    // Strava's estimated watts are not a power meter's: no power numbers for the commute.
    expect(rides.find((r) => r.name === 'Commute')!.average_power).toBeNull();
    expect(rides.find((r) => r.name === 'Gravel HR')!.type).toBe('GravelRide');
    // The uploaded file now carries the Strava id; no second row for it.
    const linked = await h.database.db
      .selectFrom('activities')
      .select(['source', 'strava_id'])
      .where('strava_id', '=', 1007)
      .execute();
    expect(linked).toEqual([{ source: 'upload', strava_id: 1007 }]);
    // Streams were fetched only for rides with power or heart rate; never for runs, swims or the commute.
    const streamCalls = strava.requests.filter((r) => r.path.endsWith('/streams')).map((r) => r.path);
    // (Spec 000 §5: average watts count too, so the commute's GPS streams are read; its estimated watts are not kept.)
    expect(streamCalls.sort()).toEqual([
      '/api/v3/activities/1001/streams',
      '/api/v3/activities/1002/streams',
      '/api/v3/activities/1003/streams',
      '/api/v3/activities/1004/streams',
    ]);
  });

  test('the analysis is the upload pipeline’s: detail and streams of an imported ride', async () => {
    const row = await h.database.db
      .selectFrom('activities')
      .select('id')
      .where('strava_id', '=', 1001)
      .executeTakeFirstOrThrow();
    const detail = await call('GET', `/api/activities/${row.id}`, rider);
    expect(detail.statusCode).toBe(200);
    const streams = await call('GET', `/api/activities/${row.id}/streams`, rider);
    expect(streams.statusCode).toBe(200);
    expect(JSON.stringify(streams.json()).length).toBeGreaterThan(1000);
  });

  test('a second sync stores nothing twice', async () => {
    const before = (await call('GET', '/api/activities?limit=50', rider)).json().total;
    strava.addActivity(ATHLETE, {
      id: 1009,
      name: 'New ride',
      start_date: daysAgo(1),
      elapsed_time: 900,
      device_watts: true,
      average_watts: 190,
    });
    expect((await call('POST', '/api/activities/sync', rider, { days_back: 30 })).statusCode).toBe(202);
    const done = await waitForSync(rider);
    expect(done).toMatchObject({ status: 'completed', imported_activities: 1, failed_activities: 0 });
    expect((await call('GET', '/api/activities?limit=50', rider)).json().total).toBe(before + 1);
    const list = (await call('GET', '/api/strava/activities', rider)).json().activities as {
      id: number;
      synced: boolean;
      type: string;
    }[];
    expect(
      list
        .filter((a) => a.synced)
        .map((a) => a.id)
        .sort(),
    ).toEqual([1001, 1002, 1003, 1004, 1007, 1009]);
    expect(list.find((a) => a.id === 1005)).toMatchObject({ type: 'Run', synced: false });
  });

  test('the sync dashboard imports one chosen activity', async () => {
    expect((await call('POST', '/api/strava/activities/refresh', rider, { days: 365 })).statusCode).toBe(202);
    await waitForSync(rider);
    const list = (await call('GET', '/api/strava/activities', rider)).json().activities as {
      id: number;
      synced: boolean;
    }[];
    expect(list.find((a) => a.id === 1008)).toMatchObject({ synced: false });
    expect(
      (await call('POST', '/api/strava/activities/import', rider, { strava_ids: [1008] })).statusCode,
    ).toBe(202);
    const done = await waitForSync(rider);
    expect(done).toMatchObject({ status: 'completed', total_activities: 1, imported_activities: 1 });
  });
});

describe('bikes', () => {
  test('imports the athlete’s bikes and links their rides', async () => {
    expect((await call('POST', '/api/strava/sync', rider, { action: 'import_bikes' })).statusCode).toBe(202);
    const done = await waitForSync(rider);
    expect(done).toMatchObject({ status: 'completed', total_activities: 2, processed_activities: 2 });
    const bikes = (await call('GET', '/api/bikes', rider)).json() as {
      name: string;
      type: string;
      brand: string;
      is_primary: boolean;
    }[];
    expect(bikes.map((b) => [b.name, b.type, b.brand])).toEqual(
      expect.arrayContaining([
        ['Tarmac', 'road', 'Specialized'],
        ['Crux', 'gravel', 'Specialized'],
      ]),
    );
    const gravel = await h.database.db
      .selectFrom('activities')
      .innerJoin('bikes', 'bikes.id', 'activities.bike_id')
      .select('bikes.name')
      .where('activities.strava_id', '=', 1002)
      .executeTakeFirstOrThrow();
    expect(gravel.name).toBe('Crux');
    // Strava's distance for each bike (the fake says 1,000 km) is its starting odometer.
    const imported = (await call('GET', '/api/bikes', rider)).json() as {
      strava_gear_id: string | null;
      stats: { strava_odometer_m: number | null; strava_distance_at: string | null };
    }[];
    for (const bike of imported) {
      expect(bike.strava_gear_id).not.toBeNull();
      expect(bike.stats.strava_odometer_m).toBeGreaterThanOrEqual(1_000_000);
      expect(bike.stats.strava_distance_at).not.toBeNull();
    }
    // Importing again updates, never duplicates.
    await call('POST', '/api/strava/sync', rider, { action: 'import_bikes' });
    await waitForSync(rider);
    expect((await call('GET', '/api/bikes', rider)).json()).toHaveLength(2);
  });
});

describe('tokens', () => {
  test('are refreshed before they expire', async () => {
    const refreshesBefore = strava.requests.filter((r) => r.path === '/oauth/token').length;
    advance(5.5 * 3600);
    strava.addActivity(ATHLETE, {
      id: 1010,
      name: 'After refresh',
      // A fixed hour of its own, not 'three hours before Strava's clock': that moved with the time of day
      // the run started, and a run at about 01:30 UTC put this ride over the 04:00 one of a test below,
      // which was then skipped as the same ride.
      start_date: daysAgo(1, 13),
      elapsed_time: 600,
      device_watts: true,
      average_watts: 180,
    });
    await call('POST', '/api/activities/sync', rider, { days_back: 2 });
    const done = await waitForSync(rider);
    expect(done).toMatchObject({ status: 'completed', imported_activities: 1 });
    expect(strava.requests.filter((r) => r.path === '/oauth/token').length).toBe(refreshesBefore + 1);
    expect(strava.requests.filter((r) => r.status === 401)).toHaveLength(0);
  });
});

describe('webhook', () => {
  test('the handshake echoes the challenge only for our verify token', async () => {
    const ok = await h.app.inject({
      method: 'GET',
      url: '/api/strava/webhook?hub.mode=subscribe&hub.challenge=abc123&hub.verify_token=verify-me',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ 'hub.challenge': 'abc123' });
    const wrong = await h.app.inject({
      method: 'GET',
      url: '/api/strava/webhook?hub.mode=subscribe&hub.challenge=abc123&hub.verify_token=nope',
    });
    expect(wrong.statusCode).toBe(403);
  });

  const event = (object_id: number, aspect_type: string, extra: object = {}) =>
    h.app.inject({
      method: 'POST',
      url: '/api/strava/webhook',
      payload: {
        object_type: 'activity',
        object_id,
        aspect_type,
        owner_id: ATHLETE,
        subscription_id: 1,
        event_time: strava.nowS(),
        updates: {},
        ...extra,
      },
    });
  const stored = (stravaId: number) =>
    h.database.db
      .selectFrom('activities')
      .select(['id', 'name'])
      .where('strava_id', '=', stravaId)
      .executeTakeFirst();
  const eventually = async (check: () => Promise<boolean>) => {
    for (let i = 0; i < 100 && !(await check()); i++) await new Promise((r) => setTimeout(r, 100));
    expect(await check()).toBe(true);
  };

  test('create, update and delete events follow Strava, checked with Strava first', async () => {
    strava.addActivity(ATHLETE, {
      id: 2001,
      name: 'Pushed ride',
      start_date: daysAgo(0, 6),
      elapsed_time: 700,
      device_watts: true,
      average_watts: 220,
    });
    const started = Date.now();
    const ack = await event(2001, 'create');
    expect(ack.statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(2000);
    await eventually(async () => (await stored(2001)) !== undefined);
    // Created twice (Strava may repeat an event): still one ride.
    await event(2001, 'create');
    strava.activity(2001)!.name = 'Renamed on Strava';
    await event(2001, 'update', { updates: { title: 'Renamed on Strava' } });
    await eventually(async () => (await stored(2001))?.name === 'Renamed on Strava');
    expect(
      await h.database.db.selectFrom('activities').select('id').where('strava_id', '=', 2001).execute(),
    ).toHaveLength(1);
    // A forged delete of a ride Strava still has changes nothing.
    await event(2001, 'delete');
    await new Promise((r) => setTimeout(r, 1500));
    expect(await stored(2001)).toBeDefined();
    strava.removeActivity(2001);
    await event(2001, 'delete');
    await eventually(async () => (await stored(2001)) === undefined);
  });

  const eventJobs = async (where: string) =>
    (
      await sql<{ n: number }>`select count(*)::int as n from pgboss.job where name = 'strava-event'
        and ${sql.raw(where)}`.execute(h.database.db)
    ).rows[0]!.n;

  test('an event about an athlete not connected here queues nothing', async () => {
    const ack = await event(2101, 'create', { owner_id: 987_654 });
    expect(ack.statusCode).toBe(200);
    expect(await eventJobs(`data->>'owner_id' = '987654'`)).toBe(0);
  });

  test('an event repeated while its job waits queues one job', async () => {
    const key = `${ATHLETE}:activity:2102:update`;
    // The first event's job, still waiting (it would start in an hour).
    await h.queue.send(
      'strava-event',
      { object_type: 'activity', object_id: 2102, aspect_type: 'update', owner_id: ATHLETE },
      undefined,
      { startAfterS: 3600, singletonKey: key },
    );
    for (let i = 0; i < 3; i++) expect((await event(2102, 'update')).statusCode).toBe(200);
    expect(await eventJobs(`singleton_key = '${key}'`)).toBe(1);
    await sql`delete from pgboss.job where singleton_key = ${key}`.execute(h.database.db);
  });

  test('a malformed event is refused', async () => {
    const bad = await h.app.inject({
      method: 'POST',
      url: '/api/strava/webhook',
      payload: { hello: 'world' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('rate limits', () => {
  test('a few hundred activities through repeated 429s: none lost, none doubled', async () => {
    const r2 = await h.signIn({ email: 'strava-bulk@example.org' });
    const BULK = 9002;
    strava.addAthlete({ id: BULK });
    const COUNT = 240;
    for (let i = 0; i < COUNT; i++) {
      strava.addActivity(BULK, {
        id: 50_000 + i,
        name: `Bulk ${i}`,
        sport_type: i % 10 === 9 ? 'Run' : 'Ride',
        start_date: new Date(Date.now() - (i + 1) * 12 * 3600_000).toISOString().replace(/\.\d+Z/, 'Z'),
        elapsed_time: 120,
        has_heartrate: true,
      });
    }
    strava.setLimits({ overall: [400, 20_000], read: [60, 10_000] });
    expect((await connect(r2, BULK)).searchParams.get('strava')).toBe('connected');
    const bulkRequestsBefore = strava.requests.length;
    await call('POST', '/api/strava/sync', r2, { action: 'import_activities' });
    let lastPause: string | null = null;
    let exhausted = 0;
    let exhaustedAt = 0;
    const done = await waitForSync(
      r2,
      (s) => {
        if (s.paused_until && s.paused_until !== lastPause) {
          // Strava's window resets at the next quarter hour: move both clocks there.
          lastPause = s.paused_until;
          advance(Math.max(1, (Date.parse(s.paused_until) - strava.nowS() * 1000) / 1000 + 1));
        } else if (!s.paused_until && exhausted < 3 && s.processed_activities >= exhaustedAt + 40) {
          // Other clients of the application use the window up: our next request gets a 429.
          strava.exhaustWindow();
          exhausted++;
          exhaustedAt = s.processed_activities;
        }
      },
      150_000,
    );
    expect(done).toMatchObject({
      status: 'completed',
      total_activities: COUNT,
      processed_activities: COUNT,
      skipped_activities: COUNT / 10,
      imported_activities: COUNT - COUNT / 10,
      failed_activities: 0,
    });
    const ours = strava.requests.slice(bulkRequestsBefore);
    expect(ours.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(2);
    const rows = await h.database.db
      .selectFrom('activities')
      .select('strava_id')
      .where('user_id', '=', r2.user.id)
      .execute();
    expect(rows).toHaveLength(COUNT - COUNT / 10);
    expect(new Set(rows.map((r) => r.strava_id)).size).toBe(rows.length);
    strava.setLimits({ overall: [200, 2000], read: [100, 1000] });
    // Vatio's rate-limit state is the application's, shared by every rider (Strava counts requests per
    // application): when this test's last request used its window up, the app waits for the next
    // quarter hour, and the next tests' syncs would wait for a quarter hour their clocks never reach.
    // Move both clocks into a fresh window, as time would.
    advance(900 - (strava.nowS() % 900) + 1);
  }, 180_000);
});

describe('failures and disconnecting', () => {
  test('a ride whose streams answer 500 on every try fails alone', async () => {
    strava.addActivity(ATHLETE, {
      id: 3001,
      name: 'Flaky',
      start_date: daysAgo(0, 5),
      elapsed_time: 600,
      device_watts: true,
      average_watts: 200,
    });
    strava.addActivity(ATHLETE, {
      id: 3002,
      name: 'Fine',
      start_date: daysAgo(0, 4),
      elapsed_time: 600,
      device_watts: true,
      average_watts: 200,
    });
    strava.failNext(/^\/activities\/3001\/streams$/, 500, RIDE_TRIES);
    await call('POST', '/api/activities/sync', rider, { days_back: 2 });
    const done = await waitForSync(rider);
    expect(done).toMatchObject({ status: 'completed', failed_activities: 1, imported_activities: 1 });
  });

  test('a passing 500 or 502 is tried again: the rider sees Strava not answering, the ride comes', async () => {
    strava.addActivity(ATHLETE, {
      id: 3011,
      name: 'Unlucky',
      start_date: daysAgo(0, 6),
      elapsed_time: 600,
      device_watts: true,
      average_watts: 200,
    });
    strava.failNext(/^\/activities\/3011\/streams$/, 502, 2);
    await call('POST', '/api/activities/sync', rider, { days_back: 2 });
    const reasons = new Set<string | null>();
    const done = await waitForSync(rider, (s) => {
      if (s.paused_until) reasons.add(s.pause_reason);
    });
    expect(reasons).toEqual(new Set(['unavailable']));
    // The ride that failed in the test before is tried again too, and comes now.
    expect(done).toMatchObject({ status: 'completed', failed_activities: 0, imported_activities: 2 });
    const row = await h.database.db
      .selectFrom('strava_activities')
      .select('state')
      .where('strava_id', '=', 3011)
      .executeTakeFirstOrThrow();
    expect(row.state).toBe('imported');
  });

  test('a ride whose streams cannot be read fails alone and does not block the others', async () => {
    for (const [id, name, hour] of [
      [3101, 'Broken', 3],
      [3102, 'After the broken one', 2],
    ] as const)
      strava.addActivity(ATHLETE, {
        id,
        name,
        start_date: daysAgo(0, hour),
        elapsed_time: 600,
        device_watts: true,
        average_watts: 200,
      });
    strava.breakStreams(3101);
    await call('POST', '/api/activities/sync', rider, { days_back: 2 });
    const done = await waitForSync(rider);
    expect(done).toMatchObject({ status: 'completed', error_code: null, failed_activities: 1 });
    expect(done.imported_activities).toBeGreaterThanOrEqual(1);
    const rows = await h.database.db
      .selectFrom('strava_activities')
      .select(['strava_id', 'state'])
      .where('strava_id', 'in', [3101, 3102])
      .orderBy('strava_id')
      .execute();
    expect(rows.map((r) => [Number(r.strava_id), r.state])).toEqual([
      [3101, 'failed'],
      [3102, 'imported'],
    ]);
  });

  test('Strava unreachable: the rides stay pending and the step is retried later', async () => {
    for (const [id, hour] of [
      [3201, 1],
      [3202, 0],
    ] as const)
      strava.addActivity(ATHLETE, {
        id,
        name: `Outage ${id}`,
        start_date: daysAgo(0, hour),
        elapsed_time: 600,
        device_watts: true,
        average_watts: 200,
      });
    strava.dropNext(/\/activities\/320[12]/, 1);
    const before = strava.requests.length;
    await call('POST', '/api/activities/sync', rider, { days_back: 2 });
    for (let i = 0; i < 100 && !strava.requests.slice(before).some((r) => r.status === 0); i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(strava.requests.slice(before).some((r) => r.status === 0)).toBe(true);
    // The run waits for Strava and says so (tried again 0.3 s later).
    for (let i = 0; i < 50 && (await status(rider))?.pause_reason !== 'unavailable'; i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(await status(rider)).toMatchObject({ pause_reason: 'unavailable' });
    const pending = await h.database.db
      .selectFrom('strava_activities')
      .select('state')
      .where('strava_id', 'in', [3201, 3202])
      .execute();
    expect(pending.map((r) => r.state)).not.toContain('failed');
    expect(await status(rider)).toMatchObject({ status: 'processing', error_code: null });
    const done = await waitForSync(rider);
    expect(done).toMatchObject({ status: 'completed', error_code: null });
    const after = await h.database.db
      .selectFrom('strava_activities')
      .select('state')
      .where('strava_id', 'in', [3201, 3202])
      .execute();
    expect(after.map((r) => r.state)).toEqual(['imported', 'imported']);
  });

  test('a token Strava refuses (401) asks the rider to reconnect', async () => {
    strava.revoke(ATHLETE);
    advance(7 * 3600); // past the access token's expiry: the refresh is refused too
    await call('POST', '/api/activities/sync', rider, { days_back: 2 });
    const done = await waitForSync(rider);
    expect(done).toMatchObject({ status: 'error', error_code: 'STRAVA_TOKEN_EXPIRED' });
    expect((await call('GET', '/api/strava/connection', rider)).json()).toMatchObject({
      connected: true,
      token_invalid: true,
    });
    const again = await call('POST', '/api/activities/sync', rider, { days_back: 2 });
    expect(again.json().error.code).toBe('STRAVA_TOKEN_EXPIRED');
  });

  test('reconnecting and disconnecting: deauthorized at Strava, tokens deleted, rides kept', async () => {
    expect((await connect(rider, ATHLETE)).searchParams.get('strava')).toBe('connected');
    expect(strava.liveTokens(ATHLETE)).toBe(1);
    const rides = (await call('GET', '/api/activities?limit=1', rider)).json().total;
    expect((await call('DELETE', '/api/strava/connection', rider)).statusCode).toBe(204);
    expect(strava.liveTokens(ATHLETE)).toBe(0);
    expect(strava.requests.filter((r) => r.path === '/oauth/deauthorize').at(-1)?.status).toBe(200);
    expect((await call('GET', '/api/strava/connection', rider)).json().connected).toBe(false);
    expect(
      await h.database.db
        .selectFrom('strava_connections')
        .select('user_id')
        .where('user_id', '=', rider.user.id)
        .execute(),
    ).toHaveLength(0);
    expect((await call('GET', '/api/activities?limit=1', rider)).json().total).toBe(rides);
  });

  test('a deauthorization pushed by Strava removes the connection once Strava confirms it', async () => {
    expect((await connect(rider, ATHLETE)).searchParams.get('strava')).toBe('connected');
    const push = () =>
      h.app.inject({
        method: 'POST',
        url: '/api/strava/webhook',
        payload: {
          object_type: 'athlete',
          object_id: ATHLETE,
          aspect_type: 'update',
          owner_id: ATHLETE,
          subscription_id: 1,
          event_time: strava.nowS(),
          updates: { authorized: 'false' },
        },
      });
    await push(); // the token still works: ignored
    await new Promise((r) => setTimeout(r, 1500));
    expect((await call('GET', '/api/strava/connection', rider)).json().connected).toBe(true);
    strava.revoke(ATHLETE);
    await push();
    for (let i = 0; i < 50 && (await call('GET', '/api/strava/connection', rider)).json().connected; i++)
      await new Promise((r) => setTimeout(r, 100));
    expect((await call('GET', '/api/strava/connection', rider)).json().connected).toBe(false);
  });
});
