import {
  type ActivityStreams,
  CHANNEL_NAMES,
  type ChannelName,
  createActivityStreams,
} from './activity-streams.ts';

/** Samples as a recorder wrote them: increasing times (any origin), channels with NaN for "no value". */
export interface RawSamples {
  readonly timeS: ArrayLike<number>;
  readonly channels: { readonly [K in ChannelName]?: ArrayLike<number> };
}

export interface ResampleOptions {
  /**
   * A jump between consecutive samples longer than this many seconds is a gap (paused / no data),
   * never interpolated. Shorter holes (smart recording, 2 s sampling, a dropped sample) are filled.
   * Head units use a few seconds; smart recording can space samples up to ~8 s apart.
   */
  readonly gapThresholdS: number;
  /** How short holes are filled: a straight line between neighbours, or the previous value held. */
  readonly fill: 'linear' | 'previous';
  /** Timer-stopped intervals in the same clock as `timeS` (e.g. FIT stop/start events). */
  readonly pauses?: ReadonlyArray<{ readonly startS: number; readonly endS: number }>;
}

/**
 * Longest timeline `resampleTo1Hz` builds: 14 days. A corrupt timestamp (a year jump) must fail
 * with a RangeError rather than allocate gigabytes.
 */
export const MAX_TIMELINE_S = 14 * 86_400;

/**
 * Resamples irregular samples onto a 1 Hz timeline that starts at the first sample.
 *
 * Second `i` is the bin `[t0 + i − 0.5, t0 + i + 0.5)`: samples falling in one bin are averaged
 * (0.5 s SRM data becomes 1 Hz without losing half of it), empty bins inside a short hole are filled,
 * empty bins inside a jump longer than `gapThresholdS` or inside a pause are marked as gaps with NaN
 * in every channel. Each channel's own holes (a heart-rate strap dropping out) are filled under the
 * same rule and otherwise stay NaN.
 *
 * Divergent: GoldenCheetah fills recording gaps with zeros at the recording interval, Sauce pads with
 * zero-valued `Pad` samples; here a gap is a mask bit, so no metric can mistake it for 0 W.
 */
export function resampleTo1Hz(samples: RawSamples, options: ResampleOptions): ActivityStreams {
  const { gapThresholdS, fill } = options;
  if (!(gapThresholdS >= 1)) throw new RangeError('gapThresholdS must be at least 1 s');
  const times = samples.timeS;
  const m = times.length;
  const first = m > 0 ? times[0]! : 0;
  const last = m > 0 ? times[m - 1]! : 0;
  if (m > 0 && !(Number.isFinite(first) && Number.isFinite(last) && last >= first)) {
    throw new RangeError('timeS must be finite and non-decreasing');
  }
  const n = m === 0 ? 0 : Math.round(last - first) + 1;
  if (n > MAX_TIMELINE_S) throw new RangeError(`timeline of ${n} s exceeds ${MAX_TIMELINE_S} s`);
  const binOf = (t: number) => Math.min(n - 1, Math.max(0, Math.round(t - first)));

  const gapMask = new Uint8Array(n);
  const hasSample = new Uint8Array(n);
  for (let k = 0; k < m; k++) hasSample[binOf(times[k]!)] = 1;
  for (let k = 0; k + 1 < m; k++) {
    if (times[k + 1]! - times[k]! > gapThresholdS) {
      for (let b = binOf(times[k]!) + 1; b < binOf(times[k + 1]!); b++) gapMask[b] = 1;
    }
  }
  for (const pause of options.pauses ?? []) {
    const from = Math.max(0, Math.ceil(pause.startS - first));
    const to = Math.min(n, Math.ceil(pause.endS - first));
    for (let b = from; b < to; b++) gapMask[b] = 1;
  }
  for (let b = 0; b < n; b++) if (hasSample[b] === 0 && gapMask[b] === 0) gapMask[b] = 2; // hole to fill

  const channels: { [K in ChannelName]?: Float64Array } = {};
  for (const name of CHANNEL_NAMES) {
    const values = samples.channels[name];
    if (values === undefined) continue;
    if (values.length !== m) throw new RangeError(`${name} has ${values.length} samples, timeS has ${m}`);
    const sum = new Float64Array(n);
    const count = new Uint32Array(n);
    for (let k = 0; k < m; k++) {
      const v = values[k]!;
      if (!Number.isFinite(v)) continue;
      const b = binOf(times[k]!);
      sum[b]! += v;
      count[b]!++;
    }
    const out = new Float64Array(n);
    for (let b = 0; b < n; b++) out[b] = count[b]! > 0 && gapMask[b] !== 1 ? sum[b]! / count[b]! : Number.NaN;
    fillShortHoles(out, gapMask, gapThresholdS, fill);
    channels[name] = out;
  }
  for (let b = 0; b < n; b++) if (gapMask[b] === 2) gapMask[b] = 0;

  const timeS = new Float64Array(n);
  for (let i = 0; i < n; i++) timeS[i] = i;
  return createActivityStreams(timeS, gapMask, channels);
}

/** Fills NaN runs bounded by values at most `maxSpanS` apart with no gap between them. */
function fillShortHoles(
  values: Float64Array,
  gapMask: Uint8Array,
  maxSpanS: number,
  fill: 'linear' | 'previous',
): void {
  let lastValid = -1;
  let gapSinceValid = false;
  for (let i = 0; i < values.length; i++) {
    if (gapMask[i] === 1) {
      gapSinceValid = true;
      continue;
    }
    const v = values[i]!;
    if (Number.isNaN(v)) continue;
    if (lastValid >= 0 && !gapSinceValid && i - lastValid > 1 && i - lastValid <= maxSpanS) {
      const a = values[lastValid]!;
      for (let j = lastValid + 1; j < i; j++) {
        values[j] = fill === 'linear' ? a + ((v - a) * (j - lastValid)) / (i - lastValid) : a;
      }
    }
    lastValid = i;
    gapSinceValid = false;
  }
}
