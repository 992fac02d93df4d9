import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Engine } from '../../db/database.ts';
import type { Database as Schema } from '../../db/schema.ts';
import { VERSION } from '../../version.ts';

export function healthRoutes(app: FastifyInstance, deps: { db: Kysely<Schema>; engine: Engine }) {
  app.get('/api/health', async (_request, reply) => {
    let database: 'ok' | 'unreachable' = 'ok';
    try {
      await sql`select 1`.execute(deps.db);
    } catch {
      database = 'unreachable';
    }
    const ok = database === 'ok';
    return reply.code(ok ? 200 : 503).send({
      status: ok ? 'ok' : 'degraded',
      database,
      engine: deps.engine,
      version: VERSION,
    });
  });
}
