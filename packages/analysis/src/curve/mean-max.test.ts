import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActivityStreams, streamsFromSeconds } from '../streams/activity-streams.ts';
import {
  bestAveragePowerW,
  curvePowerAtW,
  DROPOUT_BRIDGE_MAX_S,
  STANDARD_DURATIONS_S,
  type GapPolicy,
  meanMaxCurve,
  meanMaxDurationsS,
  nonIncreasingEnvelope,
} from './mean-max.ts';

/** Random ride: powers 0–1500 W with some missing values and some gap seconds. */
const arbitraryRide = fc
  .array(
    fc.record({
      powerW: fc.oneof(fc.integer({ min: 0, max: 1500 }), fc.double({ min: 0, max: 1500, noNaN: true })),
      kind: fc.constantFrom('value', 'value', 'value', 'value', 'value', 'missing', 'gap'),
    }),
    { minLength: 1, maxLength: 300 },
  )
  .map((samples) => {
    const n = samples.length;
    const power = new Float64Array(n);
    const gapMask = new Uint8Array(n);
    samples.forEach((s, i) => {
      power[i] = s.kind === 'value' ? s.powerW : Number.NaN;
      gapMask[i] = s.kind === 'gap' ? 1 : 0;
    });
    return createActivityStreams(
      Float64Array.from({ length: n }, (_, i) => i),
      gapMask,
      { powerW: power },
    );
  });

/** Brute force: every window of d usable seconds (joined) or of d consecutive usable seconds (split). */
function bruteForceBest(
  power: Float64Array,
  gapMask: Uint8Array,
  d: number,
  gaps: GapPolicy,
): number | undefined {
  const runs: number[][] = gaps === 'zero' ? [continuousSeconds(power, gapMask)] : [[]];
  for (let i = 0; i < power.length && gaps !== 'zero'; i++) {
    if (gapMask[i] === 0 && Number.isFinite(power[i]!)) runs[runs.length - 1]!.push(power[i]!);
    else if (gaps === 'split') runs.push([]);
  }
  let bestW: number | undefined;
  for (const run of runs) {
    for (let start = 0; start + d <= run.length; start++) {
      let sum = 0;
      for (let k = start; k < start + d; k++) sum += run[k]!;
      if (bestW === undefined || sum / d > bestW) bestW = sum / d;
    }
  }
  return bestW;
}

/** The `zero` policy written out plainly: first to last value, short holes bridged, the rest 0 W. */
function continuousSeconds(power: Float64Array, gapMask: Uint8Array): number[] {
  const usable = (i: number) => gapMask[i] === 0 && Number.isFinite(power[i]!);
  const out: number[] = [];
  let pending = 0;
  for (let i = 0; i < power.length; i++) {
    if (!usable(i)) {
      if (out.length > 0) pending++;
      continue;
    }
    const before = out[out.length - 1]!;
    for (let j = 1; j <= pending; j++)
      out.push(pending <= DROPOUT_BRIDGE_MAX_S ? before + ((power[i]! - before) * j) / (pending + 1) : 0);
    pending = 0;
    out.push(power[i]!);
  }
  return out;
}

describe('meanMaxDurationsS', () => {
  it('has every second up to 1 min, then a log grid with every standard duration', () => {
    const grid = meanMaxDurationsS(14_400);
    expect(grid.slice(0, 60)).toEqual(Array.from({ length: 60 }, (_, k) => k + 1));
    expect(grid[60]).toBe(63);
    expect(grid.every((d, k) => k === 0 || d > grid[k - 1]!)).toBe(true);
    for (const d of STANDARD_DURATIONS_S) expect(grid).toContain(d);
    expect(grid).toContain(1800);
    expect(grid).toContain(3600);
    expect(grid[grid.length - 1]).toBe(14_400);
    expect(grid.length).toBeLessThan(60 + 2.4 * 50 + STANDARD_DURATIONS_S.length);
    // Steps above 1 min stay under 6 % (4.7 % and whole seconds).
    for (let k = 61; k < grid.length; k++) expect(grid[k]! / grid[k - 1]!).toBeLessThan(1.06);
  });

  it("is the same for every ride: a shorter ride's grid is the start of a longer one's", () => {
    const long = meanMaxDurationsS(20_000);
    for (const max of [1, 59, 60, 61, 299, 1200, 1799, 3600, 9999]) {
      const short = meanMaxDurationsS(max);
      expect(long.slice(0, short.length)).toEqual(short);
      expect(long[short.length]).toBeGreaterThan(max);
    }
  });
});

describe('meanMaxCurve', () => {
  it('is flat at the power of a constant ride and reaches its full length on the grid', () => {
    const curve = meanMaxCurve(streamsFromSeconds({ powerW: new Array(3600).fill(250) }), { gaps: 'join' });
    expect(curve?.powerW.every((p) => Math.abs(p - 250) < 1e-9)).toBe(true);
    expect(curve?.durationsS[curve.durationsS.length - 1]).toBeLessThanOrEqual(3600);
    expect(curvePowerAtW(curve!, 1200)).toBeCloseTo(250, 9);
  });

  it('finds a 5-min interval and where it starts', () => {
    const power = new Array(3600).fill(150);
    for (let t = 1000; t < 1300; t++) power[t] = 380;
    const streams = streamsFromSeconds({ powerW: power });
    const curve = meanMaxCurve(streams, { gaps: 'join' })!;
    expect(curvePowerAtW(curve, 300)).toBe(380);
    expect(bestAveragePowerW(streams, 300, { gaps: 'join' })).toEqual({ powerW: 380, startS: 1000 });
  });

  it('joins efforts across a pause or keeps them apart, as asked', () => {
    const power = Float64Array.from([300, 300, Number.NaN, 300, 300]);
    const gapMask = Uint8Array.from([0, 0, 1, 0, 0]);
    const streams = createActivityStreams(Float64Array.from([0, 1, 2, 3, 4]), gapMask, { powerW: power });
    expect(bestAveragePowerW(streams, 4, { gaps: 'join' })).toEqual({ powerW: 300, startS: 0 });
    expect(bestAveragePowerW(streams, 3, { gaps: 'split' })).toBeUndefined();
    expect(meanMaxCurve(streams, { gaps: 'split' })?.durationsS).toEqual([1, 2]);
  });

  it('can rise between durations that are not multiples, so the exact curve is not monotone', () => {
    const curve = meanMaxCurve(streamsFromSeconds({ powerW: [2, 0, 2, 0] }), { gaps: 'join' })!;
    expect(curve.powerW.slice(0, 3)).toEqual([2, 1, 4 / 3]);
    expect(nonIncreasingEnvelope(curve).powerW.slice(0, 3)).toEqual([2, 4 / 3, 4 / 3]);
  });

  it('never rises from a duration to any multiple of it (property)', () => {
    fc.assert(
      fc.property(arbitraryRide, fc.constantFrom<GapPolicy>('zero', 'join', 'split'), (streams, gaps) => {
        const curve = meanMaxCurve(streams, { gaps });
        if (curve === undefined) return;
        const at = new Map(curve.durationsS.map((d, k) => [d, curve.powerW[k]!]));
        for (const [d, p] of at) {
          for (let multiple = 2 * d; at.has(multiple); multiple += d) {
            expect(at.get(multiple)!).toBeLessThanOrEqual(p + 1e-9);
          }
        }
      }),
    );
  });

  it('has a non-increasing envelope that is the best power held for at least each duration (property)', () => {
    fc.assert(
      fc.property(arbitraryRide, fc.constantFrom<GapPolicy>('zero', 'join', 'split'), (streams, gaps) => {
        const curve = meanMaxCurve(streams, { gaps });
        if (curve === undefined) return;
        const envelope = nonIncreasingEnvelope(curve);
        for (let k = 1; k < envelope.powerW.length; k++) {
          expect(envelope.powerW[k]!).toBeLessThanOrEqual(envelope.powerW[k - 1]!);
        }
        envelope.powerW.forEach((p, k) => {
          expect(p).toBe(Math.max(...curve.powerW.slice(k)));
          expect(curve.powerW[envelope.fromIndex[k]!]).toBe(p);
        });
      }),
    );
  });

  it('equals a brute-force best average at every duration (property)', () => {
    fc.assert(
      fc.property(arbitraryRide, fc.constantFrom<GapPolicy>('zero', 'join', 'split'), (streams, gaps) => {
        const curve = meanMaxCurve(streams, { gaps });
        const power = streams.powerW!;
        if (curve === undefined) {
          expect(bruteForceBest(power, streams.gapMask, 1, gaps)).toBeUndefined();
          return;
        }
        curve.durationsS.forEach((d, k) => {
          expect(curve.powerW[k]).toBeCloseTo(bruteForceBest(power, streams.gapMask, d, gaps)!, 6);
        });
        const longest = curve.durationsS[curve.durationsS.length - 1]!;
        expect(bruteForceBest(power, streams.gapMask, longest + 1, gaps)).toBeUndefined();
      }),
      { numRuns: 200 },
    );
  });
  it('equals a plain scan of every window on long structured rides (pruning is exact)', () => {
    // Three hours of intervals over endurance riding with noise, a few pauses and dropouts: the
    // shape real rides have, where the pruned search skips most windows.
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    for (const gaps of ['join', 'split'] as const) {
      const n = 3 * 3600;
      const power = new Float64Array(n);
      const gapMask = new Uint8Array(n);
      for (let i = 0; i < n; i++) {
        const inInterval = i % 1500 > 1200;
        power[i] = Math.max(0, (inInterval ? 330 : 190) + 60 * Math.sin(i / 37) + 120 * (random() - 0.5));
        if (i % 997 < 3) power[i] = Number.NaN;
        if (i % 2711 < 40) gapMask[i] = 1;
      }
      const streams = createActivityStreams(
        Float64Array.from({ length: n }, (_, i) => i),
        gapMask,
        { powerW: power },
      );
      const curve = meanMaxCurve(streams, { gaps })!;
      const runs: number[][] = [[]];
      for (let i = 0; i < n; i++) {
        if (gapMask[i] === 0 && Number.isFinite(power[i]!)) runs[runs.length - 1]!.push(power[i]!);
        else if (gaps === 'split') runs.push([]);
      }
      curve.durationsS.forEach((d, k) => {
        let best = Number.NEGATIVE_INFINITY;
        for (const run of runs) {
          const prefix = [0];
          for (const p of run) prefix.push(prefix[prefix.length - 1]! + p);
          for (let e = d; e < prefix.length; e++) best = Math.max(best, prefix[e]! - prefix[e - d]!);
        }
        expect(curve.powerW[k]).toBeCloseTo(best / d, 9);
      });
    }
  });

  it('stays exact when values are negative (no pruning bound then)', () => {
    const power = Float64Array.from({ length: 400 }, (_, i) => (i % 50 === 0 ? -500 : 100 + ((i * 37) % 90)));
    const streams = createActivityStreams(
      Float64Array.from({ length: 400 }, (_, i) => i),
      new Uint8Array(400),
      { powerW: power },
    );
    const curve = meanMaxCurve(streams, { gaps: 'join' })!;
    curve.durationsS.forEach((d, k) => {
      expect(curve.powerW[k]).toBeCloseTo(bruteForceBest(power, streams.gapMask, d, 'join')!, 9);
    });
  });
});

describe('best efforts are continuous riding (zero policy)', () => {
  /** Seconds of [powerW, count] runs; NaN marks paused seconds (gap mask set). */
  function ride(...parts: [number, number][]) {
    const power: number[] = [];
    for (const [p, count] of parts) for (let k = 0; k < count; k++) power.push(p);
    const gapMask = Uint8Array.from(power, (p) => (Number.isNaN(p) ? 1 : 0));
    return createActivityStreams(
      Float64Array.from(power, (_, i) => i),
      gapMask,
      { powerW: Float64Array.from(power) },
    );
  }

  it('counts a stop as 0 W: 10 min at 300 W, 5 min stopped, 10 min at 300 W', () => {
    const streams = ride([300, 600], [Number.NaN, 300], [300, 600]);
    const curve = meanMaxCurve(streams, { gaps: 'zero' })!;
    // Every 20-min window of the 25-min ride holds the whole stop: 15 min riding, 300·900/1200 = 225 W.
    expect(curvePowerAtW(curve, 1200)).toBe(225);
    // The whole 25 min: 300·1200/1500 = 240 W, so the best held for at least 20 min is 240 W.
    expect(bestAveragePowerW(streams, 1500, { gaps: 'zero' })?.powerW).toBe(240);
    expect(curve.durationsS[curve.durationsS.length - 1]).toBeLessThanOrEqual(1500);
    expect(Math.max(...curve.powerW.filter((_, k) => curve.durationsS[k]! >= 1200))).toBeLessThanOrEqual(240);
    expect(curvePowerAtW(curve, 600)).toBe(300);
    expect(bestAveragePowerW(streams, 1200, { gaps: 'zero' })).toEqual({ powerW: 225, startS: 0 });
    // Joining the seconds either side of the stop read 300 W: 33 % above.
    expect(curvePowerAtW(meanMaxCurve(streams, { gaps: 'join' })!, 1200)).toBe(300);
  });

  it(`bridges a dropout of up to ${DROPOUT_BRIDGE_MAX_S} s, and counts a longer one as a stop`, () => {
    const bridged = ride([300, 600], [Number.NaN, DROPOUT_BRIDGE_MAX_S], [300, 600]);
    expect(bestAveragePowerW(bridged, 1200, { gaps: 'zero' })?.powerW).toBe(300);
    const stop = ride([300, 600], [Number.NaN, DROPOUT_BRIDGE_MAX_S + 1], [300, 600]);
    // 1206 s with 6 s at 0 W: every 20-min window holds all 6. 300·1194/1200 = 298.5 W.
    expect(bestAveragePowerW(stop, 1200, { gaps: 'zero' })?.powerW).toBeCloseTo(298.5, 9);
  });

  it('bridges a dropout linearly between the powers either side, gap or missing value alike', () => {
    const power = Float64Array.from([100, Number.NaN, Number.NaN, Number.NaN, 300]);
    const gapMask = Uint8Array.from([0, 0, 1, 0, 0]);
    const streams = createActivityStreams(Float64Array.from([0, 1, 2, 3, 4]), gapMask, { powerW: power });
    const curve = meanMaxCurve(streams, { gaps: 'zero' })!;
    expect(curve.durationsS).toEqual([1, 2, 3, 4, 5]);
    expect(curve.powerW[4]).toBe((100 + 150 + 200 + 250 + 300) / 5);
  });

  it('leaves out the seconds before the first and after the last power value', () => {
    const streams = ride([Number.NaN, 30], [250, 60], [Number.NaN, 30]);
    const curve = meanMaxCurve(streams, { gaps: 'zero' })!;
    expect(curve.durationsS[curve.durationsS.length - 1]).toBe(60);
    expect(curvePowerAtW(curve, 60)).toBe(250);
  });
});
