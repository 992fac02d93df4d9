import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
  RouteShorthandOptions,
} from 'fastify';
import type { z } from 'zod';
import { type Authenticator, requireAuth, requireSession } from './auth-hook.ts';
import { contractKey, pathParamCheck, type RouteContract } from './contract.ts';
import { parseBody, parseQuery } from './validate.ts';

/** `'POST /api/bikes'`: how a route file names the contract it registers. */
export type ContractKeyOf<C extends RouteContract> = C extends RouteContract
  ? `${C['method']} ${C['path']}`
  : never;

type ContractAt<T extends readonly RouteContract[], K extends string> = K extends `${infer M} ${infer P}`
  ? Extract<T[number], { method: M; path: P }>
  : never;

type Parsed<C, Field extends 'params' | 'query' | 'body'> = Field extends 'query'
  ? C extends { queryReadByHandler: true }
    ? undefined
    : ParsedField<C, Field>
  : ParsedField<C, Field>;

type ParsedField<C, Field extends 'params' | 'query' | 'body'> = C extends { [F in Field]?: infer S }
  ? Exclude<S, undefined> extends z.ZodType
    ? z.output<Exclude<S, undefined>>
    : undefined
  : undefined;

/** What a handler receives: the request's params, query and body as the contract's schemas parsed them. */
export type RouteInput<C extends RouteContract> = {
  params: Parsed<C, 'params'> extends undefined ? Record<string, never> : Parsed<C, 'params'>;
  query: Parsed<C, 'query'> extends undefined ? Record<string, never> : Parsed<C, 'query'>;
  body: Parsed<C, 'body'>;
};

export type RouteHandler<C extends RouteContract> = (
  input: RouteInput<C>,
  request: FastifyRequest,
  reply: FastifyReply,
) => unknown;

/** Extra route options a few routes need (a body limit, a custom content-type parser…). */
export type ExtraRouteOptions = Omit<RouteShorthandOptions, 'preHandler' | 'schema'>;

/**
 * Parses a request as its contract says, in the order the routes always checked: path ids (a
 * malformed one names no row: 404), the query (400 naming the parameter), then the JSON body (400
 * whose `fields` map each field to its message key). The shapes are validate.ts's, unchanged.
 */
export function parseRequest<C extends RouteContract>(contract: C, request: FastifyRequest): RouteInput<C> {
  const rawParams = (request.params ?? {}) as Record<string, string>;
  const params: Record<string, unknown> = {};
  if (contract.params) {
    for (const [name, schema] of Object.entries(contract.params.shape)) {
      const value = rawParams[name] ?? '';
      const check = pathParamCheck(schema as z.ZodType);
      params[name] = check ? check(value) : value;
    }
  }
  const query =
    contract.query && !contract.queryReadByHandler ? parseQuery(contract.query, request.query) : {};
  const body =
    contract.body !== undefined && contract.body !== 'multipart'
      ? parseBody(contract.body, request.body)
      : undefined;
  return { params, query, body } as RouteInput<C>;
}

type Guard = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;

/** The contracts registered through `contractRoutes`: the test that every route is governed reads it. */
const governed = new WeakMap<FastifyInstance, Set<string>>();

export function governedRoutes(app: FastifyInstance): ReadonlySet<string> {
  return governed.get(app) ?? new Set();
}

/**
 * Registers a module's routes from its contracts: the contract gives the method, the path, who may
 * call (auth: a rider, by session or API key; scope 'session': a signed-in session only) and the
 * schemas the request is parsed with; the handler gets the parsed, typed input. A route file names
 * each contract by its key, checked against the contracts at compile time.
 */
export function contractRoutes<const T extends readonly RouteContract[]>(
  app: FastifyInstance,
  contracts: T,
  deps: { auth?: Authenticator },
) {
  const byKey = new Map(contracts.map((c) => [contractKey(c.method, c.path), c] as const));
  let riderGuard: Guard | undefined;
  let sessionGuard: Guard | undefined;
  const guardFor = (contract: RouteContract): Guard | undefined => {
    if (!contract.auth) return undefined;
    if (!deps.auth) throw new Error(`${contractKey(contract.method, contract.path)} needs the auth service`);
    if (contract.scope === 'session') {
      sessionGuard ??= requireSession(deps.auth);
      return sessionGuard;
    }
    riderGuard ??= requireAuth(deps.auth);
    return riderGuard;
  };
  const registered = governed.get(app) ?? new Set<string>();
  governed.set(app, registered);

  return function on<K extends ContractKeyOf<T[number]>>(
    key: K,
    handler: RouteHandler<ContractAt<T, K>>,
    options: ExtraRouteOptions = {},
  ): void {
    const contract = byKey.get(key);
    if (!contract) throw new Error(`no contract for ${key}`);
    const preHandler = guardFor(contract);
    registered.add(key);
    app.route({
      ...options,
      method: contract.method,
      url: contract.path,
      ...(preHandler ? { preHandler } : {}),
      handler: async (request, reply) =>
        handler(parseRequest(contract as ContractAt<T, K>, request), request, reply),
    });
  };
}
