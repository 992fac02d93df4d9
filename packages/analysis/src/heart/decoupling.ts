import { type HeartStreams, isHeartRate } from './heart-rate-summary.ts';

/**
 * Decoupling needs an hour of seconds with power and heart rate: Friel reads Pw:Hr on steady aerobic
 * rides of at least an hour (*The Cyclist's Training Bible*; his aerobic-endurance test is a steady
 * hour), and over a shorter ride the warm-up's rise of heart rate decides the figure. The ride page
 * has always said "over a steady ride of at least an hour"; now the number follows its own rule.
 */
export const DECOUPLING_MIN_S = 3600;

/** Mean power and heart rate of the two halves decoupling and drift compare. */
export interface DecouplingHalves {
  readonly powerW: readonly [number, number];
  readonly heartRateBpm: readonly [number, number];
  /** Recorded seconds with both power and heart rate (the two halves together). */
  readonly seconds: number;
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
    seconds: count,
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

/** Why a ride has no decoupling: no power or heart rate, or under DECOUPLING_MIN_S of both. */
export type DecouplingGap = 'no_power_or_heart_rate' | 'too_short';

/** The reason a ride's halves give no decoupling, undefined when they give one. */
export function decouplingGap(h: DecouplingHalves | undefined): DecouplingGap | undefined {
  if (h === undefined) return 'no_power_or_heart_rate';
  return h.seconds < DECOUPLING_MIN_S ? 'too_short' : undefined;
}

/**
 * Aerobic decoupling Pw:Hr in % (Friel): EFᵢ = mean power / mean HR of half i,
 * decoupling = (EF₁ − EF₂)/EF₁ · 100. Under 5 % on a long steady ride reads as aerobically fit.
 * As in GoldenCheetah, each half uses average power, not NP. Undefined under DECOUPLING_MIN_S.
 */
export function aerobicDecouplingPct(streams: HeartStreams): number | undefined {
  return aerobicDecouplingOf(decouplingHalves(streams));
}

/** `aerobicDecouplingPct` from halves already computed (as `summarizeRide` has them). */
export function aerobicDecouplingOf(h: DecouplingHalves | undefined): number | undefined {
  if (h === undefined || decouplingGap(h) !== undefined) return undefined;
  const ef1 = h.powerW[0] / h.heartRateBpm[0];
  const ef2 = h.powerW[1] / h.heartRateBpm[1];
  if (!(ef1 > 0)) return undefined;
  return ((ef1 - ef2) / ef1) * 100;
}

/**
 * Heart-rate drift in %: (HR₂ − HR₁)/HR₁ · 100 over the same halves. Meaningful at steady power;
 * read it next to the halves' power (Friel; anchors §4). Undefined under DECOUPLING_MIN_S, as
 * decoupling: over a shorter ride the warm-up's rise of heart rate is most of it.
 */
export function heartRateDriftPct(streams: HeartStreams): number | undefined {
  return heartRateDriftOf(decouplingHalves(streams));
}

/** `heartRateDriftPct` from halves already computed (as `summarizeRide` has them). */
export function heartRateDriftOf(h: DecouplingHalves | undefined): number | undefined {
  if (h === undefined || decouplingGap(h) !== undefined) return undefined;
  return ((h.heartRateBpm[1] - h.heartRateBpm[0]) / h.heartRateBpm[0]) * 100;
}
