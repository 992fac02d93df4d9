import type { FastifyInstance } from 'fastify';
import { runBegunAt } from '../db/connection-turns.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** When the request arrived (`performance.now()`): its statements take their turn by it. */
    arrivedAtMs: number;
  }
}

/**
 * Every request's statements take their turn on the embedded database's connection by the request's
 * arrival (db/connection-turns.ts, issue 28): a request that has begun finishes before those that came
 * after it. Set on arrival, and again before the handler: a body read in between (an upload) runs in
 * the socket's context, not the request's, and would lose it.
 */
export function turnsByArrival(app: FastifyInstance): void {
  app.decorateRequest('arrivedAtMs', 0);
  app.addHook('onRequest', (request, _reply, done) => {
    request.arrivedAtMs = performance.now();
    runBegunAt(request.arrivedAtMs, done);
  });
  app.addHook('preHandler', (request, _reply, done) => {
    runBegunAt(request.arrivedAtMs, done);
  });
}
