import { normalizedPowerW } from './normalized-power.ts';
import { averagePowerW, type PowerStreams } from './power-summary.ts';

/** Variability Index = NP / average power (Coggan); 1.00 for a perfectly steady effort. */
export function variabilityIndex(streams: PowerStreams): number | undefined {
  return variabilityIndexOf(normalizedPowerW(streams), averagePowerW(streams));
}

/** `variabilityIndex` from an NP and an average power already computed (as `summarizeRide` has them). */
export function variabilityIndexOf(
  npW: number | undefined,
  averageW: number | undefined,
): number | undefined {
  if (npW === undefined || averageW === undefined || !(averageW > 0)) return undefined;
  return npW / averageW;
}
