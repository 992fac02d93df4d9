import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { HealthLogsResponse, HealthServicesResponse, ServiceHealth } from '@vatio/schemas';
import { sql } from 'kysely';
import { afterEach, describe, expect, test } from 'vitest';
import { type FakeStrava, startFakeStrava } from '../../test/fake-strava.ts';
import { StravaApi } from '../strava/strava-client.ts';
import { createHarness, type Harness } from '../../test/harness.ts';

let h: Harness | undefined;
let strava: FakeStrava | undefined;
afterEach(async () => {
  await h?.close();
  await strava?.close();
  h = undefined;
  strava = undefined;
});

const service = (body: HealthServicesResponse, name: ServiceHealth['service']) => {
  const found = body.services.find((s) => s.service === name);
  if (!found) throw new Error(`no ${name} in ${JSON.stringify(body)}`);
  return found;
};

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function services(harness: Harness, headers: Record<string, string>) {
  const response = await harness.app.inject({ method: 'GET', url: '/api/health/services', headers });
  expect(response.statusCode).toBe(200);
  return response.json() as HealthServicesResponse;
}

describe('GET /api/health/services', () => {
  test('signed out: 401; signed in: every service with its status, response time and last check', async () => {
    h = await createHarness();
    expect((await h.app.inject({ method: 'GET', url: '/api/health/services' })).statusCode).toBe(401);
    const rider = await h.signIn({ email: 'health-rider@example.org' });
    const body = await services(h, rider.headers);
    expect(body.services.map((s) => s.service)).toEqual([
      'database',
      'jobs',
      'storage',
      'mail',
      'sms',
      'strava',
      'map_tiles',
    ]);
    expect(body.operator).toBe(false);
    const database = service(body, 'database');
    expect(database).toMatchObject({ status: 'healthy', reason: 'ok', configured: true });
    expect(database.response_time_ms).toBeGreaterThanOrEqual(0);
    expect(Date.parse(database.last_check)).toBeGreaterThan(Date.now() - 60_000);
    const jobs = service(body, 'jobs');
    expect(jobs).toMatchObject({ status: 'healthy', reason: 'ok' });
    expect(jobs.details).toMatchObject({ failed_last_hour: 0, waiting_jobs: expect.any(Number) });
    const storage = service(body, 'storage');
    expect(storage.details.free_bytes).toBeGreaterThan(0);
    expect(storage.details.total_bytes).toBeGreaterThanOrEqual(storage.details.free_bytes!);
    // The harness's SMTP server and SMS provider on loopback accept connections.
    expect(service(body, 'mail')).toMatchObject({ status: 'healthy', configured: true });
    expect(service(body, 'sms')).toMatchObject({ status: 'healthy', configured: true });
    expect(service(body, 'strava')).toMatchObject({ status: 'warning', reason: 'not_configured' });
    expect(service(body, 'map_tiles')).toMatchObject({ status: 'warning', reason: 'not_configured' });
    expect(body.summary.healthy + body.summary.warning + body.summary.error).toBe(7);

    // A refresh within the cache's 10 s reuses the same round of checks.
    const again = await services(h, rider.headers);
    expect(service(again, 'database').last_check).toBe(database.last_check);
  });

  test('mail to the outbox is a warning that says so; credentials in SMTP_URL never appear', async () => {
    h = await createHarness({ SMTP_URL: '' });
    // Codes go to the outbox now: sign in by text message.
    const rider = await h.signIn({ phone: '+34600111222' });
    const body = await services(h, rider.headers);
    const mail = service(body, 'mail');
    expect(mail).toMatchObject({ status: 'warning', reason: 'outbox', configured: false });
    expect(mail.message).toMatch(/outbox/);
    expect(mail.message).toMatch(/SMTP_URL/);
    await h.close();

    // Credentials in SMTP_URL (a server that does not answer here): the error names host and port only.
    const port = await closedPort();
    h = await createHarness({ SMTP_URL: `smtp://mailer:s3cret-pass@127.0.0.1:${port}` });
    const signedIn = await h.signIn({ phone: '+34600111223' });
    const response = await h.app.inject({
      method: 'GET',
      url: '/api/health/services',
      headers: signedIn.headers,
    });
    const down = service(response.json(), 'mail');
    expect(down).toMatchObject({
      status: 'error',
      reason: 'unreachable',
      details: { host: `127.0.0.1:${port}` },
    });
    expect(response.body).not.toContain('s3cret-pass');
    expect(response.body).not.toContain('mailer');
  });

  test("a reachable Strava is healthy; one that does not answer is an error; no rider's quota is used", async () => {
    strava = await startFakeStrava();
    h = await createHarness({
      STRAVA_CLIENT_ID: strava.clientId,
      STRAVA_CLIENT_SECRET: strava.clientSecret,
      STRAVA_OAUTH_URL: strava.oauthUrl,
      STRAVA_API_URL: strava.apiUrl,
    });
    const rider = await h.signIn({ email: 'health-strava@example.org' });
    // The server's Strava client hears the application's quota with an answer (a refused token here).
    await expect(
      new StravaApi(strava.apiUrl, h.services.strava!.rateLimit).get('not-a-token', '/athlete'),
    ).rejects.toThrow();
    const body = await services(h, rider.headers);
    const reachable = service(body, 'strava');
    expect(reachable).toMatchObject({ status: 'healthy', reason: 'ok', configured: true });
    expect(reachable.details.http_status).toBe(401);
    expect(reachable.details.rate_limit).toMatchObject({
      usage_15min: 1,
      limit_15min: expect.any(Number),
      usage_day: 1,
      paused_until: null,
    });
    expect(reachable.response_time_ms).toBeGreaterThanOrEqual(0);
    // The probe carries no token.
    expect(strava.requests.at(-1)).toMatchObject({ method: 'GET', path: '/api/v3/athlete', status: 401 });
    await h.close();

    const port = await closedPort();
    h = await createHarness({
      STRAVA_CLIENT_ID: strava.clientId,
      STRAVA_CLIENT_SECRET: strava.clientSecret,
      STRAVA_API_URL: `http://127.0.0.1:${port}/api/v3`,
    });
    const other = await h.signIn({ email: 'health-strava-down@example.org' });
    const down = service(await services(h, other.headers), 'strava');
    expect(down).toMatchObject({ status: 'error', reason: 'unreachable', configured: true });
    expect(down.message).toMatch(/ECONNREFUSED/);
    expect(down.details.host).toBe(`127.0.0.1:${port}`);
  });

  test('map tiles configured: healthy, naming the host only', async () => {
    h = await createHarness({ MAP_TILE_URL: 'https://tiles.example.org/{z}/{x}/{y}.png?key=tile-secret' });
    const rider = await h.signIn({ email: 'health-tiles@example.org' });
    const response = await h.app.inject({
      method: 'GET',
      url: '/api/health/services',
      headers: rider.headers,
    });
    const tiles = service(response.json(), 'map_tiles');
    expect(tiles).toMatchObject({
      status: 'healthy',
      configured: true,
      details: { host: 'tiles.example.org' },
    });
    expect(response.body).not.toContain('tile-secret');
  });
});

describe('GET /api/health/live and /api/health/ready', () => {
  test('live answers without a database call; ready checks database, migrations and queue', async () => {
    h = await createHarness();
    const live = await h.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toMatchObject({ status: 'ok', version: expect.any(String) });

    const ready = await h.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ready',
      reason: null,
      checks: { database: true, migrations: true, queue: true },
      pending_migrations: [],
    });
    // The old liveness probe answers as before.
    const old = await h.app.inject({ method: 'GET', url: '/api/health' });
    expect(old.statusCode).toBe(200);
    expect(old.json()).toMatchObject({ status: 'ok', database: 'ok' });
  });

  test('a migration not applied: 503 naming it', async () => {
    h = await createHarness();
    await sql`delete from kysely_migration where name = '0001_foundation'`.execute(h.database.db);
    const ready = await h.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({
      status: 'not_ready',
      reason: 'Migrations not applied: 0001_foundation',
      checks: { database: true, migrations: false, queue: true },
      pending_migrations: ['0001_foundation'],
    });
  });

  test('the job queue stopped: 503, and the jobs service is an error', async () => {
    h = await createHarness({}, { workers: false });
    const rider = await h.signIn({ email: 'health-queue@example.org' });
    await h.queue.stop();
    const ready = await h.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ reason: 'The job queue is not running', checks: { queue: false } });
    const jobs = service(await services(h, rider.headers), 'jobs');
    expect(jobs).toMatchObject({ status: 'error', reason: 'queue_stopped' });
  });
});

describe('GET /api/health/logs (operators only)', () => {
  test('401 signed out, 403 for a rider, 200 for an ADMIN_EMAILS rider; no secret in the records', async () => {
    h = await createHarness({ ADMIN_EMAILS: ' Ops@Example.org , other-ops@example.org' }, { logs: true });
    // A job that failed for good, as pg-boss records it (before the first round of checks, which is then kept 10 s).
    await sql`insert into pgboss.job (id, name, data, state, retry_count, retry_limit, output, completed_on)
      values (gen_random_uuid(), 'demo-rides', '{}'::jsonb, 'failed', 3, 3,
        '{"message":"disk full while writing the ride"}'::jsonb, now())`.execute(h.database.db);

    expect((await h.app.inject({ method: 'GET', url: '/api/health/logs' })).statusCode).toBe(401);
    const rider = await h.signIn({ email: 'health-plain@example.org' });
    const forbidden = await h.app.inject({ method: 'GET', url: '/api/health/logs', headers: rider.headers });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error.code).toBe('FORBIDDEN');
    const riderView = await services(h, rider.headers);
    expect(riderView.operator).toBe(false);

    const operator = await h.signIn({ email: 'ops@example.org' });
    expect((await services(h, operator.headers)).operator).toBe(true);

    // Requests carrying a code and tokens: in the query, in the authorization header, in a body.
    const code = '918273';
    const queryToken = 'QUERYSECRET5551234';
    await h.app.inject({
      method: 'GET',
      url: `/api/activities?code=${code}&token=${queryToken}`,
      headers: { authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl' },
    });
    await h.app.inject({
      method: 'POST',
      url: '/api/auth/verify',
      payload: { email: 'health-plain@example.org', token: code, type: 'email' },
    });
    await h.app.inject({ method: 'GET', url: `/api/no-such-route?token=${queryToken}` });
    const response = await h.app.inject({
      method: 'GET',
      url: '/api/health/logs',
      headers: operator.headers,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json() as HealthLogsResponse;
    expect(body.level).toBe('info');
    const paths = body.entries.map((e) => e.data?.path);
    expect(paths).toContain('/api/activities');
    expect(paths).toContain('/api/no-such-route');
    const unauthorized = body.entries.find((e) => e.data?.path === '/api/activities');
    expect(unauthorized).toMatchObject({ category: 'http', data: { method: 'GET', status: 401 } });
    expect(body.job_failures).toEqual([
      expect.objectContaining({
        queue: 'demo-rides',
        message: 'disk full while writing the ride',
        attempts: 4,
      }),
    ]);
    for (const secret of [
      code,
      queryToken,
      'eyJhbGciOiJIUzI1NiJ9',
      'c2lnbmF0dXJl',
      operator.access_token,
      operator.refresh_token,
      rider.access_token,
      'health-plain@example.org',
      'ops@example.org',
    ]) {
      expect(response.body).not.toContain(secret);
    }

    // The jobs card counts the failure.
    const jobs = service(await services(h, operator.headers), 'jobs');
    expect(jobs.details.failed_last_hour).toBe(1);

    // The operator's personal API key does not open the logs: a signed-in session only.
    const key = await h.app.inject({
      method: 'POST',
      url: '/api/me/api-keys',
      headers: operator.headers,
      payload: { name: 'ops script' },
    });
    expect(key.statusCode).toBe(201);
    const byKey = await h.app.inject({
      method: 'GET',
      url: '/api/health/logs',
      headers: { authorization: `Bearer ${key.json().secret}` },
    });
    expect(byKey.statusCode).toBe(403);

    // Filter by level; a bad level is a 400 naming it.
    const errorsOnly = await h.app.inject({
      method: 'GET',
      url: '/api/health/logs?level=error',
      headers: operator.headers,
    });
    expect(errorsOnly.statusCode).toBe(200);
    expect(
      (errorsOnly.json() as HealthLogsResponse).entries.every((e) => ['error', 'fatal'].includes(e.level)),
    ).toBe(true);
    const bad = await h.app.inject({
      method: 'GET',
      url: '/api/health/logs?level=loud',
      headers: operator.headers,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ level: 'invalid' });
  });
});
