import { predictiveQuerySchema } from '@vatio/schemas';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../http/auth-hook.ts';
import { jsonOnce, sendJsonText } from '../../http/json-once.ts';
import { parseQuery } from '../../http/validate.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { resolveTimeZone } from '../dashboard/zoned-calendar.ts';
import type { PredictiveService } from './predictive.service.ts';

export function predictiveRoutes(
  app: FastifyInstance,
  deps: { auth: AuthService; predictive: PredictiveService },
) {
  // Kept whole per rider (predictive.service.ts): the kept answer goes out as its kept JSON text.
  app.get('/api/analytics/predictive', { preHandler: requireAuth(deps.auth) }, async (request, reply) => {
    const { weeks, tz } = parseQuery(predictiveQuerySchema, request.query);
    const answer = await deps.predictive.answer(request.auth.userId, {
      timeZone: resolveTimeZone(tz),
      weeks,
    });
    return sendJsonText(reply, jsonOnce(answer));
  });
}
