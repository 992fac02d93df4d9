import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Issue 28: every answer to a signed-in rider or an API key, and every sign-in answer (it carries
 * tokens; RFC 6749 §5.1 asks for no-store), is `Cache-Control: no-store`, so no browser or proxy
 * cache keeps a rider's data or tokens. Public answers (the example rider, the web app's immutable
 * assets, client-config) keep what their route set.
 */
export function registerNoStore(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (isPersonal(request)) reply.header('cache-control', 'no-store');
    return payload;
  });
}

function isPersonal(request: FastifyRequest): boolean {
  const url = request.url;
  if (!url.startsWith('/api/')) return false;
  if (url.startsWith('/api/auth/') || url.startsWith('/api/me')) return true;
  return (request as { auth?: unknown }).auth !== undefined;
}
