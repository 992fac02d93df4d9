import type { FastifyInstance } from 'fastify';
import { jsonOnce, sendJsonText } from '../../http/json-once.ts';
import { contractRoutes } from '../../http/route.ts';
import type { PerformanceService } from '../analytics/performance.service.ts';
import type { PredictiveService } from '../analytics/predictive.service.ts';
import type { TrainingLoadService } from '../analytics/training-load.service.ts';
import { resolveTimeZone } from '../dashboard/zoned-calendar.ts';
import { exampleRiderContracts } from './example-rider.contract.ts';
import type { ExampleRiderService } from './example-rider.service.ts';

/**
 * GET /api/public/analytics/*: the signed-in analytics answered for the example rider, without
 * sign-in. The same services, so their per-rider caches keep repeated public requests cheap. The
 * contract's query is parsed before the example rider is asked for (a bad one is a 400, not a 503).
 */
export function exampleRiderRoutes(
  app: FastifyInstance,
  deps: {
    example: ExampleRiderService;
    performance: PerformanceService;
    trainingLoad: TrainingLoadService;
    predictive: PredictiveService;
  },
) {
  const on = contractRoutes(app, exampleRiderContracts, {});

  on('GET /api/public/analytics/performance', async ({ query }, _request, reply) => {
    const timeZone = resolveTimeZone(query.tz);
    const riderId = await deps.example.riderId();
    const answer = await deps.performance.performance(riderId, Number(query.weeks), timeZone);
    return sendJsonText(reply, jsonOnce(answer));
  });

  on('GET /api/public/analytics/training-load', async ({ query }, _request, reply) => {
    const timeZone = resolveTimeZone(query.tz);
    const riderId = await deps.example.riderId();
    const answer = await deps.trainingLoad.answer(riderId, { timeZone, days: query.days });
    return sendJsonText(reply, jsonOnce(answer));
  });

  on('GET /api/public/analytics/predictive', async ({ query }, _request, reply) => {
    const timeZone = resolveTimeZone(query.tz);
    const riderId = await deps.example.riderId();
    const answer = await deps.predictive.answer(riderId, { timeZone, weeks: query.weeks });
    return sendJsonText(reply, jsonOnce(answer));
  });
}
