import type { ApiKeyResponse } from '@vatio/schemas';
import type { FastifyInstance } from 'fastify';
import { contractRoutes } from '../../http/route.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { apiKeyContracts } from './api-key.contract.ts';
import type { ApiKeySummary } from './api-key.repository.ts';
import type { ApiKeyService } from './api-key.service.ts';

function presentApiKey(key: ApiKeySummary): ApiKeyResponse {
  return {
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    scope: key.scope,
    created_at: key.created_at.toISOString(),
    last_used_at: key.last_used_at?.toISOString() ?? null,
  };
}

/** Personal API keys. Managing them takes a signed-in session: a key cannot create or revoke keys. */
export function apiKeyRoutes(app: FastifyInstance, deps: { auth: AuthService; apiKeys: ApiKeyService }) {
  const { apiKeys } = deps;
  const on = contractRoutes(app, apiKeyContracts, deps);

  on('GET /api/me/api-keys', async (_input, request) =>
    (await apiKeys.list(request.auth.userId)).map(presentApiKey),
  );

  on('POST /api/me/api-keys', async ({ body: input }, request, reply) => {
    const { key, secret } = await apiKeys.create(request.auth.userId, input);
    // The only time the secret leaves the server: it is not stored and cannot be shown again.
    reply.header('cache-control', 'no-store');
    return reply.code(201).send({ ...presentApiKey(key), secret });
  });

  on('DELETE /api/me/api-keys/:id', async (input, request, reply) => {
    await apiKeys.revoke(request.auth.userId, input.params.id);
    return reply.code(204).send();
  });
}
