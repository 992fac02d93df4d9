import {
  performanceQuerySchema,
  performanceResponseSchema,
  predictiveQuerySchema,
  predictiveResponseSchema,
  trainingLoadQuerySchema,
  trainingLoadResponseSchema,
} from '../index.ts';
import { defineContracts } from './contract.ts';

const tags = ['public'];
const preparing =
  ' (503 EXAMPLE_PREPARING, with retry_after_s and progress {done, total}, while the example is generated once)';

/** The analytics of the built-in example rider, without sign-in (issue 13): the same shapes as /api/analytics/*. */
export const exampleRiderContracts = defineContracts([
  {
    method: 'GET',
    path: '/api/public/analytics/performance',
    summary: `The example rider's performance panel${preparing}`,
    tags,
    auth: false,
    query: performanceQuerySchema,
    response: { status: 200, schema: performanceResponseSchema },
  },
  {
    method: 'GET',
    path: '/api/public/analytics/training-load',
    summary: `The example rider's CTL, ATL and TSB, projection and recommendations${preparing}`,
    tags,
    auth: false,
    query: trainingLoadQuerySchema,
    response: { status: 200, schema: trainingLoadResponseSchema },
  },
  {
    method: 'GET',
    path: '/api/public/analytics/predictive',
    summary: `The example rider's predicted FTP, power profile, events and tactics${preparing}`,
    tags,
    auth: false,
    query: predictiveQuerySchema,
    response: { status: 200, schema: predictiveResponseSchema },
  },
]);
