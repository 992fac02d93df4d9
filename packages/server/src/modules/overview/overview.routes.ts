import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../http/auth-hook.ts';
import { jsonOnce, sendJsonText } from '../../http/json-once.ts';
import { parseQuery } from '../../http/validate.ts';
import { calendarQuery } from '../dashboard/dashboard.contract.ts';
import { requestLanguage } from '../activities/ride-name.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { firstDayOfWeek, resolveTimeZone } from '../dashboard/zoned-calendar.ts';
import type { ProfileRepository } from '../../kernel/profile.repository.ts';
import type { OverviewService } from './overview.service.ts';

type Q = { Querystring: { tz?: string; locale?: string } };

export function overviewRoutes(
  app: FastifyInstance,
  deps: { auth: AuthService; overview: OverviewService; profiles: ProfileRepository },
) {
  // Weeks in the rider's calendar, as the dashboard reads them (dashboard.routes.ts calendarOf).
  app.get<Q>('/api/dashboard/overview', { preHandler: requireAuth(deps.auth) }, async (request, reply) => {
    const userId = request.auth.userId;
    const query = parseQuery(calendarQuery, request.query);
    const timeZone = resolveTimeZone(query.tz);
    let locale = query.locale;
    if (!locale) locale = (await deps.profiles.findSettings(userId))?.language ?? 'es';
    const language = requestLanguage(locale.slice(0, 2).toLowerCase(), request.headers['accept-language']);
    const answer = await deps.overview.overview({
      userId,
      timeZone,
      firstDayOfWeek: firstDayOfWeek(locale),
      language,
    });
    return sendJsonText(reply, jsonOnce(answer));
  });
}
