import { AppError } from '../../errors.ts';
import { StravaUnauthorizedError, type StravaOAuth } from './strava-client.ts';
import type { StravaConnectionRepository } from './strava-connection.repository.ts';
import { type OAuthStateSigner, STATE_COOKIE } from './strava-oauth-state.ts';
import type { StravaActivityRepository } from './strava-activity.repository.ts';

/** What Vatio asks for: the profile (bikes) and every activity, private ones included. */
export const REQUESTED_SCOPE = 'read,activity:read_all,profile:read_all';

/** Outcome of the callback, passed to the app as `?strava=<outcome>` so it can say what happened. */
export type ConnectOutcome = 'connected' | 'denied' | 'scope' | 'expired' | 'in_use' | 'error';

/** Paths the callback may send the rider back to (anything else falls back to the profile). */
const RETURN_PATHS = new Set(['/profile', '/auth', '/sync', '/activities/sync', '/dashboard']);

export function safeReturnTo(path: string | undefined): string {
  return path && RETURN_PATHS.has(path) ? path : '/profile';
}

/**
 * Connecting and disconnecting Strava with the OAuth authorization-code flow
 * (https://developers.strava.com/docs/authentication/).
 */
export class StravaConnectService {
  constructor(
    private readonly deps: {
      oauth: StravaOAuth;
      connections: StravaConnectionRepository;
      stravaActivities: StravaActivityRepository;
      state: OAuthStateSigner;
      publicUrl: string;
      now: () => Date;
      log: (message: string, details?: Record<string, unknown>) => void;
    },
  ) {}

  get redirectUri(): string {
    return `${this.deps.publicUrl}/api/strava/callback`;
  }

  /** Strava's authorize URL and the Set-Cookie value binding its state to this browser. */
  authorizeUrl(userId: string, returnTo: string | undefined): { url: string; cookie: string } {
    const { oauth, state } = this.deps;
    if (!oauth.configured) throw new AppError('STRAVA_NOT_CONFIGURED');
    const signed = state.sign({ userId, returnTo: safeReturnTo(returnTo) });
    const url = oauth.authorizeUrl({
      redirectUri: this.redirectUri,
      scope: REQUESTED_SCOPE,
      state: signed.state,
    });
    return { url, cookie: this.stateCookie(signed.browserNonce, signed.maxAgeSeconds) };
  }

  /** Set-Cookie value for the state cookie (an empty, expired one clears it). */
  stateCookie(value: string, maxAgeSeconds: number): string {
    const secure = this.deps.publicUrl.startsWith('https:') ? '; Secure' : '';
    return `${STATE_COOKIE}=${value}; Max-Age=${maxAgeSeconds}; Path=/api/strava/callback; HttpOnly; SameSite=Lax${secure}`;
  }

  /** Handles Strava's redirect; returns the app URL to send the browser to. */
  async callback(
    query: { code?: string; state?: string; scope?: string; error?: string },
    browserNonce: string | undefined,
  ): Promise<string> {
    const { state, oauth, connections, now } = this.deps;
    const claims = state.verify(query.state, browserNonce);
    // On the profile the answer shows in its Connected Accounts section.
    const back = (returnTo: string, outcome: ConnectOutcome) =>
      `${this.deps.publicUrl}${returnTo}?strava=${outcome}${returnTo === '/profile' ? '#connected' : ''}`;
    if (!claims) return back('/profile', 'expired');
    if (query.error || !query.code) return back(claims.returnTo, 'denied');
    // Strava reports the scopes the rider left ticked; reading activities is the least Vatio needs.
    const granted = (query.scope ?? '').split(',').filter(Boolean);
    if (!granted.includes('activity:read_all') && !granted.includes('activity:read'))
      return back(claims.returnTo, 'scope');
    try {
      const tokens = await oauth.exchangeCode(query.code);
      if (!tokens.athlete?.id) return back(claims.returnTo, 'error');
      const name = [tokens.athlete.firstname, tokens.athlete.lastname].filter(Boolean).join(' ') || null;
      const saved = await connections.save(
        claims.userId,
        {
          athleteId: tokens.athlete.id,
          athleteName: name,
          scopes: granted.join(','),
          tokens: {
            accessToken: tokens.access_token,
            refreshToken: tokens.refresh_token,
            expiresAt: new Date(tokens.expires_at * 1000),
          },
        },
        now(),
      );
      return back(claims.returnTo, saved ? 'connected' : 'in_use');
    } catch (error) {
      this.deps.log('strava token exchange failed', { error: (error as Error).message });
      return back(claims.returnTo, error instanceof StravaUnauthorizedError ? 'denied' : 'error');
    }
  }

  /**
   * Revokes Vatio's access at Strava (POST /oauth/deauthorize) and forgets the tokens and the cached
   * Strava list. Rides already imported stay: they are the rider's rides in Vatio now.
   */
  async disconnect(userId: string): Promise<boolean> {
    const { connections, oauth, stravaActivities, now } = this.deps;
    const row = await connections.find(userId);
    if (!row) return false;
    try {
      let { accessToken, refreshToken, expiresAt } = connections.tokensOf(row);
      if (expiresAt.getTime() <= now().getTime())
        accessToken = (await oauth.refresh(refreshToken)).access_token;
      await oauth.deauthorize(accessToken);
    } catch (error) {
      // Already revoked on Strava's side, or Strava is down: the tokens are deleted here regardless.
      this.deps.log('strava deauthorize failed', { error: (error as Error).message });
    }
    await connections.delete(userId);
    await stravaActivities.deleteAll(userId);
    return true;
  }
}
