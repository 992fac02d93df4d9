import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { contractKey, type RouteContract } from './contract.ts';

/** A JSON answer that does not match its route's declared response schema. */
export interface ResponseMismatch {
  route: string;
  status: number;
  issues: z.core.$ZodIssue[];
}

/**
 * Checks every JSON success answer against the response schema its route's contract declares, so the
 * OpenAPI document and the web's types (both read from @vatio/schemas) cannot drift from what the
 * presenters send. On in tests (the harness turns it on): a mismatch becomes a 500 naming the route and
 * the first issues, so any route test that reaches the answer fails. Off in production, where it would
 * only cost a parse per request.
 */
export function checkResponsesAgainstContracts(
  app: FastifyInstance,
  contracts: readonly RouteContract[],
  onMismatch: (mismatch: ResponseMismatch) => void = () => {},
): void {
  const byRoute = new Map<string, RouteContract['response']>();
  for (const contract of contracts)
    byRoute.set(contractKey(contract.method, contract.path), contract.response);
  app.addHook('onSend', async (request, reply, payload) => {
    const url = request.routeOptions.url;
    if (!url || reply.statusCode !== byRoute.get(contractKey(request.method, url))?.status) return payload;
    const response = byRoute.get(contractKey(request.method, url));
    const type = String(reply.getHeader('content-type') ?? '');
    if (!response?.schema || !type.startsWith('application/json') || typeof payload !== 'string')
      return payload;
    const result = response.schema.safeParse(JSON.parse(payload));
    if (result.success) return payload;
    const mismatch = {
      route: contractKey(request.method, url),
      status: reply.statusCode,
      issues: result.error.issues,
    };
    onMismatch(mismatch);
    reply.code(500);
    return JSON.stringify({
      error: {
        code: 'RESPONSE_SCHEMA_MISMATCH',
        message: `${mismatch.route} answered outside its schema: ${JSON.stringify(mismatch.issues.slice(0, 5))}`,
      },
    });
  });
}
