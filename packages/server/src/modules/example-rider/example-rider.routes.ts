import { performanceQuerySchema, predictiveQuerySchema, trainingLoadQuerySchema } from '@vatio/schemas';
import type { FastifyInstance } from 'fastify';
import { jsonOnce, sendJsonText } from '../../http/json-once.ts';
import { parseQuery } from '../../http/validate.ts';
import type { PerformanceService } from '../analytics/performance.service.ts';
import type { PredictiveService } from '../analytics/predictive.service.ts';
import type { TrainingLoadService } from '../analytics/training-load.service.ts';
import { resolveTimeZone } from '../dashboard/zoned-calendar.ts';
import type { ExampleRiderService } from './example-rider.service.ts';

/**
 * GET /api/public/analytics/*: the signed-in analytics answered for the example rider, without
 * sign-in. The same services, so their per-rider caches keep repeated public requests cheap.
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
  app.get('/api/public/analytics/performance', async (request, reply) => {
    // The request is checked before the example rider is asked for (a bad one is a 400, not a 503).
    const query = parseQuery(performanceQuerySchema, request.query);
    const timeZone = resolveTimeZone(query.tz);
    const riderId = await deps.example.riderId();
    const answer = await deps.performance.performance(riderId, Number(query.weeks), timeZone);
    return sendJsonText(reply, jsonOnce(answer));
  });

  app.get('/api/public/analytics/training-load', async (request, reply) => {
    const { days, tz } = parseQuery(trainingLoadQuerySchema, request.query);
    const timeZone = resolveTimeZone(tz);
    const riderId = await deps.example.riderId();
    const answer = await deps.trainingLoad.answer(riderId, { timeZone, days });
    return sendJsonText(reply, jsonOnce(answer));
  });

  app.get('/api/public/analytics/predictive', async (request, reply) => {
    const { weeks, tz } = parseQuery(predictiveQuerySchema, request.query);
    const timeZone = resolveTimeZone(tz);
    const riderId = await deps.example.riderId();
    const answer = await deps.predictive.answer(riderId, { timeZone, weeks });
    return sendJsonText(reply, jsonOnce(answer));
  });
}
