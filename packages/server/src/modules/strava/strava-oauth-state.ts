import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { deriveKey } from '../../lib/crypto.ts';

/** How long a rider has to approve on Strava's page. */
const STATE_TTL_MS = 15 * 60 * 1000;

export interface StateClaims {
  /** The rider who asked to connect: the callback carries no bearer token, so the state names them. */
  userId: string;
  /** App path to return to. */
  returnTo: string;
}

/** The cookie that binds a state to the browser that asked for it (path: the callback only). */
export const STATE_COOKIE = 'vatio_strava_state';

const hashNonce = (nonce: string) => createHash('sha256').update(nonce).digest('base64url');

/**
 * The OAuth `state` (RFC 6749 §10.12): `<payload>.<HMAC-SHA256>`, signed with a key derived from
 * SECRET_KEY, expiring after 15 minutes. Only the signed-in rider can obtain one (POST
 * /api/strava/connect), and the callback attaches the Strava account to the rider it names.
 *
 * The state is bound to the browser that asked for it: /connect sets a random nonce in an HttpOnly
 * cookie and the signed payload carries its hash, so a state sent to someone else (whose browser
 * has no such cookie) is refused. Each state is usable once.
 */
export class OAuthStateSigner {
  private readonly key: Buffer;
  /**
   * Nonces of states already used, until they expire. Kept in memory: Vatio runs one server
   * process, and a restart forgets them only for states that expire within 15 minutes anyway.
   */
  private readonly used = new Map<string, number>();

  constructor(
    secret: Buffer,
    private readonly now: () => Date,
  ) {
    this.key = deriveKey(secret, 'strava-oauth-state');
  }

  /** A state and the browser nonce to set in the STATE_COOKIE cookie alongside it. */
  sign(claims: StateClaims): { state: string; browserNonce: string; maxAgeSeconds: number } {
    const browserNonce = randomBytes(24).toString('base64url');
    const payload = Buffer.from(
      JSON.stringify({
        u: claims.userId,
        r: claims.returnTo,
        e: this.now().getTime() + STATE_TTL_MS,
        n: randomBytes(16).toString('base64url'),
        b: hashNonce(browserNonce),
      }),
    ).toString('base64url');
    return { state: `${payload}.${this.mac(payload)}`, browserNonce, maxAgeSeconds: STATE_TTL_MS / 1000 };
  }

  /**
   * The claims of a genuine, unexpired, unused state presented by the browser it was issued to
   * (`browserNonce`: the STATE_COOKIE cookie); undefined otherwise. A state verified once is spent.
   */
  verify(state: string | undefined, browserNonce: string | undefined): StateClaims | undefined {
    const [payload, mac] = (state ?? '').split('.');
    if (!payload || !mac) return undefined;
    const expected = Buffer.from(this.mac(payload), 'base64url');
    const given = Buffer.from(mac, 'base64url');
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    try {
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
        u: string;
        r: string;
        e: number;
        n: string;
        b: string;
      };
      const now = this.now().getTime();
      if (typeof claims.e !== 'number' || claims.e < now) return undefined;
      if (typeof claims.b !== 'string' || typeof claims.n !== 'string' || !browserNonce) return undefined;
      const bound = Buffer.from(claims.b, 'base64url');
      const presented = Buffer.from(hashNonce(browserNonce), 'base64url');
      if (bound.length !== presented.length || !timingSafeEqual(bound, presented)) return undefined;
      for (const [nonce, expiry] of this.used) if (expiry < now) this.used.delete(nonce);
      if (this.used.has(claims.n)) return undefined;
      this.used.set(claims.n, claims.e);
      return { userId: claims.u, returnTo: claims.r };
    } catch {
      return undefined;
    }
  }

  private mac(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}
