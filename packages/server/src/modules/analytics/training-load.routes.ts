import type { FastifyInstance } from 'fastify';
import { jsonOnce, sendJsonText } from '../../http/json-once.ts';
import { contractRoutes } from '../../http/route.ts';
import { analyticsLoadContracts } from './analytics-load.contract.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { resolveTimeZone } from '../dashboard/zoned-calendar.ts';
import type { TrainingLoadService } from './training-load.service.ts';

export function trainingLoadRoutes(
  app: FastifyInstance,
  deps: { auth: AuthService; trainingLoad: TrainingLoadService },
) {
  // Kept whole per rider (training-load.service.ts): the kept answer goes out as its kept JSON text.
  const on = contractRoutes(app, analyticsLoadContracts, deps);
  on('GET /api/analytics/training-load', async ({ query: { days, tz } }, request, reply) => {
    const answer = await deps.trainingLoad.answer(request.auth.userId, {
      timeZone: resolveTimeZone(tz),
      days,
    });
    return sendJsonText(reply, jsonOnce(answer));
  });
}
