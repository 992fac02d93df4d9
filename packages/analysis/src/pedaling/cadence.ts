import type { PedalingStreams } from './balance.ts';

function pedallingCadences(streams: PedalingStreams, includeZeros: boolean): number[] | undefined {
  const cadence = streams.cadenceRpm;
  if (cadence === undefined) return undefined;
  const out: number[] = [];
  for (let i = 0; i < cadence.length; i++) {
    const c = cadence[i]!;
    if (streams.gapMask[i] !== 0 || !Number.isFinite(c) || c < 0) continue;
    if (c === 0 && !includeZeros) continue;
    out.push(c);
  }
  return out;
}

/**
 * Average cadence, rpm, over the recorded seconds; with `includeZeros: false` coasting is left out
 * (GoldenCheetah and most head units by default), with `true` it counts (Garmin's "include zeros").
 */
export function averageCadenceRpm(
  streams: PedalingStreams,
  options: { includeZeros: boolean },
): number | undefined {
  const cadence = streams.cadenceRpm;
  if (cadence === undefined) return undefined;
  // The seconds `pedallingCadences` keeps, summed in the same order, without collecting them.
  let sum = 0;
  let count = 0;
  for (let i = 0; i < cadence.length; i++) {
    const c = cadence[i]!;
    if (streams.gapMask[i] !== 0 || !Number.isFinite(c) || c < 0) continue;
    if (c === 0 && !options.includeZeros) continue;
    sum += c;
    count++;
  }
  return count === 0 ? undefined : sum / count;
}

/**
 * Cadence variability: coefficient of variation (standard deviation / mean · 100) of the pedalling
 * cadence (coasting excluded).
 * Divergent: the spec's prototype answers 15 when there are fewer than 10 samples and caps the value
 * at 30; here too few samples give undefined and nothing is capped.
 */
export function cadenceVariabilityPct(streams: PedalingStreams): number | undefined {
  const values = pedallingCadences(streams, false);
  if (values === undefined || values.length < 2) return undefined;
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const variance = values.reduce((a, c) => a + (c - mean) ** 2, 0) / (values.length - 1);
  return (Math.sqrt(variance) / mean) * 100;
}
