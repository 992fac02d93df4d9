/**
 * Irregular samples → the 1 Hz timeline every metric reads. The one resampler of Vatio: the file
 * decoders (`@vatio/formats`, `timeline/resample.ts`) call it with their file policy (timeline origin
 * at the activity start, fill limit from the file's spacing, which channels hold), tests and
 * simulators call it directly.
 *
 * Divergent: GoldenCheetah fills recording gaps with zeros at the recording interval, Sauce pads with
 * zero-valued `Pad` samples; here a gap is a mask bit, so no metric can mistake it for 0 W.
 */
import type { ChannelName } from './activity-streams.ts';

/** Samples as a recorder wrote them: times in seconds (any origin), channels with NaN for "no value". */
export interface RawSamples<K extends string = ChannelName> {
  readonly timeS: ArrayLike<number>;
  readonly channels: { readonly [C in K]?: ArrayLike<number> };
}

/** How a short hole is filled: a straight line between neighbours, or the previous value held. */
export type FillMode = 'linear' | 'previous';

export interface ResampleOptions<K extends string = ChannelName> {
  /**
   * A hole between samples longer than this many seconds is a gap (paused / no data), never
   * interpolated. Shorter holes (smart recording, 2 s sampling, a dropped sample) are filled.
   * Head units use a few seconds; smart recording can space samples up to ~8 s apart.
   */
  readonly gapThresholdS: number;
  /** One fill for every channel, or one per channel (power steps, speed glides). */
  readonly fill: FillMode | ((channel: K) => FillMode);
  /**
   * Timer-stopped intervals `[startS, endS)` in the same clock as `timeS` (e.g. FIT stop/start
   * events): their seconds are gaps even where the file has samples.
   */
  readonly pauses?: ReadonlyArray<{ readonly startS: number; readonly endS: number }>;
  /**
   * Time of second 0. Default: the first sample. With an origin before the first sample, the
   * seconds in between are a gap; samples more than half a second before it are left out.
   */
  readonly originS?: number;
  /**
   * Also fill a channel's own short run of missing values at seconds that have samples (a strap
   * dropping out for a moment). Default true; false fills only seconds with no sample at all, so a
   * value the file does not have stays missing.
   */
  readonly fillMissingValues?: boolean;
}

/** Resampled streams with whatever channels the samples had (the analysis set by default). */
export type ResampledStreams<K extends string = ChannelName> = {
  readonly timeS: Float64Array;
  readonly gapMask: Uint8Array;
} & { [C in K]?: Float64Array };

/**
 * Longest timeline `resampleTo1Hz` builds: 14 days. A corrupt timestamp (a year jump) must fail
 * with a RangeError rather than allocate gigabytes.
 */
export const MAX_TIMELINE_S = 14 * 86_400;

const HOLE = 2; // gapMask marker while resampling: an empty second that may be filled

/**
 * Resamples irregular samples onto a 1 Hz timeline from `originS` (default: the first sample) to the
 * last sample.
 *
 * Second `i` is the bin `[origin + i − 0.5, origin + i + 0.5)`: samples falling in one bin are averaged
 * (0.5 s SRM data becomes 1 Hz without losing half of it). Empty bins between two sampled bins at
 * most `gapThresholdS` apart are filled; longer runs, the seconds before the first sample and pauses
 * are gaps with NaN in every channel. Each channel's own holes (a heart-rate strap dropping out for a
 * moment) are filled under the same rule and otherwise stay NaN without becoming a gap. Samples may
 * come in any order; samples at non-finite times are left out.
 */
export function resampleTo1Hz<K extends string = ChannelName>(
  samples: RawSamples<K>,
  options: ResampleOptions<K>,
): ResampledStreams<K> {
  const { gapThresholdS } = options;
  if (!(gapThresholdS >= 1)) throw new RangeError('gapThresholdS must be at least 1 s');
  const times = samples.timeS;
  const m = times.length;
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (let k = 0; k < m; k++) {
    const t = times[k]!;
    if (!Number.isFinite(t) || (options.originS !== undefined && t < options.originS - 0.5)) continue;
    if (t < first) first = t;
    if (t > last) last = t;
  }
  const origin = options.originS ?? first;
  const n = last >= first ? Math.round(last - origin) + 1 : 0;
  if (n > MAX_TIMELINE_S) throw new RangeError(`timeline of ${n} s exceeds ${MAX_TIMELINE_S} s`);
  const binOf = new Int32Array(m);
  for (let k = 0; k < m; k++) {
    const t = times[k]!;
    binOf[k] =
      Number.isFinite(t) && t >= origin - 0.5 ? Math.min(n - 1, Math.max(0, Math.round(t - origin))) : -1;
  }

  const gapMask = markGaps(binOf, n, gapThresholdS);
  const oneSamplePerSecond = eachBinHoldsOneSample(binOf);
  const out: { [C in K]?: Float64Array } = {};
  for (const name of Object.keys(samples.channels) as K[]) {
    const values = samples.channels[name];
    if (values === undefined) continue;
    if (values.length !== m) throw new RangeError(`${name} has ${values.length} samples, timeS has ${m}`);
    const channel = oneSamplePerSecond ? binValues(values, binOf, gapMask) : binMeans(values, binOf, gapMask);
    const fill = typeof options.fill === 'function' ? options.fill(name) : options.fill;
    const onlyEmpty = options.fillMissingValues === false;
    fillShortHoles(channel, gapMask, { maxSpanS: gapThresholdS, fill, onlyEmpty });
    out[name] = channel;
  }
  // Pauses last: a short hole next to one is filled from the samples around it, as the timer was
  // running for that second; the paused seconds themselves lose whatever was filled or recorded.
  for (const pause of options.pauses ?? []) {
    const from = Math.max(0, Math.ceil(pause.startS - origin));
    const to = Math.min(n, Math.ceil(pause.endS - origin));
    for (let b = from; b < to; b++) {
      gapMask[b] = 1;
      for (const channel of Object.values<Float64Array | undefined>(out))
        if (channel) channel[b] = Number.NaN;
    }
  }
  for (let b = 0; b < n; b++) if (gapMask[b] === HOLE) gapMask[b] = 0;

  const timeS = new Float64Array(n);
  for (let i = 0; i < n; i++) timeS[i] = i;
  return { ...out, timeS, gapMask } as ResampledStreams<K>;
}

/** 1 = gap, HOLE = empty second that may be filled, 0 = sampled. */
function markGaps(binOf: Int32Array, n: number, gapThresholdS: number): Uint8Array {
  const gapMask = new Uint8Array(n).fill(HOLE);
  for (const b of binOf) if (b >= 0) gapMask[b] = 0;
  let previous = -1;
  for (let b = 0; b < n; b++) {
    if (gapMask[b] !== 0) continue;
    // Nothing recorded before the first sample, or a hole longer than the threshold: a gap.
    if (previous < 0 || b - previous > gapThresholdS) for (let j = previous + 1; j < b; j++) gapMask[j] = 1;
    previous = b;
  }
  return gapMask;
}

/** Bins strictly increase over the kept samples: 1 Hz files, the usual case, need no averaging. */
function eachBinHoldsOneSample(binOf: Int32Array): boolean {
  let previous = -1;
  for (const b of binOf) {
    if (b < 0) continue;
    if (b <= previous) return false;
    previous = b;
  }
  return true;
}

/** `binMeans` when no bin holds two samples: each sample is its bin's mean. */
function binValues(values: ArrayLike<number>, binOf: Int32Array, gapMask: Uint8Array): Float64Array {
  const out = new Float64Array(gapMask.length).fill(Number.NaN);
  for (let k = 0; k < binOf.length; k++) {
    const v = values[k]!;
    const b = binOf[k]!;
    // + 0 turns −0 into 0, as binMeans' sum does.
    if (b >= 0 && gapMask[b] !== 1 && Number.isFinite(v)) out[b] = v + 0;
  }
  return out;
}

function binMeans(values: ArrayLike<number>, binOf: Int32Array, gapMask: Uint8Array): Float64Array {
  const n = gapMask.length;
  const sum = new Float64Array(n);
  const count = new Uint32Array(n);
  for (let k = 0; k < binOf.length; k++) {
    const v = values[k]!;
    const b = binOf[k]!;
    if (b < 0 || !Number.isFinite(v)) continue;
    sum[b]! += v;
    count[b]!++;
  }
  const out = new Float64Array(n);
  for (let b = 0; b < n; b++) out[b] = count[b]! > 0 && gapMask[b] !== 1 ? sum[b]! / count[b]! : Number.NaN;
  return out;
}

/**
 * Fills NaN runs bounded by values at most `maxSpanS` apart with no gap between them (with
 * `onlyEmpty`, only the empty seconds of such a run).
 */
function fillShortHoles(
  values: Float64Array,
  gapMask: Uint8Array,
  rule: { readonly maxSpanS: number; readonly fill: FillMode; readonly onlyEmpty: boolean },
): void {
  const { maxSpanS, fill, onlyEmpty } = rule;
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
        if (onlyEmpty && gapMask[j] !== HOLE) continue;
        values[j] = fill === 'linear' ? a + ((v - a) * (j - lastValid)) / (i - lastValid) : a;
      }
    }
    lastValid = i;
    gapSinceValid = false;
  }
}
