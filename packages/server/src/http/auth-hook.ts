import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Authenticated, AuthService } from '../modules/auth/auth.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    auth: Authenticated;
  }
}

/** preHandler for routes that need a signed-in rider; sets `request.auth` or answers 401. */
export function requireAuth(auth: AuthService) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    request.auth = await auth.authenticate(request.headers.authorization);
  };
}
