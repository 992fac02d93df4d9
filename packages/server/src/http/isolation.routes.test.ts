// Issue 16: every route of the OpenAPI document, walked for who may use it. (a) Without a valid
// token every route is a 401, except the public ones listed below with their reason, so a route is
// public only on purpose. (b) Rider B, signed in, names rider A's real ids (every path parameter,
// every id in a body or query) with every method: 404 everywhere (never 200, 204 or 403), no answer
// of B's holds one of A's ids, and afterwards A's rows and files are what they were. The walk reads
// GET /api/openapi.json, and fails when a route's id has no fixture (test/api-walk.ts seedRider)
// or an id-looking field no mapping here, so a new id-bearing route cannot skip the walk.
// Runs on PGlite, and on PostgreSQL when DATABASE_URL is set (test/test-database.ts).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  apiOperations,
  collectionOf,
  type FixtureIds,
  fillPath,
  JSON_BODIES,
  type Method,
  type Operation,
  pathParams,
  seedRider,
} from '../test/api-walk.ts';
import { createHarness, type Harness, type SignedIn } from '../test/harness.ts';

/** Routes anyone may call, each with why. Every other route needs a token. */
const PUBLIC_ROUTES: Record<string, string> = {
  'POST /api/auth/otp': 'asks for a sign-in code: the caller has no token yet',
  'POST /api/auth/verify': 'trades the code for the first tokens',
  'POST /api/auth/refresh':
    'trades a refresh token (body or cookie) for new tokens; the access token has expired',
  'GET /api/strava/callback':
    "Strava's OAuth redirect, a browser navigation; the signed state names the rider",
  'GET /api/strava/webhook': "Strava's subscription handshake (hub.verify_token)",
  'POST /api/strava/webhook': 'Strava posts events without a token; only connected athletes are acted on',
  'GET /api/health': 'load balancers and uptime checks',
  'GET /api/health/live': 'orchestrator liveness probe',
  'GET /api/health/ready': 'orchestrator readiness probe',
  'GET /api/client-config': 'the map tile server, needed before sign-in',
  'GET /api/openapi.json': 'the API description',
  'GET /api/docs': 'the API reference page',
  'GET /api/public/analytics/advanced': 'the built-in example rider (public /analytics)',
  'GET /api/public/analytics/segments': 'the built-in example rider',
  'GET /api/public/analytics/segments/{id}': 'the built-in example rider',
  'GET /api/public/analytics/segments/{id}/compare': 'the built-in example rider',
  'GET /api/public/analytics/performance': 'the built-in example rider',
  'GET /api/public/analytics/training-load': 'the built-in example rider',
  'GET /api/public/analytics/predictive': 'the built-in example rider',
  'GET /api/public/analytics/comparative': 'the built-in example rider',
  'GET /api/public/analytics/compare': 'the built-in example rider',
  'GET /api/public/analytics/evolution': 'the built-in example rider',
  'GET /api/plan/calendar.ics':
    'calendar apps fetch the feed without a token header: the private token in the query names the rider',
};

/**
 * Ids in bodies and queries: the collection each names. A field whose name ends in `id`/`ids`, or
 * whose schema is a UUID, must be listed here or in EXTERNAL_IDS (the walk fails otherwise).
 */
const BODY_ID_COLLECTIONS: Record<string, string> = {
  bike_id: 'bikes',
  component_id: 'components',
  position_id: 'positions',
  aero_activity_id: 'activities',
  ids: 'activities',
  course_activity_id: 'activities',
  workout_id: 'workouts',
};
const QUERY_ID_COLLECTIONS: Record<string, string> = {
  'GET /api/fitting/positions ?bike_id': 'bikes',
  'GET /api/analytics/segments/{id}/compare ?a': 'efforts',
  'GET /api/analytics/segments/{id}/compare ?b': 'efforts',
  'GET /api/public/analytics/segments/{id}/compare ?a': 'efforts',
  'GET /api/public/analytics/segments/{id}/compare ?b': 'efforts',
  'GET /api/analytics/compare ?a': 'activities',
  'GET /api/analytics/compare ?b': 'activities',
  'GET /api/public/analytics/compare ?a': 'activities',
  'GET /api/public/analytics/compare ?b': 'activities',
};
/** Ids that are not Vatio rows (nothing of A's to borrow), with why. */
const EXTERNAL_IDS: Record<string, string> = {
  strava_ids: "Strava's activity ids, looked up in the rider's own Strava list",
  object_id: "Strava's ids in a webhook event",
  owner_id: "Strava's athlete id in a webhook event",
  subscription_id: "Strava's push subscription id",
  library_workout_id: "a session of Vatio's built-in workout library, the same for every rider",
};

let h: Harness;
let a: SignedIn;
let b: SignedIn;
let idsA: FixtureIds;
let idsB: FixtureIds;
let operations: Operation[];

beforeAll(async () => {
  h = await createHarness({}, { workers: false });
  a = await h.signIn({ email: 'rider-a@example.org' });
  b = await h.signIn({ email: 'rider-b@example.org' });
  idsA = await seedRider(h, a, { climbs: true, seed: 801 });
  idsB = await seedRider(h, b, { climbs: true, seed: 811 });
  operations = await apiOperations(h.app);
}, 240_000);
afterAll(async () => h?.close());

type Injected = Awaited<ReturnType<Harness['app']['inject']>>;

const send = (who: SignedIn | null, method: Method, url: string, payload?: unknown, headers = {}) =>
  h.app.inject({
    method,
    url,
    headers: { ...(who ? who.headers : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** The fixture id of `ids` for a path parameter; a route whose id has none fails the walk. */
function idFor(ids: FixtureIds, op: { path: string; key: string }, param: string): string {
  const collection = collectionOf(op.path, param);
  const id = ids[collection];
  if (!id) throw new Error(`${op.key}: no fixture id for {${param}} (${collection}); add one in seedRider`);
  return id;
}

/** Valid query values (B's own) for the required parameters. */
function ownQuery(op: Operation, ids: FixtureIds): string {
  const search = new URLSearchParams();
  for (const p of op.op.parameters ?? []) {
    if (p.in !== 'query' || !p.required) continue;
    const collection = QUERY_ID_COLLECTIONS[`${op.key} ?${p.name}`];
    search.append(
      p.name,
      collection ? (p.name === 'b' ? ids[`${collection}:second`]! : ids[collection]!) : 'x',
    );
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Every one of A's ids, to find them in B's answers. */
const idsOfA = () => Object.values(idsA);

function leaks(response: Injected): string[] {
  if (response.statusCode >= 300) return [];
  return idsOfA().filter((id) => response.body.includes(id));
}

/** A's rows and files: every table but the sign-in ones (B's requests touch B's own session) and write versions. */
async function snapshot(): Promise<string> {
  const tables = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE'
    order by table_name`.execute(h.database.db);
  // write_versions: every committed write moves its writer's version there (db/write-epoch.ts).
  const skip = new Set(['sessions', 'refresh_tokens', 'otp_codes', 'otp_verify_failures', 'write_versions']);
  const parts: string[] = [];
  for (const { table_name } of tables.rows) {
    if (skip.has(table_name) || table_name.startsWith('kysely_')) continue;
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table_name)}`.execute(
      h.database.db,
    );
    const lines = rows.rows.map((row) => JSON.stringify(row)).sort();
    parts.push(`${table_name}: ${lines.length}\n${lines.join('\n')}`);
  }
  const blobs = join(h.dataDir, 'blobs');
  const files = existsSync(blobs)
    ? readdirSync(blobs, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => join(e.parentPath, e.name))
        .sort()
        .map((file) => `${file} ${readFileSync(file).length}`)
    : [];
  return `${parts.join('\n')}\nblobs:\n${files.join('\n')}`;
}

describe('without a token', () => {
  test('every route but the listed public ones is a 401; the list matches the document', async () => {
    const keys = new Set(operations.map((op) => op.key));
    expect(
      Object.keys(PUBLIC_ROUTES).filter((key) => !keys.has(key)),
      'stale PUBLIC_ROUTES entries',
    ).toEqual([]);
    const documentedPublic = operations.filter((op) => !op.op.security).map((op) => op.key);
    expect(documentedPublic.sort()).toEqual(Object.keys(PUBLIC_ROUTES).sort());

    const BAD_TOKENS: (Record<string, string> | undefined)[] = [
      undefined,
      { authorization: 'Bearer not-a-token' },
      { authorization: `Bearer ${a.access_token.slice(0, -4)}AAAA` },
      { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` },
      { authorization: a.access_token },
      { authorization: `Bearer vatio_${'x'.repeat(40)}` },
      { authorization: `Bearer ${'x'.repeat(8000)}` },
    ];
    const failures: string[] = [];
    let sent = 0;
    for (const op of operations) {
      if (PUBLIC_ROUTES[op.key]) continue;
      const url = fillPath(op.path, (param) => idFor(idsA, op, param)) + ownQuery(op, idsA);
      const example = JSON_BODIES[op.key];
      const payload = example ? example({ ids: idsA }) : undefined;
      for (const headers of BAD_TOKENS) {
        const response = await send(null, op.method, url, payload, headers);
        sent++;
        if (response.statusCode !== 401 || response.json().error?.code !== 'UNAUTHORIZED')
          failures.push(
            `${op.key} ${JSON.stringify(headers)} → ${response.statusCode} ${response.body.slice(0, 120)}`,
          );
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(500);
    // Nothing was done on A's behalf: A still signs in and has everything.
    expect((await send(a, 'GET', `/api/bikes/${idsA.bikes}`)).statusCode).toBe(200);
  });
});

describe("another rider's ids", () => {
  let before: string;
  beforeAll(async () => {
    // The public routes create the example rider on first need (its profile, bike, settings): made
    // here, before the snapshot, so the snapshot compares A's and B's rows only.
    expect((await send(null, 'GET', '/api/public/analytics/segments')).statusCode).toBe(503);
    before = await snapshot();
  });

  test('every id of every path, with every method: 404 to rider B', async () => {
    const failures: string[] = [];
    const METHODS: Method[] = ['GET', 'PUT', 'PATCH', 'DELETE', 'POST'];
    const paths = [
      ...new Set(operations.filter((op) => pathParams(op.path).length > 0).map((op) => op.path)),
    ];
    let sent = 0;
    for (const path of paths) {
      const params = pathParams(path);
      // Every id A's; then, on nested paths, one id A's and the rest B's own (the part of B's bike
      // must not be reachable through B's bike either).
      const mixes: Record<string, FixtureIds>[] = [Object.fromEntries(params.map((p) => [p, idsA]))];
      if (params.length > 1)
        for (const foreign of params)
          mixes.push(Object.fromEntries(params.map((p) => [p, p === foreign ? idsA : idsB])));
      for (const method of METHODS) {
        const op = operations.find((o) => o.path === path && o.method === method);
        const key = `${method} ${path}`;
        const example = JSON_BODIES[key];
        const payload = example ? example({ ids: idsB }) : undefined;
        const query = op ? ownQuery(op, idsB) : '';
        for (const mix of mixes) {
          const url = fillPath(path, (param) => idFor(mix[param]!, { path, key }, param)) + query;
          const response = await send(b, method, url, payload);
          sent++;
          const preparing =
            path.startsWith('/api/public/') &&
            response.statusCode === 503 &&
            response.json().error.code === 'EXAMPLE_PREPARING';
          if ((response.statusCode !== 404 && !preparing) || leaks(response).length > 0)
            failures.push(`${key} ${url} → ${response.statusCode} ${response.body.slice(0, 160)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(150);
  });

  test("A's ids in B's own bodies and queries: refused (400 naming the field, or 404), nothing moved", async () => {
    const failures: string[] = [];
    const unmapped: string[] = [];
    type Schema = {
      properties?: Record<string, Schema>;
      anyOf?: Schema[];
      items?: Schema;
      format?: string;
      description?: string;
    };
    const isUuid = (s: Schema): boolean =>
      s.format === 'uuid' || (s.items ? isUuid(s.items) : false) || (s.anyOf ?? []).some(isUuid);
    let sent = 0;
    for (const op of operations) {
      const own = fillPath(op.path, (param) => idFor(idsB, op, param));
      const media = op.op.requestBody?.content['application/json'];
      const properties = (media?.schema as Schema | undefined)?.properties ?? {};
      for (const [name, schema] of Object.entries(properties)) {
        if (!(isUuid(schema) || /(^|_)ids?$/.test(name))) continue;
        if (EXTERNAL_IDS[name]) continue;
        const collection = BODY_ID_COLLECTIONS[name];
        if (!collection) {
          unmapped.push(`${op.key} body ${name}`);
          continue;
        }
        const valid = JSON_BODIES[op.key]!({ ids: idsB }) as Record<string, unknown>;
        const foreign = Array.isArray(valid[name]) ? [idsA[collection]] : idsA[collection];
        const response = await send(b, op.method, own + ownQuery(op, idsB), { ...valid, [name]: foreign });
        sent++;
        const named = response.statusCode === 400 && response.json().error.fields?.[name] !== undefined;
        if (!(named || response.statusCode === 404) || leaks(response).length > 0)
          failures.push(`${op.key} ${name}=A's → ${response.statusCode} ${response.body.slice(0, 160)}`);
      }
      for (const p of op.op.parameters ?? []) {
        if (p.in !== 'query') continue;
        const isIdLike = /(^|_)ids?$/.test(p.name) || /\bid\b|UUID/i.test(p.description ?? '');
        if (!isIdLike) continue;
        const collection = QUERY_ID_COLLECTIONS[`${op.key} ?${p.name}`];
        if (!collection) {
          unmapped.push(`${op.key} ?${p.name}`);
          continue;
        }
        const query = new URLSearchParams(ownQuery(op, idsB).slice(1));
        query.set(p.name, idsA[collection]!);
        const response = await send(b, op.method, `${own}?${query}`);
        sent++;
        const preparing = op.path.startsWith('/api/public/') && response.statusCode === 503;
        // A filter (a bike's positions) may answer 200 with nothing in it; never A's rows.
        const empty = response.statusCode === 200 && /^\[\]$|"(?:positions|items)":\[\]/.test(response.body);
        if (!(response.statusCode === 404 || preparing || empty) || leaks(response).length > 0)
          failures.push(`${op.key} ?${p.name}=A's → ${response.statusCode} ${response.body.slice(0, 160)}`);
      }
    }
    expect(unmapped, 'map these in BODY_ID_COLLECTIONS / QUERY_ID_COLLECTIONS or EXTERNAL_IDS').toEqual([]);
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(10);
  });

  test("afterwards A's rows and files are unchanged, and A still reads every one", async () => {
    expect(await snapshot()).toBe(before);
    for (const op of operations) {
      if (op.method !== 'GET' || pathParams(op.path).length === 0 || op.path.startsWith('/api/public/'))
        continue;
      const url = fillPath(op.path, (param) => idFor(idsA, op, param)) + ownQuery(op, idsA);
      expect((await send(a, 'GET', url)).statusCode, url).toBe(200);
    }
  });

  // After the snapshot comparison: a key's use is recorded on B's key (last_used_at).
  test("B's read-only API key reads none of A's ids either", async () => {
    const failures: string[] = [];
    const key = { authorization: `Bearer ${idsB['api-keys:secret']}` };
    for (const op of operations) {
      if (op.method !== 'GET' || pathParams(op.path).length === 0 || PUBLIC_ROUTES[op.key]) continue;
      const url = fillPath(op.path, (param) => idFor(idsA, op, param)) + ownQuery(op, idsB);
      const response = await send(null, 'GET', url, undefined, key);
      if (response.statusCode !== 404 || leaks(response).length > 0)
        failures.push(`${op.key} → ${response.statusCode} ${response.body.slice(0, 160)}`);
    }
    expect(failures).toEqual([]);
    // The key works: B's own bike.
    expect((await send(null, 'GET', `/api/bikes/${idsB.bikes}`, undefined, key)).statusCode).toBe(200);
  });
});
