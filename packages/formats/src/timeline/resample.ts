/**
 * The decoders' policy for putting a file's samples on the 1 Hz timeline. The resampling itself is
 * `resampleTo1Hz` of `@vatio/analysis` (binning, gap detection, hole filling, pauses), shared with
 * tests and simulators; this module only adds what a file needs:
 * - second 0 is the activity start, so seconds before the first record are a gap;
 * - samples before the start or more than a week after it (corrupt timestamps) are left out rather
 *   than refused, since a file with one bad timestamp is still worth reading;
 * - the fill limit follows the file's spacing (`defaultMaxFillS`), power-like channels hold their
 *   value across a short hole while the rest glide, and channels with no value at all are dropped.
 */
import { type FillMode, movingTimeS, resampleTo1Hz as resampleSamples } from '@vatio/analysis';
import { type ActivityStreams, CHANNELS, type ChannelName } from '../activity.ts';

/** Irregular samples as read from a file: times in seconds after the activity start, NaN = no value. */
export interface SampleSeries {
  timeS: SampleValues;
  channels: Partial<Record<ChannelName, SampleValues>>;
  /**
   * Every channel value is NaN or a finite number other than −0 (true of the FIT fast path's samples
   * by construction): on the whole-second path they are then taken as they are, without a pass that
   * turns ±Infinity into NaN and −0 into 0.
   */
  finiteOrNaN?: boolean;
}

/** One channel or the times of a `SampleSeries`: typed arrays from the FIT fast path, arrays otherwise. */
export type SampleValues = Float64Array | number[];

export interface ResampleOptions {
  /** Timer pauses [stopS, startS): the seconds strictly inside are gaps even if the file has samples. */
  pauses?: ReadonlyArray<readonly [number, number]>;
  /** Longest hole (s between two samples) filled by holding/interpolating; longer holes are gaps. */
  maxFillS?: number;
  /**
   * The series is handed over (a decoder's own samples, which nobody else holds): its Float64Array
   * channels may be changed and returned as the stream channels instead of copied. Default false: the
   * series is left as it was.
   */
  consume?: boolean;
}

/**
 * Channels that step rather than glide (power, cadence, L/R balance, torque effectiveness, pedal
 * smoothness, platform centre offset, power phase; an angle must not glide across 360° either): smart recording writes a point when a value changes, so the last value holds until
 * the next point. The others (position, speed, distance, altitude, temperature, heart rate) change
 * continuously and are interpolated linearly across a short hole.
 */
const STEPPING_CHANNEL =
  /^(power|cadence|leftRightBalance|torqueEffectiveness|pedalSmoothness|platformCentreOffset|powerPhase)/;

export function fillModeOf(channel: ChannelName): FillMode {
  return STEPPING_CHANNEL.test(channel) ? 'previous' : 'linear';
}

/** A week: longer spans come from corrupt timestamps and would only exhaust memory. */
export const MAX_SPAN_S = 7 * 24 * 3600;

/**
 * Default fill limit for a file: 5 s for 1 Hz recording; for smart recording (points every few seconds)
 * three times the file's median spacing, capped at 20 s, so its ordinary spacing is not read as gaps.
 */
export function defaultMaxFillS(timeS: ArrayLike<number>): number {
  if (timeS.length < 3) return 5;
  const deltas: number[] = [];
  let below1 = 0;
  let exactly1 = 0;
  for (let i = 1; i < timeS.length; i++) {
    const d = (timeS[i] ?? 0) - (timeS[i - 1] ?? 0);
    if (d > 0) deltas.push(d);
    if (d > 0 && d < 1) below1++;
    else if (d === 1) exactly1++;
  }
  if (deltas.length === 0) return 5;
  // Most files record every second: when the middle of the sorted spacings is exactly 1 s the median
  // is known without sorting (a 4-hour ride has 14,400 of them).
  const middle = Math.floor(deltas.length / 2);
  if (below1 <= middle && middle < below1 + exactly1) return 5;
  deltas.sort((a, b) => a - b);
  const median = deltas[Math.floor(deltas.length / 2)] ?? 1;
  return Math.min(20, Math.max(5, Math.ceil(3 * median)));
}

/**
 * Puts a file's samples on the 1 Hz grid from the activity start: samples are bucketed to the nearest
 * whole second and averaged (so 4 Hz power becomes its 1 s mean); holes up to `maxFillS` are filled,
 * longer ones and timer pauses become gaps. Samples before 0 or beyond MAX_SPAN_S are ignored.
 *
 * Most files record every second without a hole: samples at exactly 0, 1, 2, … s. Those already are
 * the grid, and `wholeSecondStreams` puts them on it in one pass per channel; everything else goes
 * through the general resampler (`resampleSamples`). Both give the same streams (resample.test.ts).
 */
export function resampleTo1Hz(series: SampleSeries, options: ResampleOptions = {}): ActivityStreams {
  const { maxFillS } = options;
  if ((maxFillS === undefined || maxFillS >= 1) && isWholeSecondSeries(series)) {
    return wholeSecondStreams(series, options);
  }
  return resampleSeries(series, options);
}

/**
 * True when sample k is at exactly k s for every k (at least one sample, none past MAX_SPAN_S) and every
 * channel has one value per sample: each sample is then alone in its second, and no second is empty.
 */
export function isWholeSecondSeries(series: SampleSeries): boolean {
  const { timeS } = series;
  const n = timeS.length;
  if (n === 0 || n - 1 > MAX_SPAN_S) return false;
  for (let k = 0; k < n; k++) if (timeS[k] !== k) return false;
  for (const values of Object.values(series.channels))
    if (values !== undefined && values.length !== n) return false;
  return true;
}

/**
 * `resampleSeries` for a whole-second series, without binning, hole filling or gap marking, which
 * change nothing there: every second holds exactly one sample, so its "mean" is the sample (+ 0, as
 * the general path sums it: −0 becomes 0), a non-finite value stays missing, no second is empty (so
 * nothing is filled: the files' own missing values stay missing, `fillMissingValues: false`) and no
 * hole exceeds any fill limit. Only the timer pauses make gaps, exactly as there.
 */
function wholeSecondStreams(series: SampleSeries, options: ResampleOptions): ActivityStreams {
  const n = series.timeS.length;
  const taken = new Set<SampleValues>();
  const channels: SampleSeries['channels'] = {};
  const kept: Float64Array[] = [];
  for (const [name, values] of Object.entries(series.channels) as [ChannelName, SampleValues | undefined][]) {
    if (values === undefined) continue;
    // A handed-over typed array is reused once; a second channel on the same array gets its own copy.
    const reuse = options.consume === true && values instanceof Float64Array && !taken.has(values);
    taken.add(values);
    let out: Float64Array;
    let finite = false;
    if (series.finiteOrNaN) {
      // Nothing to change: the array itself, or a copy.
      out = reuse ? values : Float64Array.from(values);
      finite = hasFinite(out);
    } else {
      out = reuse ? values : new Float64Array(n);
      finite = normalize(values, out);
    }
    // Channels the file never filled (most of the FIT record fields in most files) are left out.
    if (!finite) continue;
    channels[name] = out;
    kept.push(out);
  }
  const gapMask = new Uint8Array(n);
  for (const [stopS, startS] of options.pauses ?? []) {
    // resampleSeries' pause, on a grid whose origin is 0.
    const from = Math.max(0, Math.ceil(Math.floor(stopS) + 1));
    const to = Math.min(n, Math.ceil(startS));
    for (let b = from; b < to; b++) {
      gapMask[b] = 1;
      for (const channel of kept) channel[b] = Number.NaN;
    }
  }
  // The series' own times are already 0, 1, 2… s: a handed-over array of them is the grid's (unless it
  // starts at −0, which the grid does not).
  const times = series.timeS;
  const reuseTimes =
    options.consume === true &&
    times instanceof Float64Array &&
    !taken.has(times) &&
    !Object.is(times[0], -0);
  const timeS = reuseTimes ? times : new Float64Array(n);
  if (!reuseTimes) for (let i = 0; i < n; i++) timeS[i] = i;
  const streams: ActivityStreams = { ...channels, timeS, gapMask } as ActivityStreams;
  if (options.pauses?.length) {
    for (const name of CHANNELS) {
      const values = streams[name];
      if (values && !hasFinite(values)) delete streams[name];
    }
  }
  return streams;
}

/** The general resampler: any spacing, order, duplicates, holes and gaps. */
export function resampleSeries(series: SampleSeries, options: ResampleOptions = {}): ActivityStreams {
  const timeS = new Float64Array(series.timeS.length);
  for (let k = 0; k < timeS.length; k++) {
    const t = series.timeS[k]!;
    timeS[k] = t <= MAX_SPAN_S ? t : Number.NaN;
  }
  // Channels the file never filled (most of the FIT record fields in most files) are not resampled.
  const channels: SampleSeries['channels'] = {};
  for (const [name, values] of Object.entries(series.channels) as [ChannelName, SampleValues | undefined][]) {
    if (values && hasFinite(values)) channels[name] = values;
  }
  const streams: ActivityStreams = resampleSamples(
    { timeS, channels },
    {
      gapThresholdS: options.maxFillS ?? defaultMaxFillS(series.timeS),
      fill: fillModeOf,
      // A value the file does not have at a recorded second stays missing (round trips are exact).
      fillMissingValues: false,
      originS: 0,
      // The second of the stop event still holds the last record before the pause.
      pauses: (options.pauses ?? []).map(([stopS, startS]) => ({
        startS: Math.floor(stopS) + 1,
        endS: startS,
      })),
    },
  );
  for (const name of CHANNELS) {
    const values = streams[name];
    if (values && !hasFinite(values)) delete streams[name];
  }
  return streams;
}

/**
 * Each sample as the general path's mean of one sample: + 0 (−0 becomes 0, as there in the sum),
 * NaN for a non-finite value. Returns whether any value is finite.
 */
function normalize(values: SampleValues, out: Float64Array): boolean {
  let finite = false;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (v - v === 0) {
      // Finite (v − v is NaN for NaN and ±Infinity).
      out[i] = v + 0;
      finite = true;
    } else {
      out[i] = Number.NaN;
    }
  }
  return finite;
}

/** Whether any value is finite: a plain loop (`some(Number.isFinite)` calls back for every value). */
function hasFinite(values: ArrayLike<number>): boolean {
  for (let i = 0; i < values.length; i++) if (Number.isFinite(values[i]!)) return true;
  return false;
}

/** Seconds outside gaps: moving time when a file has no timer of its own. */
export const countActiveSeconds: (streams: ActivityStreams) => number = movingTimeS;

/** Last finite value of a channel (e.g. total distance), or undefined. */
export function lastFinite(values: Float64Array | undefined): number | undefined {
  if (!values) return undefined;
  for (let i = values.length - 1; i >= 0; i--) {
    const v = values[i];
    if (v !== undefined && Number.isFinite(v)) return v;
  }
  return undefined;
}
