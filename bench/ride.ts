import { encodeFit, generateRide } from '@vatio/formats';

/** The benchmark ride: 4 h at 1 Hz, fixed seed, so every run decodes the same bytes. */
export const BENCH_SEED = 20_240_601;
export const BENCH_DURATION_S = 4 * 3600;
export const BENCH_FTP_W = 260;

export interface BenchRide {
  bytes: Uint8Array;
  records: number;
  encodeMs: number;
}

/** Generates the synthetic ride and writes it as FIT with encodeFit (the SDK Encoder's bytes, written directly). */
export function makeBenchRide(): BenchRide {
  const t0 = performance.now();
  const ride = generateRide({ seed: BENCH_SEED, durationS: BENCH_DURATION_S, ftpW: BENCH_FTP_W });
  const bytes = encodeFit(ride);
  return { bytes, records: ride.streams.timeS.length, encodeMs: performance.now() - t0 };
}
