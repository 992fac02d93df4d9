// Typed access to Vatio's JSON API. The access token lives in memory only; the refresh token in an
// HttpOnly cookie the page cannot read (issue 16: both used to sit in localStorage, readable by any
// script on the page). A reloaded page gets a new access token through the cookie. On a 401 the call
// is retried once after a refresh; when the refresh is refused the rider is sent to / (spec 000 §4).
// Every call times out after 10 s (spec §9).
/** '1' while signed in: no secret, it tells a reloaded page (and the other tabs) a cookie session exists. */
const SESSION_KEY = 'vatio.session';
/** Where older builds kept both tokens; removed on start. */
const LEGACY_TOKENS_KEY = 'vatio.tokens';
import { clearRequestLog, recordRequest } from './request-log';

const TIMEOUT_MS = 10_000;
/** Asks the server to keep the refresh token in its HttpOnly cookie (README, "Sign-in, briefly"). */
export const COOKIE_SESSION_HEADERS = { 'x-vatio-session': 'cookie' } as const;

export interface Tokens {
  access_token: string;
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

let memoryTokens: Tokens | null = null;

try {
  localStorage.removeItem(LEGACY_TOKENS_KEY);
} catch {
  // No storage (private mode): nothing to clean.
}

/** The access token of this page, in memory only. */
export function readTokens(): Tokens | null {
  return memoryTokens;
}

/** Whether this browser holds a session: a token in memory, or the cookie a sign-in left. */
export function hasSession(): boolean {
  if (memoryTokens) return true;
  try {
    return localStorage.getItem(SESSION_KEY) === '1';
  } catch {
    return false;
  }
}

/** The storage key other tabs watch: removed when the rider signs out, set when they sign in. */
export const SESSION_STORAGE_KEY = SESSION_KEY;

export function storeTokens(tokens: Tokens | null): void {
  memoryTokens = tokens;
  try {
    if (tokens) localStorage.setItem(SESSION_KEY, '1');
    else localStorage.removeItem(SESSION_KEY);
  } catch {
    // Without storage the session lasts as long as the page.
  }
  // Signed out: the next rider on this tab does not see this one's requests.
  if (!tokens) clearRequestLog();
  for (const listener of tokenListeners) listener(tokens);
}

/** Forgets this page's access token without signing out (another tab signed out: see AuthProvider). */
export function dropMemoryTokens(): void {
  memoryTokens = null;
}

type TokenListener = (tokens: Tokens | null) => void;
const tokenListeners = new Set<TokenListener>();
export function onTokensChange(listener: TokenListener): () => void {
  tokenListeners.add(listener);
  return () => tokenListeners.delete(listener);
}

/** ok: new access token; invalid: the server refused the cookie (signed out); unreachable: try later. */
export type RefreshOutcome = 'ok' | 'invalid' | 'unreachable';

let refreshing: Promise<RefreshOutcome> | null = null;

async function rotate(): Promise<RefreshOutcome> {
  try {
    // The server spends the cookie's token the moment it answers, and its new one arrives only in that
    // answer's Set-Cookie. A refresh cancelled half-way (the page navigates or reloads, or a timeout
    // aborts it) loses the new cookie, and the next refresh presents the spent token, which revokes the
    // whole session (seen in the browser tests: a navigation during a refresh signed the rider out).
    // So the request is `keepalive` (it outlives the page, and its cookie lands), and the timeout only
    // stops waiting for it: it never cancels it.
    const request = fetch('/api/auth/refresh', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', ...COOKIE_SESSION_HEADERS },
      body: '{}',
      keepalive: true,
    });
    const response = await Promise.race([
      request,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('refresh timed out')), TIMEOUT_MS)),
    ]);
    if (response.status === 401) return 'invalid';
    if (!response.ok) return 'unreachable';
    const body = (await response.json()) as Tokens;
    storeTokens({ access_token: body.access_token, expires_in: body.expires_in });
    return 'ok';
  } catch {
    return 'unreachable';
  }
}

/**
 * One refresh at a time: concurrent 401s wait for the same rotation (a refresh token works once,
 * and presenting it again revokes the session, unless within the server's 30 s reuse interval,
 * which is a safety net for what this cannot prevent: a reload while a refresh is on the wire). Across tabs too, with a Web Lock where the browser
 * has them: each tab's refresh then reads the cookie the previous one left.
 */
export function refreshTokens(): Promise<RefreshOutcome> {
  refreshing ??= (async () => {
    try {
      const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
      return locks ? await locks.request('vatio.refresh', rotate) : await rotate();
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

/**
 * On page load: a new access token from the cookie when a session exists. 'none' when there is no
 * session (or the server refused it), 'offline' when the server could not be reached.
 */
export async function restoreSession(): Promise<'ok' | 'none' | 'offline'> {
  if (memoryTokens) return 'ok';
  if (!hasSession()) return 'none';
  const outcome = await refreshTokens();
  if (outcome === 'ok') return 'ok';
  if (outcome === 'invalid') {
    storeTokens(null);
    return 'none';
  }
  return 'offline';
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
  headers?: Record<string, string>;
}

export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const send = () => {
    // The page's language (set by i18n on <html lang>): the server names unnamed rides in it.
    const headers: Record<string, string> = { 'accept-language': pageLanguage(), ...options.headers };
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
    // A reloaded page has no access token yet: renew it through the cookie first, not after a 401.
    if (!options.anonymous && !memoryTokens && hasSession()) await refreshTokens();
    response = await send();
    if (response.status === 401 && !options.anonymous && hasSession()) {
      const outcome = await refreshTokens();
      if (outcome === 'ok') response = await send();
      else if (outcome === 'invalid') {
        storeTokens(null);
        window.location.assign('/');
        throw new ApiError(401, 'SESSION_EXPIRED', 'Session expired');
      } else throw new ApiError(0, 'NETWORK', 'The session could not be renewed');
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
