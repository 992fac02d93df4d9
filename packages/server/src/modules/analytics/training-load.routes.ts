import { trainingLoadQuerySchema } from '@vatio/schemas';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../http/auth-hook.ts';
import { parseQuery } from '../../http/validate.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { resolveTimeZone } from '../dashboard/zoned-calendar.ts';
import type { TrainingLoadService } from './training-load.service.ts';

export function trainingLoadRoutes(
  app: FastifyInstance,
  deps: { auth: AuthService; trainingLoad: TrainingLoadService },
) {
  app.get('/api/analytics/training-load', { preHandler: requireAuth(deps.auth) }, async (request) => {
    const { days, tz } = parseQuery(trainingLoadQuerySchema, request.query);
    return deps.trainingLoad.answer(request.auth.userId, { timeZone: resolveTimeZone(tz), days });
  });
}
