import type { MonthlySummaryResponse, RecentActivitiesResponse, WeeklySummaryResponse } from '@vatio/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAuth } from '../../http/auth-hook.ts';
import { jsonOnce, sendJsonText } from '../../http/json-once.ts';
import { requestLanguage } from '../activities/ride-name.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { ProfileRepository } from '../../kernel/profile.repository.ts';
import { parseQuery } from '../../http/validate.ts';
import { calendarQuery, powerCurveQuery, recentActivitiesQuery, summaryQuery } from './dashboard.contract.ts';
import type { DashboardService, RiderCalendarContext } from './dashboard.service.ts';
import { firstDayOfWeek, resolveTimeZone } from './zoned-calendar.ts';

type CalendarQuery = { tz?: string; locale?: string };
type Q = { Querystring: CalendarQuery };

export function dashboardRoutes(
  app: FastifyInstance,
  deps: { auth: AuthService; dashboard: DashboardService; profiles: ProfileRepository },
) {
  const { dashboard, profiles } = deps;
  const guard = { preHandler: requireAuth(deps.auth) };

  /**
   * Weeks and days in the rider's calendar: `tz` (IANA zone, the browser's) and `locale` (BCP 47,
   * for the first day of the week); without `locale`, the rider's language setting decides.
   */
  const calendarOf = async (request: FastifyRequest<Q>): Promise<RiderCalendarContext> => {
    const userId = request.auth.userId;
    const query = parseQuery(calendarQuery, request.query);
    const timeZone = resolveTimeZone(query.tz);
    let locale = query.locale;
    if (!locale) locale = (await profiles.findSettings(userId))?.language ?? 'es';
    const language = requestLanguage(locale.slice(0, 2).toLowerCase(), request.headers['accept-language']);
    return { userId, timeZone, firstDayOfWeek: firstDayOfWeek(locale), language };
  };

  // The two answers riders load most are kept whole per rider, so they are sent as kept JSON text.
  app.get<Q>('/api/dashboard', guard, async (request, reply) =>
    sendJsonText(reply, jsonOnce(await dashboard.dashboard(await calendarOf(request)))),
  );

  app.get<Q>('/api/dashboard/stats', guard, async (request) => dashboard.stats(await calendarOf(request)));

  app.get<Q>(
    '/api/dashboard/recent-activities',
    guard,
    async (request): Promise<RecentActivitiesResponse> => {
      const { limit } = parseQuery(recentActivitiesQuery, request.query);
      return { activities: await dashboard.recentActivities(await calendarOf(request), limit) };
    },
  );

  app.get<Q>('/api/dashboard/power-curve', guard, async (request, reply) => {
    const { range } = parseQuery(powerCurveQuery, request.query);
    const points = await dashboard.powerCurve(await calendarOf(request), range);
    return sendJsonText(reply, `{"range":${JSON.stringify(range)},"points":${jsonOnce(points)}}`);
  });

  app.get<Q>(
    '/api/dashboard/weekly-summary',
    guard,
    async (request): Promise<WeeklySummaryResponse> => ({
      weeks: await dashboard.weeklySummary(await calendarOf(request)),
    }),
  );

  app.get<Q>(
    '/api/dashboard/monthly-summary',
    guard,
    async (request): Promise<MonthlySummaryResponse> => ({
      months: await dashboard.monthlySummary(await calendarOf(request)),
    }),
  );

  app.get<Q>('/api/dashboard/summary', guard, async (request) => {
    const { period } = parseQuery(summaryQuery, request.query);
    return dashboard.summary(await calendarOf(request), period);
  });

  app.get<Q>('/api/dashboard/narrative', guard, async (request) =>
    dashboard.narrative(await calendarOf(request)),
  );
}
