import type { FastifyInstance } from 'fastify';
import type { Engine } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { contractRoutes } from '../../http/route.ts';
import { VERSION } from '../../version.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { healthContracts } from './health.contract.ts';
import type { HealthRepository } from './health.repository.ts';
import type { HealthService } from './health.service.ts';

export function healthRoutes(
  app: FastifyInstance,
  deps: { health: HealthRepository; engine: Engine; auth: AuthService; service: HealthService },
) {
  const on = contractRoutes(app, healthContracts, deps);
  on('GET /api/health', async (_input, _request, reply) => {
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

  on(
    'GET /api/health/live',
    async (_input, _request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send({ status: 'ok', uptime_s: Math.round(process.uptime()), version: VERSION }),
    probe,
  );

  on(
    'GET /api/health/ready',
    async (_input, _request, reply) => {
      const ready = await deps.service.ready();
      return reply
        .code(ready.status === 'ready' ? 200 : 503)
        .header('cache-control', 'no-store')
        .send(ready);
    },
    probe,
  );

  on('GET /api/health/services', async (_input, request, reply) =>
    reply.header('cache-control', 'no-store').send(await deps.service.services(request.auth.userId)),
  );

  // The operators' view needs a signed-in session: a personal API key never reads the server's logs.
  on('GET /api/health/logs', async ({ query }, request, reply) => {
    if (!(await deps.service.isOperator(request.auth.userId))) throw new AppError('FORBIDDEN');
    return reply.header('cache-control', 'no-store').send(await deps.service.logs(query));
  });
}
