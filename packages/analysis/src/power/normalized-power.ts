import { exponentialMean, rollingMean } from '../streams/rolling.ts';
import type { PowerStreams } from './power-summary.ts';

/** NP's smoothing window (Coggan: 30 seconds, not 30 samples). */
export const NP_WINDOW_S = 30;
/** xPower's time constant (Skiba, BikeScore). */
export const XPOWER_TAU_S = 25;

/**
 * Normalized Power (Coggan & Allen, *Training and Racing with a Power Meter*): on the 1 Hz series,
 * take the 30-s rolling mean, raise it to the 4th power, average, take the 4th root.
 * A rolling window never bridges a pause or a dropout: it restarts after one (see `rollingMean`), so
 * a ride with a 10-minute stop has the NP of the ride without the stop, less one window warm-up.
 * Undefined when no full 30-s window exists.
 *
 * Divergent: the spec's "4th root of the mean of raw P⁴" is not NP (30 s 600 W / 30 s 0 W gives
 * 504 W instead of ≈ 401 W). GoldenCheetah's IsoPower counts the first 29 partial windows as if
 * padded with zeros; here they are skipped, as in Sauce and Dreeve.
 */
export function normalizedPowerW(streams: PowerStreams): number | undefined {
  const power = streams.powerW;
  if (power === undefined) return undefined;
  return fourthPowerMeanRoot(rollingMean(power, streams.gapMask, NP_WINDOW_S));
}

/**
 * xPower (Skiba, "Development of the BikeScore algorithm"; GoldenCheetah `BikeScore.cpp`): like NP
 * but with an exponentially weighted average of time constant 25 s instead of the 30-s box.
 * Divergent: GoldenCheetah seeds the average with 0; here it is seeded with the first value and
 * restarts after a gap, as in Sauce.
 */
export function xPowerW(streams: PowerStreams): number | undefined {
  const power = streams.powerW;
  if (power === undefined) return undefined;
  return fourthPowerMeanRoot(exponentialMean(power, streams.gapMask, XPOWER_TAU_S));
}

function fourthPowerMeanRoot(smoothed: Float64Array): number | undefined {
  let sum = 0;
  let count = 0;
  for (let i = 0; i < smoothed.length; i++) {
    const v = smoothed[i]!;
    if (Number.isNaN(v)) continue;
    const sq = v * v;
    sum += sq * sq;
    count++;
  }
  return count > 0 ? (sum / count) ** 0.25 : undefined;
}
