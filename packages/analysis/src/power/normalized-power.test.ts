import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActivityStreams, streamsFromSeconds } from '../streams/activity-streams.ts';
import { resampleTo1Hz } from '../streams/resample.ts';
import { rollingMean } from '../streams/rolling.ts';
import { normalizedPowerW, xPowerW } from './normalized-power.ts';

function repeat(pattern: Array<[number, number]>, times: number): number[] {
  const out: number[] = [];
  for (let r = 0; r < times; r++)
    for (const [watts, seconds] of pattern) for (let s = 0; s < seconds; s++) out.push(watts);
  return out;
}

/** A ride-like 1 Hz power series: slow swells, surges and noise, deterministic. */
function rideLike(seconds: number, seed = 1): number[] {
  let state = seed;
  const random = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const out: number[] = [];
  for (let t = 0; t < seconds; t++) {
    const swell = 200 + 60 * Math.sin(t / 180) + 40 * Math.sin(t / 37);
    const surge = t % 300 < 20 ? 250 : 0;
    out.push(Math.max(0, swell + surge + 30 * (random() - 0.5)));
  }
  return out;
}

describe('normalizedPowerW', () => {
  it('equals the power itself when power is constant', () => {
    expect(normalizedPowerW(streamsFromSeconds({ powerW: new Array(3600).fill(237) }))).toBe(237);
  });

  it('gives about 401 W for 30 s at 600 W and 30 s at 0 W repeated, not the raw quartic 504 W', () => {
    const power = repeat(
      [
        [600, 30],
        [0, 30],
      ],
      60,
    );
    // Steady state: the 30-s mean is 600·j/30 with j = 30 once, 29…1 twice and 0 once per minute.
    let sum = 30 ** 4;
    for (let j = 1; j < 30; j++) sum += 2 * j ** 4;
    const periodicNp = 600 * (sum / (60 * 30 ** 4)) ** 0.25;
    expect(periodicNp).toBeCloseTo(401.43, 2);
    const np = normalizedPowerW(streamsFromSeconds({ powerW: power }));
    expect(np).toBeCloseTo(periodicNp, 0);
    const rawQuartic = (power.reduce((a, p) => a + p ** 4, 0) / power.length) ** 0.25;
    expect(rawQuartic).toBeCloseTo(504.5, 1);
  });

  it('never counts a pause as zeros: the length of the pause does not change NP', () => {
    const first = rideLike(1800, 3);
    const second = rideLike(1800, 7);
    const withPause = (pauseS: number) => {
      const n = first.length + pauseS + second.length;
      const power = new Float64Array(n).fill(Number.NaN);
      const gapMask = new Uint8Array(n);
      power.set(first, 0);
      power.set(second, first.length + pauseS);
      gapMask.fill(1, first.length, first.length + pauseS);
      const timeS = Float64Array.from({ length: n }, (_, i) => i);
      return createActivityStreams(timeS, gapMask, { powerW: power });
    };
    const tenMinutes = normalizedPowerW(withPause(600));
    expect(tenMinutes).toBe(normalizedPowerW(withPause(1)));
    // Joining the halves differs only by the 29 windows that restart after the pause.
    const joined = normalizedPowerW(streamsFromSeconds({ powerW: [...first, ...second] }));
    expect(Math.abs((tenMinutes ?? 0) - (joined ?? 0))).toBeLessThan(1);
    // Counting the pause as zeros would drag NP far down.
    const zeros = normalizedPowerW(
      streamsFromSeconds({ powerW: [...first, ...new Array(600).fill(0), ...second] }),
    );
    expect((tenMinutes ?? 0) - (zeros ?? 0)).toBeGreaterThan(5);
  });

  it('agrees for 1 s and 2 s sampling after resampling to 1 Hz', () => {
    const power = rideLike(3600, 11);
    const oneHz = normalizedPowerW(streamsFromSeconds({ powerW: power }));
    const times: number[] = [];
    const everyOther: number[] = [];
    for (let t = 0; t < power.length; t += 2) {
      times.push(t);
      everyOther.push(power[t]!);
    }
    const resampled = resampleTo1Hz(
      { timeS: times, channels: { powerW: everyOther } },
      { gapThresholdS: 5, fill: 'linear' },
    );
    const twoHz = normalizedPowerW(resampled);
    expect(Math.abs((twoHz ?? 0) / (oneHz ?? 1) - 1)).toBeLessThan(0.005);
  });

  it('lies between the mean of its 30-s windows and the highest second, whatever the pause length (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 1200 }), { minLength: 30, maxLength: 400 }),
        fc.nat(),
        fc.integer({ min: 1, max: 900 }),
        (power, at, pauseS) => {
          const cut = at % power.length;
          const withPause = (seconds: number) => {
            const n = power.length + seconds;
            const values = new Float64Array(n).fill(Number.NaN);
            values.set(power.slice(0, cut), 0);
            values.set(power.slice(cut), cut + seconds);
            const gapMask = new Uint8Array(n).fill(1, cut, cut + seconds);
            return createActivityStreams(
              Float64Array.from({ length: n }, (_, i) => i),
              gapMask,
              { powerW: values },
            );
          };
          const np = normalizedPowerW(withPause(pauseS));
          expect(np).toBe(normalizedPowerW(withPause(1)));
          if (np === undefined) return;
          expect(np).toBeLessThanOrEqual(Math.max(...power) + 1e-9);
          const streams = withPause(pauseS);
          const windows = Array.from(rollingMean(streams.powerW!, streams.gapMask, 30)).filter(
            (w) => !Number.isNaN(w),
          );
          const meanOfWindows = windows.reduce((a, b) => a + b, 0) / windows.length;
          expect(np).toBeGreaterThanOrEqual(meanOfWindows - 1e-9);
        },
      ),
    );
  });

  it('is undefined without power or without a full 30-s window', () => {
    expect(normalizedPowerW(streamsFromSeconds({ heartRateBpm: [120] }))).toBeUndefined();
    expect(normalizedPowerW(streamsFromSeconds({ powerW: new Array(29).fill(300) }))).toBeUndefined();
  });
});

describe('xPowerW', () => {
  it('equals the power itself when power is constant', () => {
    expect(xPowerW(streamsFromSeconds({ powerW: new Array(600).fill(250) }))).toBeCloseTo(250, 9);
  });

  it('stays within 10 % of NP for an interval session', () => {
    const streams = streamsFromSeconds({
      powerW: repeat(
        [
          [400, 60],
          [100, 60],
        ],
        30,
      ),
    });
    const np = normalizedPowerW(streams) ?? 0;
    expect(Math.abs((xPowerW(streams) ?? 0) / np - 1)).toBeLessThan(0.1);
  });
});
