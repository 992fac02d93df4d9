import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ReadsInFlight } from '../jobs/fair-share.ts';

/**
 * Counts the riders' reads (GET and HEAD requests) from their arrival to the end of their response
 * in `reads`, which background work consults to step back while any is waiting (jobs/fair-share.ts,
 * issue 28). Writes are not counted: an upload's request is itself the background work's source.
 * Nor is a read `uncounted` says is the background work's own (a rider following their import's
 * progress wants it to go on, not to step back for the question).
 */
export function countReadsInFlight(
  app: FastifyInstance,
  reads: ReadsInFlight,
  uncounted: (url: string) => boolean = () => false,
): void {
  const ends = new WeakMap<FastifyRequest, () => void>();
  const end = (request: FastifyRequest) => ends.get(request)?.();
  app.addHook('onRequest', (request, reply, done) => {
    if ((request.method === 'GET' || request.method === 'HEAD') && !uncounted(request.url)) {
      const ended = reads.begin();
      ends.set(request, ended);
      // A connection closed before the answer ends the read too (ended counts once).
      reply.raw.once('close', ended);
    }
    done();
  });
  app.addHook('onResponse', (request, _reply, done) => {
    end(request);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    end(request);
    done();
  });
}
