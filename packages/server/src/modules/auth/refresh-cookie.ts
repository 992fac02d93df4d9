import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';

// Issue 16: the web app kept its refresh token in localStorage, where any script on the page could
// read it. A browser now asks for the session in a cookie (`X-Vatio-Session: cookie` on verify and
// refresh): the refresh token travels only in this cookie, which scripts cannot read (HttpOnly),
// which is sent only to the auth routes (Path) and never from another site (SameSite=Strict).
// Scripts and API clients keep receiving the token in the JSON body and sending it back there.

export const REFRESH_COOKIE = 'vatio_refresh';
/** Refresh and logout live under this path; nothing else ever receives the cookie. */
export const REFRESH_COOKIE_PATH = '/api/auth';
/** The header a browser sends to keep its session in the cookie instead of the body. */
export const SESSION_MODE_HEADER = 'x-vatio-session';

/** Whether the request asks for the cookie session (the web app does; scripts do not). */
export function wantsCookieSession(request: FastifyRequest): boolean {
  return request.headers[SESSION_MODE_HEADER] === 'cookie';
}

/**
 * The refresh token from the cookie, for a refresh with no token in its body. Only for a request
 * that says `X-Vatio-Session: cookie` with a JSON body: a cross-site form or `fetch` cannot send
 * either without a CORS preflight, which Vatio never grants, so on top of SameSite=Strict a forged
 * request cannot use the cookie (no CSRF).
 */
export function refreshTokenFromCookie(request: FastifyRequest): string {
  const json = /^application\/json\b/i.test(request.headers['content-type'] ?? '');
  if (!wantsCookieSession(request) || !json) throw new AppError('REFRESH_INVALID');
  const token = readCookie(request.headers.cookie, REFRESH_COOKIE);
  if (!token) throw new AppError('REFRESH_INVALID');
  return token;
}

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return decodeURIComponent(part.slice(at + 1).trim());
  }
  return undefined;
}

/**
 * `Secure` whenever the public address is https. On plain http://localhost (development, the e2e
 * tests) it is left off: browsers would otherwise refuse to store the cookie from an http page
 * (Chromium and Firefox treat localhost as secure, others do not), and a local session is not sent
 * over any network.
 */
function attributes(publicUrl: string, maxAgeS: number): string {
  const secure = publicUrl.startsWith('https://') ? '; Secure' : '';
  return `Path=${REFRESH_COOKIE_PATH}; Max-Age=${maxAgeS}; HttpOnly; SameSite=Strict${secure}`;
}

export function setRefreshCookie(
  reply: FastifyReply,
  token: string,
  maxAgeS: number,
  publicUrl: string,
): void {
  reply.header(
    'set-cookie',
    `${REFRESH_COOKIE}=${encodeURIComponent(token)}; ${attributes(publicUrl, maxAgeS)}`,
  );
}

export function clearRefreshCookie(reply: FastifyReply, publicUrl: string): void {
  reply.header('set-cookie', `${REFRESH_COOKIE}=; ${attributes(publicUrl, 0)}`);
}
