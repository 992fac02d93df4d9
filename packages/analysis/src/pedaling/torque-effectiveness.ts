import type { PedalingStreams } from './balance.ts';

/** Power-weighted mean of a pedalling channel over the seconds with power > 0 and a reading. */
function powerWeightedMean(streams: PedalingStreams, channel: Float64Array | undefined): number | undefined {
  const power = streams.powerW;
  if (power === undefined || channel === undefined) return undefined;
  let weighted = 0;
  let total = 0;
  for (let i = 0; i < power.length; i++) {
    const p = power[i]!;
    const v = channel[i]!;
    if (streams.gapMask[i] !== 0 || !(p > 0) || !Number.isFinite(v)) continue;
    weighted += p * v;
    total += p;
  }
  return total > 0 ? weighted / total : undefined;
}

/**
 * Torque effectiveness, %: the share of each revolution's positive torque not cancelled by negative
 * torque (ANT+ Bicycle Power profile, FIT `left/right_torque_effectiveness`). Averaged over
 * pedalling seconds, weighted by power.
 */
export function averageTorqueEffectivenessPct(streams: PedalingStreams): number | undefined {
  return powerWeightedMean(streams, streams.torqueEffectivenessPct);
}

/**
 * Pedal smoothness, %: average over peak power within each revolution (ANT+ Bicycle Power profile,
 * FIT `left/right_pedal_smoothness`). Averaged over pedalling seconds, weighted by power.
 */
export function averagePedalSmoothnessPct(streams: PedalingStreams): number | undefined {
  return powerWeightedMean(streams, streams.pedalSmoothnessPct);
}
