import { type StravaApi, type StravaOAuth, StravaUnauthorizedError } from './strava-client.ts';
import type { StravaConnectionRepository, StravaConnectionRow } from './strava-connection.repository.ts';

/** The rider has no usable Strava connection (never connected, disconnected, or tokens refused). */
export class StravaNotConnectedError extends Error {}

/**
 * Refresh this long before expiry. Strava access tokens last six hours and the token endpoint hands
 * out a new one once the current expires within an hour
 * (https://developers.strava.com/docs/authentication/#refreshingexpiredaccesstokens).
 */
const REFRESH_MARGIN_MS = 60 * 60 * 1000;

/** Calls the Strava API as one rider: refreshes the tokens before they expire and once on a 401. */
export class StravaSession {
  constructor(
    private readonly deps: {
      connections: StravaConnectionRepository;
      oauth: StravaOAuth;
      api: StravaApi;
      now: () => Date;
    },
    readonly userId: string,
  ) {}

  async get<T>(path: string, query: Record<string, string | number> = {}): Promise<T> {
    const connection = await this.connection();
    const token = await this.freshAccessToken(connection, false);
    try {
      return await this.deps.api.get<T>(token, path, query);
    } catch (error) {
      if (!(error instanceof StravaUnauthorizedError)) throw error;
      // Revoked early or clock skew: one refresh, then give up and ask the rider to reconnect.
      const again = await this.freshAccessToken(await this.connection(), true);
      try {
        return await this.deps.api.get<T>(again, path, query);
      } catch (retryError) {
        if (retryError instanceof StravaUnauthorizedError) await this.invalidate();
        throw retryError;
      }
    }
  }

  /** The stored access token in clear, for deauthorization. */
  async accessToken(): Promise<string | undefined> {
    const row = await this.deps.connections.find(this.userId);
    return row ? this.deps.connections.tokensOf(row).accessToken : undefined;
  }

  private async connection(): Promise<StravaConnectionRow> {
    const row = await this.deps.connections.find(this.userId);
    if (!row || row.token_invalid) throw new StravaNotConnectedError('not connected to Strava');
    return row;
  }

  private async freshAccessToken(row: StravaConnectionRow, force: boolean): Promise<string> {
    const { connections, oauth, now } = this.deps;
    const tokens = connections.tokensOf(row);
    if (!force && tokens.expiresAt.getTime() - now().getTime() > REFRESH_MARGIN_MS) return tokens.accessToken;
    try {
      const fresh = await oauth.refresh(tokens.refreshToken);
      const next = {
        accessToken: fresh.access_token,
        refreshToken: fresh.refresh_token,
        expiresAt: new Date(fresh.expires_at * 1000),
      };
      await connections.updateTokens(this.userId, next, now());
      return next.accessToken;
    } catch (error) {
      if (error instanceof StravaUnauthorizedError) await this.invalidate();
      throw error;
    }
  }

  private async invalidate(): Promise<void> {
    await this.deps.connections.markTokenInvalid(this.userId, this.deps.now());
  }
}
