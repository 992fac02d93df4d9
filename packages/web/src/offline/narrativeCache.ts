// The narrative dashboard's offline cache (spec 000 §3 "Cache entry", §4 "Cache status", §9):
// one entry per rider in local storage, version '2.0', valid 24 h, stale after 6 h; an expired
// entry is removed when read; a storage quota error clears the cache (spec §8).

export const CACHE_VERSION = '2.0';
export const CACHE_VALIDITY_MS = 24 * 3600_000;
export const STALE_AFTER_MS = 6 * 3600_000;
const PREFIX = 'vatio.narrative.';

export interface CacheEntry<T> {
  data: T;
  timestamp: number;
  version: string;
  expiresAt: number;
  meta: { lastUpdated: string; dataSize: number; entriesCount: number };
}

export type CacheStatus = 'none' | 'fresh' | 'stale' | 'expired';

/** Storage as the cache needs it: `localStorage` in the browser, a Map in tests. */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  readonly length: number;
  key(index: number): string | null;
}

function defaultStore(): KeyValueStore | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function isQuotaError(error: unknown): boolean {
  return (
    error instanceof DOMException &&
    (error.name === 'QuotaExceededError' || error.name === 'NS_ERROR_DOM_QUOTA_REACHED')
  );
}

/** Saves the rider's narrative; on a quota error the whole narrative cache is cleared instead. */
export function saveNarrative<T>(
  userId: string,
  data: T,
  nowMs: number,
  store: KeyValueStore | null = defaultStore(),
): 'saved' | 'cleared' | 'unavailable' {
  if (!store) return 'unavailable';
  const payload = JSON.stringify(data);
  const entry: CacheEntry<T> = {
    data,
    timestamp: nowMs,
    version: CACHE_VERSION,
    expiresAt: nowMs + CACHE_VALIDITY_MS,
    meta: {
      lastUpdated: new Date(nowMs).toISOString(),
      dataSize: payload.length,
      entriesCount: countEntries(store) + (store.getItem(PREFIX + userId) === null ? 1 : 0),
    },
  };
  try {
    store.setItem(PREFIX + userId, JSON.stringify(entry));
    return 'saved';
  } catch (error) {
    if (!isQuotaError(error)) throw error;
    clearNarrativeCache(store);
    return 'cleared';
  }
}

/** The rider's cached narrative and its status; an expired or foreign-version entry is removed. */
export function readNarrative<T>(
  userId: string,
  nowMs: number,
  store: KeyValueStore | null = defaultStore(),
): { status: CacheStatus; entry: CacheEntry<T> | null } {
  const raw = store?.getItem(PREFIX + userId) ?? null;
  if (!store || raw === null) return { status: 'none', entry: null };
  let entry: CacheEntry<T> | null = null;
  try {
    entry = JSON.parse(raw) as CacheEntry<T>;
  } catch {
    entry = null;
  }
  if (!entry || entry.version !== CACHE_VERSION) {
    store.removeItem(PREFIX + userId);
    return { status: 'none', entry: null };
  }
  if (nowMs >= entry.expiresAt) {
    store.removeItem(PREFIX + userId);
    return { status: 'expired', entry: null };
  }
  return { status: nowMs - entry.timestamp > STALE_AFTER_MS ? 'stale' : 'fresh', entry };
}

function narrativeKeys(store: KeyValueStore): string[] {
  const keys: string[] = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (key?.startsWith(PREFIX)) keys.push(key);
  }
  return keys;
}

function countEntries(store: KeyValueStore): number {
  return narrativeKeys(store).length;
}

/** 'Limpiar Cache', a quota error, and signing out. */
export function clearNarrativeCache(store: KeyValueStore | null = defaultStore()): void {
  if (!store) return;
  for (const key of narrativeKeys(store)) store.removeItem(key);
}
