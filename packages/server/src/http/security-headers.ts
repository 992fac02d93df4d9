import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { MapTilesConfig } from '../config.ts';

/** What the policy depends on: the operator's tile server and whether the public address is https. */
export interface SecurityHeadersOptions {
  publicUrl: string;
  mapTiles: MapTilesConfig | null;
}

type Directives = Record<string, string[] | null>;

/**
 * The Content-Security-Policy of every response (OWASP Secure Headers; CSP Level 3). Scripts only
 * from this origin, never inline; images from this origin, data:/blob: (charts, exports) and the
 * configured tile server's origin only when one is set; no plugins, no framing, no foreign form
 * targets. Styles allow 'unsafe-inline' because React and uPlot set style attributes and the dialogs'
 * scroll lock (react-remove-scroll, under Radix Dialog) inserts a <style> element at run time; an
 * inline style cannot run code.
 */
export function contentSecurityPolicy(options: SecurityHeadersOptions): Directives {
  const tileOrigin = options.mapTiles ? new URL(options.mapTiles.url).origin : null;
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', ...(tileOrigin ? [tileOrigin] : [])],
    fontSrc: ["'self'"],
    connectSrc: ["'self'"],
    workerSrc: ["'self'"],
    manifestSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    // Only behind https: on plain http it would send the page's own requests to an https port.
    upgradeInsecureRequests: isHttps(options.publicUrl) ? [] : null,
  };
}

export function isHttps(publicUrl: string): boolean {
  return publicUrl.startsWith('https://');
}

/**
 * Security headers on every response (pages, files and JSON), as helmet writes them: the CSP above,
 * X-Content-Type-Options nosniff, X-Frame-Options DENY, a Referrer-Policy that sends only the origin
 * to other sites (tile servers such as OpenStreetMap's require a Referer), and HSTS only when
 * PUBLIC_URL is https (a browser told HSTS over plain http would be locked out of it).
 *
 * The headers depend on the configuration alone (no per-request nonces), so helmet runs once, here,
 * and every response gets the same set. @fastify/helmet built a new helmet middleware, CSP parsing
 * included, on every request: a few percent of a warm cached answer's CPU under load (issue 13 bench).
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: SecurityHeadersOptions,
): Promise<void> {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/** The headers helmet sets for this configuration, read once by running it on a recording response. */
export function securityHeaders(options: SecurityHeadersOptions): Record<string, string> {
  const middleware = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(options) },
    strictTransportSecurity: isHttps(options.publicUrl)
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Tiles come from another origin without CORP headers: embedder isolation would block them.
    crossOriginEmbedderPolicy: false,
  });
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}
