import type { ActivityStreams } from '../streams/activity-streams.ts';

export type ElevationStreams = Pick<ActivityStreams, 'gapMask' | 'altitudeM'>;

/**
 * Width of the centred moving average the altitude is smoothed with before rises are counted, in
 * recorded seconds. It removes the barometer's and GPS's second-to-second flicker (FIT altitude comes
 * in 0.2 m steps, and readings wander a few tenths of a metre while the road is level) without
 * shaving real rises: a linear climb passes through unchanged.
 */
export const ASCENT_SMOOTHING_S = 11;

/**
 * GoldenCheetah's rule with this threshold: the profile must move more than this from the last
 * reference height before a rise counts (or the reference follows it down).
 */
export const ASCENT_HYSTERESIS_M = 0.1;

/**
 * Total ascent of a ride, m: the altitude of the recorded seconds (pauses and missing readings left
 * out) smoothed by a centred moving average of `smoothingS` readings (narrowed symmetrically at the
 * ends of the ride, so a steady climb keeps its full height), then GoldenCheetah's elevation-gain rule
 * (`src/Metrics/BasicRideMetrics.cpp`, class `ElevationGain`): keep a reference height; a reading more
 * than `hysteresisM` above it adds the difference and becomes the reference; a reading more than
 * `hysteresisM` below it becomes the reference without adding anything.
 *
 * GoldenCheetah applies that rule to the raw altitude with 3 m (its `GC_ELEVATION_HYSTERESIS`
 * default); Vatio smooths first and then needs only a small threshold. The constants were checked
 * against the ascent head units write into their FIT session (packages/cli/src/golden.test.ts:
 * within 10 % or 15 m of the device on every fixture but the three whose own figure contradicts its
 * recorded profile, explained there). Altitude is a position, not an effort: readings on both sides of
 * a pause are compared directly. Barometric and GPS altitude go through the same filter; GPS spikes
 * are dropped at decode time (formats `dropAltitudeSpikes`).
 */
export function elevationGainM(
  streams: ElevationStreams,
  options: { smoothingS?: number; hysteresisM?: number } = {},
): number | undefined {
  const altitude = streams.altitudeM;
  if (altitude === undefined) return undefined;
  const half = Math.max(0, Math.floor((options.smoothingS ?? ASCENT_SMOOTHING_S) / 2));
  const hysteresisM = options.hysteresisM ?? ASCENT_HYSTERESIS_M;
  const values = new Float64Array(altitude.length);
  let n = 0;
  for (let i = 0; i < altitude.length; i++) {
    const h = altitude[i]!;
    if (streams.gapMask[i] === 0 && Number.isFinite(h)) values[n++] = h;
  }
  if (n === 0) return undefined;
  // Prefix sums of the readings relative to the first one (keeps the sums small and exact enough).
  const base = values[0]!;
  const prefix = new Float64Array(n + 1);
  for (let k = 0; k < n; k++) prefix[k + 1] = prefix[k]! + (values[k]! - base);
  let reference = Number.NaN;
  let gain = 0;
  for (let k = 0; k < n; k++) {
    const w = Math.min(half, k, n - 1 - k);
    const smoothed = base + (prefix[k + w + 1]! - prefix[k - w]!) / (2 * w + 1);
    if (Number.isNaN(reference)) reference = smoothed;
    else if (smoothed > reference + hysteresisM) {
      gain += smoothed - reference;
      reference = smoothed;
    } else if (smoothed < reference - hysteresisM) reference = smoothed;
  }
  return gain;
}
