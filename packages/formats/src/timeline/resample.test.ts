import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CHANNELS } from '../activity.ts';
import { countActiveSeconds, defaultMaxFillS, lastFinite, resampleTo1Hz } from './resample.ts';

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
