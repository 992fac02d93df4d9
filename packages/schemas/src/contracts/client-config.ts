import { clientConfigResponseSchema } from '../index.ts';
import { defineContracts } from './contract.ts';

export const clientConfigContracts = defineContracts([
  {
    method: 'GET',
    path: '/api/client-config',
    summary: "The operator's choices the web app needs (map tile server)",
    tags: ['meta'],
    auth: false,
    response: { status: 200, schema: clientConfigResponseSchema },
  },
]);
