import { advancedQuerySchema, advancedResponseSchema } from '../index.ts';
import { defineContracts } from './contract.ts';

export const advancedContracts = defineContracts([
  {
    method: 'GET',
    path: '/api/analytics/advanced',
    summary:
      'Advanced metrics of a period: scores, VO2max and VT1/VT2, pedalling, CdA by ride and bike, sprints and repeatability, NP/IF/TSS and the power curve by gradient',
    tags: ['analytics'],
    auth: true,
    query: advancedQuerySchema,
    response: { status: 200, schema: advancedResponseSchema },
  },
  {
    method: 'GET',
    path: '/api/public/analytics/advanced',
    summary:
      "The example rider's advanced metrics (503 EXAMPLE_PREPARING, with retry_after_s and progress {done, total}, while the example is generated once)",
    tags: ['public'],
    auth: false,
    query: advancedQuerySchema,
    response: { status: 200, schema: advancedResponseSchema },
  },
]);
