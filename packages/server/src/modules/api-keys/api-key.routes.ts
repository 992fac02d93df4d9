import { type ApiKeyResponse, apiKeyCreateSchema } from '@vatio/schemas';
import type { FastifyInstance } from 'fastify';
import { requireSession } from '../../http/auth-hook.ts';
import { parseBody, parseId } from '../../http/validate.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { ApiKeySummary } from './api-key.repository.ts';
import type { ApiKeyService } from './api-key.service.ts';

type IdParams = { Params: { id: string } };

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
  const guard = { preHandler: requireSession(deps.auth) };

  app.get('/api/me/api-keys', guard, async (request) =>
    (await apiKeys.list(request.auth.userId)).map(presentApiKey),
  );

  app.post('/api/me/api-keys', guard, async (request, reply) => {
    const input = parseBody(apiKeyCreateSchema, request.body);
    const { key, secret } = await apiKeys.create(request.auth.userId, input);
    // The only time the secret leaves the server: it is not stored and cannot be shown again.
    reply.header('cache-control', 'no-store');
    return reply.code(201).send({ ...presentApiKey(key), secret });
  });

  app.delete<IdParams>('/api/me/api-keys/:id', guard, async (request, reply) => {
    await apiKeys.revoke(request.auth.userId, parseId(request.params.id));
    return reply.code(204).send();
  });
}
