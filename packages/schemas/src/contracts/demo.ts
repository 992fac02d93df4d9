import { z } from 'zod';
import { defineContracts } from './contract.ts';

export const demoContracts = defineContracts([
  {
    method: 'POST',
    path: '/api/demo',
    summary: "Fill the rider's empty account with six months of demo rides, in the background",
    tags: ['imports'],
    auth: true,
    response: { status: 202, schema: z.object({ status: z.literal('queued'), rides: z.number() }) },
  },
]);
