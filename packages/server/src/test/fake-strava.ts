import { createRng } from '@vatio/formats';
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * A Strava look-alike on loopback for tests and e2e: the OAuth flow (authorize page, token exchange
 * and refresh, deauthorize) and the API v3 calls Vatio makes, with Strava's shapes, status codes
 * and rate-limit headers (https://developers.strava.com/docs/), and 429s at the limits or on
 * demand, with or without Retry-After. It runs on its own clock, which
 * stands still until `advance` moves it (as the test harness's does), so token expiry and the
 * 15-minute rate-limit windows are crossed without waiting.
 */

export interface FakeAthlete {
  id: number;
  firstname: string;
  lastname: string;
  bikes: FakeGear[];
}

export interface FakeGear {
  id: string;
  name: string;
  primary: boolean;
  brand_name: string;
  model_name: string;
  /** 1 mountain, 2 cross, 3 road, 4 time trial */
  frame_type: number;
}

export interface FakeActivity {
  id: number;
  name: string;
  sport_type: string;
  start_date: string;
  elapsed_time: number;
  moving_time: number;
  distance: number;
  total_elevation_gain: number;
  average_speed: number;
  max_speed: number;
  average_watts?: number;
  max_watts?: number;
  device_watts?: boolean;
  has_heartrate: boolean;
  gear_id?: string | null;
  trainer?: boolean;
  device_name?: string;
  /**
   * Segments ridden in this activity: the fake describes each effort from the activity's streams
   * (positions, distance, gradient, time, watts between the indices), as Strava's DetailedActivity
   * does. `notable`: listed without include_all_efforts too (Strava lists the notable ones then).
   */
  segments?: FakeSegmentRide[];
  /** Streams to serve instead of the generated steady ride (same keys as Strava's StreamSet). */
  streams?: Record<string, unknown[]>;
}

export interface FakeSegmentRide {
  segmentId: number;
  name: string;
  startIndex: number;
  endIndex: number;
  notable?: boolean;
}

export interface FakeStravaOptions {
  clientId?: string;
  clientSecret?: string;
  /** [15-minute, daily] request limits, overall and read ("non-upload"); Strava's defaults. */
  limits?: { overall: [number, number]; read: [number, number] };
  /** Access-token lifetime, s (Strava: six hours). */
  tokenLifetimeS?: number;
  /** Port to listen on (default: any free one). */
  port?: number;
  /**
   * Browser tests drive the fake over HTTP: `POST /__fake/athlete {"id"}` creates an athlete with
   * two bikes and a mix of rides, a run and a swim, and signs them in on the authorize page;
   * `POST /__fake/storm {"seed", "probability", "weights"}` starts a storm (`{}` ends it).
   */
  testControl?: boolean;
}

/**
 * What a request may meet during a storm (`storm()`), each as Strava or the network in front of it
 * does it: `rate_limit` a 429 below the limits (real rate-limit headers, no Retry-After); `quarter`
 * the application's 15-minute window used up by other clients, so this and every request until the
 * next quarter hour answer 429 with the usage at the limit; `server_error` 500 with Strava's JSON
 * error body; `bad_gateway` / `unavailable` 502 / 503 with the HTML page a load balancer answers;
 * `slow` an answer after `slowMs`; `hang` no answer at all (the client must give up); `reset` the
 * connection closed without an answer; `cut` a 200 whose body stops half-way; `expired` the access
 * token refused (401, Strava's "Authorization Error" body) as if it had expired early — a refresh
 * gets a new one; `revoked` every token of the athlete revoked (401; the refresh is refused too, as
 * after a deauthorization on strava.com).
 */
export type StormFault =
  | 'rate_limit'
  | 'quarter'
  | 'server_error'
  | 'bad_gateway'
  | 'unavailable'
  | 'slow'
  | 'hang'
  | 'reset'
  | 'cut'
  | 'expired'
  | 'revoked';

export interface StormOptions {
  /** The storm is the same for the same seed and the same order of requests. */
  seed: number;
  /** Chance, 0–1, that one API request or token refresh meets a fault. */
  probability: number;
  /** Relative weights of the faults; default 1 each, 0 for `revoked`. */
  weights?: Partial<Record<StormFault, number>>;
  /** How late a `slow` answer comes, ms (default 150). */
  slowMs?: number;
}

/** The faults a token refresh (POST /oauth/token) may meet: transport and server ones. */
const TOKEN_FAULTS: ReadonlySet<StormFault> = new Set([
  'server_error',
  'unavailable',
  'slow',
  'hang',
  'reset',
]);

/** mulberry32 (`@vatio/formats`): a small seeded generator, uniform in [0, 1). */
const seededRandom = createRng;

interface Token {
  athleteId: number;
  scopes: string[];
  expiresAtS: number;
}

const QUARTER_S = 900;
const DAY_S = 86_400;

export interface FakeStrava {
  url: string;
  oauthUrl: string;
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  /** Requests received (method, path without query, status answered). */
  requests: { method: string; path: string; status: number }[];
  subscriptions: { id: number; callback_url: string; verify_token: string }[];
  addAthlete(athlete: Partial<FakeAthlete> & { id: number }): FakeAthlete;
  /** The athlete "signed in" on the fake's authorize page. */
  signInAs(athleteId: number): void;
  addActivity(
    athleteId: number,
    activity: Partial<FakeActivity> & { id: number; start_date: string },
  ): FakeActivity;
  removeActivity(activityId: number): void;
  activity(activityId: number): FakeActivity | undefined;
  /** The next `times` API requests whose path matches answer `status` (500, 503…). */
  failNext(path: RegExp, status: number, times?: number): void;
  /** The streams of this activity come back malformed (a watts stream that is not a list). */
  breakStreams(activityId: number): void;
  /** The next `times` requests whose path matches are cut off with no answer, as during an outage. */
  dropNext(path: RegExp, times?: number): void;
  /** Revokes every token of the athlete, as a deauthorization on strava.com would. */
  revoke(athleteId: number): void;
  /** Valid access tokens of an athlete (tests check deauthorization). */
  liveTokens(athleteId: number): number;
  setLimits(limits: { overall: [number, number]; read: [number, number] }): void;
  /** Uses up the current 15-minute window, as other clients of the same application would. */
  exhaustWindow(): void;
  /** Uses up the current day (UTC), as other clients of the same application would. */
  exhaustDay(): void;
  /**
   * The next `times` API requests whose path matches answer 429 although usage is below the limits
   * (as Strava may under load), with `Retry-After: retryAfterS` when given.
   */
  refuseNext(path: RegExp, options?: { retryAfterS?: number; times?: number }): void;
  advance(seconds: number): void;
  nowS(): number;
  /** Faults at random from now on (see StormFault), until `calm()`. */
  storm(options: StormOptions): void;
  calm(): void;
  /** Every fault a storm caused, in order. */
  stormLog: { fault: StormFault; method: string; path: string }[];
  close(): Promise<void>;
}

export async function startFakeStrava(options: FakeStravaOptions = {}): Promise<FakeStrava> {
  const clientId = options.clientId ?? '4242';
  const clientSecret = options.clientSecret ?? 'fake-client-secret';
  let limits = options.limits ?? { overall: [200, 2000], read: [100, 1000] };
  const lifetimeS = options.tokenLifetimeS ?? 6 * 3600;
  // Like the test harness's clock, Strava's stands still until moved, so both stay in step.
  let clockS = Math.floor(Date.now() / 1000);
  const nowS = () => clockS;

  const athletes = new Map<number, FakeAthlete>();
  const activities = new Map<number, { owner: number; activity: FakeActivity }>();
  const codes = new Map<string, { athleteId: number; scopes: string[] }>();
  const accessTokens = new Map<string, Token>();
  const refreshTokens = new Map<string, Omit<Token, 'expiresAtS'>>();
  const failures: { path: RegExp; status: number; left: number }[] = [];
  const refusals: { path: RegExp; retryAfterS: number | undefined; left: number }[] = [];
  const brokenStreams = new Set<number>();
  const drops: { path: RegExp; left: number }[] = [];
  const usage = new Map<string, number>();
  const requests: FakeStrava['requests'] = [];
  const subscriptions: FakeStrava['subscriptions'] = [];
  let signedIn: number | undefined;
  let storm: { options: StormOptions; random: () => number } | undefined;
  const stormLog: FakeStrava['stormLog'] = [];

  /** The fault this request meets, if any (drawn for API requests and token refreshes only). */
  function stormFault(req: IncomingMessage, pathname: string): StormFault | undefined {
    if (!storm) return undefined;
    const isApi = pathname.startsWith('/api/v3/') && !pathname.startsWith('/api/v3/push_subscriptions');
    const isToken = pathname === '/oauth/token' && req.method === 'POST';
    if (!isApi && !isToken) return undefined;
    if (storm.random() >= storm.options.probability) return undefined;
    const weights = { revoked: 0, ...storm.options.weights };
    const kinds = (
      [
        'rate_limit',
        'quarter',
        'server_error',
        'bad_gateway',
        'unavailable',
        'slow',
        'hang',
        'reset',
        'cut',
        'expired',
        'revoked',
      ] as const
    ).filter((k) => (isApi || TOKEN_FAULTS.has(k)) && (weights[k] ?? 1) > 0);
    const total = kinds.reduce((sum, k) => sum + (weights[k] ?? 1), 0);
    let r = storm.random() * total;
    for (const k of kinds) {
      r -= weights[k] ?? 1;
      if (r < 0) return k;
    }
    return kinds.at(-1);
  }

  const count = (key: string) => {
    const n = (usage.get(key) ?? 0) + 1;
    usage.set(key, n);
    return n;
  };

  function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
    res.end(JSON.stringify(body));
  }

  async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    if ((req.headers['content-type'] ?? '').includes('application/json')) {
      const json = JSON.parse(text || '{}') as Record<string, unknown>;
      return new URLSearchParams(Object.entries(json).map(([k, v]): [string, string] => [k, String(v)]));
    }
    return new URLSearchParams(text);
  }

  function issue(athleteId: number, scopes: string[]) {
    const access = randomBytes(20).toString('hex');
    const refresh = randomBytes(20).toString('hex');
    const expiresAtS = nowS() + lifetimeS;
    accessTokens.set(access, { athleteId, scopes, expiresAtS });
    refreshTokens.set(refresh, { athleteId, scopes });
    return { access, refresh, expiresAtS };
  }

  function athleteJson(a: FakeAthlete, detailed: boolean, scopes: string[]) {
    return {
      id: a.id,
      resource_state: detailed ? 3 : 2,
      firstname: a.firstname,
      lastname: a.lastname,
      ...(detailed && scopes.includes('profile:read_all')
        ? {
            bikes: a.bikes.map((b) => ({
              id: b.id,
              primary: b.primary,
              name: b.name,
              resource_state: 2,
              distance: 1_000_000,
            })),
          }
        : {}),
    };
  }

  // ---- OAuth -------------------------------------------------------------------------------------
  function authorizePage(url: URL, res: ServerResponse) {
    const p = url.searchParams;
    if (p.get('client_id') !== clientId)
      return send(res, 400, {
        message: 'Bad Request',
        errors: [{ resource: 'Application', field: 'client_id', code: 'invalid' }],
      });
    const athlete = signedIn === undefined ? undefined : athletes.get(signedIn);
    const scopes = (p.get('scope') ?? 'read').split(',');
    const hidden = ['redirect_uri', 'state', 'client_id']
      .map((k) => `<input type="hidden" name="${k}" value="${escapeHtml(p.get(k) ?? '')}">`)
      .join('');
    const boxes = scopes
      .map(
        (s) =>
          `<label><input type="checkbox" name="scope" value="${escapeHtml(s)}" checked> ${escapeHtml(s)}</label><br>`,
      )
      .join('');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html><head><title>Authorize on Fake Strava</title></head><body>
<h1>Fake Strava</h1><p>Signed in as ${escapeHtml(athlete ? `${athlete.firstname} ${athlete.lastname}` : 'nobody')}</p>
<form method="post" action="/oauth/authorize">${hidden}${boxes}
<button type="submit" name="decision" value="approve">Authorize</button>
<button type="submit" name="decision" value="deny">Cancel</button></form></body></html>`);
  }

  async function authorizeDecision(req: IncomingMessage, res: ServerResponse) {
    const form = await readForm(req);
    const redirect = new URL(form.get('redirect_uri') ?? '');
    redirect.searchParams.set('state', form.get('state') ?? '');
    if (form.get('decision') !== 'approve' || signedIn === undefined) {
      redirect.searchParams.set('error', 'access_denied');
    } else {
      const scopes = form.getAll('scope');
      const code = randomBytes(12).toString('hex');
      codes.set(code, { athleteId: signedIn, scopes });
      redirect.searchParams.set('code', code);
      redirect.searchParams.set('scope', scopes.join(','));
    }
    res.writeHead(302, { location: redirect.toString() });
    res.end();
  }

  async function token(req: IncomingMessage, res: ServerResponse) {
    const form = await readForm(req);
    if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret)
      return send(res, 401, {
        message: 'Authorization Error',
        errors: [{ resource: 'Application', field: 'client_id', code: 'invalid' }],
      });
    const grant = form.get('grant_type');
    if (grant === 'authorization_code') {
      const code = codes.get(form.get('code') ?? '');
      if (!code)
        return send(res, 400, {
          message: 'Bad Request',
          errors: [{ resource: 'AuthorizationCode', field: 'code', code: 'invalid' }],
        });
      codes.delete(form.get('code') ?? '');
      const t = issue(code.athleteId, code.scopes);
      const athlete = athletes.get(code.athleteId)!;
      return send(res, 200, {
        token_type: 'Bearer',
        expires_at: t.expiresAtS,
        expires_in: lifetimeS,
        refresh_token: t.refresh,
        access_token: t.access,
        athlete: athleteJson(athlete, false, code.scopes),
      });
    }
    if (grant === 'refresh_token') {
      const refresh = form.get('refresh_token') ?? '';
      const known = refreshTokens.get(refresh);
      if (!known)
        return send(res, 400, {
          message: 'Bad Request',
          errors: [{ resource: 'RefreshToken', field: 'refresh_token', code: 'invalid' }],
        });
      // Strava hands out a new access token only when the current one expires within an hour.
      const current = [...accessTokens.entries()].find(
        ([, t]) => t.athleteId === known.athleteId && t.expiresAtS - nowS() > 3600,
      );
      if (current) {
        return send(res, 200, {
          token_type: 'Bearer',
          access_token: current[0],
          expires_at: current[1].expiresAtS,
          expires_in: current[1].expiresAtS - nowS(),
          refresh_token: refresh,
        });
      }
      refreshTokens.delete(refresh);
      const t = issue(known.athleteId, known.scopes);
      return send(res, 200, {
        token_type: 'Bearer',
        access_token: t.access,
        expires_at: t.expiresAtS,
        expires_in: lifetimeS,
        refresh_token: t.refresh,
      });
    }
    return send(res, 400, {
      message: 'Bad Request',
      errors: [{ resource: 'Application', field: 'grant_type', code: 'invalid' }],
    });
  }

  async function deauthorize(req: IncomingMessage, res: ServerResponse) {
    const form = await readForm(req);
    const t = accessTokens.get(form.get('access_token') ?? '');
    if (!t || t.expiresAtS <= nowS()) return send(res, 401, unauthorizedBody);
    revoke(t.athleteId);
    return send(res, 200, { access_token: form.get('access_token') });
  }

  function revoke(athleteId: number) {
    for (const [k, t] of accessTokens) if (t.athleteId === athleteId) accessTokens.delete(k);
    for (const [k, t] of refreshTokens) if (t.athleteId === athleteId) refreshTokens.delete(k);
  }

  // ---- API ---------------------------------------------------------------------------------------
  function rateHeaders(): Record<string, string> {
    const q = Math.floor(nowS() / QUARTER_S);
    const d = Math.floor(nowS() / DAY_S);
    return {
      'x-ratelimit-limit': `${limits.overall[0]},${limits.overall[1]}`,
      'x-ratelimit-usage': `${usage.get(`o:q${q}`) ?? 0},${usage.get(`o:d${d}`) ?? 0}`,
      'x-readratelimit-limit': `${limits.read[0]},${limits.read[1]}`,
      'x-readratelimit-usage': `${usage.get(`r:q${q}`) ?? 0},${usage.get(`r:d${d}`) ?? 0}`,
    };
  }

  async function api(req: IncomingMessage, res: ServerResponse, url: URL): Promise<number> {
    const path = url.pathname.slice('/api/v3'.length);
    if (path.startsWith('/push_subscriptions')) return pushSubscriptions(req, res, url, path);
    // Every request counts, a refused one too (Strava: "requests violating the short term limit will
    // still count toward the long term limit").
    const q = Math.floor(nowS() / QUARTER_S);
    const d = Math.floor(nowS() / DAY_S);
    const o15 = count(`o:q${q}`);
    const oDay = count(`o:d${d}`);
    const r15 = req.method === 'GET' ? count(`r:q${q}`) : 0;
    const rDay = req.method === 'GET' ? count(`r:d${d}`) : 0;
    const headers = rateHeaders();
    if (
      o15 > limits.overall[0] ||
      oDay > limits.overall[1] ||
      r15 > limits.read[0] ||
      rDay > limits.read[1]
    ) {
      send(
        res,
        429,
        {
          message: 'Rate Limit Exceeded',
          errors: [{ resource: 'Application', field: 'rate limit', code: 'exceeded' }],
        },
        headers,
      );
      return 429;
    }
    const refusal = refusals.find((f) => f.left > 0 && f.path.test(path));
    if (refusal) {
      refusal.left--;
      const retry: Record<string, string> =
        refusal.retryAfterS === undefined ? {} : { 'retry-after': String(refusal.retryAfterS) };
      send(
        res,
        429,
        {
          message: 'Rate Limit Exceeded',
          errors: [{ resource: 'Application', field: 'rate limit', code: 'exceeded' }],
        },
        { ...headers, ...retry },
      );
      return 429;
    }
    const failure = failures.find((f) => f.left > 0 && f.path.test(path));
    if (failure) {
      failure.left--;
      send(res, failure.status, { message: 'Error', errors: [] }, headers);
      return failure.status;
    }
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const t = accessTokens.get(bearer);
    if (!t || t.expiresAtS <= nowS()) {
      send(res, 401, unauthorizedBody, headers);
      return 401;
    }
    const athlete = athletes.get(t.athleteId)!;
    const notFound = () => {
      send(
        res,
        404,
        { message: 'Record Not Found', errors: [{ resource: 'Activity', field: 'id', code: 'invalid' }] },
        headers,
      );
      return 404;
    };
    const ok = (body: unknown) => {
      send(res, 200, body, headers);
      return 200;
    };
    const canRead = t.scopes.includes('activity:read') || t.scopes.includes('activity:read_all');
    if (path === '/athlete') return ok(athleteJson(athlete, true, t.scopes));
    if (path === '/athlete/activities') {
      if (!canRead) {
        send(res, 401, unauthorizedBody, headers);
        return 401;
      }
      const after = Number(url.searchParams.get('after') ?? 0);
      const before = Number(url.searchParams.get('before') ?? Number.MAX_SAFE_INTEGER);
      const perPage = Math.min(200, Number(url.searchParams.get('per_page') ?? 30));
      const page = Math.max(1, Number(url.searchParams.get('page') ?? 1));
      const list = [...activities.values()]
        .filter((a) => a.owner === athlete.id)
        .map((a) => a.activity)
        .filter((a) => {
          const s = Date.parse(a.start_date) / 1000;
          return s > after && s < before;
        })
        .sort((a, b) => Date.parse(b.start_date) - Date.parse(a.start_date));
      return ok(list.slice((page - 1) * perPage, page * perPage).map(summaryJson));
    }
    const streams = /^\/activities\/(\d+)\/streams$/.exec(path);
    if (streams) {
      const found = activities.get(Number(streams[1]));
      if (!found || found.owner !== athlete.id || !canRead) return notFound();
      const keys = (url.searchParams.get('keys') ?? '').split(',');
      if (brokenStreams.has(found.activity.id))
        return ok({ time: { data: [0, 1, 2] }, watts: { data: 'abc' } });
      const all = streamsOf(found.activity);
      if (url.searchParams.get('key_by_type') !== 'true')
        return ok(Object.entries(all).map(([type, s]) => ({ type, ...s })));
      const set: Record<string, unknown> = {};
      for (const [key, stream] of Object.entries(all))
        if (key === 'time' || keys.includes(key)) set[key] = stream;
      return ok(set);
    }
    const one = /^\/activities\/(\d+)$/.exec(path);
    if (one) {
      const found = activities.get(Number(one[1]));
      if (!found || found.owner !== athlete.id || !canRead) return notFound();
      // DetailedActivity: segment_efforts holds every effort with include_all_efforts=true, else the
      // notable ones (https://developers.strava.com/docs/reference/#api-Activities-getActivityById).
      const all = url.searchParams.get('include_all_efforts') === 'true';
      const efforts = (found.activity.segments ?? [])
        .filter((r) => all || r.notable)
        .map((r) => segmentEffortJson(found.activity, r));
      return ok({ ...summaryJson(found.activity), resource_state: 3, segment_efforts: efforts });
    }
    const gear = /^\/gear\/(.+)$/.exec(path);
    if (gear) {
      const bike = athlete.bikes.find((b) => b.id === decodeURIComponent(gear[1]!));
      if (!bike) return notFound();
      return ok({ ...bike, resource_state: 3, distance: 1_000_000, description: null });
    }
    return notFound();
  }

  async function pushSubscriptions(req: IncomingMessage, res: ServerResponse, url: URL, path: string) {
    const form = req.method === 'GET' || req.method === 'DELETE' ? url.searchParams : await readForm(req);
    if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret) {
      send(res, 401, unauthorizedBody);
      return 401;
    }
    if (req.method === 'GET') {
      send(
        res,
        200,
        subscriptions.map((s) => ({ id: s.id, callback_url: s.callback_url, resource_state: 2 })),
      );
      return 200;
    }
    if (req.method === 'DELETE') {
      const id = Number(path.split('/')[2]);
      const i = subscriptions.findIndex((s) => s.id === id);
      if (i >= 0) subscriptions.splice(i, 1);
      res.writeHead(i >= 0 ? 204 : 404);
      res.end();
      return i >= 0 ? 204 : 404;
    }
    // Creating: Strava validates the callback with a GET handshake before answering.
    const callback = form.get('callback_url') ?? '';
    const verifyToken = form.get('verify_token') ?? '';
    const challenge = randomBytes(8).toString('hex');
    const check = new URL(callback);
    check.searchParams.set('hub.mode', 'subscribe');
    check.searchParams.set('hub.challenge', challenge);
    check.searchParams.set('hub.verify_token', verifyToken);
    let answered: unknown;
    try {
      const r = await fetch(check, { signal: AbortSignal.timeout(2000) });
      answered = r.ok ? await r.json() : undefined;
    } catch {
      answered = undefined;
    }
    if ((answered as Record<string, string> | undefined)?.['hub.challenge'] !== challenge) {
      send(res, 400, {
        message: 'Bad Request',
        errors: [
          {
            resource: 'PushSubscription',
            field: 'callback url',
            code: 'GET to callback URL does not return 200',
          },
        ],
      });
      return 400;
    }
    if (subscriptions.length > 0) {
      send(res, 400, {
        message: 'Bad Request',
        errors: [{ resource: 'PushSubscription', field: 'callback url', code: 'already exists' }],
      });
      return 400;
    }
    const id = 100_000 + subscriptions.length + 1;
    subscriptions.push({ id, callback_url: callback, verify_token: verifyToken });
    send(res, 201, { id });
    return 201;
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake-strava');
    const done = (status: number) =>
      requests.push({ method: req.method ?? 'GET', path: url.pathname, status });
    const drop = drops.find((d) => d.left > 0 && d.path.test(url.pathname));
    if (drop) {
      drop.left--;
      done(0);
      req.socket.destroy();
      return;
    }
    const fault = stormFault(req, url.pathname);
    if (fault) stormLog.push({ fault, method: req.method ?? 'GET', path: url.pathname });
    if (fault === 'reset' || fault === 'hang') {
      done(0);
      // A hung request keeps its socket open until the client gives up (or the fake closes).
      if (fault === 'reset') req.socket.destroy();
      return;
    }
    if (fault === 'server_error') {
      send(res, 500, { message: 'Error', errors: [] }, rateHeaders());
      done(500);
      return;
    }
    if (fault === 'bad_gateway' || fault === 'unavailable') {
      const status = fault === 'bad_gateway' ? 502 : 503;
      const title = fault === 'bad_gateway' ? '502 Bad Gateway' : '503 Service Temporarily Unavailable';
      res.writeHead(status, { 'content-type': 'text/html' });
      res.end(
        `<html><head><title>${title}</title></head><body><center><h1>${title}</h1></center></body></html>`,
      );
      done(status);
      return;
    }
    if (fault === 'cut') {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': '4096' });
      res.write('[{"resource_state":2,"name":"Mor');
      setTimeout(() => req.socket.destroy(), 10);
      done(0);
      return;
    }
    if (fault === 'rate_limit') {
      const q = Math.floor(nowS() / QUARTER_S);
      const d = Math.floor(nowS() / DAY_S);
      for (const key of [`o:q${q}`, `o:d${d}`, `r:q${q}`, `r:d${d}`]) count(key);
      send(
        res,
        429,
        {
          message: 'Rate Limit Exceeded',
          errors: [{ resource: 'Application', field: 'rate limit', code: 'exceeded' }],
        },
        rateHeaders(),
      );
      done(429);
      return;
    }
    if (fault === 'quarter') {
      const q = Math.floor(nowS() / QUARTER_S);
      usage.set(`o:q${q}`, Math.max(usage.get(`o:q${q}`) ?? 0, limits.overall[0]));
      usage.set(`r:q${q}`, Math.max(usage.get(`r:q${q}`) ?? 0, limits.read[0]));
    }
    if (fault === 'expired' || fault === 'revoked') {
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
      const t = accessTokens.get(bearer);
      if (fault === 'expired') accessTokens.delete(bearer);
      else if (t) revoke(t.athleteId);
      send(res, 401, unauthorizedBody, rateHeaders());
      done(401);
      return;
    }
    const handle = async (): Promise<number> => {
      if (fault === 'slow') await new Promise((r) => setTimeout(r, storm?.options.slowMs ?? 150));
      if (url.pathname === '/oauth/authorize' && req.method === 'GET') {
        authorizePage(url, res);
        return res.statusCode;
      }
      if (url.pathname === '/oauth/authorize' && req.method === 'POST') {
        await authorizeDecision(req, res);
        return 302;
      }
      if (url.pathname === '/oauth/token' && req.method === 'POST') {
        await token(req, res);
        return res.statusCode;
      }
      if (url.pathname === '/oauth/deauthorize' && req.method === 'POST') {
        await deauthorize(req, res);
        return res.statusCode;
      }
      if (url.pathname.startsWith('/api/v3/')) return api(req, res, url);
      if (options.testControl && url.pathname === '/__fake/health') {
        send(res, 200, { ok: true });
        return 200;
      }
      if (options.testControl && url.pathname === '/__fake/storm' && req.method === 'POST') {
        // Browser tests: {"seed", "probability", "weights"} starts a storm; {} calms it.
        const chunks: Buffer[] = [];
        for await (const chunk of req) chunks.push(chunk as Buffer);
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Partial<StormOptions>;
        if (body.probability === undefined) storm = undefined;
        else
          storm = {
            options: { seed: body.seed ?? 1, probability: body.probability, weights: body.weights },
            random: seededRandom(body.seed ?? 1),
          };
        send(res, 200, { storm: storm !== undefined });
        return 200;
      }
      if (options.testControl && url.pathname === '/__fake/athlete' && req.method === 'POST') {
        const id = Number((await readForm(req)).get('id'));
        seedAthlete(id);
        send(res, 201, { id });
        return 201;
      }
      send(res, 404, { message: 'Record Not Found', errors: [] });
      return 404;
    };
    handle()
      .then(done)
      .catch((error: unknown) => {
        send(res, 500, { message: String(error) });
        done(500);
      });
  });
  /** A rider's usual Strava account: bikes, rides of the last weeks, a run and a swim. */
  function seedAthlete(id: number) {
    athletes.set(id, {
      id,
      firstname: 'Rita',
      lastname: 'Vega',
      bikes: [
        {
          id: `b${id}1`,
          name: 'Emonda',
          primary: true,
          brand_name: 'Trek',
          model_name: 'Emonda SL6',
          frame_type: 3,
        },
        {
          id: `b${id}2`,
          name: 'Checkpoint',
          primary: false,
          brand_name: 'Trek',
          model_name: 'Checkpoint',
          frame_type: 2,
        },
      ],
    });
    const day = 86_400_000;
    const kinds: Array<[string, string, boolean]> = [
      ['Tempo by the river', 'Ride', true],
      ['Zwift intervals', 'VirtualRide', true],
      ['Gravel loop', 'GravelRide', false],
      ['Morning run', 'Run', false],
      ['Pool', 'Swim', false],
      ['Long ride', 'Ride', true],
    ];
    kinds.forEach(([name, sport, power], i) => {
      const start = new Date(nowS() * 1000 - (i * 3 + 1) * day);
      start.setUTCHours(8, 0, 0, 0);
      const activityId = id * 100 + i;
      activities.set(activityId, {
        owner: id,
        activity: {
          id: activityId,
          name,
          sport_type: sport,
          start_date: start.toISOString().replace('.000', ''),
          elapsed_time: 1200 + i * 300,
          moving_time: 1200 + i * 300,
          distance: sport === 'Swim' ? 1500 : (1200 + i * 300) * 8,
          total_elevation_gain: 150,
          average_speed: sport === 'Swim' ? 1.2 : 8,
          max_speed: 14,
          has_heartrate: sport !== 'Swim',
          device_watts: power,
          ...(power ? { average_watts: 210 + i * 5 } : {}),
          gear_id: sport === 'GravelRide' ? `b${id}2` : sport.endsWith('Ride') ? `b${id}1` : null,
        },
      });
    });
    signedIn = id;
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    oauthUrl: `${url}/oauth`,
    apiUrl: `${url}/api/v3`,
    clientId,
    clientSecret,
    requests,
    subscriptions,
    addAthlete(athlete) {
      const full: FakeAthlete = {
        firstname: 'Fake',
        lastname: `Athlete ${athlete.id}`,
        bikes: [],
        ...athlete,
      };
      athletes.set(full.id, full);
      return full;
    },
    signInAs(athleteId) {
      signedIn = athleteId;
    },
    addActivity(athleteId, activity) {
      const elapsed = activity.elapsed_time ?? 1800;
      const speed = activity.average_speed ?? 8;
      const full: FakeActivity = {
        name: `Activity ${activity.id}`,
        sport_type: 'Ride',
        elapsed_time: elapsed,
        moving_time: elapsed,
        distance: Math.round(elapsed * speed),
        total_elevation_gain: 120,
        average_speed: speed,
        max_speed: speed * 1.7,
        has_heartrate: true,
        ...activity,
      };
      activities.set(full.id, { owner: athleteId, activity: full });
      return full;
    },
    removeActivity(id) {
      activities.delete(id);
    },
    activity: (id) => activities.get(id)?.activity,
    failNext(path, status, times = 1) {
      failures.push({ path, status, left: times });
    },
    breakStreams(activityId) {
      brokenStreams.add(activityId);
    },
    dropNext(path, times = 1) {
      drops.push({ path, left: times });
    },
    revoke,
    liveTokens: (athleteId) =>
      [...accessTokens.values()].filter((t) => t.athleteId === athleteId && t.expiresAtS > nowS()).length,
    setLimits(next) {
      limits = next;
    },
    exhaustWindow() {
      const q = Math.floor(nowS() / QUARTER_S);
      usage.set(`o:q${q}`, Math.max(usage.get(`o:q${q}`) ?? 0, limits.overall[0]));
      usage.set(`r:q${q}`, Math.max(usage.get(`r:q${q}`) ?? 0, limits.read[0]));
    },
    exhaustDay() {
      const d = Math.floor(nowS() / DAY_S);
      usage.set(`o:d${d}`, Math.max(usage.get(`o:d${d}`) ?? 0, limits.overall[1]));
      usage.set(`r:d${d}`, Math.max(usage.get(`r:d${d}`) ?? 0, limits.read[1]));
    },
    refuseNext(path, options = {}) {
      refusals.push({ path, retryAfterS: options.retryAfterS, left: options.times ?? 1 });
    },
    advance(seconds) {
      clockS += Math.ceil(seconds);
    },
    nowS,
    storm(options) {
      storm = { options, random: seededRandom(options.seed) };
    },
    calm() {
      storm = undefined;
    },
    stormLog,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const unauthorizedBody = {
  message: 'Authorization Error',
  errors: [{ resource: 'Athlete', field: 'access_token', code: 'invalid' }],
};

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** SummaryActivity as GET /athlete/activities lists it (`type` is the deprecated twin of sport_type). */
function summaryJson(a: FakeActivity) {
  const { segments: _segments, streams: _streams, ...fields } = a;
  // Where the GPS track starts, as Strava gives it ([] without one).
  const latlng = streamsOf(a).latlng?.data as [number, number][] | undefined;
  const start = a.sport_type === 'Swim' || !latlng?.length ? [] : latlng[0];
  return {
    resource_state: 2,
    type: a.sport_type,
    ...fields,
    start_latlng: start,
    athlete: { id: 0, resource_state: 1 },
  };
}

/**
 * A DetailedSegmentEffort of the activity, measured on its streams between the two indices: the
 * segment's ends are the positions there, its distance and gradient the distance and altitude
 * covered; the effort's time, watts (a power meter's only) and heart rate those of the samples.
 */
function segmentEffortJson(a: FakeActivity, r: FakeSegmentRide) {
  const streams = streamsOf(a);
  const data = (key: string) => streams[key]?.data as number[] | undefined;
  const time = data('time')!;
  const distance = data('distance')!;
  const altitude = data('altitude');
  const latlng = streams.latlng?.data as [number, number][];
  const mean = (values: number[] | undefined) => {
    if (!values) return undefined;
    const slice = values.slice(r.startIndex, r.endIndex + 1);
    return Math.round((slice.reduce((x, v) => x + v, 0) / slice.length) * 10) / 10;
  };
  const lengthM = distance[r.endIndex]! - distance[r.startIndex]!;
  const rise = altitude ? altitude[r.endIndex]! - altitude[r.startIndex]! : 0;
  const elapsed = time[r.endIndex]! - time[r.startIndex]!;
  const start = new Date(Date.parse(a.start_date) + time[r.startIndex]! * 1000);
  return {
    id: a.id * 1000 + r.segmentId,
    resource_state: 2,
    name: r.name,
    activity: { id: a.id, resource_state: 1 },
    elapsed_time: elapsed,
    moving_time: elapsed,
    start_date: start.toISOString().replace('.000', ''),
    start_date_local: start.toISOString().replace('.000', ''),
    distance: Math.round(lengthM * 10) / 10,
    start_index: r.startIndex,
    end_index: r.endIndex,
    ...(a.device_watts === true ? { average_watts: mean(data('watts')), device_watts: true } : {}),
    ...(data('heartrate') ? { average_heartrate: mean(data('heartrate')) } : {}),
    hidden: false,
    segment: {
      id: r.segmentId,
      resource_state: 2,
      name: r.name,
      activity_type: 'Ride',
      distance: Math.round(lengthM * 10) / 10,
      average_grade: Math.round((rise / lengthM) * 1000) / 10,
      start_latlng: latlng[r.startIndex],
      end_latlng: latlng[r.endIndex],
      climb_category: 0,
      private: false,
      hazardous: false,
      starred: false,
    },
  };
}

/**
 * Streams of a steady ride, deterministic from the activity id: 1 s samples over the elapsed time,
 * watts only when a power meter recorded them, heart rate when the activity has it.
 */
function streamsOf(a: FakeActivity): Record<string, { data: unknown[] }> {
  if (a.streams) {
    const n = a.streams.time?.length ?? 0;
    return Object.fromEntries(
      Object.entries(a.streams).map(([key, data]) => [
        key,
        { data, series_type: 'distance', original_size: n, resolution: 'high' },
      ]),
    );
  }
  const n = a.elapsed_time;
  const time = Array.from({ length: n }, (_, i) => i);
  const seed = a.id % 97;
  const speed = time.map((t) => a.average_speed + Math.sin((t + seed) / 60));
  const distance: number[] = [];
  let d = 0;
  for (const v of speed) {
    d += v;
    distance.push(d);
  }
  const stream = <T>(data: T[]) => ({ data, series_type: 'distance', original_size: n, resolution: 'high' });
  const streams: Record<string, ReturnType<typeof stream>> = {
    time: stream(time),
    distance: stream(distance.map((x) => Math.round(x * 10) / 10)),
    velocity_smooth: stream(speed.map((x) => Math.round(x * 100) / 100)),
    altitude: stream(time.map((t) => Math.round((100 + 20 * Math.sin(t / 300)) * 10) / 10)),
    latlng: stream(time.map((t) => [40.4 + t * 0.00005, -3.7 + t * 0.00005])),
    cadence: stream(time.map((t) => 85 + ((t + seed) % 10))),
    temp: stream(time.map(() => 21)),
    moving: stream(time.map(() => true)),
  };
  if (a.has_heartrate)
    streams.heartrate = stream(time.map((t) => Math.round(135 + 15 * Math.sin((t + seed) / 120))));
  if (a.device_watts ?? a.average_watts !== undefined)
    streams.watts = stream(
      time.map((t) => Math.round((a.average_watts ?? 200) + 60 * Math.sin((t + seed) / 45))),
    );
  return streams;
}

/**
 * The rider's answer on the fake's consent page for Vatio's authorize URL, as its form posts it: the
 * client, redirect and state of that URL, and the scopes ticked (all it asked for, unless `scopes`).
 * Strava's answer is a redirect (not followed) to Vatio's callback.
 */
export function answerConsent(
  strava: FakeStrava,
  authorize: URL,
  decision = 'approve',
  scopes: readonly string[] = authorize.searchParams.get('scope')!.split(','),
): Promise<Response> {
  const form = new URLSearchParams({
    decision,
    client_id: authorize.searchParams.get('client_id')!,
    redirect_uri: authorize.searchParams.get('redirect_uri')!,
    state: authorize.searchParams.get('state')!,
  });
  for (const scope of scopes) form.append('scope', scope);
  return fetch(`${strava.oauthUrl}/authorize`, { method: 'POST', body: form, redirect: 'manual' });
}

/**
 * Connects a rider as a browser would: Vatio's authorize URL → the fake's consent page → approve →
 * Vatio's callback, with the state cookie /connect set. Returns where the callback sent the rider
 * (`?strava=connected` on success).
 */
export async function connectThroughFakeStrava(
  app: { inject: FastifyInstance['inject'] },
  strava: FakeStrava,
  athleteId: number,
  headers: Record<string, string>,
): Promise<URL> {
  const started = await app.inject({
    method: 'POST',
    url: '/api/strava/connect',
    headers,
    payload: { return_to: '/sync' },
  });
  const cookie = String(started.headers['set-cookie']).split(';')[0]!;
  const authorize = new URL((started.json() as { authorize_url: string }).authorize_url);
  strava.signInAs(athleteId);
  const approved = await answerConsent(strava, authorize);
  const callback = new URL(approved.headers.get('location')!);
  const back = await app.inject({
    method: 'GET',
    url: callback.pathname + callback.search,
    headers: { cookie },
  });
  return new URL(String(back.headers.location), 'http://vatio.test');
}

/**
 * `connectThroughFakeStrava` for a server in another process (`base`, its PUBLIC_URL): the athlete
 * is created and signed in on the fake, and the rider connected. Returns where the callback sent them.
 */
export async function connectOverHttp(
  base: string,
  strava: FakeStrava,
  athleteId: number,
  headers: Record<string, string>,
): Promise<URL> {
  strava.addAthlete({ id: athleteId, firstname: 'Ana', lastname: 'Pedal', bikes: [] });
  strava.signInAs(athleteId);
  const started = await fetch(`${base}/api/strava/connect`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ return_to: '/sync' }),
  });
  const cookie = (started.headers.get('set-cookie') ?? '').split(';')[0]!;
  const authorize = new URL(((await started.json()) as { authorize_url: string }).authorize_url);
  const approved = await answerConsent(strava, authorize);
  const back = await fetch(approved.headers.get('location')!, { redirect: 'manual', headers: { cookie } });
  return new URL(back.headers.get('location')!, base);
}
