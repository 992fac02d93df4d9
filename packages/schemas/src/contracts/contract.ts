import { z } from 'zod';

// Issue 27, "the route is its contract": what each /api route accepts and answers, declared once here
// so the server (validation, GET /api/openapi.json) and the web (its generated client,
// packages/web/src/api/generated/) read the same declaration. Server-only concerns (how a bad path id
// becomes a 404, the auth hooks) stay in packages/server/src/http/.

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

/**
 * The route's name: its OpenAPI operationId, and the name of its function in the web's generated
 * client (`GET /api/bikes/:id` → getBikesById).
 */
export const operationId = (c: Pick<RouteContract, 'method' | 'path'>) =>
  c.method.toLowerCase() +
  c.path
    .replace(/^\/api/, '')
    .split(/[/.-]/)
    .filter(Boolean)
    .map((part) => (part.startsWith(':') ? `By${part.slice(1)}` : part))
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');

/** Path parameters holding a row's UUID: the server answers 404 for anything else (http/contract.ts). */
const uuidParams = new WeakSet<z.ZodType>();

/** Whether a path parameter's schema was made by `uuidParam`. */
export const isUuidParam = (schema: z.ZodType): boolean => uuidParams.has(schema);

/** A UUID in a path (a row's id): anything else names no row (a 404, not a database error). */
export function uuidParam(description: string) {
  const schema = z.string().describe(description);
  uuidParams.add(schema);
  return schema;
}

/** `:id` path parameters, as every `/:id` route takes them. */
export const idParams = z.object({ id: uuidParam('UUID') });

/** `lang` (es, en) names unnamed rides; without it, the Accept-Language header, else English. */
export const langQuery = z.object({ lang: z.enum(['es', 'en']).optional() });
