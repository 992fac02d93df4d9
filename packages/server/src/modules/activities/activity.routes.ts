import { activityUpdateSchema } from '@vatio/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import { requireAuth } from '../../http/auth-hook.ts';
import { parseBody, parseId, parseQuery } from '../../http/validate.ts';
import { QUEUES, type JobQueue } from '../../jobs/queue.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import { decodeStreams } from '../../storage/stream-codec.ts';
import type { AthleteSettingsRepository } from '../athlete/athlete-settings.repository.ts';
import { rideDate, rideSettingsAt } from '../athlete/ride-settings.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { BikeRepository } from '../bikes/bike.repository.ts';
import { presentActivity, presentLap } from './activity.presenter.ts';
import { activityListQuery, activitySearchQuery } from './activity.contract.ts';
import type { ActivityRepository } from './activity.repository.ts';
import { type RideLanguage, requestLanguage } from './ride-name.ts';
import { RECENT_BESTS_DAYS, rideDetailAnalysis } from './ride-detail-analysis.ts';
import { presentStreams } from './streams.presenter.ts';

/** `lang` (es, en) names unnamed rides; without it, the Accept-Language header, else English. */
type LangQuery = { lang?: string };
type IdParams = { Params: { id: string }; Querystring: LangQuery };

function languageOf(request: FastifyRequest<{ Querystring: LangQuery }>): RideLanguage {
  const lang = request.query.lang;
  if (lang !== undefined && lang !== '' && lang !== 'es' && lang !== 'en') {
    throw new AppError('VALIDATION', 'lang must be one of es, en.');
  }
  return requestLanguage(lang, request.headers['accept-language']);
}

export function activityRoutes(
  app: FastifyInstance,
  deps: {
    auth: AuthService;
    activities: ActivityRepository;
    athleteSettings: AthleteSettingsRepository;
    bikes: BikeRepository;
    blobs: BlobStore;
    queue: JobQueue;
    now: () => Date;
  },
) {
  const { auth, activities, athleteSettings, bikes, blobs, queue, now } = deps;
  const guard = { preHandler: requireAuth(auth) };

  const loadOwned = async (userId: string, rawId: string) => {
    const row = await activities.find(userId, parseId(rawId));
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  };

  app.get<{ Querystring: LangQuery }>('/api/activities', guard, async (request) => {
    const q = parseQuery(activityListQuery, request.query);
    const language = languageOf(request);
    const { rows, total } = await activities.list(request.auth.userId, {
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
    if (q.length > 200) throw new AppError('VALIDATION', 'The search text is too long.');
    const rows = await activities.search(request.auth.userId, q, query.limit, language);
    return { activities: rows.map((row) => presentActivity(row, language)) };
  });

  app.get<IdParams>('/api/activities/:id', guard, async (request) => {
    const row = await loadOwned(request.auth.userId, request.params.id);
    const laps = await activities.laps(request.auth.userId, row.id);
    return { ...presentActivity(row, languageOf(request)), laps: laps.map(presentLap) };
  });

  app.get<IdParams>('/api/activities/:id/streams', guard, async (request) => {
    const userId = request.auth.userId;
    const row = await loadOwned(userId, request.params.id);
    const pointer = await activities.streamsPointer(userId, row.id);
    if (!pointer) throw new AppError('NOT_FOUND');
    return presentStreams(decodeStreams(await blobs.get(pointer.blob_key)));
  });

  app.get<IdParams>('/api/activities/:id/analysis', guard, async (request) => {
    const userId = request.auth.userId;
    const row = await loadOwned(userId, request.params.id);
    const pointer = await activities.streamsPointer(userId, row.id);
    if (!pointer) throw new AppError('NOT_FOUND');
    const rideStart = row.start_time.getTime();
    const [streamsBlob, baseline, bikeKg, ownCurve, recentCurves, bestCurve, laps] = await Promise.all([
      blobs.get(pointer.blob_key),
      athleteSettings.baseline(userId),
      athleteSettings.bikeWeightKg(userId, row.bike_id),
      activities.rideCurve(userId, row.id),
      // The 90 days up to and including the ride, for its critical power.
      activities.curves(userId, {
        from: new Date(rideStart - RECENT_BESTS_DAYS * 86_400_000 + 1),
        to: new Date(rideStart + 1),
      }),
      activities.allTimeBestCurve(userId),
      activities.laps(userId, row.id),
    ]);
    const analysis = rideDetailAnalysis({
      row,
      streams: decodeStreams(streamsBlob),
      settings: rideSettingsAt(baseline, rideDate(row.start_time), bikeKg),
      ownCurve,
      recentCurves,
      bestCurve,
    });
    return { ...analysis, laps: laps.map(presentLap) };
  });

  app.put<IdParams>('/api/activities/:id', guard, async (request) => {
    const language = languageOf(request);
    const userId = request.auth.userId;
    const id = parseId(request.params.id);
    const input = parseBody(activityUpdateSchema, request.body);
    if (input.bike_id && !(await bikes.find(userId, input.bike_id))) {
      throw new AppError('VALIDATION', 'That bike does not exist.', { fields: { bike_id: 'invalid' } });
    }
    const row = await activities.update(userId, id, input, now());
    if (!row) throw new AppError('NOT_FOUND');
    return presentActivity(row, language);
  });

  app.delete<IdParams>('/api/activities/:id', guard, async (request, reply) => {
    const userId = request.auth.userId;
    const keys = await activities.delete(userId, parseId(request.params.id), now());
    if (!keys) throw new AppError('NOT_FOUND');
    // Blobs are content-addressed and may be shared (the same file uploaded by two riders):
    // only those no row points to any more are removed.
    for (const key of keys) if (!(await activities.blobInUse(key))) await blobs.delete(key);
    return reply.code(204).send();
  });

  app.post<IdParams>('/api/activities/:id/analyze', guard, async (request, reply) => {
    const row = await loadOwned(request.auth.userId, request.params.id);
    await queue.send(QUEUES.analyzeActivity, { userId: request.auth.userId, activityId: row.id });
    return reply.code(202).send({ status: 'queued' });
  });
}
