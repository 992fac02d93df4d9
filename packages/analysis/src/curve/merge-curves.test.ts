import { describe, expect, it } from 'vitest';
import { attributeCurve, mergeCurves } from './merge-curves.ts';

describe('mergeCurves', () => {
  it('takes the pointwise best and remembers which ride gave it', () => {
    const a = attributeCurve({ durationsS: [1, 5, 60], powerW: [900, 600, 400] }, 'ride-a');
    const b = attributeCurve({ durationsS: [1, 5, 60, 300], powerW: [800, 650, 380, 300] }, 'ride-b');
    const merged = mergeCurves([a, b]);
    expect(merged.durationsS).toEqual([1, 5, 60, 300]);
    expect(merged.powerW).toEqual([900, 650, 400, 300]);
    expect(merged.source).toEqual(['ride-a', 'ride-b', 'ride-a', 'ride-b']);
  });

  it('can merge an already merged curve with a new ride, giving the same as merging all at once', () => {
    const rides = [
      attributeCurve({ durationsS: [1, 5], powerW: [700, 500] }, { id: 1, date: '2026-01-02' }),
      attributeCurve({ durationsS: [1, 5], powerW: [750, 450] }, { id: 2, date: '2026-02-03' }),
      attributeCurve({ durationsS: [1, 5], powerW: [720, 520] }, { id: 3, date: '2026-03-04' }),
    ];
    const incremental = mergeCurves([mergeCurves(rides.slice(0, 2)), rides[2]!]);
    expect(incremental).toEqual(mergeCurves(rides));
    expect(incremental.source.map((s) => s.id)).toEqual([2, 3]);
  });

  it('keeps durations that only some rides reach', () => {
    const a = attributeCurve({ durationsS: [1, 10], powerW: [500, 300] }, 'a');
    const b = attributeCurve({ durationsS: [1, 12], powerW: [400, 350] }, 'b');
    const merged = mergeCurves([a, b]);
    expect(merged.durationsS).toEqual([1, 10, 12]);
    expect(merged.powerW).toEqual([500, 300, 350]);
    expect(merged.source).toEqual(['a', 'a', 'b']);
  });
});
