import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { deriveKey } from '../../lib/crypto.ts';

/** How long a rider has to approve on Strava's page. */
const STATE_TTL_MS = 15 * 60 * 1000;

export interface StateClaims {
  /** The rider who asked to connect: the callback carries no bearer token, so the state names them. */
  userId: string;
  /** App path to return to. */
  returnTo: string;
}

/**
 * The OAuth `state` (RFC 6749 §10.12): `<payload>.<HMAC-SHA256>`, signed with a key derived from
 * SECRET_KEY, expiring after 15 minutes. Only the signed-in rider can obtain one (POST
 * /api/strava/connect), and the callback attaches the Strava account to the rider it names.
 */
export class OAuthStateSigner {
  private readonly key: Buffer;

  constructor(
    secret: Buffer,
    private readonly now: () => Date,
  ) {
    this.key = deriveKey(secret, 'strava-oauth-state');
  }

  sign(claims: StateClaims): string {
    const payload = Buffer.from(
      JSON.stringify({
        u: claims.userId,
        r: claims.returnTo,
        e: this.now().getTime() + STATE_TTL_MS,
        n: randomBytes(8).toString('base64url'),
      }),
    ).toString('base64url');
    return `${payload}.${this.mac(payload)}`;
  }

  /** The claims of a genuine, unexpired state; undefined otherwise. */
  verify(state: string | undefined): StateClaims | undefined {
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
      };
      if (typeof claims.e !== 'number' || claims.e < this.now().getTime()) return undefined;
      return { userId: claims.u, returnTo: claims.r };
    } catch {
      return undefined;
    }
  }

  private mac(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}
