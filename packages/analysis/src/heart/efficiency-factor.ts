import { normalizedPowerW } from '../power/normalized-power.ts';
import { averageHeartRateBpm, type HeartStreams, isHeartRate } from './heart-rate-summary.ts';

/**
 * Efficiency Factor = NP / average heart rate (Friel; GoldenCheetah `friel_efficiency_factor`,
 * TrainingPeaks help 204071724). Higher at the same heart rate means fitter.
 */
export function efficiencyFactor(streams: HeartStreams): number | undefined {
  return efficiencyFactorOf(normalizedPowerW(streams), averageHeartRateBpm(streams));
}

/** `efficiencyFactor` from an NP and an average heart rate already computed (as `summarizeRide` has them). */
export function efficiencyFactorOf(
  npW: number | undefined,
  averageBpm: number | undefined,
): number | undefined {
  if (npW === undefined || averageBpm === undefined) return undefined;
  return npW / averageBpm;
}

/**
 * Watts per heartbeat (W/bpm): mean power / mean heart rate over the recorded seconds that have
 * both. Unlike EF it uses plain average power, so it reads the cost of each beat on steady rides.
 */
export function wattsPerHeartbeat(streams: HeartStreams): number | undefined {
  const { powerW: power, heartRateBpm: hr, gapMask } = streams;
  if (power === undefined || hr === undefined) return undefined;
  let sumPower = 0;
  let sumHr = 0;
  for (let i = 0; i < hr.length; i++) {
    if (gapMask[i] !== 0 || !isHeartRate(hr[i]!) || !Number.isFinite(power[i]!)) continue;
    sumPower += power[i]!;
    sumHr += hr[i]!;
  }
  return sumHr > 0 ? sumPower / sumHr : undefined;
}
