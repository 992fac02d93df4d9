import { apiKeyCreatedResponseSchema, apiKeyCreateSchema, apiKeyResponseSchema } from '../index.ts';
import { z } from 'zod';
import { idParams, defineContracts } from './contract.ts';

const tags = ['api-keys'];

export const apiKeyContracts = defineContracts([
  {
    method: 'GET',
    path: '/api/me/api-keys',
    summary: "The rider's personal API keys, with their last use (a signed-in session only, not a key)",
    tags,
    auth: true,
    scope: 'session',
    response: { status: 200, schema: z.array(apiKeyResponseSchema) },
  },
  {
    method: 'POST',
    path: '/api/me/api-keys',
    summary: 'Create a personal API key; its secret is in this answer only',
    tags,
    auth: true,
    scope: 'session',
    body: apiKeyCreateSchema,
    response: { status: 201, schema: apiKeyCreatedResponseSchema },
  },
  {
    method: 'DELETE',
    path: '/api/me/api-keys/:id',
    summary: 'Revoke a personal API key',
    tags,
    auth: true,
    scope: 'session',
    params: idParams,
    response: { status: 204 },
  },
]);
