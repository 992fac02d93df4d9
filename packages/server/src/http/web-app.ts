import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { ERRORS } from '../errors.ts';

export interface WebAppOptions {
  /** The web build (packages/web/dist); nothing is served when absent. */
  webDistDir: string | undefined;
  /** Serve *.map files (SERVE_SOURCE_MAPS); off by default, so the sources are not public. */
  serveSourceMaps: boolean;
}

/** Hashed assets never change: a year, immutable. Everything else (index.html, sw.js) is revalidated. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

const notFound = { error: { code: 'NOT_FOUND', message: ERRORS.NOT_FOUND.message } };

/**
 * Serves the built web app: files of the build with their precompressed twin (`.br`, `.gz`, written
 * by the web build) chosen by Accept-Encoding, index.html for every client route, JSON 404s for
 * /api/* and for files that do not exist (a missing script must not come back as index.html).
 */
export async function registerWebApp(app: FastifyInstance, options: WebAppOptions): Promise<void> {
  const { webDistDir, serveSourceMaps } = options;
  if (webDistDir) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      cacheControl: false,
      preCompressed: true,
      allowedPath: (path) => serveSourceMaps || !path.endsWith('.map'),
      setHeaders: (reply, path) => {
        reply.header('cache-control', /[/\\]assets[/\\]/.test(path) ? IMMUTABLE : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    const reads = request.method === 'GET' || request.method === 'HEAD';
    if (!reads || path.startsWith('/api/') || !webDistDir) {
      return reply.code(404).send(notFound);
    }
    // A path whose last part has an extension names a file; every other path is a client route.
    if (/\.\w+$/.test(path)) {
      const file = path.slice(1);
      const servable = !file.includes('/') && (serveSourceMaps || !file.endsWith('.map'));
      if (servable && existsSync(join(webDistDir, file))) return reply.sendFile(file);
      return reply.code(404).send(notFound);
    }
    return reply.sendFile('index.html');
  });
}
