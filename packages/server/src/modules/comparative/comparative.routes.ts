import { comparativeQuerySchema, compareQuerySchema, evolutionQuerySchema } from '@vatio/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAuth } from '../../http/auth-hook.ts';
import { jsonOnce, sendJsonText } from '../../http/json-once.ts';
import { parseId, parseQuery } from '../../http/validate.ts';
import { requestLanguage } from '../activities/ride-name.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { resolveTimeZone } from '../dashboard/zoned-calendar.ts';
import type { ComparativeService } from './comparative.service.ts';

/**
 * The three comparative routes over one rider: the signed-in rider (/api/analytics/*) or the example
 * rider (/api/public/analytics/*). Kept answers are sent as kept JSON text.
 */
export function registerComparativeRoutes(
  app: FastifyInstance,
  prefix: '/api/analytics' | '/api/public/analytics',
  riderOf: (request: FastifyRequest) => Promise<string>,
  comparative: ComparativeService,
  options: { preHandler?: ReturnType<typeof requireAuth> } = {},
) {
  app.get(`${prefix}/comparative`, options, async (request, reply) => {
    // Each request is checked before the rider is asked for (the example rider may answer 503 while
    // it is prepared; a bad request is a 400 or 404 all the same).
    const q = parseQuery(comparativeQuerySchema, request.query);
    const timeZone = resolveTimeZone(q.tz);
    const userId = await riderOf(request);
    const answer = await comparative.comparative(userId, {
      period: q.period,
      metric: q.metric,
      timeZone,
      language: requestLanguage(q.lang, request.headers['accept-language']),
    });
    return sendJsonText(reply, jsonOnce(answer));
  });

  app.get(`${prefix}/compare`, options, async (request, reply) => {
    const q = parseQuery(compareQuerySchema, request.query);
    const [a, b] = [parseId(q.a), parseId(q.b)];
    const userId = await riderOf(request);
    const answer = await comparative.compare(userId, {
      a,
      b,
      language: requestLanguage(q.lang, request.headers['accept-language']),
    });
    return sendJsonText(reply, jsonOnce(answer));
  });

  app.get(`${prefix}/evolution`, options, async (request, reply) => {
    const q = parseQuery(evolutionQuerySchema, request.query);
    const timeZone = resolveTimeZone(q.tz);
    const userId = await riderOf(request);
    const answer = await comparative.evolution(userId, {
      metric: q.metric,
      range: q.range,
      timeZone,
    });
    return sendJsonText(reply, jsonOnce(answer));
  });
}

export function comparativeRoutes(
  app: FastifyInstance,
  deps: { auth: AuthService; comparative: ComparativeService },
) {
  registerComparativeRoutes(app, '/api/analytics', async (request) => request.auth.userId, deps.comparative, {
    preHandler: requireAuth(deps.auth),
  });
}
