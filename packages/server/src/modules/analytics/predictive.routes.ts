import type { FastifyInstance } from 'fastify';
import { jsonOnce, sendJsonText } from '../../http/json-once.ts';
import { contractRoutes } from '../../http/route.ts';
import { analyticsLoadContracts } from './analytics-load.contract.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { resolveTimeZone } from '../dashboard/zoned-calendar.ts';
import type { PredictiveService } from './predictive.service.ts';

export function predictiveRoutes(
  app: FastifyInstance,
  deps: { auth: AuthService; predictive: PredictiveService },
) {
  // Kept whole per rider (predictive.service.ts): the kept answer goes out as its kept JSON text.
  const on = contractRoutes(app, analyticsLoadContracts, deps);
  on('GET /api/analytics/predictive', async ({ query: { weeks, tz } }, request, reply) => {
    const answer = await deps.predictive.answer(request.auth.userId, {
      timeZone: resolveTimeZone(tz),
      weeks,
    });
    return sendJsonText(reply, jsonOnce(answer));
  });
}
