// Typed access to Vatio's JSON API. Bearer access token in local storage (spec 000 §6); on the
// first 401 the call is retried once after a refresh; when the refresh fails the tokens are
// cleared and the rider is sent to / (spec 000 §4). Every call times out after 10 s (spec §9).
import { clearRequestLog, recordRequest } from './request-log';

const TOKENS_KEY = 'vatio.tokens';
const TIMEOUT_MS = 10_000;

export interface Tokens {
  access_token: string;
  refresh_token: string;
  expires_in: number;
}

export interface ApiErrorBody {
  error: {
    code: string;
    message: string;
    retry_after_s?: number;
    fields?: Record<string, string>;
    /** EXAMPLE_PREPARING: the example rider's rides stored so far, of the total. */
    progress?: { done: number; total: number };
  };
}

/** An API failure: `code` is the server's stable error code; the UI translates it. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly retryAfterS?: number,
    /** For validation failures: field name → message key (translated by the `validation` namespace). */
    readonly fields: Record<string, string> = {},
    /** EXAMPLE_PREPARING: how far the example rider's generation has got. */
    readonly progress?: { done: number; total: number },
  ) {
    super(message);
  }
}

export function readTokens(): Tokens | null {
  try {
    const raw = localStorage.getItem(TOKENS_KEY);
    return raw ? (JSON.parse(raw) as Tokens) : null;
  } catch {
    return null;
  }
}

export function storeTokens(tokens: Tokens | null): void {
  if (tokens) localStorage.setItem(TOKENS_KEY, JSON.stringify(tokens));
  else {
    localStorage.removeItem(TOKENS_KEY);
    // Signed out: the next rider on this tab does not see this one's requests.
    clearRequestLog();
  }
  for (const listener of tokenListeners) listener(tokens);
}

type TokenListener = (tokens: Tokens | null) => void;
const tokenListeners = new Set<TokenListener>();
export function onTokensChange(listener: TokenListener): () => void {
  tokenListeners.add(listener);
  return () => tokenListeners.delete(listener);
}

let refreshing: Promise<boolean> | null = null;

/** One refresh at a time: concurrent 401s wait for the same rotation (a refresh token works once). */
function refreshTokens(): Promise<boolean> {
  refreshing ??= (async () => {
    const current = readTokens();
    if (!current) return false;
    try {
      const response = await fetchWithTimeout('/api/auth/refresh', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refresh_token: current.refresh_token }),
      });
      if (!response.ok) return false;
      storeTokens((await response.json()) as Tokens);
      return true;
    } catch {
      return false;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

async function fetchWithTimeout(url: string, init: RequestInit): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  try {
    return await fetch(url, { ...init, signal: controller.signal });
  } finally {
    clearTimeout(timer);
  }
}

/** The language the page is shown in ('es', 'en'), as i18n set it on the document. */
export function pageLanguage(): string {
  return (typeof document !== 'undefined' && document.documentElement.lang) || 'en';
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Calls made before sign-in (OTP request, verify) must not try to refresh. */
  anonymous?: boolean;
}

export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const send = () => {
    // The page's language (set by i18n on <html lang>): the server names unnamed rides in it.
    const headers: Record<string, string> = { 'accept-language': pageLanguage() };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const tokens = readTokens();
    if (tokens && !options.anonymous) headers.authorization = `Bearer ${tokens.access_token}`;
    return fetchWithTimeout(`/api${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  };

  const method = options.method ?? 'GET';
  const started = Date.now();
  const startedPerf = performance.now();
  // Spec §7.7's client-side log: method, path (never the query), status, duration; no body.
  const record = (status: number) =>
    recordRequest({
      method,
      path: `/api${path}`,
      status,
      durationMs: performance.now() - startedPerf,
      at: started,
    });

  let response: Response;
  try {
    response = await send();
    if (response.status === 401 && !options.anonymous && readTokens()) {
      if (await refreshTokens()) response = await send();
      else {
        storeTokens(null);
        window.location.assign('/');
        throw new ApiError(401, 'SESSION_EXPIRED', 'Session expired');
      }
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    record(0);
    // No answer from the server: a timeout (our abort) or a network failure (offline, DNS, reset).
    if (error instanceof DOMException && error.name === 'AbortError')
      throw new ApiError(0, 'TIMEOUT', 'Request timed out');
    throw new ApiError(0, 'NETWORK', error instanceof Error ? error.message : 'Network error');
  }

  record(response.status);
  if (response.status === 204) return undefined as T;
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const err = (body as ApiErrorBody | null)?.error;
    throw new ApiError(
      response.status,
      err?.code ?? 'UNKNOWN',
      err?.message ?? response.statusText,
      err?.retry_after_s,
      err?.fields,
      err?.progress,
    );
  }
  return body as T;
}
