import { describe, expect, test } from 'vitest';
import { confidenceLevel, differenceFromUsedPct } from './ftpEstimatesView';

describe('the ride page FTP estimates', () => {
  test('names each confidence the analysis gives: CP fits, the 20-minute rule, the spec rule', () => {
    expect(confidenceLevel(0.95)).toBe('high');
    expect(confidenceLevel(0.7)).toBe('high');
    expect(confidenceLevel(0.69)).toBe('medium');
    expect(confidenceLevel(0.4)).toBe('medium');
    expect(confidenceLevel(0.1)).toBe('low');
  });

  test('compares an estimate with the FTP the ride was measured against', () => {
    // 285 W against 300 W: 5 % lower.
    expect(differenceFromUsedPct(285, 300)).toBeCloseTo(-5, 12);
    expect(differenceFromUsedPct(330, 300)).toBeCloseTo(10, 12);
    expect(differenceFromUsedPct(285, null)).toBeNull();
    expect(differenceFromUsedPct(285, 0)).toBeNull();
  });
});
