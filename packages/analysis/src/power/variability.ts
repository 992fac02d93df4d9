import { normalizedPowerW } from './normalized-power.ts';
import { averagePowerW, type PowerStreams } from './power-summary.ts';

/** Variability Index = NP / average power (Coggan); 1.00 for a perfectly steady effort. */
export function variabilityIndex(streams: PowerStreams): number | undefined {
  const np = normalizedPowerW(streams);
  const avg = averagePowerW(streams);
  if (np === undefined || avg === undefined || !(avg > 0)) return undefined;
  return np / avg;
}
