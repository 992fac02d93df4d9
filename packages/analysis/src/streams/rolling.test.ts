import { describe, expect, it } from 'vitest';
import { exponentialMean, rollingMean } from './rolling.ts';

const nan = Number.NaN;

describe('rollingMean', () => {
  it('yields a value only once the window is full', () => {
    const out = rollingMean(Float64Array.from([1, 2, 3, 4]), new Uint8Array(4), 3);
    expect(Array.from(out)).toEqual([nan, nan, 2, 3]);
  });

  it('restarts after a gap instead of bridging it', () => {
    const out = rollingMean(Float64Array.from([1, 2, 0, 4, 5, 6]), Uint8Array.from([0, 0, 1, 0, 0, 0]), 2);
    expect(Array.from(out)).toEqual([nan, 1.5, nan, nan, 4.5, 5.5]);
  });

  it('restarts after a missing value as well', () => {
    const out = rollingMean(Float64Array.from([1, 2, nan, 4, 5]), new Uint8Array(5), 2);
    expect(Array.from(out)).toEqual([nan, 1.5, nan, nan, 4.5]);
  });
});

describe('exponentialMean', () => {
  it('is seeded with the first value and converges towards a step', () => {
    const values = new Float64Array(200).fill(300);
    values[0] = 100;
    const out = exponentialMean(values, new Uint8Array(200), 25);
    expect(out[0]).toBe(100);
    expect(out[1]).toBeCloseTo(100 + 200 * (1 - Math.exp(-1 / 25)), 9);
    expect(out[199]).toBeCloseTo(300 - 200 * Math.exp(-199 / 25), 9);
  });
});
