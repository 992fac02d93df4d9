import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../errors.ts';

/**
 * What one route accepts and answers: the single contract the OpenAPI document
 * (GET /api/openapi.json) is built from. Every route under /api declares one (app.test.ts fails
 * when one does not). Paths use Fastify's syntax (`/api/bikes/:id`).
 */
export interface RouteContract {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  summary: string;
  tags: readonly string[];
  /** true: the route needs `Authorization: Bearer <access_token>`. */
  auth: boolean;
  /** 'session': only a signed-in session may call it (API keys get 403); else any rider credential. */
  scope?: 'session';
  params?: z.ZodObject;
  query?: z.ZodObject;
  /**
   * The query is described, not enforced: the handler answers a bad one its own way (Strava's
   * callback always redirects, its handshake is a 403), as a caller outside the app expects.
   */
  queryReadByHandler?: true;
  /** A JSON body (zod), or the multipart upload. */
  body?: z.ZodType | 'multipart';
  /** The main success answer; `schema` absent when it has no body (204) or is not yet described. */
  response: { status: number; description?: string; schema?: z.ZodType; contentType?: string };
}

/**
 * A module's contracts, their types kept (each path and schema), so a route file registers each by
 * its key ('POST /api/bikes') and its handler's input is typed by the schemas.
 */
export function defineContracts<const T extends readonly RouteContract[]>(contracts: T): T {
  return contracts;
}

export const contractKey = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

/** Path parameters with a form of their own: a value outside it names no row, so it is a 404. */
const pathChecks = new WeakMap<z.ZodType, (value: string) => string>();

export function pathParamCheck(schema: z.ZodType): ((value: string) => string) | undefined {
  return pathChecks.get(schema);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A UUID in a path (a row's id): anything else is a 404, not a database error; read lower-case. */
export function uuidParam(description: string) {
  const schema = z.string().describe(description);
  pathChecks.set(schema, (value) => {
    if (!UUID.test(value)) throw new AppError('NOT_FOUND');
    return value.toLowerCase();
  });
  return schema;
}

/** `:id` path parameters, as every `/:id` route takes them. */
export const idParams = z.object({ id: uuidParam('UUID') });

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
