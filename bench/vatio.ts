import { summarizeRide } from '@vatio/analysis';
import { type Activity, decodeActivity, decodeFit } from '@vatio/formats';

/** Vatio's decode alone: bytes → Activity with its 1 Hz streams (FIT fast path for the records). */
export function vatioDecode(bytes: Uint8Array): Activity {
  return decodeActivity(bytes, 'bench.fit');
}

/** Vatio's decode with the fast path off (the whole file through the SDK): the gain's baseline. */
export function vatioDecodeSdkPath(bytes: Uint8Array): Activity {
  return decodeFit(bytes, { fastPath: false });
}

/** Vatio's analysis alone: every per-ride metric of `summarizeRide` with an FTP and a CP model. */
export function vatioAnalyze(activity: Activity, ftpW: number): number {
  const summary = summarizeRide(activity.streams, {
    ftpW,
    criticalPower: { cpW: ftpW * 1.05, wPrimeJ: 20_000 },
    heartRateZones: undefined,
    meanMaxGaps: 'split',
  });
  return summary.normalizedPowerW ?? 0;
}

/** Vatio end to end: bytes → Activity (1 Hz streams) → every per-ride metric with an FTP. */
export function vatioDecodeAndAnalyze(bytes: Uint8Array, ftpW: number): number {
  return vatioAnalyze(vatioDecode(bytes), ftpW);
}
