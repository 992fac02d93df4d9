import { type HeartStreams, isHeartRate } from './heart-rate-summary.ts';

/** Mean power and heart rate of the two halves decoupling and drift compare. */
export interface DecouplingHalves {
  readonly powerW: readonly [number, number];
  readonly heartRateBpm: readonly [number, number];
}

/**
 * Mean power and heart rate in the first and second half of the moving time, halves taken by count
 * of the recorded seconds that have both a power value and a heart-rate reading (GoldenCheetah
 * `AerobicDecoupling.cpp` keeps samples with HR > 0 and splits by sample count).
 */
export function decouplingHalves(streams: HeartStreams): DecouplingHalves | undefined {
  const { powerW: power, heartRateBpm: hr, gapMask } = streams;
  if (power === undefined || hr === undefined) return undefined;
  const usable = new Int32Array(hr.length);
  const count = usableSeconds(power, hr, gapMask, usable);
  if (count < 2) return undefined;
  const mid = Math.floor(count / 2);
  return {
    powerW: [sumAt(power, usable, 0, mid) / mid, sumAt(power, usable, mid, count) / (count - mid)],
    heartRateBpm: [sumAt(hr, usable, 0, mid) / mid, sumAt(hr, usable, mid, count) / (count - mid)],
  };
}

// The two loops are functions of their own that return as soon as they end: see `ridePass`
// (metrics/ride-pass.ts) on why code after a long loop costs so much on Node 20.

/** Fills `usable` with the recorded seconds that have power and a heart rate; returns how many. */
function usableSeconds(
  power: Float64Array,
  hr: Float64Array,
  gapMask: Uint8Array,
  usable: Int32Array,
): number {
  let count = 0;
  for (let i = 0; i < hr.length; i++) {
    if (gapMask[i] === 0 && isHeartRate(hr[i]!) && Number.isFinite(power[i]!)) usable[count++] = i;
  }
  return count;
}

/** Σ values at the seconds `usable[from..to)`, in that order. */
function sumAt(values: Float64Array, usable: Int32Array, from: number, to: number): number {
  let sum = 0;
  for (let k = from; k < to; k++) sum += values[usable[k]!]!;
  return sum;
}

/**
 * Aerobic decoupling Pw:Hr in % (Friel): EFᵢ = mean power / mean HR of half i,
 * decoupling = (EF₁ − EF₂)/EF₁ · 100. Under 5 % on a long steady ride reads as aerobically fit.
 * As in GoldenCheetah, each half uses average power, not NP.
 */
export function aerobicDecouplingPct(streams: HeartStreams): number | undefined {
  return aerobicDecouplingOf(decouplingHalves(streams));
}

/** `aerobicDecouplingPct` from halves already computed (as `summarizeRide` has them). */
export function aerobicDecouplingOf(h: DecouplingHalves | undefined): number | undefined {
  if (h === undefined) return undefined;
  const ef1 = h.powerW[0] / h.heartRateBpm[0];
  const ef2 = h.powerW[1] / h.heartRateBpm[1];
  if (!(ef1 > 0)) return undefined;
  return ((ef1 - ef2) / ef1) * 100;
}

/**
 * Heart-rate drift in %: (HR₂ − HR₁)/HR₁ · 100 over the same halves. Meaningful at steady power;
 * read it next to the halves' power (Friel; anchors §4).
 */
export function heartRateDriftPct(streams: HeartStreams): number | undefined {
  return heartRateDriftOf(decouplingHalves(streams));
}

/** `heartRateDriftPct` from halves already computed (as `summarizeRide` has them). */
export function heartRateDriftOf(h: DecouplingHalves | undefined): number | undefined {
  if (h === undefined) return undefined;
  return ((h.heartRateBpm[1] - h.heartRateBpm[0]) / h.heartRateBpm[0]) * 100;
}
