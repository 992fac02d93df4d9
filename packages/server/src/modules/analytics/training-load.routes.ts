import { trainingLoadQuerySchema } from '@vatio/schemas';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../http/auth-hook.ts';
import { jsonOnce, sendJsonText } from '../../http/json-once.ts';
import { parseQuery } from '../../http/validate.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { resolveTimeZone } from '../dashboard/zoned-calendar.ts';
import type { TrainingLoadService } from './training-load.service.ts';

export function trainingLoadRoutes(
  app: FastifyInstance,
  deps: { auth: AuthService; trainingLoad: TrainingLoadService },
) {
  // Kept whole per rider (training-load.service.ts): the kept answer goes out as its kept JSON text.
  app.get('/api/analytics/training-load', { preHandler: requireAuth(deps.auth) }, async (request, reply) => {
    const { days, tz } = parseQuery(trainingLoadQuerySchema, request.query);
    const answer = await deps.trainingLoad.answer(request.auth.userId, {
      timeZone: resolveTimeZone(tz),
      days,
    });
    return sendJsonText(reply, jsonOnce(answer));
  });
}
