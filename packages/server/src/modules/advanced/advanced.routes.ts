import type { FastifyInstance } from 'fastify';
import { jsonOnce, sendJsonText } from '../../http/json-once.ts';
import { contractRoutes } from '../../http/route.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { resolveTimeZone } from '../dashboard/zoned-calendar.ts';
import type { ExampleRiderService } from '../example-rider/example-rider.service.ts';
import { advancedContracts } from './advanced.contract.ts';
import type { AdvancedService } from './advanced.service.ts';

/** GET /api/analytics/advanced, and the example rider's under /api/public (the same service and cache). */
export function advancedRoutes(
  app: FastifyInstance,
  deps: { auth: AuthService; advanced: AdvancedService; example: ExampleRiderService },
) {
  // Kept whole per rider (advanced.service.ts): the kept answer goes out as its kept JSON text.
  const on = contractRoutes(app, advancedContracts, deps);
  on('GET /api/analytics/advanced', async ({ query: { period, tz } }, request, reply) => {
    const answer = await deps.advanced.answer(request.auth.userId, { timeZone: resolveTimeZone(tz), period });
    return sendJsonText(reply, jsonOnce(answer));
  });

  on('GET /api/public/analytics/advanced', async ({ query: { period, tz } }, _request, reply) => {
    // Checked before the example rider is asked for: a bad zone is a 400, not a 503 while it is prepared.
    const timeZone = resolveTimeZone(tz);
    const riderId = await deps.example.riderId();
    const answer = await deps.advanced.answer(riderId, { timeZone, period });
    return sendJsonText(reply, jsonOnce(answer));
  });
}
