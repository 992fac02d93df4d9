import type { PedalingStreams } from './balance.ts';

/**
 * Why a pedal-dynamics figure is not given: the channel is not in the file (`not_recorded`), or every
 * reading at positive power is 0 (`zeros_only`). Torque effectiveness is net over positive torque and
 * pedal smoothness mean over peak power within a revolution, so at positive power neither can be 0:
 * a device that writes 0 every second (a head unit filling the field for a meter that does not
 * measure it) is saying "not measured", and averaging those zeros would show "0.0 %" as if measured.
 */
export type PedalDynamicsGap = 'not_recorded' | 'zeros_only';

export function pedalDynamicsGap(
  streams: PedalingStreams,
  channel: 'torqueEffectivenessPct' | 'pedalSmoothnessPct',
): PedalDynamicsGap | undefined {
  const values = streams[channel];
  const power = streams.powerW;
  if (values === undefined || power === undefined) return 'not_recorded';
  let readings = 0;
  for (let i = 0; i < power.length; i++) {
    const v = values[i]!;
    if (streams.gapMask[i] !== 0 || !(power[i]! > 0) || !Number.isFinite(v)) continue;
    if (v > 0) return undefined;
    readings++;
  }
  return readings > 0 ? 'zeros_only' : 'not_recorded';
}

/**
 * Power-weighted mean of a pedalling channel over the seconds with power > 0 and a positive reading
 * (a 0 at positive power is the device's "not measured", see `PedalDynamicsGap`).
 */
function powerWeightedMean(streams: PedalingStreams, channel: Float64Array | undefined): number | undefined {
  const power = streams.powerW;
  if (power === undefined || channel === undefined) return undefined;
  let weighted = 0;
  let total = 0;
  for (let i = 0; i < power.length; i++) {
    const p = power[i]!;
    const v = channel[i]!;
    if (streams.gapMask[i] !== 0 || !(p > 0) || !Number.isFinite(v) || !(v > 0)) continue;
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
