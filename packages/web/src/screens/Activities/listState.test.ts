import { describe, expect, test } from 'vitest';
import { DEFAULT_LIST_STATE, listStateParams, readListState } from './listState';

describe('the activities list state in the URL', () => {
  test('round-trips search, type, sort and page, leaving defaults out', () => {
    const state = { q: 'salida', type: 'VirtualRide', page: 2, sort: 'tss' as const, order: 'asc' as const };
    const params = listStateParams(state);
    expect(params.toString()).toBe('q=salida&type=VirtualRide&sort=tss&order=asc&page=3');
    expect(readListState(params)).toEqual(state);
    expect(listStateParams(DEFAULT_LIST_STATE).toString()).toBe('');
    expect(readListState(new URLSearchParams())).toEqual(DEFAULT_LIST_STATE);
  });

  test('unknown or malformed values fall back to the defaults', () => {
    const state = readListState(new URLSearchParams('sort=name&order=up&page=-4'));
    expect(state).toEqual(DEFAULT_LIST_STATE);
    expect(readListState(new URLSearchParams('page=1.5')).page).toBe(0);
    expect(readListState(new URLSearchParams('sort=distance')).order).toBe('desc');
  });
});
