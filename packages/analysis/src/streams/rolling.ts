/**
 * Trailing rolling mean over `windowS` seconds of a 1 Hz series.
 *
 * `out[i]` is the mean of seconds `i − windowS + 1 … i` when every one of them is recorded (not a
 * gap) and has a finite value; otherwise NaN. The window therefore never bridges a pause or a
 * dropout: it restarts after one and yields its first value once it is full again.
 *
 * Divergent: GoldenCheetah's IsoPower averages partly filled windows over the first 29 samples as if
 * the missing seconds were zeros; Sauce and Dreeve start at the 30th sample, as here.
 */
export function rollingMean(values: Float64Array, gapMask: Uint8Array, windowS: number): Float64Array {
  if (!(Number.isInteger(windowS) && windowS >= 1))
    throw new RangeError('windowS must be a positive integer');
  const n = values.length;
  const out = new Float64Array(n).fill(Number.NaN);
  let sum = 0;
  let run = 0; // consecutive usable seconds ending at i
  for (let i = 0; i < n; i++) {
    const v = values[i]!;
    if (gapMask[i] !== 0 || !Number.isFinite(v)) {
      sum = 0;
      run = 0;
      continue;
    }
    sum += v;
    run++;
    if (run > windowS) sum -= values[i - windowS]!;
    if (run >= windowS) out[i] = sum / windowS;
  }
  return out;
}

/**
 * Exponentially weighted moving average with time constant `tauS` on a 1 Hz series, restarting
 * (seeded with the first value) after a gap or a missing value; NaN at gaps.
 * Used by xPower (Skiba, BikeScore: τ = 25 s).
 */
export function exponentialMean(values: Float64Array, gapMask: Uint8Array, tauS: number): Float64Array {
  if (!(tauS > 0)) throw new RangeError('tauS must be positive');
  const n = values.length;
  const out = new Float64Array(n).fill(Number.NaN);
  const alpha = 1 - Math.exp(-1 / tauS);
  let state = Number.NaN;
  for (let i = 0; i < n; i++) {
    const v = values[i]!;
    if (gapMask[i] !== 0 || !Number.isFinite(v)) {
      state = Number.NaN;
      continue;
    }
    state = Number.isNaN(state) ? v : state + alpha * (v - state);
    out[i] = state;
  }
  return out;
}
