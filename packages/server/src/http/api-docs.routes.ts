import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { VERSION } from '../version.ts';
import { apiDocsPage } from './api-docs-page.ts';
import { defineContracts, type RouteContract } from './contract.ts';
import { buildOpenApi } from './openapi.ts';
import { contractRoutes } from './route.ts';

export const apiDocsContracts = defineContracts([
  {
    method: 'GET',
    path: '/api/openapi.json',
    summary: 'This OpenAPI 3.1 document',
    tags: ['meta'],
    auth: false,
    response: { status: 200, schema: z.object({ openapi: z.string() }).loose() },
  },
  {
    method: 'GET',
    path: '/api/docs',
    summary: 'The API reference, readable',
    tags: ['meta'],
    auth: false,
    response: { status: 200, contentType: 'text/html', description: 'An HTML page' },
  },
]);

/**
 * GET /api/openapi.json and GET /api/docs, public, both built from the route contracts once, on the
 * first request for either: few visitors read them, so neither start-up nor every app a test builds
 * pays for the JSON Schema conversion and the page.
 */
export function apiDocsRoutes(app: FastifyInstance, deps: { contracts: readonly RouteContract[] }) {
  let built: { json: string; html: string } | undefined;
  const documents = () => {
    if (!built) {
      const doc = buildOpenApi(deps.contracts, { version: VERSION });
      built = { json: JSON.stringify(doc), html: apiDocsPage(doc) };
    }
    return built;
  };
  const on = contractRoutes(app, apiDocsContracts, {});
  on('GET /api/openapi.json', async (_input, _request, reply) =>
    reply.header('content-type', 'application/json; charset=utf-8').send(documents().json),
  );
  on('GET /api/docs', async (_input, _request, reply) =>
    reply.header('content-type', 'text/html; charset=utf-8').send(documents().html),
  );
}
