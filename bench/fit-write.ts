/**
 * `npx tsx bench/fit-write.ts`: how long writing the benchmark ride (4 h at 1 Hz) takes: generateRide,
 * then FIT with encodeFit (the fast writer) and with the SDK Encoder (encode-sdk.ts, the reference).
 * Prints medians and checks the two files are the same bytes; no timed assertions.
 */
import { encodeFit, generateRide } from '@vatio/formats';
import { encodeFitWithSdk } from '../packages/formats/src/fit/encode-sdk.ts';
import { BENCH_DURATION_S, BENCH_FTP_W, BENCH_SEED } from './ride.ts';
import { type Timing, timeSync } from './timing.ts';

const ride = () => generateRide({ seed: BENCH_SEED, durationS: BENCH_DURATION_S, ftpW: BENCH_FTP_W });
const activity = ride();
const line = (t: Timing) =>
  `${t.label.padEnd(34)} median ${t.medianMs.toFixed(1).padStart(8)} ms   p95 ${t.p95Ms.toFixed(1).padStart(8)} ms`;

console.log(`${BENCH_DURATION_S / 3600} h at 1 Hz, ${activity.streams.timeS.length} records`);
console.log(line(timeSync('generateRide', ride, { warmup: 2, runs: 10 })));
console.log(line(timeSync('encodeFit (fast writer)', () => encodeFit(activity), { warmup: 3, runs: 20 })));
const sdkRuns = Number(process.env.SDK_RUNS ?? 3);
console.log(
  line(
    timeSync('encodeFitWithSdk (SDK Encoder)', () => encodeFitWithSdk(activity), {
      warmup: 1,
      runs: sdkRuns,
    }),
  ),
);
const fast = encodeFit(activity);
const sdk = encodeFitWithSdk(activity);
const same = fast.length === sdk.length && fast.every((b, i) => b === sdk[i]);
console.log(`${fast.length} bytes; identical to the SDK Encoder's: ${same}`);
