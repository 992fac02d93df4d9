import {
  linkContactRequestSchema,
  logoutRequestSchema,
  otpRequestSchema,
  refreshRequestSchema,
  verifyRequestSchema,
} from '@vatio/schemas';
import type { FastifyInstance } from 'fastify';
import { requireSession } from '../../http/auth-hook.ts';
import { presentUser } from '../../http/presenters.ts';
import { parseBody } from '../../http/validate.ts';
import type { AuthService } from './auth.service.ts';

export function authRoutes(app: FastifyInstance, auth: AuthService) {
  app.post('/api/auth/otp', async (request, reply) => {
    const input = parseBody(otpRequestSchema, request.body);
    await auth.requestOtp(input, request.ip);
    // 202 whether or not the account exists: the answer reveals nothing.
    return reply.code(202).send({ sent: true });
  });

  app.post('/api/auth/verify', async (request) => {
    const input = parseBody(verifyRequestSchema, request.body);
    const { tokens, user } = await auth.verifyOtp(input, request.headers['user-agent'] ?? null, request.ip);
    return { ...tokens, user: presentUser(user) };
  });

  app.post('/api/auth/refresh', async (request) => {
    const { refresh_token } = parseBody(refreshRequestSchema, request.body);
    const { tokens, user } = await auth.refresh(refresh_token);
    return { ...tokens, user: presentUser(user) };
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
    return reply.code(204).send();
  });
}
