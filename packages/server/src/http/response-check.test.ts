import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { RouteContract } from './contract.ts';
import { checkResponsesAgainstContracts, type ResponseMismatch, undeclaredKeys } from './response-check.ts';
import { sendJsonText } from './json-once.ts';
import { ConfigError, loadConfig } from '../config.ts';

const contract = (path: string, status = 200): RouteContract => ({
  method: 'GET',
  path,
  summary: 'test',
  tags: ['test'],
  auth: false,
  response: { status, schema: z.object({ power_w: z.number() }) },
});

async function appWith(routes: Record<string, () => unknown>, contracts: RouteContract[]) {
  const app = Fastify({ logger: false });
  const mismatches: ResponseMismatch[] = [];
  checkResponsesAgainstContracts(app, contracts, { mode: 'enforce' }, (m) => mismatches.push(m));
  for (const [path, answer] of Object.entries(routes))
    app.get(path, async (_req, reply) => reply.send(answer()));
  return { app, mismatches };
}

describe('responses checked against their contract', () => {
  it('lets an answer of the declared shape through unchanged', async () => {
    const { app, mismatches } = await appWith({ '/api/ok': () => ({ power_w: 250 }) }, [contract('/api/ok')]);
    const res = await app.inject({ method: 'GET', url: '/api/ok' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ power_w: 250 });
    expect(mismatches).toEqual([]);
  });

  it('turns an answer outside its schema into a 500 that names the route and the field', async () => {
    const { app, mismatches } = await appWith({ '/api/bad': () => ({ power_w: '250' }) }, [
      contract('/api/bad'),
    ]);
    const res = await app.inject({ method: 'GET', url: '/api/bad' });
    expect(res.statusCode).toBe(500);
    expect(res.json().error.code).toBe('RESPONSE_SCHEMA_MISMATCH');
    expect(res.json().error.message).toContain('GET /api/bad');
    expect(res.json().error.message).not.toContain('"power_w":"250"');
    expect(mismatches[0]?.issues[0]?.path).toEqual(['power_w']);
  });

  it('turns an answer with a key its schema does not declare into a 500 naming the key', async () => {
    const { app, mismatches } = await appWith({ '/api/extra': () => ({ power_w: 250, secret_w: 1 }) }, [
      contract('/api/extra'),
    ]);
    const res = await app.inject({ method: 'GET', url: '/api/extra' });
    expect(res.statusCode).toBe(500);
    expect(res.json().error.message).toContain('secret_w');
    expect(mismatches[0]?.issues.map((i) => i.message)).toEqual([
      'secret_w: a key the response schema does not declare',
    ]);
  });

  it('checks JSON sent as text too (cached answers)', async () => {
    const app = Fastify({ logger: false });
    checkResponsesAgainstContracts(app, [contract('/api/text')]);
    app.get('/api/text', async (_req, reply) => sendJsonText(reply, '{"power_w":null}'));
    expect((await app.inject({ method: 'GET', url: '/api/text' })).statusCode).toBe(500);
  });

  it('leaves answers of other statuses (errors) and routes without a schema alone', async () => {
    const { app } = await appWith({ '/api/other': () => ({ anything: true }) }, [
      contract('/api/other', 201),
    ]);
    expect((await app.inject({ method: 'GET', url: '/api/other' })).statusCode).toBe(200);
  });
});

describe('undeclared keys', () => {
  const schema = z.object({
    power_w: z.number(),
    laps: z.array(z.object({ np_w: z.number() }).nullable()),
    peak: z
      .union([z.object({ kind: z.literal('w') }), z.object({ kind: z.literal('wkg'), mass_kg: z.number() })])
      .optional(),
    zones: z.record(z.string(), z.object({ time_s: z.number() })),
    extra: z.looseObject({}).optional(),
  });

  it('names each by its path: in arrays, in the union branch that matched, in records; loose objects take any', () => {
    const answer = {
      power_w: 250,
      cadence_rpm: 90,
      laps: [null, { np_w: 240, if: 0.8 }, { np_w: 260, if: 0.9 }],
      peak: { kind: 'wkg', mass_kg: 70, note: 'x' },
      zones: { z1: { time_s: 10, pct: 1 } },
      extra: { anything: true },
    };
    expect(schema.safeParse(answer).success).toBe(true);
    expect(undeclaredKeys(schema, answer)).toEqual(['cadence_rpm', 'laps[].if', 'peak.note', 'zones{}.pct']);
  });

  it('finds none in an answer of exactly the declared keys', () => {
    expect(undeclaredKeys(schema, { power_w: 1, laps: [], zones: {} })).toEqual([]);
  });
});

describe('sampled in production: checked after sending, logged, the answer whole', () => {
  async function sampledApp(rate: number, draw: number) {
    const app = Fastify({ logger: false });
    const mismatches: ResponseMismatch[] = [];
    checkResponsesAgainstContracts(
      app,
      [contract('/api/bad')],
      { mode: 'sample', rate },
      (m) => mismatches.push(m),
      () => draw,
    );
    app.get('/api/bad', async () => ({ power_w: '250' }));
    return { app, mismatches };
  }

  it('sends the answer as the handler made it and reports the mismatch once it has left', async () => {
    const { app, mismatches } = await sampledApp(0.01, 0.005);
    const res = await app.inject({ method: 'GET', url: '/api/bad' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ power_w: '250' });
    expect(mismatches.map((m) => [m.route, m.issues[0]?.path])).toEqual([['GET /api/bad', ['power_w']]]);
  });

  it('checks only the drawn share', async () => {
    const { app, mismatches } = await sampledApp(0.01, 0.5);
    expect((await app.inject({ method: 'GET', url: '/api/bad' })).statusCode).toBe(200);
    expect(mismatches).toEqual([]);
  });

  it('off checks nothing', async () => {
    const app = Fastify({ logger: false });
    const mismatches: ResponseMismatch[] = [];
    checkResponsesAgainstContracts(app, [contract('/api/bad')], { mode: 'off' }, (m) => mismatches.push(m));
    app.get('/api/bad', async () => ({ power_w: '250' }));
    expect((await app.inject({ method: 'GET', url: '/api/bad' })).statusCode).toBe(200);
    expect(mismatches).toEqual([]);
  });
});

describe('VALIDATE_RESPONSES', () => {
  const read = (env: Record<string, string>) =>
    loadConfig({ SECRET_KEY: 'a'.repeat(64), SMTP_URL: 'smtp://localhost:25', ...env }).validateResponses;

  it('checks every answer under test and a hundredth after sending otherwise (npm start included)', () => {
    expect(read({ NODE_ENV: 'development' })).toEqual({ mode: 'sample', rate: 0.01 });
    expect(read({})).toEqual({ mode: 'sample', rate: 0.01 });
    expect(read({ NODE_ENV: 'test' })).toEqual({ mode: 'enforce' });
    expect(read({ NODE_ENV: 'production' })).toEqual({ mode: 'sample', rate: 0.01 });
  });

  it('reads all, off and a share, and refuses anything else', () => {
    expect(read({ NODE_ENV: 'production', VALIDATE_RESPONSES: 'all' })).toEqual({ mode: 'enforce' });
    expect(read({ VALIDATE_RESPONSES: 'off' })).toEqual({ mode: 'off' });
    expect(read({ VALIDATE_RESPONSES: '0.25' })).toEqual({ mode: 'sample', rate: 0.25 });
    for (const bad of ['0', '2', 'sometimes', '-0.1'])
      expect(() => read({ VALIDATE_RESPONSES: bad })).toThrow(ConfigError);
  });
});
