import { performanceQuerySchema } from '@vatio/schemas';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../http/auth-hook.ts';
import { jsonOnce, sendJsonText } from '../../http/json-once.ts';
import { parseQuery } from '../../http/validate.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { resolveTimeZone } from '../dashboard/zoned-calendar.ts';
import type { PerformanceService } from './performance.service.ts';

export function performanceRoutes(
  app: FastifyInstance,
  deps: { auth: AuthService; performance: PerformanceService },
) {
  const guard = { preHandler: requireAuth(deps.auth) };

  // Kept whole per rider (performance.service.ts), so the kept answer is sent as kept JSON text.
  app.get('/api/analytics/performance', guard, async (request, reply) => {
    const query = parseQuery(performanceQuerySchema, request.query);
    const answer = await deps.performance.performance(
      request.auth.userId,
      Number(query.weeks),
      resolveTimeZone(query.tz),
    );
    return sendJsonText(reply, jsonOnce(answer));
  });
}
