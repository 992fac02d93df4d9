import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { VERSION } from '../version.ts';
import { apiDocsPage } from './api-docs-page.ts';
import type { RouteContract } from './contract.ts';
import { buildOpenApi } from './openapi.ts';

export const apiDocsContracts: RouteContract[] = [
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
];

/** GET /api/openapi.json and GET /api/docs, public, both built once from the route contracts. */
export function apiDocsRoutes(app: FastifyInstance, deps: { contracts: readonly RouteContract[] }) {
  const doc = buildOpenApi(deps.contracts, { version: VERSION });
  const json = JSON.stringify(doc);
  const html = apiDocsPage(doc);
  app.get('/api/openapi.json', async (_request, reply) =>
    reply.header('content-type', 'application/json; charset=utf-8').send(json),
  );
  app.get('/api/docs', async (_request, reply) =>
    reply.header('content-type', 'text/html; charset=utf-8').send(html),
  );
}
