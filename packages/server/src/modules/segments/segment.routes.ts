import { segmentCompareQuerySchema, segmentPatchSchema } from '@vatio/schemas';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../http/auth-hook.ts';
import { jsonOnce, sendJsonText } from '../../http/json-once.ts';
import { parseBody, parseId, parseQuery } from '../../http/validate.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { SegmentService } from './segment.service.ts';

type IdParams = { Params: { id: string } };

function compareArgs(request: { params: { id: string }; query: unknown }) {
  const q = parseQuery(segmentCompareQuerySchema, request.query);
  return [parseId(request.params.id), parseId(q.a), parseId(q.b)] as const;
}

/** GET /api/analytics/segments[/:id[/compare]], PATCH /api/analytics/segments/:id, and the public example's. */
export function segmentRoutes(
  app: FastifyInstance,
  // The example rider (example-rider/example-rider.service.ts, a module above this one): only its id.
  deps: { auth: AuthService; segments: SegmentService; example: { riderId(): Promise<string> } },
) {
  const auth = { preHandler: requireAuth(deps.auth) };
  // The list and each segment are kept whole per rider (segment.service.ts): they go out as their
  // kept JSON text, serialized once per answer rather than once per request.
  app.get('/api/analytics/segments', auth, async (request, reply) =>
    sendJsonText(reply, jsonOnce(await deps.segments.list(request.auth.userId))),
  );
  app.get<IdParams>('/api/analytics/segments/:id', auth, async (request, reply) =>
    sendJsonText(
      reply,
      jsonOnce(await deps.segments.detail(request.auth.userId, parseId(request.params.id))),
    ),
  );
  app.get<IdParams>('/api/analytics/segments/:id/compare', auth, async (request) =>
    deps.segments.compare(request.auth.userId, ...compareArgs(request)),
  );
  app.patch<IdParams>('/api/analytics/segments/:id', auth, async (request) =>
    deps.segments.update(
      request.auth.userId,
      parseId(request.params.id),
      parseBody(segmentPatchSchema, request.body),
    ),
  );
  app.get('/api/public/analytics/segments', async (_request, reply) =>
    sendJsonText(reply, jsonOnce(await deps.segments.list(await deps.example.riderId()))),
  );
  // The id is checked before the example rider is asked for: a malformed one is a 404, not a 503.
  app.get<IdParams>('/api/public/analytics/segments/:id', async (request, reply) => {
    const id = parseId(request.params.id);
    return sendJsonText(reply, jsonOnce(await deps.segments.detail(await deps.example.riderId(), id)));
  });
  app.get<IdParams>('/api/public/analytics/segments/:id/compare', async (request) => {
    const args = compareArgs(request);
    return deps.segments.compare(await deps.example.riderId(), ...args);
  });
}
