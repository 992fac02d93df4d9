import type { FastifyInstance } from 'fastify';
import { jsonOnce, sendJsonText } from '../../http/json-once.ts';
import { contractRoutes } from '../../http/route.ts';
import { performanceContracts } from './performance.contract.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { resolveTimeZone } from '../dashboard/zoned-calendar.ts';
import type { PerformanceService } from './performance.service.ts';

export function performanceRoutes(
  app: FastifyInstance,
  deps: { auth: AuthService; performance: PerformanceService },
) {
  const on = contractRoutes(app, performanceContracts, deps);

  // Kept whole per rider (performance.service.ts), so the kept answer is sent as kept JSON text.
  on('GET /api/analytics/performance', async ({ query }, request, reply) => {
    const answer = await deps.performance.performance(
      request.auth.userId,
      Number(query.weeks),
      resolveTimeZone(query.tz),
    );
    return sendJsonText(reply, jsonOnce(answer));
  });
}
