import { describe, expect, it } from 'vitest';
import { resampleTo1Hz } from './resample.ts';

const nan = Number.NaN;

describe('resampleTo1Hz', () => {
  it('keeps 1 Hz samples as they are', () => {
    const s = resampleTo1Hz(
      { timeS: [100, 101, 102], channels: { powerW: [200, 210, 220] } },
      { gapThresholdS: 5, fill: 'linear' },
    );
    expect(Array.from(s.timeS)).toEqual([0, 1, 2]);
    expect(Array.from(s.powerW ?? [])).toEqual([200, 210, 220]);
    expect(Array.from(s.gapMask)).toEqual([0, 0, 0]);
  });

  it('interpolates a short hole linearly or holds the previous value', () => {
    const raw = { timeS: [0, 3], channels: { powerW: [100, 400] } };
    const linear = resampleTo1Hz(raw, { gapThresholdS: 5, fill: 'linear' });
    const held = resampleTo1Hz(raw, { gapThresholdS: 5, fill: 'previous' });
    expect(Array.from(linear.powerW ?? [])).toEqual([100, 200, 300, 400]);
    expect(Array.from(held.powerW ?? [])).toEqual([100, 100, 100, 400]);
    expect(Array.from(linear.gapMask)).toEqual([0, 0, 0, 0]);
  });

  it('marks a jump longer than the threshold as a gap with no values', () => {
    const s = resampleTo1Hz(
      { timeS: [0, 1, 10, 11], channels: { powerW: [100, 100, 200, 200] } },
      { gapThresholdS: 5, fill: 'linear' },
    );
    expect(s.gapMask.length).toBe(12);
    expect(Array.from(s.gapMask)).toEqual([0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0]);
    expect(Array.from(s.powerW ?? []).slice(1, 4)).toEqual([100, nan, nan]);
  });

  it('averages sub-second samples that fall in the same second', () => {
    const s = resampleTo1Hz(
      { timeS: [0, 0.5, 1, 1.5, 2], channels: { powerW: [100, 200, 300, 400, 500] } },
      { gapThresholdS: 3, fill: 'linear' },
    );
    // bins: [−0.5,0.5) → 100; [0.5,1.5) → 200,300; [1.5,2.5) → 400,500
    expect(Array.from(s.powerW ?? [])).toEqual([100, 250, 450]);
  });

  it('marks timer-stopped intervals as gaps even when samples continue', () => {
    const s = resampleTo1Hz(
      { timeS: [0, 1, 2, 3, 4], channels: { powerW: [1, 2, 3, 4, 5] } },
      { gapThresholdS: 3, fill: 'linear', pauses: [{ startS: 2, endS: 4 }] },
    );
    expect(Array.from(s.gapMask)).toEqual([0, 0, 1, 1, 0]);
    expect(Array.from(s.powerW ?? [])).toEqual([1, 2, nan, nan, 5]);
  });

  it('leaves a long dropout of one channel as missing values without making it a gap', () => {
    const hr = [120, nan, nan, nan, nan, nan, nan, nan, 130];
    const s = resampleTo1Hz(
      { timeS: [0, 1, 2, 3, 4, 5, 6, 7, 8], channels: { heartRateBpm: hr, powerW: new Array(9).fill(200) } },
      { gapThresholdS: 5, fill: 'linear' },
    );
    expect(Array.from(s.gapMask).every((g) => g === 0)).toBe(true);
    expect(Number.isNaN(s.heartRateBpm?.[4] ?? 0)).toBe(true);
  });

  it('refuses a corrupt timeline instead of allocating for it', () => {
    expect(() =>
      resampleTo1Hz({ timeS: [0, 1e9], channels: { powerW: [1, 2] } }, { gapThresholdS: 5, fill: 'linear' }),
    ).toThrow(RangeError);
  });

  it('starts the timeline at a given origin, the seconds before the first sample being a gap', () => {
    const s = resampleTo1Hz(
      { timeS: [-3, 2, 3], channels: { powerW: [999, 100, 110] } },
      { gapThresholdS: 5, fill: 'linear', originS: 0 },
    );
    expect(Array.from(s.gapMask)).toEqual([1, 1, 0, 0]);
    expect(Array.from(s.powerW ?? [])).toEqual([nan, nan, 100, 110]);
  });

  it('fills each channel its own way and accepts samples out of order', () => {
    const s = resampleTo1Hz(
      { timeS: [4, 0], channels: { powerW: [300, 200], speedMps: [12, 8] } },
      { gapThresholdS: 5, fill: (channel) => (channel === 'powerW' ? 'previous' : 'linear') },
    );
    expect(Array.from(s.powerW ?? [])).toEqual([200, 200, 200, 200, 300]);
    expect(Array.from(s.speedMps ?? [])).toEqual([8, 9, 10, 11, 12]);
  });

  it("keeps a channel's missing values at sampled seconds when asked to fill only empty seconds", () => {
    const raw = { timeS: [0, 1, 2, 4], channels: { heartRateBpm: [120, nan, 124, 128] } };
    const filled = resampleTo1Hz(raw, { gapThresholdS: 5, fill: 'linear' });
    const kept = resampleTo1Hz(raw, { gapThresholdS: 5, fill: 'linear', fillMissingValues: false });
    expect(Array.from(filled.heartRateBpm ?? [])).toEqual([120, 122, 124, 126, 128]);
    expect(Array.from(kept.heartRateBpm ?? [])).toEqual([120, nan, 124, 126, 128]);
  });
});
