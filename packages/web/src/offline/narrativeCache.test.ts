import { describe, expect, test } from 'vitest';
import {
  CACHE_VERSION,
  clearNarrativeCache,
  type KeyValueStore,
  readNarrative,
  saveNarrative,
} from './narrativeCache';

class MemoryStore implements KeyValueStore {
  readonly map = new Map<string, string>();
  quotaBytes = Number.POSITIVE_INFINITY;
  get length() {
    return this.map.size;
  }
  key(i: number) {
    return [...this.map.keys()][i] ?? null;
  }
  getItem(k: string) {
    return this.map.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    if (v.length > this.quotaBytes) throw new DOMException('full', 'QuotaExceededError');
    this.map.set(k, v);
  }
  removeItem(k: string) {
    this.map.delete(k);
  }
}

const HOUR = 3600_000;
const T0 = Date.parse('2030-01-16T12:00:00Z');

describe('the narrative offline cache', () => {
  test('is fresh for 6 h, stale until 24 h, then expired and removed', () => {
    const store = new MemoryStore();
    expect(saveNarrative('rider-1', { ftp: 280 }, T0, store)).toBe('saved');
    const fresh = readNarrative<{ ftp: number }>('rider-1', T0 + 6 * HOUR, store);
    expect(fresh.status).toBe('fresh');
    expect(fresh.entry?.data.ftp).toBe(280);
    expect(fresh.entry).toMatchObject({ version: CACHE_VERSION, expiresAt: T0 + 24 * HOUR });
    expect(fresh.entry?.meta).toMatchObject({ entriesCount: 1, dataSize: '{"ftp":280}'.length });
    expect(readNarrative('rider-1', T0 + 6 * HOUR + 1, store).status).toBe('stale');
    expect(readNarrative('rider-1', T0 + 24 * HOUR, store).status).toBe('expired');
    expect(store.map.size).toBe(0);
    expect(readNarrative('rider-1', T0, store).status).toBe('none');
  });

  test('keeps each rider apart and drops entries of another version', () => {
    const store = new MemoryStore();
    saveNarrative('rider-1', { ftp: 280 }, T0, store);
    expect(readNarrative('rider-2', T0, store).status).toBe('none');
    store.setItem(
      'vatio.narrative.rider-2',
      JSON.stringify({ version: '1.0', data: {}, timestamp: T0, expiresAt: T0 + HOUR }),
    );
    expect(readNarrative('rider-2', T0, store).status).toBe('none');
    expect(store.getItem('vatio.narrative.rider-2')).toBeNull();
  });

  test('a quota error clears the cache; clearing leaves other keys alone', () => {
    const store = new MemoryStore();
    saveNarrative('rider-1', { ftp: 280 }, T0, store);
    store.setItem('vatio.tokens', 'x');
    store.quotaBytes = 10;
    expect(saveNarrative('rider-2', { big: 'x'.repeat(100) }, T0, store)).toBe('cleared');
    expect(readNarrative('rider-1', T0, store).status).toBe('none');
    expect(store.getItem('vatio.tokens')).toBe('x');
    store.quotaBytes = Number.POSITIVE_INFINITY;
    saveNarrative('rider-1', { ftp: 280 }, T0, store);
    clearNarrativeCache(store);
    expect(store.map.size).toBe(1);
  });
});
