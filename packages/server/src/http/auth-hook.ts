import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Authenticated, AuthService } from '../modules/auth/auth.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    auth: Authenticated;
  }
}

/**
 * preHandler for routes that need a signed-in rider or a personal API key; sets `request.auth`
 * or answers 401 (403 when a read-only key asks for anything but GET/HEAD).
 */
export function requireAuth(auth: AuthService) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    request.auth = await auth.authenticate(request.headers.authorization, { method: request.method });
  };
}

/** preHandler for routes only a signed-in session may use (API keys, contacts, logout): keys get 403. */
export function requireSession(auth: AuthService) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    request.auth = await auth.authenticate(request.headers.authorization, {
      method: request.method,
      sessionOnly: true,
    });
  };
}
