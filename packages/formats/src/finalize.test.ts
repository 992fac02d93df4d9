import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ActivityStreams } from './activity.ts';
import {
  altitudeSpikes,
  dropAllZeroChannels,
  dropAltitudeSpikes,
  dropImpossiblePower,
  MAX_PLAUSIBLE_POWER_W,
  ALTITUDE_SPIKE_M,
} from './finalize.ts';

/**
 * Highest and lowest finite value within ±`halfWidth` of each index (NaN where there is none), in
 * O(n) with a monotone queue for each: the window slides one sample at a time. The spike rule's
 * reference here; `dropAltitudeSpikes` checks coarser blocks first and a window only where they do
 * not settle it.
 */
function slidingRange(values: Float64Array, halfWidth: number): { max: Float64Array; min: Float64Array } {
  const n = values.length;
  const max = new Float64Array(n);
  const min = new Float64Array(n);
  const high = new Int32Array(n);
  const low = new Int32Array(n);
  let highHead = 0;
  let highTail = 0;
  let lowHead = 0;
  let lowTail = 0;
  for (let r = 0; r < n + halfWidth; r++) {
    const v = r < n ? values[r]! : Number.NaN;
    if (Number.isFinite(v)) {
      while (highTail > highHead && values[high[highTail - 1]!]! <= v) highTail--;
      high[highTail++] = r;
      while (lowTail > lowHead && values[low[lowTail - 1]!]! >= v) lowTail--;
      low[lowTail++] = r;
    }
    const i = r - halfWidth;
    if (i < 0) continue;
    while (highTail > highHead && high[highHead]! < i - halfWidth) highHead++;
    while (lowTail > lowHead && low[lowHead]! < i - halfWidth) lowHead++;
    max[i] = highTail > highHead ? values[high[highHead]!]! : Number.NaN;
    min[i] = lowTail > lowHead ? values[low[lowHead]!]! : Number.NaN;
  }
  return { max, min };
}

function streamsOf(power: number[]): ActivityStreams {
  const n = power.length;
  return {
    timeS: Float64Array.from({ length: n }, (_, i) => i),
    gapMask: new Uint8Array(n),
    powerW: Float64Array.from(power),
  };
}

describe('dropImpossiblePower', () => {
  it('turns power above the plausible maximum into no value and says so', () => {
    const streams = streamsOf([200, 21_733, 21_733, 250, MAX_PLAUSIBLE_POWER_W]);
    const warnings: string[] = [];
    dropImpossiblePower(streams, warnings);
    expect(Array.from(streams.powerW ?? [])).toEqual([
      200,
      Number.NaN,
      Number.NaN,
      250,
      MAX_PLAUSIBLE_POWER_W,
    ]);
    expect(streams.gapMask.every((g) => g === 0)).toBe(true);
    expect(warnings).toEqual([
      `2 s of power above ${MAX_PLAUSIBLE_POWER_W} W (up to 21733 W) are sensor spikes; left out.`,
    ]);
  });

  it('leaves a ride without spikes untouched and silent', () => {
    const streams = streamsOf([0, 1_800, 2_400]);
    const warnings: string[] = [];
    dropImpossiblePower(streams, warnings);
    expect(Array.from(streams.powerW ?? [])).toEqual([0, 1_800, 2_400]);
    expect(warnings).toEqual([]);
  });

  it('lets a channel of zeros and spikes be recognised as no sensor afterwards', () => {
    const streams = streamsOf([0, 0, 65_000, 0]);
    const warnings: string[] = [];
    dropImpossiblePower(streams, warnings);
    dropAllZeroChannels(streams, warnings);
    expect(streams.powerW).toBeUndefined();
  });
});

describe('dropAltitudeSpikes', () => {
  const profile = (n: number) => Float64Array.from({ length: n }, (_, i) => 500 + i * 0.5);

  it('a few seconds thousands of metres off the profile are dropped, with a warning', () => {
    const altitudeM = profile(200);
    altitudeM[50] = 12_136;
    altitudeM[51] = 12_136;
    altitudeM[120] = 28.8;
    const streams = { timeS: new Float64Array(200), gapMask: new Uint8Array(200), altitudeM };
    const warnings: string[] = [];
    dropAltitudeSpikes(streams, warnings);
    expect([50, 51, 120].every((i) => Number.isNaN(altitudeM[i]))).toBe(true);
    expect(altitudeM.filter((v) => Number.isNaN(v))).toHaveLength(3);
    expect(warnings).toHaveLength(1);
  });

  it('a run of a minute at a wrong level between two agreeing readings is dropped', () => {
    const altitudeM = profile(300);
    for (let i = 100; i < 160; i++) altitudeM[i] = 9_921.6;
    const warnings: string[] = [];
    dropAltitudeSpikes({ timeS: new Float64Array(300), gapMask: new Uint8Array(300), altitudeM }, warnings);
    expect(altitudeM.filter((v) => Number.isNaN(v))).toHaveLength(60);
    expect(altitudeM[99]).toBe(549.5);
    expect(altitudeM[160]).toBe(580);
  });

  it('a steep real descent is kept', () => {
    // 2 m/s down for two minutes: 240 m lost, smoothly.
    const altitudeM = Float64Array.from({ length: 300 }, (_, i) =>
      i < 100 ? 900 : i < 220 ? 900 - (i - 100) * 2 : 660,
    );
    const before = Float64Array.from(altitudeM);
    const warnings: string[] = [];
    dropAltitudeSpikes({ timeS: new Float64Array(300), gapMask: new Uint8Array(300), altitudeM }, warnings);
    expect(altitudeM).toEqual(before);
    expect(warnings).toEqual([]);
  });
});

/**
 * The spike rule of `dropAltitudeSpikes` sample by sample, as first written: the exact ±15 s range of
 * every sample (slidingRange), the window's median where that range exceeds the tolerance. Returns the
 * indices flagged (before the displaced-run pass).
 */
function referenceSpikes(altitude: Float64Array): number[] {
  const n = altitude.length;
  const range = slidingRange(altitude, 15);
  const flagged: number[] = [];
  for (let i = 0; i < n; i++) {
    const v = altitude[i] ?? Number.NaN;
    if (!Number.isFinite(v)) continue;
    if ((range.max[i] ?? 0) - v <= ALTITUDE_SPIKE_M && v - (range.min[i] ?? 0) <= ALTITUDE_SPIKE_M) continue;
    const window = Array.from(altitude.subarray(Math.max(0, i - 15), Math.min(n, i + 16))).filter((w) =>
      Number.isFinite(w),
    );
    window.sort((a, b) => a - b);
    if (Math.abs(v - (window[Math.floor(window.length / 2)] ?? 0)) > ALTITUDE_SPIKE_M) flagged.push(i);
  }
  return flagged;
}

describe('altitudeSpikes ≡ the per-sample rule (property)', () => {
  it('flags exactly the samples the per-sample rule flags, on random profiles', () => {
    // Profiles that climb and descend at up to ±4 m/s (the blocks' ranges then often exceed the
    // tolerance), with spikes, cliffs (the level jumps and stays) and missing values.
    type Step = { kind: 'slope' | 'spike' | 'cliff'; metres: number } | { kind: 'missing' };
    const metres = fc.integer({ min: 20, max: 3000 }).chain((m) => fc.constantFrom(m + 0.5, -m - 0.5));
    const step: fc.Arbitrary<Step> = fc.oneof(
      {
        weight: 16,
        arbitrary: fc.record({
          kind: fc.constant('slope' as const),
          metres: fc.double({ min: -4, max: 4, noNaN: true }),
        }),
      },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('missing' as const) }) },
      { weight: 2, arbitrary: fc.record({ kind: fc.constant('spike' as const), metres }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('cliff' as const), metres }) },
    );
    let flagged = 0;
    fc.assert(
      fc.property(
        fc.array(step, { minLength: 20, maxLength: 400, size: 'max' }),
        fc.double({ min: -400, max: 4000, noNaN: true }),
        (steps, start) => {
          let level = start;
          const altitude = Float64Array.from(steps, (s) => {
            if (s.kind === 'missing') return Number.NaN;
            if (s.kind === 'spike') return level + s.metres;
            level += s.metres;
            return level;
          });
          const expected = referenceSpikes(altitude);
          expect(altitudeSpikes(altitude)).toEqual(expected);
          flagged += expected.length;
        },
      ),
      { numRuns: 300 },
    );
    // The profiles do have spikes, or the property says little.
    expect(flagged).toBeGreaterThan(100);
  });
});

describe('slidingRange', () => {
  it('equals the max and min of the finite values in each ±h window (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.double({ min: -500, max: 9000, noNaN: true }), fc.constant(Number.NaN)), {
          maxLength: 200,
        }),
        fc.integer({ min: 0, max: 20 }),
        (values, halfWidth) => {
          const range = slidingRange(Float64Array.from(values), halfWidth);
          values.forEach((_, i) => {
            const window = values
              .slice(Math.max(0, i - halfWidth), i + halfWidth + 1)
              .filter((v) => Number.isFinite(v));
            expect(range.max[i]).toBe(window.length ? Math.max(...window) : Number.NaN);
            expect(range.min[i]).toBe(window.length ? Math.min(...window) : Number.NaN);
          });
        },
      ),
    );
  });
});
