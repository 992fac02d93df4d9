import type { StravaConfig } from '../../config.ts';
import type { PauseReason, RateLimitState } from './rate-limit.ts';
import type { StravaTokenResponse } from './strava-types.ts';

/** Strava answered 401: the access token is expired, revoked or lacks the scope. */
export class StravaUnauthorizedError extends Error {}
/** The request was not sent (or was refused with 429) because the rate limit is reached. */
export class StravaRateLimitedError extends Error {
  constructor(
    readonly resumeAt: Date,
    /** Why: Strava's Retry-After, a full daily or 15-minute window, or a short backoff. */
    readonly reason: PauseReason,
  ) {
    super(`Strava rate limit reached (${reason}); resume at ${resumeAt.toISOString()}`);
  }
}
export class StravaNotFoundError extends Error {}
/** Any other failure (5xx, network, bad JSON): worth retrying later. */
export class StravaUnavailableError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}
/**
 * Strava itself cannot be reached (the request got no answer) or its token endpoint fails: nothing
 * is wrong with any one activity, so the work waits and is retried rather than marked failed.
 */
export class StravaUnreachableError extends StravaUnavailableError {}

/**
 * A failure that says nothing about the request itself: no answer (refused, reset, timed out, cut
 * off mid-body) or a 5xx (Strava's servers or its proxies failing). Worth asking again later.
 */
export function isTransientStravaError(error: unknown): error is StravaUnavailableError {
  return (
    error instanceof StravaUnreachableError ||
    (error instanceof StravaUnavailableError && error.status !== undefined && error.status >= 500)
  );
}

/** A request with no answer after this long is abandoned (STRAVA_TIMEOUT_MS overrides it). */
const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * Strava's OAuth endpoints (https://developers.strava.com/docs/authentication/): the token exchange
 * and refresh (POST /oauth/token) and deauthorization (POST /oauth/deauthorize). Tokens travel in
 * the body, never in a URL, so no log line or proxy sees them.
 */
export class StravaOAuth {
  constructor(private readonly config: StravaConfig) {}

  private get timeoutMs(): number {
    return this.config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  get configured(): boolean {
    return Boolean(this.config.clientId && this.config.clientSecret);
  }

  authorizeUrl(params: { redirectUri: string; scope: string; state: string }): string {
    const url = new URL(`${this.config.oauthUrl}/authorize`);
    url.searchParams.set('client_id', this.config.clientId ?? '');
    url.searchParams.set('redirect_uri', params.redirectUri);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('approval_prompt', 'auto');
    url.searchParams.set('scope', params.scope);
    url.searchParams.set('state', params.state);
    return url.toString();
  }

  exchangeCode(code: string): Promise<StravaTokenResponse> {
    return this.token({ grant_type: 'authorization_code', code });
  }

  refresh(refreshToken: string): Promise<StravaTokenResponse> {
    return this.token({ grant_type: 'refresh_token', refresh_token: refreshToken });
  }

  /** Revokes every token of this rider for the application; an already revoked token is fine. */
  async deauthorize(accessToken: string): Promise<void> {
    const response = await post(this.timeoutMs, `${this.config.oauthUrl}/deauthorize`, {
      access_token: accessToken,
    });
    if (response.ok || response.status === 401) return;
    throw new StravaUnavailableError(`Strava deauthorize answered ${response.status}`, response.status);
  }

  private async token(grant: Record<string, string>): Promise<StravaTokenResponse> {
    const response = await post(this.timeoutMs, `${this.config.oauthUrl}/token`, {
      client_id: this.config.clientId ?? '',
      client_secret: this.config.clientSecret ?? '',
      ...grant,
    });
    // Strava answers 400 for a bad or revoked code/refresh token and 401 for bad client credentials.
    if (response.status === 400 || response.status === 401)
      throw new StravaUnauthorizedError(`Strava token endpoint answered ${response.status}`);
    if (!response.ok)
      throw new StravaUnreachableError(`Strava token endpoint answered ${response.status}`, response.status);
    return (await readJson(response, '/oauth/token')) as StravaTokenResponse;
  }
}

async function post(timeoutMs: number, url: string, form: Record<string, string>): Promise<Response> {
  try {
    return await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new StravaUnreachableError(`Strava could not be reached: ${(error as Error).message}`);
  }
}

/**
 * The answer's JSON. A body cut off on the way (connection reset, timeout mid-body) is Strava out of
 * reach, to be asked again; a whole body that is not JSON is a bad answer to this request.
 */
async function readJson(response: Response, path: string): Promise<unknown> {
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw new StravaUnreachableError(`Strava's answer for ${path} was cut off: ${(error as Error).message}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new StravaUnavailableError(`Strava sent a body that is not JSON for ${path}`);
  }
}

/**
 * GET requests to the Strava API with one rider's access token. Reads the rate-limit headers of
 * every answer and sends nothing while the application's quota is used up.
 */
export class StravaApi {
  constructor(
    private readonly apiUrl: string,
    private readonly rateLimit: RateLimitState,
    private readonly timeoutMs: number = DEFAULT_TIMEOUT_MS,
  ) {}

  async get<T>(accessToken: string, path: string, query: Record<string, string | number> = {}): Promise<T> {
    const paused = this.rateLimit.pausedUntil();
    if (paused) throw new StravaRateLimitedError(paused.resumeAt, paused.reason);
    const url = new URL(`${this.apiUrl}${path}`);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, String(value));
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new StravaUnreachableError(`Strava could not be reached: ${(error as Error).message}`);
    }
    if (response.status === 429) {
      await response.body?.cancel();
      const { resumeAt, reason } = this.rateLimit.refused(response.headers);
      throw new StravaRateLimitedError(resumeAt, reason);
    }
    this.rateLimit.record(response.headers);
    if (response.status === 401) {
      await response.body?.cancel();
      throw new StravaUnauthorizedError('Strava refused the access token');
    }
    if (response.status === 404) {
      await response.body?.cancel();
      throw new StravaNotFoundError(`Strava has no ${path}`);
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new StravaUnavailableError(`Strava answered ${response.status} for ${path}`, response.status);
    }
    return (await readJson(response, path)) as T;
  }
}
