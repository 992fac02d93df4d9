import {
  predictiveQuerySchema,
  predictiveResponseSchema,
  trainingLoadQuerySchema,
  trainingLoadResponseSchema,
} from '../index.ts';
import { defineContracts } from './contract.ts';

const tags = ['analytics'];

export const analyticsLoadContracts = defineContracts([
  {
    method: 'GET',
    path: '/api/analytics/training-load',
    summary: 'CTL, ATL and TSB by day, a 14-day projection of the recommended load, and recommendations',
    tags,
    auth: true,
    query: trainingLoadQuerySchema,
    response: { status: 200, schema: trainingLoadResponseSchema },
  },
  {
    method: 'GET',
    path: '/api/analytics/predictive',
    summary: 'Predicted FTP, confidence, days to a test, power profile, event predictions and tactics',
    tags,
    auth: true,
    query: predictiveQuerySchema,
    response: { status: 200, schema: predictiveResponseSchema },
  },
]);
