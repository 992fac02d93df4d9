import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { runAsRider } from '../db/write-scope.ts';
import type { Authenticated } from '../kernel/authenticated.ts';

declare module 'fastify' {
  interface FastifyRequest {
    auth: Authenticated;
  }
}

/**
 * What the hooks ask of the auth module (modules/auth/auth.service.ts, AuthService): the bearer
 * checked. Named here so that this kit stands below the modules that use it.
 */
export interface Authenticator {
  authenticate(
    authorization: string | undefined,
    options: { method?: string; sessionOnly?: boolean },
  ): Promise<Authenticated>;
}

/**
 * After the bearer checked out: the rider's kept answer when it is still right
 * (http/rider-response-cache.ts), else the handler, run in the rider's write scope
 * (db/write-scope.ts) so that what it writes moves only this rider's write epoch. A callback hook,
 * not an async one: Fastify calls the handler from inside `done`, so the scope reaches it.
 */
function proceedAs(
  request: FastifyRequest,
  reply: FastifyReply,
  done: HookHandlerDoneFunction,
  auth: Authenticated,
): void {
  request.auth = auth;
  if (request.server.riderResponses?.answer(request, reply, auth)) return;
  runAsRider(auth.userId, done);
}

/**
 * preHandler for routes that need a signed-in rider or a personal API key; sets `request.auth`
 * or answers 401 (403 when a read-only key asks for anything but GET/HEAD).
 */
export function requireAuth(auth: Authenticator) {
  return (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    auth
      .authenticate(request.headers.authorization, { method: request.method })
      .then((authenticated) => proceedOrFail(request, reply, done, authenticated), done);
  };
}

/** preHandler for routes only a signed-in session may use (API keys, contacts, logout): keys get 403. */
export function requireSession(auth: Authenticator) {
  return (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    auth
      .authenticate(request.headers.authorization, { method: request.method, sessionOnly: true })
      .then((authenticated) => proceedOrFail(request, reply, done, authenticated), done);
  };
}

/** proceedAs, with what it throws handed to Fastify rather than lost as an unhandled rejection. */
function proceedOrFail(
  request: FastifyRequest,
  reply: FastifyReply,
  done: HookHandlerDoneFunction,
  auth: Authenticated,
): void {
  try {
    proceedAs(request, reply, done, auth);
  } catch (error) {
    done(error as Error);
  }
}
