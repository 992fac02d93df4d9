import type { PedalingStreams } from './balance.ts';

/**
 * Crank torque and the "biomechanical stability index" the spec names (000 §1) without defining.
 * No published standard exists; these are Vatio's definitions, chosen to be explainable in one
 * sentence and documented in docs/formulas/pedaling.md.
 *
 * Crank torque τ = P / ω with ω = 2π · cadence / 60 (N·m; the quantity a crank-based power meter
 * measures, ANT+ Bicycle Power profile "crank torque"). Pedalling seconds: no gap, cadence of at least
 * TORQUE_MIN_CADENCE_RPM and a power reading.
 */

/**
 * Below 30 rpm a crank revolution takes more than 2 s, so one second's power and cadence no longer
 * describe the same revolution: as a rider stops or starts, cadence sensors report 1–12 rpm while the
 * power meter still sends the last stroke's watts, and P/ω gives 150–1,500 N·m, far above what legs
 * produce: world-class track sprinters reach 1,600 W at an optimal torque of 118.5 N·m (Dorel et al.
 * 2005, *Int J Sports Med* 26:739), and with a linear torque–velocity relation their maximal torque is
 * twice that, ≈ 240 N·m. The same floor as the sprint torque (`advanced/sprints.ts`).
 */
export const TORQUE_MIN_CADENCE_RPM = 30;
/**
 * Torque variability above this is not shown: a standard deviation larger than the mean of a torque
 * that is never negative means a few seconds dominate (sensor artefacts, not pedalling). The real
 * rides in Vatio's fixtures, intervals and sprints included, lie between 25 and 77 % once the
 * sub-30-rpm seconds are left out. Vatio's bound.
 */
export const TORQUE_VARIABILITY_MAX_PCT = 100;

/** Half-width of the window a second is compared with, s (a 31-s centred window). */
export const STABILITY_WINDOW_HALF_S = 15;
/** How far cadence and torque may stand from their local mean for a second to count as steady. */
export const STABILITY_TOLERANCE = 0.1;
/** Fewer pedalling seconds than this give no index: a minute says nothing about technique. */
export const STABILITY_MIN_SECONDS = 60;

interface PedallingSeries {
  /** Timeline index of each pedalling second. */
  index: Int32Array;
  cadenceRpm: Float64Array;
  torqueNm: Float64Array;
}

function pedallingSeconds(streams: PedalingStreams): PedallingSeries | undefined {
  const { cadenceRpm: cadence, powerW: power, gapMask } = streams;
  if (cadence === undefined || power === undefined) return undefined;
  const n = cadence.length;
  const index = new Int32Array(n);
  const cadenceOut = new Float64Array(n);
  const torque = new Float64Array(n);
  let m = 0;
  for (let i = 0; i < n; i++) {
    const c = cadence[i]!;
    const p = power[i]!;
    if (gapMask[i] !== 0 || !(c >= TORQUE_MIN_CADENCE_RPM) || !Number.isFinite(c)) continue;
    if (!(p >= 0) || !Number.isFinite(p)) continue;
    index[m] = i;
    cadenceOut[m] = c;
    torque[m] = p / ((2 * Math.PI * c) / 60);
    m++;
  }
  return {
    index: index.subarray(0, m),
    cadenceRpm: cadenceOut.subarray(0, m),
    torqueNm: torque.subarray(0, m),
  };
}

function coefficientOfVariationPct(values: Float64Array): number | undefined {
  const n = values.length;
  if (n < 2) return undefined;
  let sum = 0;
  for (const v of values) sum += v;
  const mean = sum / n;
  if (!(mean > 0)) return undefined;
  let squares = 0;
  for (const v of values) squares += (v - mean) ** 2;
  return (Math.sqrt(squares / (n - 1)) / mean) * 100;
}

/** Average crank torque over the pedalling seconds, N·m. */
export function averageTorqueNm(streams: PedalingStreams): number | undefined {
  const series = pedallingSeconds(streams);
  if (series === undefined || series.torqueNm.length === 0) return undefined;
  let sum = 0;
  for (const t of series.torqueNm) sum += t;
  return sum / series.torqueNm.length;
}

/** Why torque variability is not given: no cadence or power, fewer than 2 pedalling seconds, or implausible. */
export type TorqueVariabilityGap = 'no_cadence_or_power' | 'too_few_seconds' | 'implausible';

/**
 * Torque variability: coefficient of variation (sample standard deviation / mean · 100) of crank
 * torque over the pedalling seconds, the torque twin of `cadenceVariabilityPct`; with the reason when
 * there is none. Above TORQUE_VARIABILITY_MAX_PCT the value is withheld (`implausible`, with the value
 * it would have been).
 */
export function torqueVariability(
  streams: PedalingStreams,
): { pct: number } | { gap: TorqueVariabilityGap; pct?: number } {
  const series = pedallingSeconds(streams);
  if (series === undefined) return { gap: 'no_cadence_or_power' };
  const pct = coefficientOfVariationPct(series.torqueNm);
  if (pct === undefined) return { gap: 'too_few_seconds' };
  return pct > TORQUE_VARIABILITY_MAX_PCT ? { gap: 'implausible', pct } : { pct };
}

/** `torqueVariability`'s value, undefined whenever it gives a reason instead. */
export function torqueVariabilityPct(streams: PedalingStreams): number | undefined {
  const result = torqueVariability(streams);
  return 'gap' in result ? undefined : result.pct;
}

/**
 * Pedalling stability index, %: the share of pedalling seconds whose cadence and crank torque both
 * lie within ±10 % of their own mean over the pedalling seconds of the surrounding 31 s. Comparing
 * with the local mean, not the ride's, keeps a planned change of effort (an interval starting, a climb)
 * from counting as unsteadiness; what is left is second-to-second wobble: cadence surges, torque
 * stabs, a stroke that falls apart when tired. 100 % is perfectly even pedalling.
 * Needs at least `STABILITY_MIN_SECONDS` pedalling seconds.
 */
export function pedallingStabilityIndexPct(streams: PedalingStreams): number | undefined {
  const series = pedallingSeconds(streams);
  if (series === undefined) return undefined;
  const { index, cadenceRpm, torqueNm } = series;
  const m = index.length;
  if (m < STABILITY_MIN_SECONDS) return undefined;
  // Prefix sums over the pedalling seconds; the window is found on the timeline (two pointers), so a
  // pause or a stretch of coasting inside it simply contributes nothing.
  const cadenceSum = new Float64Array(m + 1);
  const torqueSum = new Float64Array(m + 1);
  for (let k = 0; k < m; k++) {
    cadenceSum[k + 1] = cadenceSum[k]! + cadenceRpm[k]!;
    torqueSum[k + 1] = torqueSum[k]! + torqueNm[k]!;
  }
  let steady = 0;
  let from = 0;
  let to = 0; // window = pedalling seconds [from, to)
  for (let k = 0; k < m; k++) {
    const at = index[k]!;
    while (index[from]! < at - STABILITY_WINDOW_HALF_S) from++;
    while (to < m && index[to]! <= at + STABILITY_WINDOW_HALF_S) to++;
    const count = to - from;
    const cadenceMean = (cadenceSum[to]! - cadenceSum[from]!) / count;
    const torqueMean = (torqueSum[to]! - torqueSum[from]!) / count;
    const cadenceSteady = Math.abs(cadenceRpm[k]! - cadenceMean) <= STABILITY_TOLERANCE * cadenceMean;
    const torqueSteady = Math.abs(torqueNm[k]! - torqueMean) <= STABILITY_TOLERANCE * torqueMean;
    if (cadenceSteady && torqueSteady) steady++;
  }
  return (steady / m) * 100;
}
