import { describe, expect, test } from 'vitest';
import { periodParam, periodReaching } from './archivePeriod';

const NOW = Date.parse('2026-11-25T10:00:00Z');

describe('the period that shows an archive’s latest ride', () => {
  test('is the shortest one reaching back to it', () => {
    expect(periodReaching('2026-11-22T08:00:00Z', NOW)).toBe('7d');
    expect(periodReaching('2026-11-01T08:00:00Z', NOW)).toBe('30d');
    expect(periodReaching('2026-09-01T08:00:00Z', NOW)).toBe('90d');
    expect(periodReaching('2026-03-12T08:00:00Z', NOW)).toBe('365d');
  });

  test('is none for a ride more than a year ago', () => {
    expect(periodReaching('2024-03-12T08:00:00Z', NOW)).toBeNull();
  });

  test('reads only the summary periods from the URL', () => {
    expect(periodParam('90d')).toBe('90d');
    expect(periodParam('2y')).toBeNull();
    expect(periodParam(null)).toBeNull();
  });
});
