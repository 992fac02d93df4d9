import type { ActivityStreams } from '../streams/activity-streams.ts';

/** The part of the streams that power metrics read. */
export type PowerStreams = Pick<ActivityStreams, 'gapMask' | 'powerW'>;

/**
 * Average power over moving time, zeros (coasting) included: Σ P / recorded seconds with a power
 * value. Gaps (pauses) and missing values are left out, so a café stop does not lower it.
 * Divergent: some head units average non-zero samples only; Strava and TrainingPeaks include zeros.
 */
export function averagePowerW(streams: PowerStreams): number | undefined {
  const power = streams.powerW;
  if (power === undefined) return undefined;
  let sum = 0;
  let count = 0;
  for (let i = 0; i < power.length; i++) {
    const p = power[i]!;
    if (streams.gapMask[i] !== 0 || !Number.isFinite(p)) continue;
    sum += p;
    count++;
  }
  return count > 0 ? sum / count : undefined;
}

/** Highest 1-second power of the recorded seconds. */
export function maxPowerW(streams: PowerStreams): number | undefined {
  const power = streams.powerW;
  if (power === undefined) return undefined;
  let max = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < power.length; i++) {
    const p = power[i]!;
    if (streams.gapMask[i] === 0 && p > max) max = p;
  }
  return max === Number.NEGATIVE_INFINITY ? undefined : max;
}

/** Mechanical work in kJ: Σ P·1 s over the recorded seconds / 1000. */
export function workKj(streams: PowerStreams): number | undefined {
  const power = streams.powerW;
  if (power === undefined) return undefined;
  let joules = 0;
  let count = 0;
  for (let i = 0; i < power.length; i++) {
    const p = power[i]!;
    if (streams.gapMask[i] !== 0 || !Number.isFinite(p)) continue;
    joules += p;
    count++;
  }
  return count > 0 ? joules / 1000 : undefined;
}
