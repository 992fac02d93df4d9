import Fastify from 'fastify';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { AppError } from '../errors.ts';
import { defineContracts, idParams } from './contract.ts';
import { contractRoutes } from './route.ts';

// Issue 27: the contract is what the route parses. The errors are validate.ts's, as the hand-written
// parseBody/parseId/parseQuery calls gave them: a 404 for a malformed id, a 400 naming the field.
const contracts = defineContracts([
  {
    method: 'POST',
    path: '/api/things/:id',
    summary: 'test',
    tags: ['test'],
    auth: false,
    params: idParams,
    query: z.object({ limit: z.coerce.number().int().min(1).max(5).optional() }),
    body: z.strictObject({ name: z.string().min(1, 'required') }),
    response: { status: 200 },
  },
]);

async function app() {
  const server = Fastify();
  server.setErrorHandler((error: Error, _request, reply) => {
    if (!(error instanceof AppError)) return reply.code(500).send({ message: error.message });
    return reply
      .code(error.status)
      .send({ error: { code: error.code, message: error.message, ...error.details } });
  });
  contractRoutes(
    server,
    contracts,
    {},
  )('POST /api/things/:id', async ({ params, query, body }) => ({
    id: params.id,
    limit: query.limit ?? null,
    name: body.name,
  }));
  await server.ready();
  return server;
}

const ID = '6F9619FF-8B86-D011-B42D-00CF4FC964FF';

describe('contractRoutes', () => {
  test('the handler gets the parsed input: the id lower-cased, the query coerced, the body checked', async () => {
    const server = await app();
    const response = await server.inject({
      method: 'POST',
      url: `/api/things/${ID}?limit=3`,
      payload: { name: 'x' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: ID.toLowerCase(), limit: 3, name: 'x' });
  });

  test('a malformed id is a 404, before the query and body are read', async () => {
    const server = await app();
    const response = await server.inject({ method: 'POST', url: '/api/things/nope?limit=99', payload: {} });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });

  test('a bad query is a 400 naming the parameter', async () => {
    const server = await app();
    const response = await server.inject({
      method: 'POST',
      url: `/api/things/${ID}?limit=99`,
      payload: { name: 'x' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION', fields: { limit: 'invalid' } });
  });

  test('a bad or missing body is a 400 whose fields name each field by its message key', async () => {
    const server = await app();
    const missing = await server.inject({ method: 'POST', url: `/api/things/${ID}` });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatchObject({ code: 'VALIDATION', fields: { name: 'invalid' } });
    const extra = await server.inject({
      method: 'POST',
      url: `/api/things/${ID}`,
      payload: { name: '', other: 1 },
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error.fields).toMatchObject({ other: 'invalid' });
  });
});
