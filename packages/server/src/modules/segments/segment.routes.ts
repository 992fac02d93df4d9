import type { FastifyInstance } from 'fastify';
import { jsonOnce, sendJsonText } from '../../http/json-once.ts';
import { contractRoutes } from '../../http/route.ts';
import { parseId } from '../../http/validate.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { segmentContracts } from './segment.contract.ts';
import type { SegmentService } from './segment.service.ts';

function compareArgs(input: { params: { id: string }; query: { a: string; b: string } }) {
  return [input.params.id, parseId(input.query.a), parseId(input.query.b)] as const;
}

/** GET /api/analytics/segments[/:id[/compare]], PATCH /api/analytics/segments/:id, and the public example's. */
export function segmentRoutes(
  app: FastifyInstance,
  // The example rider (example-rider/example-rider.service.ts, a module above this one): only its id.
  deps: { auth: AuthService; segments: SegmentService; example: { riderId(): Promise<string> } },
) {
  const on = contractRoutes(app, segmentContracts, deps);
  // The list and each segment are kept whole per rider (segment.service.ts): they go out as their
  // kept JSON text, serialized once per answer rather than once per request.
  on('GET /api/analytics/segments', async (_input, request, reply) =>
    sendJsonText(reply, jsonOnce(await deps.segments.list(request.auth.userId))),
  );
  on('GET /api/analytics/segments/:id', async (input, request, reply) =>
    sendJsonText(reply, jsonOnce(await deps.segments.detail(request.auth.userId, input.params.id))),
  );
  on('GET /api/analytics/segments/:id/compare', async (input, request) =>
    deps.segments.compare(request.auth.userId, ...compareArgs(input)),
  );
  on('PATCH /api/analytics/segments/:id', async (input, request) =>
    deps.segments.update(request.auth.userId, input.params.id, input.body),
  );
  on('GET /api/public/analytics/segments', async (_input, _request, reply) =>
    sendJsonText(reply, jsonOnce(await deps.segments.list(await deps.example.riderId()))),
  );
  // The id is checked before the example rider is asked for: a malformed one is a 404, not a 503.
  on('GET /api/public/analytics/segments/:id', async (input, _request, reply) => {
    const id = input.params.id;
    return sendJsonText(reply, jsonOnce(await deps.segments.detail(await deps.example.riderId(), id)));
  });
  on('GET /api/public/analytics/segments/:id/compare', async (input) => {
    const args = compareArgs(input);
    return deps.segments.compare(await deps.example.riderId(), ...args);
  });
}
