import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { presentUser } from '../../http/presenters.ts';
import { contractRoutes } from '../../http/route.ts';
import { authContracts } from './auth.contract.ts';
import { type AuthService, REFRESH_TOKEN_TTL_S, type TokenPair } from './auth.service.ts';
import {
  clearRefreshCookie,
  refreshTokenFromCookie,
  setRefreshCookie,
  wantsCookieSession,
} from './refresh-cookie.ts';

export function authRoutes(app: FastifyInstance, auth: AuthService, publicUrl: string) {
  const on = contractRoutes(app, authContracts, { auth });

  on('POST /api/auth/otp', async ({ body: input }, request, reply) => {
    await auth.requestOtp(input, request.ip);
    // 202 whether or not the account exists: the answer reveals nothing.
    return reply.code(202).send({ sent: true });
  });

  on('POST /api/auth/verify', async ({ body: input }, request, reply) => {
    const { tokens, user } = await auth.verifyOtp(input, request.headers['user-agent'] ?? null, request.ip);
    return { ...deliver(request, reply, tokens), user: presentUser(user) };
  });

  on('POST /api/auth/refresh', async ({ body }, request, reply) => {
    const presented = body.refresh_token ?? refreshTokenFromCookie(request);
    try {
      const { tokens, user } = await auth.refresh(presented);
      return { ...deliver(request, reply, tokens), user: presentUser(user) };
    } catch (error) {
      // A dead cookie is of no use to the browser: drop it with the 401.
      if (body.refresh_token === undefined) clearRefreshCookie(reply, publicUrl);
      throw error;
    }
  });

  on('POST /api/me/contacts', async ({ body: input }, request, reply) => {
    await auth.requestLinkCode(request.auth.userId, input, request.ip);
    return reply.code(202).send({ sent: true });
  });

  on('POST /api/me/contacts/verify', async ({ body: input }, request) => {
    return presentUser(await auth.verifyLink(request.auth.userId, input, request.ip));
  });

  on('POST /api/auth/logout', async (_input, request, reply) => {
    await auth.logout(request.auth);
    clearRefreshCookie(reply, publicUrl);
    return reply.code(204).send();
  });

  on('POST /api/auth/logout-all', async (_input, request, reply) => {
    const ended = await auth.logoutEverywhere(request.auth);
    clearRefreshCookie(reply, publicUrl);
    return { sessions_ended: ended };
  });

  /**
   * The pair as the caller asked for it: a browser (`X-Vatio-Session: cookie`) gets the refresh
   * token only as an HttpOnly cookie and the access token in the body (kept in memory); a script
   * gets both in the body, as before.
   */
  function deliver(request: FastifyRequest, reply: FastifyReply, tokens: TokenPair) {
    if (!wantsCookieSession(request)) return tokens;
    setRefreshCookie(reply, tokens.refresh_token, REFRESH_TOKEN_TTL_S, publicUrl);
    const { refresh_token: _inCookie, ...rest } = tokens;
    return rest;
  }
}
