import type { FastifyInstance, FastifyRequest } from 'fastify';
import { jsonOnce, sendJsonText } from '../../http/json-once.ts';
import { contractRoutes } from '../../http/route.ts';
import { parseId } from '../../http/validate.ts';
import { requestLanguage } from '../activities/ride-name.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { resolveTimeZone } from '../dashboard/zoned-calendar.ts';
import { publicComparativeContracts, riderComparativeContracts } from './comparative.contract.ts';
import type { ComparativeService } from './comparative.service.ts';

type Contracts = typeof riderComparativeContracts | typeof publicComparativeContracts;

/**
 * The three comparative routes over one rider: the signed-in rider (/api/analytics/*) or the example
 * rider (/api/public/analytics/*), each from its contracts. The request is parsed (the contract's
 * query) before the rider is asked for: the example rider may answer 503 while it is prepared, and a
 * bad request is a 400 or 404 all the same. Kept answers are sent as kept JSON text.
 */
export function registerComparativeRoutes(
  app: FastifyInstance,
  prefix: '/api/analytics' | '/api/public/analytics',
  riderOf: (request: FastifyRequest) => Promise<string>,
  deps: { auth?: AuthService; comparative: ComparativeService },
) {
  const contracts: Contracts =
    prefix === '/api/analytics' ? riderComparativeContracts : publicComparativeContracts;
  const on = contractRoutes(app, contracts, deps);
  const { comparative } = deps;

  on(`GET ${prefix}/comparative`, async ({ query }, request, reply) => {
    const timeZone = resolveTimeZone(query.tz);
    const userId = await riderOf(request);
    const answer = await comparative.comparative(userId, {
      period: query.period,
      metric: query.metric,
      timeZone,
      language: requestLanguage(query.lang, request.headers['accept-language']),
    });
    return sendJsonText(reply, jsonOnce(answer));
  });

  on(`GET ${prefix}/compare`, async ({ query }, request, reply) => {
    const [a, b] = [parseId(query.a), parseId(query.b)];
    const userId = await riderOf(request);
    const answer = await comparative.compare(userId, {
      a,
      b,
      language: requestLanguage(query.lang, request.headers['accept-language']),
    });
    return sendJsonText(reply, jsonOnce(answer));
  });

  on(`GET ${prefix}/evolution`, async ({ query }, request, reply) => {
    const timeZone = resolveTimeZone(query.tz);
    const userId = await riderOf(request);
    const answer = await comparative.evolution(userId, {
      metric: query.metric,
      range: query.range,
      timeZone,
    });
    return sendJsonText(reply, jsonOnce(answer));
  });
}

export function comparativeRoutes(
  app: FastifyInstance,
  deps: { auth: AuthService; comparative: ComparativeService },
) {
  registerComparativeRoutes(app, '/api/analytics', async (request) => request.auth.userId, deps);
}
