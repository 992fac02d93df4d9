import { defineContracts } from './contract.ts';

const tags = ['account'];

export const accountContracts = defineContracts([
  {
    method: 'GET',
    path: '/api/export',
    summary:
      "Download all the rider's data: originals, CSV and JSON in a zip (signed-in session only: an API key gets 403)",
    tags,
    auth: true,
    scope: 'session',
    response: { status: 200, contentType: 'application/zip', description: 'A streamed zip archive' },
  },
  {
    method: 'DELETE',
    path: '/api/account',
    summary: 'Delete the account and everything in it (signed-in session only: an API key gets 403)',
    tags,
    auth: true,
    scope: 'session',
    response: { status: 204 },
  },
]);
