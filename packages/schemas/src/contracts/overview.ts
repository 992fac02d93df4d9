import { dashboardOverviewResponseSchema } from '../index.ts';
import { defineContracts } from './contract.ts';
import { calendarQuery } from './dashboard.ts';

export const overviewContracts = defineContracts([
  {
    method: 'GET',
    path: '/api/dashboard/overview',
    summary:
      'The live ride overview: latest ride, today, this week against its plan, latest record, live model',
    tags: ['dashboard'],
    auth: true,
    query: calendarQuery,
    response: { status: 200, schema: dashboardOverviewResponseSchema },
  },
]);
