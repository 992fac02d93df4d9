import type { FastifyInstance } from 'fastify';
import type { Engine } from '../../db/database.ts';
import type { HealthRepository } from './health.repository.ts';
import { VERSION } from '../../version.ts';

export function healthRoutes(app: FastifyInstance, deps: { health: HealthRepository; engine: Engine }) {
  app.get('/api/health', async (_request, reply) => {
    const ok = await deps.health.reachable();
    const database = ok ? 'ok' : 'unreachable';
    return reply.code(ok ? 200 : 503).send({
      status: ok ? 'ok' : 'degraded',
      database,
      engine: deps.engine,
      version: VERSION,
    });
  });
}
