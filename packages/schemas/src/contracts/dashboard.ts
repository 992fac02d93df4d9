import {
  CURVE_RANGES,
  dashboardResponseSchema,
  dashboardStatsResponseSchema,
  monthlySummaryResponseSchema,
  narrativeResponseSchema,
  powerCurveResponseSchema,
  recentActivitiesResponseSchema,
  SUMMARY_PERIODS,
  summaryResponseSchema,
  weeklySummaryResponseSchema,
} from '../index.ts';
import { z } from 'zod';
import { defineContracts } from './contract.ts';

const tags = ['dashboard'];

/**
 * Days and weeks in the rider's calendar. The lengths bound what the calendar keeps per distinct
 * value: no IANA zone name is longer than 64 characters, no usable BCP 47 tag longer than 35.
 */
export const calendarQuery = z.object({
  tz: z.string().max(64).optional().describe("IANA time zone (the browser's)"),
  locale: z
    .string()
    .max(35)
    .optional()
    .describe("BCP 47, for the first day of the week; default: the rider's language"),
});

/** The routes parse their queries with these (http/validate.ts parseQuery). */
export const recentActivitiesQuery = calendarQuery.extend({
  limit: z.coerce.number().int().min(1).max(50).default(5),
});
export const powerCurveQuery = calendarQuery.extend({
  range: z.enum(CURVE_RANGES).default('90d'),
});
export const summaryQuery = calendarQuery.extend({
  period: z.enum(SUMMARY_PERIODS).default('30d'),
});

const get = <const P extends string, S extends z.ZodType, Q extends z.ZodObject = typeof calendarQuery>(
  path: P,
  summary: string,
  schema: S,
  query?: Q,
) => ({
  method: 'GET' as const,
  path,
  summary,
  tags,
  auth: true as const,
  query: (query ?? calendarQuery) as Q,
  response: { status: 200, schema },
});

export const dashboardContracts = defineContracts([
  get('/api/dashboard', 'The classic dashboard in one answer', dashboardResponseSchema),
  get('/api/dashboard/stats', 'All-time totals', dashboardStatsResponseSchema),
  get(
    '/api/dashboard/recent-activities',
    'The latest rides',
    recentActivitiesResponseSchema,
    recentActivitiesQuery,
  ),
  get(
    '/api/dashboard/power-curve',
    'Best power curve over a range',
    powerCurveResponseSchema,
    powerCurveQuery,
  ),
  get('/api/dashboard/weekly-summary', 'Totals by week', weeklySummaryResponseSchema),
  get('/api/dashboard/monthly-summary', 'Totals by month', monthlySummaryResponseSchema),
  get(
    '/api/dashboard/summary',
    'Period summary compared with the period before',
    summaryResponseSchema,
    summaryQuery,
  ),
  get('/api/dashboard/narrative', 'What the training says, in words', narrativeResponseSchema),
]);
