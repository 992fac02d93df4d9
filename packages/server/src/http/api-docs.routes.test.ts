import {
  bikeResponseSchema,
  meResponseSchema,
  profileResponseSchema,
  settingsResponseSchema,
} from '@vatio/schemas';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHarness, type Harness, type SignedIn } from '../test/harness.ts';
import { API_CONTRACTS } from '../api-contracts.ts';
import { contractKey, registeredRoutes, routesWithoutContract } from './contract.ts';
import type { OpenApiDocument } from './openapi.ts';

let h: Harness;
let rider: SignedIn;
beforeAll(async () => {
  h = await createHarness();
  await h.app.ready();
  rider = await h.signIn({ email: 'openapi@example.org' });
});
afterAll(async () => h?.close());

const JSON_SCHEMA_KEYS = ['type', 'anyOf', 'oneOf', 'allOf', '$ref', 'enum', 'const'];
const isJsonSchema = (schema: unknown) =>
  typeof schema === 'object' &&
  schema !== null &&
  !('$schema' in schema) &&
  JSON_SCHEMA_KEYS.some((key) => key in (schema as object));

describe('route contracts', () => {
  test('every /api route the app registers has a contract', () => {
    const routes = registeredRoutes(h.app);
    expect(routes.filter((r) => r.url.startsWith('/api/')).length).toBeGreaterThan(50);
    expect(routesWithoutContract(routes, API_CONTRACTS)).toEqual([]);
  });

  test('a route without a contract is found', () => {
    const routes = [...registeredRoutes(h.app), { method: 'GET', url: '/api/undeclared' }];
    expect(routesWithoutContract(routes, API_CONTRACTS)).toEqual([{ method: 'GET', url: '/api/undeclared' }]);
  });

  test('every route that answers JSON declares its response schema (the response check reads it)', () => {
    const undescribed = API_CONTRACTS.filter(
      (c) =>
        c.response.status !== 204 && c.response.contentType === undefined && c.response.schema === undefined,
    ).map((c) => contractKey(c.method, c.path));
    expect(undescribed).toEqual([]);
  });

  test('every contract names a registered route, once', () => {
    const registered = new Set(registeredRoutes(h.app).map((r) => contractKey(r.method, r.url)));
    const keys = API_CONTRACTS.map((c) => contractKey(c.method, c.path));
    expect(keys.filter((key) => !registered.has(key))).toEqual([]);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('GET /api/openapi.json', () => {
  let doc: OpenApiDocument;
  beforeAll(async () => {
    const response = await h.app.inject('/api/openapi.json');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    doc = response.json();
  });

  test('is public OpenAPI 3.1 with a bearer security scheme', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('0.1.0');
    expect(doc.components.securitySchemes.bearer).toEqual({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
    });
    expect(isJsonSchema(doc.components.schemas.Error)).toBe(true);
  });

  test('lists every contract as an operation, paths in OpenAPI syntax with their path parameters', () => {
    const operations = Object.values(doc.paths).flatMap((methods) => Object.keys(methods));
    expect(operations.length).toBe(API_CONTRACTS.length);
    expect(doc.paths['/api/bikes/{id}']).toHaveProperty('put');
    const ids = new Set<string>();
    for (const [path, methods] of Object.entries(doc.paths)) {
      expect(path).toMatch(/^\/api\//);
      expect(path).not.toContain(':');
      expect(Object.keys(methods).length).toBeGreaterThan(0);
      const inPath = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      for (const [method, op] of Object.entries(methods)) {
        expect(['get', 'post', 'put', 'patch', 'delete']).toContain(method);
        expect(op.summary.length).toBeGreaterThan(0);
        expect(ids.has(op.operationId)).toBe(false);
        ids.add(op.operationId);
        const declared = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
        expect(declared.sort()).toEqual([...inPath].sort());
        for (const p of op.parameters ?? []) expect(isJsonSchema(p.schema), `${path} ${p.name}`).toBe(true);
        for (const media of Object.values(op.requestBody?.content ?? {}))
          expect(isJsonSchema(media.schema), `${method} ${path} body`).toBe(true);
        for (const response of Object.values(op.responses))
          for (const media of Object.values(response.content ?? {}))
            expect(isJsonSchema(media.schema), `${method} ${path} response`).toBe(true);
        expect(Object.keys(op.responses).some((status) => /^[1-5]\d\d$/.test(status))).toBe(true);
      }
    }
  });

  test('marks signed-in routes with the bearer scheme and leaves public ones open', () => {
    expect(doc.paths['/api/bikes']!.get!.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/auth/otp']!.post!.security).toBeUndefined();
    expect(doc.paths['/api/openapi.json']!.get!.security).toBeUndefined();
  });

  test('describes request bodies from the zod schemas the routes parse with', () => {
    const body = doc.paths['/api/bikes']!.post!.requestBody!.content['application/json']!.schema;
    expect(body).toMatchObject({ type: 'object', required: ['name', 'type'], additionalProperties: false });
    expect((body.properties as Record<string, unknown>).type).toMatchObject({
      enum: ['road', 'tt', 'gravel', 'mountain'],
    });
    const list = doc.paths['/api/activities']!.get!.parameters!;
    expect(list.find((p) => p.name === 'order')).toMatchObject({
      in: 'query',
      required: false,
      schema: { enum: ['asc', 'desc'] },
    });
    expect(doc.paths['/api/activities/upload']!.post!.requestBody!.content).toHaveProperty(
      'multipart/form-data',
    );
  });
});

describe('presenters answer the response schemas', () => {
  test('me, profile, settings and bikes', async () => {
    const headers = rider.headers;
    const profile = await h.app.inject({
      method: 'POST',
      url: '/api/profile',
      headers,
      payload: { first_name: 'Ana', last_name: 'Ruiz', cycling_experience: 'advanced', weight_kg: 61.2 },
    });
    expect(profile.statusCode).toBe(201);
    profileResponseSchema.strict().parse(profile.json());
    const bike = await h.app.inject({
      method: 'POST',
      url: '/api/bikes',
      headers,
      payload: { name: 'Aethos', type: 'road', weight_kg: 6.9 },
    });
    bikeResponseSchema.strict().parse(bike.json());
    settingsResponseSchema.strict().parse((await h.app.inject({ url: '/api/settings', headers })).json());
    const me = (await h.app.inject({ url: '/api/me', headers })).json();
    meResponseSchema.parse(me);
  });
});

describe('GET /api/docs', () => {
  test('a readable reference of every operation, public, with no script', async () => {
    const response = await h.app.inject('/api/docs');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    const html = response.body;
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/https?:\/\//);
    for (const c of API_CONTRACTS) expect(html).toContain(c.path.replace(/:([a-z_]+)/gi, '{$1}'));
    expect(html).toContain('href="/api/openapi.json"');
  });
});

describe('queries parsed with the contract schemas', () => {
  const get = (url: string) => h.app.inject({ url, headers: rider.headers });

  test('a bad value is a 400 naming the parameter', async () => {
    for (const [url, field] of [
      ['/api/activities?limit=0', 'limit'],
      ['/api/activities?offset=x', 'offset'],
      ['/api/activities?order=up', 'order'],
      ['/api/activities?start_date=2026-13-45', 'start_date'],
      ['/api/activities/search?q=x&limit=101', 'limit'],
      ['/api/dashboard/recent-activities?limit=51', 'limit'],
      ['/api/dashboard/power-curve?range=2d', 'range'],
      ['/api/dashboard/summary?period=2y', 'period'],
    ] as const) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error, url).toMatchObject({
        code: 'VALIDATION',
        fields: { [field]: 'invalid' },
      });
      expect(response.json().error.message, url).toMatch(new RegExp(`^${field}: `));
    }
  });

  test('an empty value is absent: the default applies', async () => {
    const list = await get('/api/activities?limit=&offset=&sort=&order=');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ limit: 50, offset: 0 });
    const curve = await get('/api/dashboard/power-curve?range=');
    expect(curve.json()).toMatchObject({ range: '90d' });
    expect((await get('/api/dashboard/summary?period=&tz=Europe/Madrid')).statusCode).toBe(200);
  });
});
