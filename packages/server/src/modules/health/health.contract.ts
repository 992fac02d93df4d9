import { healthResponseSchema } from '@vatio/schemas';
import type { RouteContract } from '../../http/contract.ts';

export const healthContracts: RouteContract[] = [
  {
    method: 'GET',
    path: '/api/health',
    summary: 'Liveness and database reachability (503 when degraded)',
    tags: ['meta'],
    auth: false,
    response: { status: 200, schema: healthResponseSchema },
  },
];
