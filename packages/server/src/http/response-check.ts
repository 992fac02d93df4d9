import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ResponseValidation } from '../config.ts';
import { ERRORS } from '../errors.ts';
import { contractKey, type RouteContract } from './contract.ts';

/** A JSON answer that does not match its route's declared response schema. */
export interface ResponseMismatch {
  route: string;
  status: number;
  issues: z.core.$ZodIssue[];
}

type Check = (payload: string) => ResponseMismatch | undefined;

/**
 * Checks JSON success answers against the response schema their route's contract declares, so the
 * OpenAPI document and the web's types (both read from @vatio/schemas) cannot drift from what the
 * presenters send. How (enforced, sampled, off): `ResponseValidation` in config.ts. Register it before any hook that keeps answers (the rider response cache): what
 * it checks is what is kept.
 */
export function checkResponsesAgainstContracts(
  app: FastifyInstance,
  contracts: readonly RouteContract[],
  validation: ResponseValidation = { mode: 'enforce' },
  onMismatch: (mismatch: ResponseMismatch) => void = () => {},
  random: () => number = Math.random,
): void {
  if (validation.mode === 'off') return;
  const byRoute = new Map<string, RouteContract['response']>();
  for (const contract of contracts)
    byRoute.set(contractKey(contract.method, contract.path), contract.response);

  /** The check of this answer, or undefined when the route declares none for its status and type. */
  const checkFor = (request: FastifyRequest, statusCode: number, contentType: string, payload: unknown) => {
    const url = request.routeOptions.url;
    if (!url) return undefined;
    const route = contractKey(request.method, url);
    const response = byRoute.get(route);
    if (!response?.schema || statusCode !== response.status) return undefined;
    if (!contentType.startsWith('application/json') || typeof payload !== 'string') return undefined;
    const schema = response.schema;
    const check: Check = (text) => {
      const value = JSON.parse(text);
      const result = schema.safeParse(value);
      if (!result.success) return { route, status: statusCode, issues: result.error.issues };
      // A key the schema does not declare passes zod (it strips it) but is in the answer the rider
      // gets, undocumented and untyped: a drift as much as a wrong type.
      const undeclared = undeclaredKeys(schema, value);
      if (undeclared.length === 0) return undefined;
      return { route, status: statusCode, issues: undeclared.map(undeclaredIssue) };
    };
    return check;
  };

  if (validation.mode === 'enforce') {
    app.addHook('onSend', async (request, reply, payload) => {
      const check = checkFor(
        request,
        reply.statusCode,
        String(reply.getHeader('content-type') ?? ''),
        payload,
      );
      const mismatch = check?.(payload as string);
      if (!mismatch) return payload;
      onMismatch(mismatch);
      request.log.error(mismatch, 'answer outside its contract');
      reply.code(500);
      return JSON.stringify({
        error: {
          code: 'RESPONSE_SCHEMA_MISMATCH',
          message: `${ERRORS.RESPONSE_SCHEMA_MISMATCH.message} ${mismatch.route} answered outside its schema: ${JSON.stringify(mismatch.issues.slice(0, 5))}`,
        },
      });
    });
    return;
  }

  // Sampled: the draw and the payload are kept at onSend (the text as sent), the parse waits until
  // the answer has left (onResponse), so the rider never waits for it.
  const pending = new WeakMap<FastifyRequest, { check: Check; payload: string }>();
  app.addHook('onSend', async (request, reply, payload) => {
    if (random() >= validation.rate) return payload;
    const check = checkFor(request, reply.statusCode, String(reply.getHeader('content-type') ?? ''), payload);
    if (check) pending.set(request, { check, payload: payload as string });
    return payload;
  });
  app.addHook('onResponse', async (request) => {
    const sampled = pending.get(request);
    if (!sampled) return;
    pending.delete(request);
    const mismatch = sampled.check(sampled.payload);
    if (!mismatch) return;
    onMismatch(mismatch);
    request.log.error(
      { route: mismatch.route, status: mismatch.status, issues: mismatch.issues.slice(0, 10) },
      'answer outside its contract (sent as it was)',
    );
  });
}

/** An undeclared key as a zod issue, its whole path (`laps[].np_w`) named in `keys` and the message. */
function undeclaredIssue(path: string): z.core.$ZodIssue {
  return {
    code: 'unrecognized_keys',
    keys: [path],
    path: [],
    message: `${path}: a key the response schema does not declare`,
  };
}

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  innerType?: z.ZodType;
  options?: z.ZodType[];
  in?: z.ZodType;
  out?: z.ZodType;
  getter?: () => z.ZodType;
  valueType?: z.ZodType;
  items?: z.ZodType[];
  rest?: z.ZodType | null;
  left?: z.ZodType;
  right?: z.ZodType;
};

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

const objectHolding = new WeakMap<z.ZodType, boolean>();

/**
 * Whether a value of the schema can hold an object (so could hold an undeclared key): a ride's
 * streams are long arrays of numbers, not walked item by item. Kept per schema.
 */
function holdsObjects(schema: z.ZodType): boolean {
  const known = objectHolding.get(schema);
  if (known !== undefined) return known;
  objectHolding.set(schema, true); // a lazy schema that refers to itself holds objects
  const def = defOf(schema);
  const inner = [
    def.element,
    def.innerType,
    def.in,
    def.valueType,
    def.rest ?? undefined,
    ...(def.options ?? []),
    ...(def.items ?? []),
  ].filter((s): s is z.ZodType => s !== undefined);
  const holds =
    def.type === 'object' ||
    def.type === 'lazy' ||
    def.type === 'intersection' ||
    inner.some((s) => holdsObjects(s));
  objectHolding.set(schema, holds);
  return holds;
}

/**
 * The keys of an answer its schema does not declare (zod's objects pass them silently, so neither the
 * OpenAPI document nor the web's types know them): their paths, `a.b[].c`. Read on a value the schema
 * accepts; in a union, the first branch that accepts it is the one walked.
 */
export function undeclaredKeys(schema: z.ZodType, value: unknown, path = ''): string[] {
  if (!holdsObjects(schema)) return [];
  const def = defOf(schema);
  switch (def.type) {
    case 'object': {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) return [];
      const shape = def.shape ?? {};
      const found: string[] = [];
      for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
        const declared = shape[key];
        if (declared) found.push(...undeclaredKeys(declared, inner, path ? `${path}.${key}` : key));
        else if (!def.catchall || defOf(def.catchall).type === 'never')
          found.push(path ? `${path}.${key}` : key);
      }
      return found;
    }
    case 'array':
      return Array.isArray(value) && value.length > 0 && def.element
        ? [...new Set(value.flatMap((item) => undeclaredKeys(def.element!, item, `${path}[]`)))]
        : [];
    case 'tuple':
      return Array.isArray(value)
        ? value.flatMap((item, i) => {
            const inner = def.items?.[i] ?? def.rest;
            return inner ? undeclaredKeys(inner, item, `${path}[${i}]`) : [];
          })
        : [];
    case 'record':
      return value && typeof value === 'object' && def.valueType
        ? [
            ...new Set(
              Object.values(value).flatMap((inner) => undeclaredKeys(def.valueType!, inner, `${path}{}`)),
            ),
          ]
        : [];
    case 'union': {
      const branch = def.options?.find((option) => option.safeParse(value).success);
      return branch ? undeclaredKeys(branch, value, path) : [];
    }
    case 'intersection':
      return []; // each side sees the other's keys as undeclared: not walked.
    case 'pipe':
      return def.in ? undeclaredKeys(def.in, value, path) : [];
    case 'lazy':
      return def.getter ? undeclaredKeys(def.getter(), value, path) : [];
    default:
      return def.innerType && value !== null && value !== undefined
        ? undeclaredKeys(def.innerType, value, path)
        : [];
  }
}
