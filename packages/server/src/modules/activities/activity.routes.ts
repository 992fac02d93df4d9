import { activityUpdateSchema, aeroFitRequestSchema, type WorkoutComplianceResponse } from '@vatio/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import { requireAuth } from '../../http/auth-hook.ts';
import { parseBody, parseId, parseQuery } from '../../http/validate.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { presentActivity, presentLap } from './activity.presenter.ts';
import { activityListQuery, activitySearchQuery } from './activity.contract.ts';
import type { ActivityService } from './activity.service.ts';
import { type RideLanguage, requestLanguage } from './ride-name.ts';
import { presentStreams } from './streams.presenter.ts';
import { jsonOnce, sendJsonText } from '../../http/json-once.ts';

/** `lang` (es, en) names unnamed rides; without it, the Accept-Language header, else English. */
type LangQuery = { lang?: string };
type IdParams = { Params: { id: string }; Querystring: LangQuery };

function languageOf(request: FastifyRequest<{ Querystring: LangQuery }>): RideLanguage {
  const lang = request.query.lang;
  if (lang !== undefined && lang !== '' && lang !== 'es' && lang !== 'en') {
    throw new AppError('VALIDATION', 'lang must be one of es, en.', { fields: { lang: 'invalid' } });
  }
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
  const { auth, rides } = deps;
  const guard = { preHandler: requireAuth(auth) };

  app.get<{ Querystring: LangQuery }>('/api/activities', guard, async (request) => {
    const q = parseQuery(activityListQuery, request.query);
    const language = languageOf(request);
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

  app.get<{ Querystring: LangQuery }>('/api/activities/search', guard, async (request) => {
    const query = parseQuery(activitySearchQuery, request.query);
    const q = (query.q ?? '').trim();
    const language = languageOf(request);
    if (q === '') return { activities: [] };
    if (q.length > 200)
      throw new AppError('VALIDATION', 'The search text is too long.', { fields: { q: 'text_too_long' } });
    const rows = await rides.search(request.auth.userId, q, query.limit, language);
    return { activities: rows.map((row) => presentActivity(row, language)) };
  });

  app.get<IdParams>('/api/activities/:id', guard, async (request) => {
    const { row, laps } = await rides.detail(request.auth.userId, parseId(request.params.id));
    const plan_compliance = (await deps.planCompliance?.(request.auth.userId, row.id)) ?? null;
    return { ...presentActivity(row, languageOf(request)), laps: laps.map(presentLap), plan_compliance };
  });

  // Both kept by the service (issue 16): sent as the JSON text serialized once.
  app.get<IdParams>('/api/activities/:id/streams', guard, async (request, reply) =>
    sendJsonText(
      reply,
      await rides.streamsText(request.auth.userId, parseId(request.params.id), presentStreams),
    ),
  );

  app.get<IdParams>('/api/activities/:id/analysis', guard, async (request, reply) => {
    const answer = await rides.analysisAnswer(
      request.auth.userId,
      parseId(request.params.id),
      ({ analysis, laps }) => ({ ...analysis, laps: laps.map(presentLap) }),
    );
    return sendJsonText(reply, jsonOnce(answer));
  });

  app.put<IdParams>('/api/activities/:id', guard, async (request) => {
    const language = languageOf(request);
    const id = parseId(request.params.id);
    const input = parseBody(activityUpdateSchema, request.body);
    return presentActivity(await rides.update(request.auth.userId, id, input), language);
  });

  app.delete<IdParams>('/api/activities/:id', guard, async (request, reply) => {
    await rides.delete(request.auth.userId, parseId(request.params.id));
    return reply.code(204).send();
  });

  app.post<IdParams>('/api/activities/:id/aero-fit', guard, async (request) => {
    const id = parseId(request.params.id);
    const input = parseBody(aeroFitRequestSchema, request.body);
    return rides.aeroLab(request.auth.userId, id, input);
  });

  app.post<IdParams>('/api/activities/:id/analyze', guard, async (request, reply) => {
    await rides.queueAnalysis(request.auth.userId, parseId(request.params.id));
    return reply.code(202).send({ status: 'queued' });
  });
}
