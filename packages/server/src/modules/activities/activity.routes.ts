import type { WorkoutComplianceResponse } from '@vatio/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import { jsonOnce, sendJsonText } from '../../http/json-once.ts';
import { contractRoutes } from '../../http/route.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { activityContracts } from './activity.contract.ts';
import { presentActivity, presentLap } from './activity.presenter.ts';
import type { ActivityService } from './activity.service.ts';
import { type RideLanguage, requestLanguage } from './ride-name.ts';
import { presentStreams } from './streams.presenter.ts';

/** `lang` (es, en; checked by the contract) names unnamed rides; without it, Accept-Language, else English. */
function languageOf(lang: RideLanguage | undefined, request: FastifyRequest): RideLanguage {
  return requestLanguage(lang, request.headers['accept-language']);
}

export function activityRoutes(
  app: FastifyInstance,
  deps: {
    auth: AuthService;
    rides: ActivityService;
    /** Issue 26: how the ride followed its day's planned workout (null without one). */
    planCompliance?: (userId: string, activityId: string) => Promise<WorkoutComplianceResponse | null>;
  },
) {
  const { rides } = deps;
  const on = contractRoutes(app, activityContracts, deps);

  on('GET /api/activities', async ({ query: q }, request) => {
    const language = languageOf(q.lang, request);
    const { rows, total } = await rides.list(request.auth.userId, {
      limit: q.limit,
      offset: q.offset,
      type: q.activity_type || undefined,
      startDate: q.start_date,
      endDate: q.end_date,
      sort:
        q.sort === undefined && q.order === undefined
          ? undefined
          : { by: q.sort ?? 'date', order: q.order ?? 'desc' },
    });
    return {
      activities: rows.map((row) => presentActivity(row, language)),
      total,
      limit: q.limit,
      offset: q.offset,
    };
  });

  on('GET /api/activities/search', async ({ query }, request) => {
    const q = (query.q ?? '').trim();
    const language = languageOf(query.lang, request);
    if (q === '') return { activities: [] };
    if (q.length > 200)
      throw new AppError('VALIDATION', 'The search text is too long.', { fields: { q: 'text_too_long' } });
    const rows = await rides.search(request.auth.userId, q, query.limit, language);
    return { activities: rows.map((row) => presentActivity(row, language)) };
  });

  on('GET /api/activities/:id', async ({ params, query }, request) => {
    // Asked for together, each waiting its turn on the database once (see detail); the compliance is
    // that of a ride of this rider's plan, so for another's id it is null and the detail's 404 stands.
    const [{ row, laps }, compliance] = await Promise.all([
      rides.detail(request.auth.userId, params.id),
      deps.planCompliance?.(request.auth.userId, params.id),
    ]);
    const plan_compliance = compliance ?? null;
    const language = languageOf(query.lang, request);
    return { ...presentActivity(row, language), laps: laps.map(presentLap), plan_compliance };
  });

  // Both kept by the service (issue 16): sent as the JSON text serialized once.
  on('GET /api/activities/:id/streams', async ({ params }, request, reply) =>
    sendJsonText(reply, await rides.streamsText(request.auth.userId, params.id, presentStreams)),
  );

  on('GET /api/activities/:id/analysis', async ({ params }, request, reply) => {
    const answer = await rides.analysisAnswer(request.auth.userId, params.id, ({ analysis, laps }) => ({
      ...analysis,
      laps: laps.map(presentLap),
    }));
    return sendJsonText(reply, jsonOnce(answer));
  });

  on('PUT /api/activities/:id', async ({ params, query, body }, request) => {
    const language = languageOf(query.lang, request);
    return presentActivity(await rides.update(request.auth.userId, params.id, body), language);
  });

  on('DELETE /api/activities/:id', async ({ params }, request, reply) => {
    await rides.delete(request.auth.userId, params.id);
    return reply.code(204).send();
  });

  on('POST /api/activities/:id/aero-fit', async ({ params, body }, request) =>
    rides.aeroLab(request.auth.userId, params.id, body),
  );

  on('POST /api/activities/:id/analyze', async ({ params }, request, reply) => {
    await rides.queueAnalysis(request.auth.userId, params.id);
    return reply.code(202).send({ status: 'queued' });
  });
}
