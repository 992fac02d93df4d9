import { z } from 'zod';
import type { RouteContract } from '../../http/contract.ts';
import { SUMMARY_PERIODS, type SummaryPeriod } from './dashboard.service.ts';
import { CURVE_RANGES, type CurveRange } from './rider-curve.ts';

const tags = ['dashboard'];

/** Days and weeks in the rider's calendar. */
const calendarQuery = z.object({
  tz: z.string().optional().describe("IANA time zone (the browser's)"),
  locale: z
    .string()
    .optional()
    .describe("BCP 47, for the first day of the week; default: the rider's language"),
});

/** The routes parse their queries with these (http/validate.ts parseQuery). */
export const recentActivitiesQuery = calendarQuery.extend({
  limit: z.coerce.number().int().min(1).max(50).default(5),
});
export const powerCurveQuery = calendarQuery.extend({
  range: z.enum(CURVE_RANGES as [CurveRange, ...CurveRange[]]).default('90d'),
});
export const summaryQuery = calendarQuery.extend({
  period: z.enum(SUMMARY_PERIODS as [SummaryPeriod, ...SummaryPeriod[]]).default('30d'),
});

const get = (path: string, summary: string, query: z.ZodObject = calendarQuery): RouteContract => ({
  method: 'GET',
  path,
  summary,
  tags,
  auth: true,
  query,
  response: { status: 200 },
});

export const dashboardContracts: RouteContract[] = [
  get('/api/dashboard', 'The classic dashboard in one answer'),
  get('/api/dashboard/stats', 'Totals and training load'),
  get('/api/dashboard/recent-activities', 'The latest rides', recentActivitiesQuery),
  get('/api/dashboard/power-curve', 'Best power curve over a range', powerCurveQuery),
  get('/api/dashboard/weekly-summary', 'Totals by week'),
  get('/api/dashboard/monthly-summary', 'Totals by month'),
  get('/api/dashboard/summary', 'Period summary compared with the period before', summaryQuery),
  get('/api/dashboard/narrative', 'What the training says, in words'),
];
