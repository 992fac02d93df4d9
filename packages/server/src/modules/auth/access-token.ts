import { createHmac, timingSafeEqual } from 'node:crypto';

// A compact JWT (RFC 7519) signed with HMAC-SHA256 (RFC 7518 §3.2). Only HS256 is accepted:
// the header is fixed, so "alg: none" and algorithm-confusion tricks cannot apply.
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

export interface AccessClaims {
  /** user id */
  sub: string;
  /** session id: lets sign-out and refresh-token reuse revoke access immediately */
  sid: string;
  iat: number;
  exp: number;
}

export function signAccessToken(key: Buffer, claims: AccessClaims): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const signature = createHmac('sha256', key).update(`${HEADER}.${payload}`).digest('base64url');
  return `${HEADER}.${payload}.${signature}`;
}

/** The claims when the token is well-formed, correctly signed and unexpired at `nowS`; otherwise null. */
export function verifyAccessToken(key: Buffer, token: string, nowS: number): AccessClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== HEADER) return null;
  const [, payload, signature] = parts as [string, string, string];
  const expected = createHmac('sha256', key).update(`${HEADER}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<AccessClaims>;
    if (typeof claims.sub !== 'string' || typeof claims.sid !== 'string' || typeof claims.exp !== 'number') {
      return null;
    }
    if (claims.exp <= nowS) return null;
    return claims as AccessClaims;
  } catch {
    return null;
  }
}
