import {
  linkContactRequestSchema,
  logoutAllRequestSchema,
  logoutRequestSchema,
  otpRequestSchema,
  refreshRequestSchema,
  verifyRequestSchema,
} from '@vatio/schemas';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requireSession } from '../../http/auth-hook.ts';
import { presentUser } from '../../http/presenters.ts';
import { parseBody } from '../../http/validate.ts';
import { type AuthService, REFRESH_TOKEN_TTL_S, type TokenPair } from './auth.service.ts';
import {
  clearRefreshCookie,
  refreshTokenFromCookie,
  setRefreshCookie,
  wantsCookieSession,
} from './refresh-cookie.ts';

export function authRoutes(app: FastifyInstance, auth: AuthService, publicUrl: string) {
  app.post('/api/auth/otp', async (request, reply) => {
    const input = parseBody(otpRequestSchema, request.body);
    await auth.requestOtp(input, request.ip);
    // 202 whether or not the account exists: the answer reveals nothing.
    return reply.code(202).send({ sent: true });
  });

  app.post('/api/auth/verify', async (request, reply) => {
    const input = parseBody(verifyRequestSchema, request.body);
    const { tokens, user } = await auth.verifyOtp(input, request.headers['user-agent'] ?? null, request.ip);
    return { ...deliver(request, reply, tokens), user: presentUser(user) };
  });

  app.post('/api/auth/refresh', async (request, reply) => {
    const body = parseBody(refreshRequestSchema, request.body);
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

  app.post('/api/me/contacts', { preHandler: requireSession(auth) }, async (request, reply) => {
    const input = parseBody(linkContactRequestSchema, request.body);
    await auth.requestLinkCode(request.auth.userId, input, request.ip);
    return reply.code(202).send({ sent: true });
  });

  app.post('/api/me/contacts/verify', { preHandler: requireSession(auth) }, async (request) => {
    const input = parseBody(verifyRequestSchema, request.body);
    return presentUser(await auth.verifyLink(request.auth.userId, input, request.ip));
  });

  app.post('/api/auth/logout', { preHandler: requireSession(auth) }, async (request, reply) => {
    parseBody(logoutRequestSchema, request.body);
    await auth.logout(request.auth);
    clearRefreshCookie(reply, publicUrl);
    return reply.code(204).send();
  });

  app.post('/api/auth/logout-all', { preHandler: requireSession(auth) }, async (request, reply) => {
    parseBody(logoutAllRequestSchema, request.body);
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
