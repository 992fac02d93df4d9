import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { RouteContract } from './contract.ts';
import { checkResponsesAgainstContracts, type ResponseMismatch } from './response-check.ts';
import { sendJsonText } from './json-once.ts';

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
  checkResponsesAgainstContracts(app, contracts, (m) => mismatches.push(m));
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
    expect(mismatches[0]?.issues[0]?.path).toEqual(['power_w']);
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
