import { z } from 'zod';
import type { RouteContract } from '../../http/contract.ts';
import { SUMMARY_PERIODS } from './dashboard.service.ts';
import { CURVE_RANGES } from './rider-curve.ts';

const tags = ['dashboard'];

/** Days and weeks in the rider's calendar. */
const calendarQuery = z.object({
  tz: z.string().optional().describe("IANA time zone (the browser's)"),
  locale: z
    .string()
    .optional()
    .describe("BCP 47, for the first day of the week; default: the rider's language"),
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
  get(
    '/api/dashboard/recent-activities',
    'The latest rides',
    calendarQuery.extend({ limit: z.string().optional().describe('a whole number, 1 to 50, default 5') }),
  ),
  get(
    '/api/dashboard/power-curve',
    'Best power curve over a range',
    calendarQuery.extend({ range: z.enum(CURVE_RANGES as [string, ...string[]]).optional() }),
  ),
  get('/api/dashboard/weekly-summary', 'Totals by week'),
  get('/api/dashboard/monthly-summary', 'Totals by month'),
  get(
    '/api/dashboard/summary',
    'Period summary compared with the period before',
    calendarQuery.extend({ period: z.enum(SUMMARY_PERIODS as [string, ...string[]]).optional() }),
  ),
  get('/api/dashboard/narrative', 'What the training says, in words'),
];
