import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
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
 * Security headers on every response (pages, files and JSON) through @fastify/helmet: the CSP above,
 * X-Content-Type-Options nosniff, X-Frame-Options DENY, a Referrer-Policy that sends only the origin
 * to other sites (tile servers such as OpenStreetMap's require a Referer), and HSTS only when
 * PUBLIC_URL is https (a browser told HSTS over plain http would be locked out of it).
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: SecurityHeadersOptions,
): Promise<void> {
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(options) },
    strictTransportSecurity: isHttps(options.publicUrl)
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Tiles come from another origin without CORP headers: embedder isolation would block them.
    crossOriginEmbedderPolicy: false,
  });
}
