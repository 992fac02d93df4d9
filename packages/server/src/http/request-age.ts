import type { FastifyInstance } from 'fastify';
import { runBegunAt } from '../db/connection-turns.ts';

/**
 * Every request's statements take their turn on the embedded database's connection by the request's
 * arrival (db/connection-turns.ts, issue 28): a request that has begun finishes before those that came
 * after it. Set on arrival; it reaches the handler through the body's reading (request-age.test.ts
 * checks a POST over a real socket).
 */
export function turnsByArrival(app: FastifyInstance): void {
  app.addHook('onRequest', (_request, _reply, done) => {
    runBegunAt(performance.now(), done);
  });
}
