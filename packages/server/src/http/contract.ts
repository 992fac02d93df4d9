import type { FastifyInstance } from 'fastify';
import { contractKey, isUuidParam, type RouteContract } from '@vatio/schemas/contracts';
import type { z } from 'zod';
import { AppError } from '../errors.ts';

// The contracts themselves live in @vatio/schemas (issue 27), shared with the web's generated client;
// what the server does with them (a malformed path id is a 404, collecting the registered routes)
// stays here.
export {
  contractKey,
  defineContracts,
  idParams,
  langQuery,
  type RouteContract,
  uuidParam,
} from '@vatio/schemas/contracts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A UUID path parameter (`uuidParam`): anything else names no row, so it is a 404; read lower-case. */
function checkUuid(value: string): string {
  if (!UUID.test(value)) throw new AppError('NOT_FOUND');
  return value.toLowerCase();
}

/** Path parameters with a form of their own: a value outside it names no row, so it is a 404. */
export function pathParamCheck(schema: z.ZodType): ((value: string) => string) | undefined {
  return isUuidParam(schema) ? checkUuid : undefined;
}

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
