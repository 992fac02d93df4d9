import { performanceQuerySchema, performanceResponseSchema } from '../index.ts';
import { defineContracts } from './contract.ts';

export const performanceContracts = defineContracts([
  {
    method: 'GET',
    path: '/api/analytics/performance',
    summary: 'The performance panel: five tabs of four metrics, the last N weeks against the N before',
    tags: ['analytics'],
    auth: true,
    query: performanceQuerySchema,
    response: { status: 200, schema: performanceResponseSchema },
  },
]);
