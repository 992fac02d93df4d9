import { dashboardOverviewResponseSchema } from '@vatio/schemas';
import { z } from 'zod';
import type { RouteContract } from '../../http/contract.ts';

export const overviewContracts: RouteContract[] = [
  {
    method: 'GET',
    path: '/api/dashboard/overview',
    summary:
      'The live ride overview: latest ride, today, this week against its plan, latest record, live model',
    tags: ['dashboard'],
    auth: true,
    query: z.object({
      tz: z.string().optional().describe("IANA time zone (the browser's)"),
      locale: z
        .string()
        .optional()
        .describe("BCP 47, for the first day of the week; default: the rider's language"),
    }),
    response: { status: 200, schema: dashboardOverviewResponseSchema },
  },
];
