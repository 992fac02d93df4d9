import { summarizeRide } from '@vatio/analysis';
import { decodeActivity } from '@vatio/formats';

/** Vatio end to end: bytes → Activity (1 Hz streams) → every per-ride metric with an FTP. */
export function vatioDecodeAndAnalyze(bytes: Uint8Array, ftpW: number): number {
  const activity = decodeActivity(bytes, 'bench.fit');
  const summary = summarizeRide(activity.streams, {
    ftpW,
    criticalPower: { cpW: ftpW * 1.05, wPrimeJ: 20_000 },
    heartRateZones: undefined,
    meanMaxGaps: 'split',
    elevationHysteresisM: 3,
  });
  return summary.normalizedPowerW ?? 0;
}
