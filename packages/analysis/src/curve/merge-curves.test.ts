import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { meanMaxDurationsS, STANDARD_DURATIONS_S } from './mean-max.ts';
import { attributeCurve, bestOfCurves, mergeBestCurves, mergeCurves } from './merge-curves.ts';

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

describe('mergeBestCurves', () => {
  it('is a true best-of: a longer duration never beats a shorter one, whichever ride reaches it', () => {
    // The case: ride a's points 113 s 399.9 W, ride b's 119 s 402.1 W.
    const a = attributeCurve({ durationsS: [1, 113, 3382], powerW: [900, 399.9, 204.2] }, 'a');
    const b = attributeCurve({ durationsS: [1, 119, 3624], powerW: [800, 402.1, 207.2] }, 'b');
    const merged = mergeBestCurves([a, b]);
    expect(merged.durationsS).toEqual(meanMaxDurationsS(3624));
    const at = (d: number) => merged.powerW[merged.durationsS.indexOf(d)];
    const from = (d: number) => merged.source[merged.durationsS.indexOf(d)];
    expect(at(1)).toBe(900);
    expect(from(1)).toBe('a');
    // Ride b held 402.1 W for 119 s, so for at least 109 or 114 s (grid points below 119 s).
    expect(at(109)).toBe(402.1);
    expect(at(114)).toBe(402.1);
    expect(from(114)).toBe('b');
    expect(at(120)).toBe(207.2);
    expect(at(3600)).toBe(207.2);
    expect(from(3600)).toBe('b');
    for (let k = 1; k < merged.powerW.length; k++) {
      expect(merged.powerW[k]!).toBeLessThanOrEqual(merged.powerW[k - 1]!);
    }
  });

  it('has every standard duration some ride is long enough for, and no longer ones', () => {
    const ride = (longestS: number, id: string) => {
      const durationsS = meanMaxDurationsS(longestS);
      return attributeCurve({ durationsS, powerW: durationsS.map((d) => 250 + 20_000 / d) }, id);
    };
    const merged = mergeBestCurves([ride(1900, 'short'), ride(7300, 'long')]);
    for (const d of STANDARD_DURATIONS_S.filter((d) => d <= 7300)) expect(merged.durationsS).toContain(d);
    expect(merged.durationsS[merged.durationsS.length - 1]).toBeLessThanOrEqual(7300);
    expect(merged.durationsS).not.toContain(10_800);
  });

  it('merges incrementally: merged curve + new ride = all rides at once (property)', () => {
    const arbitraryCurve = fc
      .array(fc.integer({ min: 0, max: 1500 }), { minLength: 1, maxLength: 80 })
      .chain((powers) =>
        fc.constantFrom(...[30, 90, 400, 1300]).map((longest) => {
          const durationsS = meanMaxDurationsS(longest);
          return { durationsS, powerW: durationsS.map((_, k) => powers[k % powers.length]!) };
        }),
      );
    fc.assert(
      fc.property(fc.array(arbitraryCurve, { minLength: 2, maxLength: 6 }), (curves) => {
        const rides = curves.map((c, k) => attributeCurve(c, k));
        const all = mergeBestCurves(rides);
        let incremental = mergeBestCurves([rides[0]!]);
        for (const ride of rides.slice(1)) incremental = mergeBestCurves([incremental, ride]);
        expect(incremental.durationsS).toEqual(all.durationsS);
        expect(incremental.powerW).toEqual(all.powerW);
        // Each point is the best any ride held for at least that long, and its source is such a ride.
        all.durationsS.forEach((d, g) => {
          const best = Math.max(...rides.flatMap((r) => r.powerW.filter((_, k) => r.durationsS[k]! >= d)));
          expect(all.powerW[g]).toBe(best);
          const holder = rides[all.source[g]!]!;
          expect(holder.powerW.some((p, k) => p === best && holder.durationsS[k]! >= d)).toBe(true);
        });
      }),
    );
  });

  it('places curves stored on another grid (an older analysis) on the shared one', () => {
    const old = attributeCurve(
      { durationsS: [1, 2, 1200, 1228, 1257], powerW: [700, 650, 280, 279, 278] },
      'old',
    );
    const merged = mergeBestCurves([old]);
    expect(merged.durationsS).toEqual(meanMaxDurationsS(1257));
    expect(merged.powerW[merged.durationsS.indexOf(1200)]).toBe(280);
    // 600 s is not on the old grid: the old ride held 280 W for 1200 s, so at least that for 600 s.
    expect(merged.powerW[merged.durationsS.indexOf(600)]).toBe(280);
  });

  it('is empty for no rides', () => {
    expect(mergeBestCurves([])).toEqual({ durationsS: [], powerW: [], source: [] });
  });
});

describe('bestOfCurves', () => {
  it('is undefined for no curves', () => {
    expect(bestOfCurves([])).toBeUndefined();
  });

  it('has the values of mergeCurves, without sources', () => {
    const curve = fc.record({
      durationsS: fc.uniqueArray(fc.integer({ min: 1, max: 4000 }), { minLength: 0, maxLength: 40 }),
      seed: fc.integer({ min: 0, max: 1000 }),
    });
    fc.assert(
      fc.property(fc.array(curve, { minLength: 1, maxLength: 6 }), (raw) => {
        const curves = raw.map(({ durationsS, seed }) => {
          const sorted = [...durationsS].sort((a, b) => a - b);
          return { durationsS: sorted, powerW: sorted.map((d, k) => ((seed + d * 7 + k * 13) % 900) + 50) };
        });
        const merged = mergeCurves(curves.map((c, i) => attributeCurve(c, i)));
        expect(bestOfCurves(curves)).toEqual({ durationsS: merged.durationsS, powerW: merged.powerW });
      }),
    );
  });
});
