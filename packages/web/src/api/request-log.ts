// The client-side log of spec 001 §7.7, kept safe: every API call this tab made (method, path
// without its query, status, duration, time), at most REQUEST_LOG_LIMIT, in session storage so it
// survives a reload but not the tab. Never a body, a header, a token or a code: the query string,
// where a sign-in link's code would travel, is cut off. Cleared on sign-out (client.ts), so the next
// rider on the same tab does not see it. The health page (/dashboard/health) shows it.

export interface RequestLogEntry {
  method: string;
  /** The URL's path, without query or fragment. */
  path: string;
  /** The HTTP status; 0 when no answer came (offline, timeout). */
  status: number;
  durationMs: number;
  /** Epoch ms when the request started. */
  at: number;
}

/** Spec §9: network log cap 100. */
export const REQUEST_LOG_LIMIT = 100;
const STORAGE_KEY = 'vatio.requestLog';

let entries: RequestLogEntry[] | null = null;
const listeners = new Set<() => void>();

function load(): RequestLogEntry[] {
  if (entries) return entries;
  try {
    const raw = typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    entries = Array.isArray(parsed) ? (parsed as RequestLogEntry[]).slice(-REQUEST_LOG_LIMIT) : [];
  } catch {
    entries = [];
  }
  return entries;
}

function save(next: RequestLogEntry[]): void {
  entries = next;
  try {
    if (next.length === 0) sessionStorage.removeItem(STORAGE_KEY);
    else sessionStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage full or blocked: the log lives in memory for this page.
  }
  for (const listener of listeners) listener();
}

/** The path of a URL or path, without query string or fragment. */
export function pathOnly(url: string): string {
  return url.split(/[?#]/)[0] ?? '';
}

export function recordRequest(entry: RequestLogEntry): void {
  const safe: RequestLogEntry = {
    method: entry.method.toUpperCase(),
    path: pathOnly(entry.path),
    status: entry.status,
    durationMs: Math.max(0, Math.round(entry.durationMs)),
    at: entry.at,
  };
  save([...load(), safe].slice(-REQUEST_LOG_LIMIT));
}

export function clearRequestLog(): void {
  save([]);
}

/** Oldest first; the same array until the next record (for useSyncExternalStore). */
export function readRequestLog(): RequestLogEntry[] {
  return load();
}

export function subscribeRequestLog(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A failed request: an error status (≥ 400, spec §8) or no answer at all. */
export const isFailedRequest = (entry: RequestLogEntry) => entry.status === 0 || entry.status >= 400;
