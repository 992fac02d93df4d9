import { predictiveQuerySchema } from '@vatio/schemas';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../http/auth-hook.ts';
import { parseQuery } from '../../http/validate.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { resolveTimeZone } from '../dashboard/zoned-calendar.ts';
import type { PredictiveService } from './predictive.service.ts';

export function predictiveRoutes(
  app: FastifyInstance,
  deps: { auth: AuthService; predictive: PredictiveService },
) {
  app.get('/api/analytics/predictive', { preHandler: requireAuth(deps.auth) }, async (request) => {
    const { weeks, tz } = parseQuery(predictiveQuerySchema, request.query);
    return deps.predictive.answer(request.auth.userId, { timeZone: resolveTimeZone(tz), weeks });
  });
}
