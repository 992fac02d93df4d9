import type { ActivityStreams } from '../streams/activity-streams.ts';

export type PedalingStreams = Pick<
  ActivityStreams,
  | 'gapMask'
  | 'powerW'
  | 'cadenceRpm'
  | 'leftRightBalancePct'
  | 'torqueEffectivenessPct'
  | 'pedalSmoothnessPct'
>;

/**
 * Left/right balance over a ride, weighted by power: left share = Σ P·L% / Σ P over the pedalling
 * seconds (P > 0) that have a balance reading. `leftRightBalancePct` holds the left leg's share;
 * decoders turn FIT's "right" flag into a left share. Weighting by power keeps easy spinning from
 * counting as much as hard efforts (GoldenCheetah's left/right balance averages the same way).
 */
export function leftRightBalance(
  streams: PedalingStreams,
): { leftPct: number; rightPct: number } | undefined {
  const { powerW: power, leftRightBalancePct: balance, gapMask } = streams;
  if (power === undefined || balance === undefined) return undefined;
  let weighted = 0;
  let total = 0;
  for (let i = 0; i < power.length; i++) {
    const p = power[i]!;
    const left = balance[i]!;
    if (gapMask[i] !== 0 || !(p > 0) || !(left >= 0 && left <= 100)) continue;
    weighted += p * left;
    total += p;
  }
  if (total === 0) return undefined;
  const leftPct = weighted / total;
  return { leftPct, rightPct: 100 - leftPct };
}
