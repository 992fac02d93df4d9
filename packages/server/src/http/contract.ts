import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

/**
 * What one route accepts and answers: the single contract the OpenAPI document
 * (GET /api/openapi.json) is built from. Every route under /api declares one (app.test.ts fails
 * when one does not). Paths use Fastify's syntax (`/api/bikes/:id`).
 */
export interface RouteContract {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  summary: string;
  tags: string[];
  /** true: the route needs `Authorization: Bearer <access_token>`. */
  auth: boolean;
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** A JSON body (zod), or the multipart upload. */
  body?: z.ZodType | 'multipart';
  /** The main success answer; `schema` absent when it has no body (204) or is not yet described. */
  response: { status: number; description?: string; schema?: z.ZodType; contentType?: string };
}

export const contractKey = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

/** `:id` path parameters, as every `/:id` route takes them. */
export const idParams = z.object({ id: z.string().describe('UUID') });

/** `lang` (es, en) names unnamed rides; without it, the Accept-Language header, else English. */
export const langQuery = z.object({ lang: z.enum(['es', 'en']).optional() });

/** The routes a Fastify instance registers, collected as they are added (HEAD twins of GETs left out). */
export interface RegisteredRoute {
  method: string;
  url: string;
}

const registered = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/** Starts collecting the app's routes; call before any route is registered. */
export function collectRoutes(app: FastifyInstance): void {
  const routes: RegisteredRoute[] = [];
  registered.set(app, routes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) if (method !== 'HEAD') routes.push({ method, url: route.url });
  });
}

export function registeredRoutes(app: FastifyInstance): readonly RegisteredRoute[] {
  return registered.get(app) ?? [];
}

/** The /api routes without a contract; buildApp refuses to start with any. */
export function routesWithoutContract(
  routes: readonly RegisteredRoute[],
  contracts: readonly RouteContract[],
): RegisteredRoute[] {
  const keys = new Set(contracts.map((c) => contractKey(c.method, c.path)));
  return routes.filter((r) => r.url.startsWith('/api/') && !keys.has(contractKey(r.method, r.url)));
}
