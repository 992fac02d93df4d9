import { movingTimeS } from '../streams/activity-streams.ts';
import { normalizedPowerW } from './normalized-power.ts';
import type { PowerStreams } from './power-summary.ts';

/**
 * Intensity Factor = NP / FTP (Coggan). Say which threshold was used: GoldenCheetah puts CP here by
 * default (`useCPforFTP`), Vatio uses the rider's FTP at the ride's date as given by the caller.
 */
export function intensityFactor(input: { npW: number | undefined; ftpW: number }): number | undefined {
  const { npW, ftpW } = input;
  if (npW === undefined || !(ftpW > 0)) return undefined;
  return npW / ftpW;
}

/**
 * Training Stress Score (Coggan): TSS = s · NP · IF / (FTP · 3600) · 100 = hours · IF² · 100,
 * so one hour at FTP is exactly 100.
 * Divergent: the spec's "hours · NP · IF / 100" is off by a factor FTP / 10,000.
 */
export function trainingStressScore(input: {
  durationS: number;
  npW: number | undefined;
  ftpW: number;
}): number | undefined {
  const { durationS, npW, ftpW } = input;
  const intensity = intensityFactor({ npW, ftpW });
  if (intensity === undefined || npW === undefined || !(durationS >= 0)) return undefined;
  return ((durationS * npW * intensity) / (ftpW * 3600)) * 100;
}

/**
 * TSS of a ride or a selection: moving time (seconds that are not gaps) and NP of the streams.
 * Divergent: GoldenCheetah's BikeStress multiplies by all recorded seconds; with a gap mask the two
 * agree, because recorded seconds are exactly the non-gap ones.
 */
export function rideTrainingStress(streams: PowerStreams, input: { ftpW: number }): number | undefined {
  return trainingStressScore({
    durationS: movingTimeS(streams),
    npW: normalizedPowerW(streams),
    ftpW: input.ftpW,
  });
}
