// Issue 16: every route of the OpenAPI document, fed what a careless or hostile client sends: wrong
// types, missing and unknown fields, huge strings, malformed ids, invalid JSON, the wrong content
// type, oversize bodies. Every answer is a 4xx, never a 5xx; a 400 carries the stable code and, per
// field, a message key the web app translates (namespace `validation`). The walk reads
// GET /api/openapi.json, so a new route is walked the day it gets its contract; its valid body comes
// from test/api-walk.ts (JSON_BODIES), and the walk fails until one is written there.
// Runs on PGlite, and on PostgreSQL when DATABASE_URL is set (test/test-database.ts).
import { VALIDATION_MESSAGES } from '@vatio/schemas';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { z } from 'zod';
import {
  apiOperations,
  type FixtureIds,
  fillPath,
  JSON_BODIES,
  type Method,
  type Operation,
  pathParams,
  collectionOf,
  seedRider,
} from '../test/api-walk.ts';
import { createHarness, type Harness, type SignedIn } from '../test/harness.ts';
import { multipartBody } from '../test/upload.ts';
import { API_CONTRACTS } from '../api-contracts.ts';
import { contractKey } from './contract.ts';
import { openApiPath } from './openapi.ts';

let h: Harness;
let rider: SignedIn;
let ids: FixtureIds;
let operations: Operation[];

beforeAll(async () => {
  h = await createHarness({}, { workers: false });
  rider = await h.signIn({ email: 'malformed@example.org' });
  ids = await seedRider(h, rider, { climbs: true, seed: 701 });
  operations = await apiOperations(h.app);
}, 240_000);
afterAll(async () => h?.close());

type JsonSchema = {
  type?: string | string[];
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  enum?: unknown[];
  const?: unknown;
  items?: JsonSchema;
};

/**
 * Routes that must survive the destructive or session-ending answer a walk could provoke: they are
 * walked last, by a rider of their own (see the last describe).
 */
const SESSION_ENDING = new Set(['DELETE /api/account', 'POST /api/auth/logout', 'POST /api/auth/logout-all']);

/**
 * Body schemas that take unknown keys on purpose (the walk skips its unknown-field case for them).
 * Strava adds fields to its webhook events without notice; refusing them would lose events.
 */
const OPEN_BODIES: Record<string, string> = {
  'POST /api/strava/webhook': 'Strava may add fields to its events; the known ones are checked',
};

/** Rows per table (sign-in tables and write versions aside: each request's token is checked against its session). */
async function rowCounts(): Promise<Record<string, number>> {
  const tables = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like 'kysely%'
      and table_name not in ('sessions', 'refresh_tokens', 'otp_codes', 'otp_verify_failures', 'otp_known_addresses', 'write_versions')`.execute(
    h.database.db,
  );
  const counts: Record<string, number> = {};
  for (const { table_name } of tables.rows)
    counts[table_name] = (
      await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table_name)}`.execute(h.database.db)
    ).rows[0]!.n;
  return counts;
}

const zodBodyOf = (op: Operation): z.ZodType | undefined => {
  const contract = API_CONTRACTS.find((c) => contractKey(c.method, openApiPath(c.path)) === op.key);
  return contract?.body === 'multipart' ? undefined : contract?.body;
};

const UUID_UNKNOWN = '0b7a4c1e-93a5-4d8e-8f43-5c0f2b6e9d11';
const BIG = 100 * 1024;
const HUGE = 1024 * 1024 + 16;

interface Case {
  what: string;
  method: Method;
  url: string;
  headers?: Record<string, string>;
  payload?: string | Buffer | object;
  /** The statuses allowed; a 400 is also checked for its code and field messages. */
  expect: number[];
  /** A 400 must name this field (or a field under it). */
  field?: string;
  /** Any 4xx other than those in `expect` is also accepted when true (never a 5xx, never a 2xx/3xx). */
  anyClientError?: boolean;
  /**
   * A well-formed request to the public example rider: while it is being prepared (this harness
   * runs no workers), 503 EXAMPLE_PREPARING is its documented answer. Malformed ones never get it.
   */
  examplePreparing?: boolean;
}

interface Outcome {
  status: number;
  body: string;
  headers: Record<string, unknown>;
}

let sent = 0;

function checkAnswer(c: Case, r: Outcome): string | undefined {
  const label = `${c.what}: ${c.method} ${c.url.slice(0, 160)}`;
  const preparing = c.examplePreparing && r.status === 503 && r.body.includes('"EXAMPLE_PREPARING"');
  const allowed =
    c.expect.includes(r.status) || (c.anyClientError && r.status >= 400 && r.status < 500) || preparing;
  if (!allowed) return `${label} → ${r.status} (expected ${c.expect.join('/')}) ${r.body.slice(0, 200)}`;
  if (r.status < 400 || preparing) return undefined;
  let error: { code?: unknown; message?: unknown; fields?: Record<string, unknown> } | undefined;
  try {
    error = (JSON.parse(r.body) as { error?: typeof error }).error;
  } catch {
    return `${label} → ${r.status} without a JSON error: ${r.body.slice(0, 120)}`;
  }
  if (!error || typeof error.code !== 'string' || typeof error.message !== 'string' || !error.message)
    return `${label} → ${r.status} without a stable code and message: ${r.body.slice(0, 200)}`;
  if (r.status === 400) {
    const fields = error.fields ?? {};
    const entries = Object.entries(fields);
    if (entries.length === 0) return `${label} → 400 without field messages: ${r.body.slice(0, 200)}`;
    const unknownKeys = entries.filter(([, key]) => typeof key !== 'string' || !(key in VALIDATION_MESSAGES));
    if (unknownKeys.length > 0)
      return `${label} → 400 with untranslatable keys ${JSON.stringify(unknownKeys)}`;
    if (c.field && !entries.some(([name]) => name === c.field || name.startsWith(`${c.field}.`)))
      return `${label} → 400 naming ${Object.keys(fields).join(', ')}, not ${c.field}`;
  }
  return undefined;
}

/** Sends each case; returns the failures, one line each, so a run shows every broken route at once. */
async function run(cases: Case[], who: SignedIn | null = rider): Promise<string[]> {
  const failures: string[] = [];
  for (const c of cases) {
    const response = await h.app.inject({
      method: c.method,
      url: c.url,
      headers: { ...(who ? who.headers : {}), ...c.headers },
      ...(c.payload === undefined ? {} : { payload: c.payload }),
    });
    sent++;
    const failure = checkAnswer(c, {
      status: response.statusCode,
      body: response.body,
      headers: response.headers,
    });
    if (failure) failures.push(failure);
  }
  return failures;
}

/** The fixture id a path parameter takes when the walk is not breaking it. */
function realId(op: Operation, param: string): string {
  const collection = collectionOf(op.path, param);
  const id = ids[collection];
  if (!id) throw new Error(`${op.key}: no fixture id for {${param}} (${collection}); add one in seedRider`);
  return id;
}

const urlOf = (op: Operation, override: Record<string, string> = {}) =>
  fillPath(op.path, (param) => override[param] ?? realId(op, param));

/** Valid query values for required parameters, so only the one being broken is wrong. */
function validQuery(op: Operation): Record<string, string> {
  const query: Record<string, string> = {};
  for (const p of op.op.parameters ?? []) {
    if (p.in !== 'query' || !p.required) continue;
    if (op.path.includes('/segments/'))
      query[p.name] = p.name === 'a' ? ids.efforts! : ids['efforts:second']!;
    else if (op.path.endsWith('/compare'))
      query[p.name] = p.name === 'a' ? ids.activities! : ids['activities:second']!;
    else if (p.name === 'hub.mode') query[p.name] = 'subscribe';
    else query[p.name] = 'x';
  }
  return query;
}

const qs = (query: Record<string, string | string[]>) => {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) for (const one of [v].flat()) search.append(k, one);
  const text = search.toString();
  return text ? `?${text}` : '';
};

/** A JSON value of a type the schema does not accept (two per field, so both kinds of mistake show). */
function wrongValues(schema: JsonSchema): unknown[] {
  const types = new Set<string>();
  const collect = (s: JsonSchema) => {
    if (s.anyOf) for (const branch of s.anyOf) collect(branch);
    for (const t of [s.type ?? []].flat()) types.add(t);
    if (s.enum || s.const !== undefined) types.add('enum');
  };
  collect(schema);
  if (types.size === 0) return [];
  const candidates: [string, unknown][] = [
    ['object', { nested: true }],
    ['string', 'wrong'],
    ['number', 12345],
    ['boolean', true],
    ['array', ['x']],
  ];
  const accepts = (kind: string) =>
    types.has(kind) ||
    (kind === 'number' && types.has('integer')) ||
    (kind === 'string' && types.has('enum') && !types.has('string'));
  return candidates
    .filter(([kind]) => !accepts(kind))
    .slice(0, 2)
    .map(([, value]) => value);
}

/** The body schema's branch the example follows (bodies with `anyOf`: e-mail or phone). */
function objectSchemaOf(schema: JsonSchema, example: Record<string, unknown>): JsonSchema {
  if (!schema.anyOf) return schema;
  return (
    schema.anyOf.find((branch) => (branch.required ?? []).every((name) => name in example)) ??
    schema.anyOf[0]!
  );
}

const isStringField = (schema: JsonSchema): boolean =>
  schema.type === 'string' || (schema.anyOf ?? []).some((b) => b.type === 'string' && !b.enum);

describe('the walk', () => {
  test('covers the document, with a valid body for every JSON body', () => {
    expect(operations.length).toBe(API_CONTRACTS.length);
    const missing = operations
      .filter((op) => op.op.requestBody?.content['application/json'] && !JSON_BODIES[op.key])
      .map((op) => op.key);
    expect(missing, 'add a valid body for these to JSON_BODIES in test/api-walk.ts').toEqual([]);
    const invalid = operations.flatMap((op) => {
      const example = JSON_BODIES[op.key];
      const schema = zodBodyOf(op);
      if (!example || !schema) return [];
      const result = schema.safeParse(example({ ids }));
      return result.success ? [] : [`${op.key}: ${JSON.stringify(result.error.issues.slice(0, 2))}`];
    });
    expect(invalid).toEqual([]);
  });
});

describe('malformed ids in the path', () => {
  const MALFORMED = [
    'abc',
    '12345',
    '-1',
    '0',
    '9'.repeat(40),
    'x'.repeat(10_000),
    '\u0000',
    'a\u0000b',
    '../../api/me',
    '..',
    "' or 1=1 --",
    '🚲',
    `${UUID_UNKNOWN.slice(0, -1)}g`,
    `${UUID_UNKNOWN} `,
    '{id}',
  ];

  test('each is a 404, as an unknown id of the right shape is; never a 5xx', async () => {
    const cases: Case[] = [];
    for (const op of operations) {
      const params = pathParams(op.path);
      if (params.length === 0 || SESSION_ENDING.has(op.key)) continue;
      const example = JSON_BODIES[op.key];
      const payload = example ? (example({ ids }) as object) : undefined;
      const query = qs(validQuery(op));
      for (const param of params) {
        for (const value of [UUID_UNKNOWN, ...MALFORMED]) {
          cases.push({
            what: `{${param}} = ${JSON.stringify(value.slice(0, 20))}`,
            method: op.method,
            url: urlOf(op, { [param]: value }) + query,
            ...(payload ? { payload } : {}),
            expect: [404],
            // `..` is resolved by the URL itself (…/segments/../compare is …/compare): another
            // route answers, with whatever client error it has for the rest of the request.
            ...(value === '..' ? { anyClientError: true } : {}),
            examplePreparing:
              op.path.startsWith('/api/public/') && (value === UUID_UNKNOWN || value === '..'),
          });
        }
      }
    }
    // Escapes that do not decode: the router refuses the path before any route sees it.
    for (const op of operations) {
      const [param] = pathParams(op.path);
      if (!param || SESSION_ENDING.has(op.key)) continue;
      for (const raw of ['%zz', '%', '%E0%A4%A']) {
        const url = urlOf(op).replace(encodeURIComponent(realId(op, param)), raw);
        cases.push({ what: `{${param}} = ${raw} (raw)`, method: op.method, url, expect: [400, 404] });
      }
    }
    expect(await run(cases)).toEqual([]);
    expect(cases.length).toBeGreaterThan(300);
  });
});

describe('query parameters', () => {
  test('wrong types, repeated, out-of-range and huge values are a 400 naming the parameter', async () => {
    const cases: Case[] = [];
    for (const op of operations) {
      const params = (op.op.parameters ?? []).filter((p) => p.in === 'query');
      if (params.length === 0) continue;
      const base = validQuery(op);
      const url = urlOf(op);
      const isCallback = op.key === 'GET /api/strava/callback';
      // The webhook handshake answers Strava's protocol: a 403 to anything but Strava's own question.
      const isWebhook = op.key === 'GET /api/strava/webhook';
      for (const p of params) {
        const schema = p.schema as JsonSchema;
        // An id in the query that is not a UUID names no row: a 404, as in a path (the ride and
        // effort comparisons, a bike's positions).
        const isId = /\bid\b|UUID/i.test(p.description ?? '');
        const values: string[][] = [['first', 'second'], ['x'.repeat(10_000)]];
        if (schema.type === 'integer' || schema.type === 'number')
          values.push(['abc'], ['1.5'], ['-1'], ['1e999'], ['99999999999999999999']);
        if (schema.enum) values.push(['not-one-of-them']);
        if ((schema as { pattern?: string }).pattern) values.push(['2024-13-45']);
        for (const value of values) {
          cases.push({
            what: `?${p.name}=${JSON.stringify(value.map((v) => v.slice(0, 20)))}`,
            method: op.method,
            url: url + qs({ ...base, [p.name]: value.length === 1 ? value[0]! : value }),
            // The OAuth callback is a browser navigation: whatever comes back, it redirects to the
            // app with an outcome (spec 001 Strava), never a page of JSON.
            expect: isCallback ? [302] : isId ? [400, 404] : [400],
            ...(isCallback ? {} : { field: p.name }),
            ...(isWebhook ? { expect: [400, 403] } : {}),
          });
        }
        if (p.required) {
          const { [p.name]: _dropped, ...rest } = base;
          cases.push({
            what: `without ?${p.name}`,
            method: op.method,
            url: url + qs(rest),
            expect: [400],
            field: p.name,
            ...(isWebhook ? { expect: [400, 403] } : {}),
          });
        }
      }
    }
    expect(await run(cases)).toEqual([]);
    expect(cases.length).toBeGreaterThan(100);
  });
});

describe('JSON bodies', () => {
  test('a wrong type, a missing or unknown field, a huge string: 400 naming the field, nothing stored', async () => {
    const cases: Case[] = [];
    for (const op of operations) {
      const example = JSON_BODIES[op.key];
      const media = op.op.requestBody?.content['application/json'];
      if (!example || !media || SESSION_ENDING.has(op.key)) continue;
      const valid = example({ ids }) as Record<string, unknown>;
      const schema = objectSchemaOf(media.schema as JsonSchema, valid);
      const url = urlOf(op) + qs(validQuery(op));
      const properties = schema.properties ?? {};
      const push = (what: string, payload: unknown, field?: string) =>
        cases.push({
          what,
          method: op.method,
          url,
          payload: JSON.stringify(payload),
          headers: { 'content-type': 'application/json' },
          expect: [400],
          ...(field ? { field } : {}),
        });
      for (const [name, property] of Object.entries(properties)) {
        for (const wrong of wrongValues(property))
          push(`${name} = ${JSON.stringify(wrong)}`, { ...valid, [name]: wrong }, name);
        if (isStringField(property)) push(`${name} of 100 KB`, { ...valid, [name]: 'x'.repeat(BIG) }, name);
      }
      // A union body (e-mail or phone) without its contact is named by the branch it came closest to.
      const union = Boolean((media.schema as JsonSchema).anyOf);
      for (const name of schema.required ?? []) {
        const { [name]: _dropped, ...rest } = valid;
        push(`without ${name}`, rest, union ? undefined : name);
      }
      if (!OPEN_BODIES[op.key]) push('an unknown field', { ...valid, not_a_field: 1 }, 'not_a_field');
      for (const notAnObject of [[], 'text', 42, null])
        push(`a body of ${JSON.stringify(notAnObject)}`, notAnObject);
    }
    const before = await rowCounts();
    expect(await run(cases)).toEqual([]);
    expect(await rowCounts()).toEqual(before);
    expect(cases.length).toBeGreaterThan(400);
  });

  test('invalid JSON, prototype keys, deep nesting, the wrong content type and 1 MB bodies, on every route', async () => {
    const cases: Case[] = [];
    const deep = `${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`;
    for (const op of operations) {
      if (SESSION_ENDING.has(op.key)) continue;
      const url = urlOf(op) + qs(validQuery(op));
      const takesJson = Boolean(op.op.requestBody?.content['application/json']);
      const takesMultipart = Boolean(op.op.requestBody?.content['multipart/form-data']);
      // GET, and routes without a body, ignore one as HTTP allows; what they must not do is fail.
      const json = { 'content-type': 'application/json' };
      const bodyCase = (
        what: string,
        headers: Record<string, string>,
        payload: string | Buffer,
        expected: number[],
      ) =>
        cases.push({
          what,
          method: op.method,
          url,
          headers,
          payload,
          expect: expected,
          ...(takesJson || takesMultipart ? {} : { anyClientError: true }),
        });
      if (op.method === 'GET') continue;
      const noBodyOk = [200, 201, 202, 204, 409];
      const ifBody = (statuses: number[]) => (takesJson ? statuses : [...statuses, ...noBodyOk]);
      bodyCase('invalid JSON', json, '{"name": "x",', ifBody([400]));
      bodyCase('a __proto__ key', json, '{"__proto__": {"admin": true}}', ifBody([400]));
      bodyCase('50,000 levels of nesting', json, deep, ifBody([400]));
      bodyCase('text/plain', { 'content-type': 'text/plain' }, 'hello', ifBody([415]));
      bodyCase('a form', { 'content-type': 'application/x-www-form-urlencoded' }, 'a=1&b=2', ifBody([415]));
      bodyCase('1 MB of JSON', json, JSON.stringify({ name: 'x'.repeat(HUGE) }), [413]);
    }
    expect(await run(cases)).toEqual([]);
  });
});

describe('multipart uploads', () => {
  test('JSON, no file, no boundary, cut short, a wrong file type: 4xx with a field message', async () => {
    const cases: Case[] = [];
    for (const op of operations.filter((o) => o.op.requestBody?.content['multipart/form-data'])) {
      const url = urlOf(op);
      const fieldOnly = Buffer.from(
        '--b\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--b--\r\n',
      );
      const withBoundary = { 'content-type': 'multipart/form-data; boundary=b' };
      const variants: [string, Record<string, string>, string | Buffer, number[]][] = [
        ['a JSON body', { 'content-type': 'application/json' }, '{"file":"x"}', [400, 415]],
        ['no body', {}, '', [400, 415]],
        ['no boundary', { 'content-type': 'multipart/form-data' }, '--b\r\n\r\nabc\r\n--b--\r\n', [400]],
        ['garbage', withBoundary, 'garbage', [400]],
        [
          'cut short',
          withBoundary,
          '--b\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG',
          [400],
        ],
        ['a field and no file', withBoundary, fieldOnly, [400]],
      ];
      for (const [what, headers, payload, expected] of variants)
        cases.push({ what, method: op.method, url, headers, payload, expect: expected });
    }
    const notAPhoto = multipartBody([{ name: 'side.png', bytes: new TextEncoder().encode('not an image') }]);
    cases.push({
      what: 'a text file as a photo',
      method: 'POST',
      url: '/api/fitting/photos',
      headers: notAPhoto.headers,
      payload: notAPhoto.payload,
      expect: [400],
      field: 'file',
    });
    expect(await run(cases)).toEqual([]);
  });
});

describe('routes that end the session', () => {
  test('a malformed logout or account deletion fails and leaves the account signed in', async () => {
    const own = await h.signIn({ email: 'malformed-last@example.org' });
    const cases: Case[] = [];
    for (const key of SESSION_ENDING) {
      const [method, path] = key.split(' ') as [Method, string];
      const takesJson = Boolean(JSON_BODIES[key]);
      cases.push(
        {
          what: 'invalid JSON',
          method,
          url: path,
          headers: { 'content-type': 'application/json' },
          payload: '{"x":',
          expect: [400],
        },
        {
          what: 'text/plain',
          method,
          url: path,
          headers: { 'content-type': 'text/plain' },
          payload: 'hello',
          expect: [415],
        },
        {
          what: '1 MB',
          method,
          url: path,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ x: 'x'.repeat(HUGE) }),
          expect: [413],
        },
      );
      if (takesJson)
        cases.push({
          what: 'an unknown field',
          method,
          url: path,
          payload: { not_a_field: 1 },
          expect: [400],
          field: 'not_a_field',
        });
    }
    expect(await run(cases, own)).toEqual([]);
    expect((await h.app.inject({ url: '/api/me', headers: own.headers })).statusCode).toBe(200);
  });

  test(`requests sent: at least 1,500`, () => {
    expect(sent).toBeGreaterThan(1500);
  });
});
