import type { MonthlySummaryResponse, RecentActivitiesResponse, WeeklySummaryResponse } from '@vatio/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { jsonOnce, sendJsonText } from '../../http/json-once.ts';
import { requestLanguage } from '../activities/ride-name.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { ProfileRepository } from '../../kernel/profile.repository.ts';
import { contractRoutes } from '../../http/route.ts';
import { dashboardContracts } from './dashboard.contract.ts';
import type { DashboardService, RiderCalendarContext } from './dashboard.service.ts';
import { firstDayOfWeek, resolveTimeZone } from './zoned-calendar.ts';

type CalendarQuery = { tz?: string; locale?: string };

export function dashboardRoutes(
  app: FastifyInstance,
  deps: { auth: AuthService; dashboard: DashboardService; profiles: ProfileRepository },
) {
  const { dashboard, profiles } = deps;
  const on = contractRoutes(app, dashboardContracts, deps);

  /**
   * Weeks and days in the rider's calendar: `tz` (IANA zone, the browser's) and `locale` (BCP 47,
   * for the first day of the week); without `locale`, the rider's language setting decides.
   */
  const calendarOf = async (query: CalendarQuery, request: FastifyRequest): Promise<RiderCalendarContext> => {
    const userId = request.auth.userId;
    const timeZone = resolveTimeZone(query.tz);
    let locale = query.locale;
    if (!locale) locale = (await profiles.findSettings(userId))?.language ?? 'es';
    const language = requestLanguage(locale.slice(0, 2).toLowerCase(), request.headers['accept-language']);
    return { userId, timeZone, firstDayOfWeek: firstDayOfWeek(locale), language };
  };

  // The two answers riders load most are kept whole per rider, so they are sent as kept JSON text.
  on('GET /api/dashboard', async ({ query }, request, reply) =>
    sendJsonText(reply, jsonOnce(await dashboard.dashboard(await calendarOf(query, request)))),
  );

  on('GET /api/dashboard/stats', async ({ query }, request) =>
    dashboard.stats(await calendarOf(query, request)),
  );

  on(
    'GET /api/dashboard/recent-activities',
    async ({ query }, request): Promise<RecentActivitiesResponse> => ({
      activities: await dashboard.recentActivities(await calendarOf(query, request), query.limit),
    }),
  );

  on('GET /api/dashboard/power-curve', async ({ query }, request, reply) => {
    const { range } = query;
    const points = await dashboard.powerCurve(await calendarOf(query, request), range);
    return sendJsonText(reply, `{"range":${JSON.stringify(range)},"points":${jsonOnce(points)}}`);
  });

  on(
    'GET /api/dashboard/weekly-summary',
    async ({ query }, request): Promise<WeeklySummaryResponse> => ({
      weeks: await dashboard.weeklySummary(await calendarOf(query, request)),
    }),
  );

  on(
    'GET /api/dashboard/monthly-summary',
    async ({ query }, request): Promise<MonthlySummaryResponse> => ({
      months: await dashboard.monthlySummary(await calendarOf(query, request)),
    }),
  );

  on('GET /api/dashboard/summary', async ({ query }, request) => {
    return dashboard.summary(await calendarOf(query, request), query.period);
  });

  on('GET /api/dashboard/narrative', async ({ query }, request) =>
    dashboard.narrative(await calendarOf(query, request)),
  );
}
