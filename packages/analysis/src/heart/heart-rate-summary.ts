import type { ActivityStreams } from '../streams/activity-streams.ts';

/** The part of the streams that heart-rate metrics read. */
export type HeartStreams = Pick<ActivityStreams, 'gapMask' | 'heartRateBpm' | 'powerW'>;

/** A usable heart-rate reading: recorded second, finite and above zero (0 bpm is a lost strap). */
export function isHeartRate(bpm: number): boolean {
  return Number.isFinite(bpm) && bpm > 0;
}

/** Mean heart rate over the recorded seconds with a reading. */
export function averageHeartRateBpm(streams: HeartStreams): number | undefined {
  const hr = streams.heartRateBpm;
  if (hr === undefined) return undefined;
  let sum = 0;
  let count = 0;
  for (let i = 0; i < hr.length; i++) {
    const v = hr[i]!;
    if (streams.gapMask[i] !== 0 || !isHeartRate(v)) continue;
    sum += v;
    count++;
  }
  return count > 0 ? sum / count : undefined;
}

/** Highest heart-rate reading of the recorded seconds. */
export function maxHeartRateBpm(streams: HeartStreams): number | undefined {
  const hr = streams.heartRateBpm;
  if (hr === undefined) return undefined;
  let max = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < hr.length; i++) {
    const v = hr[i]!;
    if (streams.gapMask[i] === 0 && isHeartRate(v) && v > max) max = v;
  }
  return max === Number.NEGATIVE_INFINITY ? undefined : max;
}
