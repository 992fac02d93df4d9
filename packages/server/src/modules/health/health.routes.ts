import { healthLogsQuerySchema } from '@vatio/schemas';
import type { FastifyInstance } from 'fastify';
import type { Engine } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { requireAuth, requireSession } from '../../http/auth-hook.ts';
import { parseQuery } from '../../http/validate.ts';
import { VERSION } from '../../version.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { HealthRepository } from './health.repository.ts';
import type { HealthService } from './health.service.ts';

export function healthRoutes(
  app: FastifyInstance,
  deps: { health: HealthRepository; engine: Engine; auth: AuthService; service: HealthService },
) {
  app.get('/api/health', async (_request, reply) => {
    const ok = await deps.service.reachable();
    const database = ok ? 'ok' : 'unreachable';
    return reply.code(ok ? 200 : 503).send({
      status: ok ? 'ok' : 'degraded',
      database,
      engine: deps.engine,
      version: VERSION,
    });
  });

  // An orchestrator asks these every few seconds: their requests are not logged below a warning.
  const probe = { logLevel: 'warn' } as const;

  app.get('/api/health/live', probe, async (_request, reply) =>
    reply
      .header('cache-control', 'no-store')
      .send({ status: 'ok', uptime_s: Math.round(process.uptime()), version: VERSION }),
  );

  app.get('/api/health/ready', probe, async (_request, reply) => {
    const ready = await deps.service.ready();
    return reply
      .code(ready.status === 'ready' ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(ready);
  });

  const guard = { preHandler: requireAuth(deps.auth) };

  app.get('/api/health/services', guard, async (request, reply) =>
    reply.header('cache-control', 'no-store').send(await deps.service.services(request.auth.userId)),
  );

  // The operators' view needs a signed-in session: a personal API key never reads the server's logs.
  app.get('/api/health/logs', { preHandler: requireSession(deps.auth) }, async (request, reply) => {
    const query = parseQuery(healthLogsQuerySchema, request.query);
    if (!(await deps.service.isOperator(request.auth.userId))) throw new AppError('FORBIDDEN');
    return reply.header('cache-control', 'no-store').send(await deps.service.logs(query));
  });
}
