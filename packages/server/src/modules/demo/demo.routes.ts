import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.ts';
import { contractRoutes } from '../../http/route.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { demoContracts } from './demo.contract.ts';
import type { DemoService } from './demo.service.ts';

export function demoRoutes(app: FastifyInstance, deps: { auth: AuthService; demo: DemoService }) {
  // Fills the signed-in rider's empty account with six months of demo rides, in the background;
  // progress shows on the import status page like any other import.
  const on = contractRoutes(app, demoContracts, deps);
  on('POST /api/demo', async (_input, request, reply) => {
    const started = await deps.demo.start(request.auth.userId);
    if (!started) throw new AppError('DEMO_NOT_EMPTY');
    return reply.code(202).send({ status: 'queued', rides: started.rides });
  });
}
