import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ActivityStreams, CHANNELS } from '../activity.ts';
import {
  countActiveSeconds,
  defaultMaxFillS,
  isWholeSecondSeries,
  lastFinite,
  resampleSeries,
  resampleTo1Hz,
  type SampleSeries,
} from './resample.ts';

// Thousands of generated cases: seconds on an idle machine, much longer on a loaded one. Only the
// time allowed grows; every case is still checked.
const PROPERTY_TIMEOUT_MS = 120_000;

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('resampleTo1Hz', () => {
  it('passes 1 Hz samples through unchanged', () => {
    const s = resampleTo1Hz({ timeS: range(5), channels: { powerW: [100, 200, 300, 400, 500] } });
    expect([...s.timeS]).toEqual([0, 1, 2, 3, 4]);
    expect([...(s.powerW ?? [])]).toEqual([100, 200, 300, 400, 500]);
    expect([...s.gapMask]).toEqual([0, 0, 0, 0, 0]);
  });

  it('averages the samples nearest to each second', () => {
    const s = resampleTo1Hz({ timeS: [0, 0.25, 0.75, 1.25], channels: { powerW: [100, 300, 200, 400] } });
    expect(s.powerW?.[0]).toBe(200);
    expect(s.powerW?.[1]).toBe(300);
  });

  it('holds power and interpolates speed across a short smart-recording hole', () => {
    const s = resampleTo1Hz(
      { timeS: [0, 4], channels: { powerW: [200, 300], speedMps: [8, 12] } },
      { maxFillS: 5 },
    );
    expect([...(s.powerW ?? [])]).toEqual([200, 200, 200, 200, 300]);
    expect([...(s.speedMps ?? [])]).toEqual([8, 9, 10, 11, 12]);
    expect(countActiveSeconds(s)).toBe(5);
  });

  it('turns a hole longer than the fill limit into a gap of NaN, never zeros', () => {
    const s = resampleTo1Hz(
      { timeS: [0, 1, 30, 31], channels: { powerW: [200, 200, 250, 250] } },
      { maxFillS: 5 },
    );
    expect(s.gapMask[2]).toBe(1);
    expect(s.gapMask[29]).toBe(1);
    expect(s.powerW?.[15]).toBeNaN();
    expect(countActiveSeconds(s)).toBe(4);
  });

  it('marks a timer pause as a gap even where the file has samples', () => {
    const s = resampleTo1Hz(
      { timeS: range(10), channels: { powerW: range(10).map(() => 150) } },
      { pauses: [[3, 7]] },
    );
    expect([...s.gapMask]).toEqual([0, 0, 0, 0, 1, 1, 1, 0, 0, 0]);
    expect(s.powerW?.[5]).toBeNaN();
  });

  it('leaves out a channel that never has a value', () => {
    const s = resampleTo1Hz({
      timeS: [0, 1],
      channels: { powerW: [Number.NaN, Number.NaN], cadenceRpm: [80, 81] },
    });
    expect(s.powerW).toBeUndefined();
    expect(s.cadenceRpm).toBeDefined();
  });

  it('ignores samples before the start and absurdly far after it', () => {
    const s = resampleTo1Hz({ timeS: [-10, 0, 1, 1e9], channels: { powerW: [1, 2, 3, 4] } });
    expect(s.timeS.length).toBe(2);
  });

  it('never leaves a value in a gap second and keeps every array the same length', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.double({ min: -5, max: 600, noNaN: true }), fc.double({ min: 0, max: 2000 })), {
          maxLength: 200,
        }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 600 }), fc.integer({ min: 1, max: 120 })), {
          maxLength: 4,
        }),
        (samples, pauseSpecs) => {
          const s = resampleTo1Hz(
            { timeS: samples.map(([t]) => t), channels: { powerW: samples.map(([, p]) => p) } },
            { pauses: pauseSpecs.map(([a, d]) => [a, a + d] as const) },
          );
          expect(s.gapMask.length).toBe(s.timeS.length);
          for (const name of CHANNELS) if (s[name]) expect(s[name]?.length).toBe(s.timeS.length);
          for (let i = 0; i < s.timeS.length; i++) {
            expect(s.timeS[i]).toBe(i);
            if (s.gapMask[i] === 1) expect(s.powerW?.[i] ?? Number.NaN).toBeNaN();
          }
        },
      ),
    );
  });
});

describe('defaultMaxFillS', () => {
  it('is 5 s for 1 Hz recording', () => {
    expect(defaultMaxFillS(range(100))).toBe(5);
  });

  it('stretches to three times the spacing of smart recording, capped at 20 s', () => {
    expect(defaultMaxFillS(range(100).map((i) => i * 4))).toBe(12);
    expect(defaultMaxFillS(range(100).map((i) => i * 30))).toBe(20);
  });
});

describe('lastFinite', () => {
  it('returns the last real value, skipping trailing NaN', () => {
    expect(lastFinite(new Float64Array([1, 2, Number.NaN]))).toBe(2);
    expect(lastFinite(undefined)).toBeUndefined();
  });
});

describe('resampleTo1Hz on whole-second series ≡ the general resampler (property)', () => {
  /** Streams as comparable data: channel names in order, every value (NaN, −0 and all) by Object.is. */
  function outcome(run: () => ActivityStreams): unknown {
    try {
      const streams = run();
      return Object.entries(streams).map(([name, values]) => [name, Array.from(values as ArrayLike<number>)]);
    } catch (error) {
      return `throws ${String(error)}`;
    }
  }
  const value = fc.oneof(
    { weight: 10, arbitrary: fc.double({ min: -1000, max: 5000, noNaN: true }) },
    { weight: 2, arbitrary: fc.constant(Number.NaN) },
    { weight: 1, arbitrary: fc.constantFrom(-0, 0, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY) },
  );
  const pause = fc.tuple(
    fc.oneof(fc.double({ min: -20, max: 400, noNaN: true }), fc.constant(Number.NaN)),
    fc.oneof(fc.double({ min: -20, max: 400, noNaN: true }), fc.constant(Number.POSITIVE_INFINITY)),
  );
  /** A series at 0, 1, 2… s, or one nudged off it (a hole, a duplicate, a fraction, a late start). */
  const series = fc
    .record({
      n: fc.integer({ min: 1, max: 300 }),
      nudge: fc.constantFrom('none', 'none', 'hole', 'duplicate', 'fraction', 'late', 'negative'),
      at: fc.nat(),
      channels: fc.uniqueArray(fc.constantFrom(...CHANNELS), { maxLength: 5 }),
      values: fc.array(value, { minLength: 300 * 5, maxLength: 300 * 5 }),
      allMissing: fc.boolean(),
      typed: fc.boolean(),
      finiteOrNaN: fc.boolean(),
    })
    .map(({ n, nudge, at, channels, values, allMissing, typed, finiteOrNaN }) => {
      const timeS = range(n);
      const k = at % n;
      if (nudge === 'hole') timeS[k] = k + 3;
      if (nudge === 'duplicate') timeS[k] = Math.max(0, k - 1);
      if (nudge === 'fraction') timeS[k] = k + 0.25;
      if (nudge === 'late') for (let i = 0; i < n; i++) timeS[i] = i + 2;
      if (nudge === 'negative') timeS[k] = -1;
      const out: Partial<Record<(typeof CHANNELS)[number], number[] | Float64Array>> = {};
      channels.forEach((name, c) => {
        const column = values.slice(c * 300, c * 300 + n);
        if (allMissing && c === 0) column.fill(Number.NaN);
        // A series that says its values are NaN or finite and never −0 must be so.
        if (finiteOrNaN)
          for (let i = 0; i < n; i++) column[i] = Number.isFinite(column[i]) ? column[i]! + 0 : Number.NaN;
        out[name] = typed ? Float64Array.from(column) : column;
      });
      return { timeS, channels: out, ...(finiteOrNaN ? { finiteOrNaN } : {}) };
    });
  const copyOf = (s: SampleSeries): SampleSeries => ({
    ...s,
    timeS: [...s.timeS],
    channels: Object.fromEntries(
      Object.entries(s.channels).map(([name, v]) => [
        name,
        v instanceof Float64Array ? v.slice() : [...(v ?? [])],
      ]),
    ),
  });

  it('gives the same streams, with or without pauses, fill limits and handing the series over', {
    timeout: PROPERTY_TIMEOUT_MS,
  }, () => {
    fc.assert(
      fc.property(
        series,
        fc.array(pause, { maxLength: 3 }),
        fc.constantFrom(undefined, 0.5, 1, 5, 12),
        fc.boolean(),
        (s, pauses, maxFillS, consume) => {
          const options = { pauses, maxFillS };
          const expected = outcome(() => resampleSeries(copyOf(s), options));
          const input = copyOf(s);
          expect(outcome(() => resampleTo1Hz(input, { ...options, consume }))).toEqual(expected);
          // Without `consume` the series is left as it was.
          if (!consume) expect(input).toEqual(s);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('takes the whole-second path exactly for series at 0, 1, 2… s', () => {
    expect(isWholeSecondSeries({ timeS: range(4), channels: { powerW: [1, 2, 3, 4] } })).toBe(true);
    expect(isWholeSecondSeries({ timeS: new Float64Array([0, 1, 2]), channels: {} })).toBe(true);
    expect(isWholeSecondSeries({ timeS: [], channels: {} })).toBe(false);
    expect(isWholeSecondSeries({ timeS: [0, 1, 3], channels: {} })).toBe(false);
    expect(isWholeSecondSeries({ timeS: [0, 1, 1], channels: {} })).toBe(false);
    expect(isWholeSecondSeries({ timeS: [1, 2, 3], channels: {} })).toBe(false);
    expect(isWholeSecondSeries({ timeS: [0, 1.5, 2], channels: {} })).toBe(false);
    expect(isWholeSecondSeries({ timeS: range(3), channels: { powerW: [1, 2] } })).toBe(false);
  });

  it('reuses handed-over times as the grid, but not times that start at −0 or are also a channel', () => {
    const times = Float64Array.from(range(3));
    expect(resampleTo1Hz({ timeS: times, channels: { powerW: [1, 2, 3] } }, { consume: true }).timeS).toBe(
      times,
    );
    const negativeZero = Float64Array.from([-0, 1, 2]);
    const grid = resampleTo1Hz({ timeS: negativeZero, channels: {} }, { consume: true }).timeS;
    expect(grid).not.toBe(negativeZero);
    expect(Object.is(grid[0], 0)).toBe(true);
    const shared = Float64Array.from(range(3));
    const s = resampleTo1Hz({ timeS: shared, channels: { powerW: shared } }, { consume: true });
    expect(s.powerW).toBe(shared);
    expect(s.timeS).not.toBe(shared);
  });

  it('reuses a handed-over channel array once, and copies a second channel on the same array', () => {
    const shared = new Float64Array([1, -0, Number.POSITIVE_INFINITY]);
    const s = resampleTo1Hz(
      { timeS: range(3), channels: { powerW: shared, cadenceRpm: shared } },
      { consume: true },
    );
    expect(s.powerW).toBe(shared);
    expect(s.cadenceRpm).not.toBe(shared);
    expect(Array.from(s.cadenceRpm ?? [])).toEqual([1, 0, Number.NaN]);
    expect(Object.is(s.powerW?.[1], 0)).toBe(true);
  });
});
