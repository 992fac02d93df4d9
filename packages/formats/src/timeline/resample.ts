import { type ActivityStreams, CHANNELS, type ChannelName } from '../activity.ts';

/** Irregular samples as read from a file: times in seconds after the activity start, NaN = no value. */
export interface SampleSeries {
  timeS: number[];
  channels: Partial<Record<ChannelName, number[]>>;
}

export interface ResampleOptions {
  /** Timer pauses [stopS, startS): the seconds strictly inside are gaps even if the file has samples. */
  pauses?: ReadonlyArray<readonly [number, number]>;
  /** Longest hole (s between two samples) filled by holding/interpolating; longer holes are gaps. */
  maxFillS?: number;
}

/**
 * Channels that step rather than glide: smart recording writes a point when a value changes, so the
 * last value holds until the next point. The others (position, speed, distance, altitude, temperature,
 * heart rate) change continuously and are interpolated linearly across a short hole.
 */
const HOLD_CHANNELS: ReadonlySet<ChannelName> = new Set<ChannelName>([
  'powerW',
  'cadenceRpm',
  'leftRightBalancePct',
  'torqueEffectivenessPct',
  'torqueEffectivenessLeftPct',
  'torqueEffectivenessRightPct',
  'pedalSmoothnessPct',
  'pedalSmoothnessLeftPct',
  'pedalSmoothnessRightPct',
]);

/** A week: longer spans come from corrupt timestamps and would only exhaust memory. */
export const MAX_SPAN_S = 7 * 24 * 3600;

/**
 * Default fill limit for a file: 5 s for 1 Hz recording; for smart recording (points every few seconds)
 * three times the file's median spacing, capped at 20 s, so its ordinary spacing is not read as gaps.
 */
export function defaultMaxFillS(timeS: readonly number[]): number {
  if (timeS.length < 3) return 5;
  const deltas: number[] = [];
  for (let i = 1; i < timeS.length; i++) {
    const d = (timeS[i] ?? 0) - (timeS[i - 1] ?? 0);
    if (d > 0) deltas.push(d);
  }
  if (deltas.length === 0) return 5;
  deltas.sort((a, b) => a - b);
  const median = deltas[Math.floor(deltas.length / 2)] ?? 1;
  return Math.min(20, Math.max(5, Math.ceil(3 * median)));
}

/**
 * Puts irregular samples on a 1 Hz grid. Samples are bucketed to the nearest whole second and averaged
 * (so 4 Hz power becomes its 1 s mean); holes up to `maxFillS` are filled, longer ones and timer pauses
 * become gaps. Samples before 0 or beyond MAX_SPAN_S are ignored.
 */
export function resampleTo1Hz(series: SampleSeries, options: ResampleOptions = {}): ActivityStreams {
  const maxFillS = options.maxFillS ?? defaultMaxFillS(series.timeS);
  let lastSecond = -1;
  for (const t of series.timeS) {
    if (Number.isFinite(t) && t >= -0.5 && t <= MAX_SPAN_S) lastSecond = Math.max(lastSecond, Math.round(t));
  }
  const n = lastSecond + 1;
  const timeS = new Float64Array(n);
  for (let i = 0; i < n; i++) timeS[i] = i;
  const gapMask = new Uint8Array(n);
  const sampled = new Uint8Array(n);
  const bucketOf = series.timeS.map((t) =>
    Number.isFinite(t) && t >= -0.5 && t <= MAX_SPAN_S ? Math.max(0, Math.round(t)) : -1,
  );
  for (const b of bucketOf) if (b >= 0) sampled[b] = 1;

  const streams: ActivityStreams = { timeS, gapMask };
  for (const name of CHANNELS) {
    const values = series.channels[name];
    if (!values) continue;
    const out = bucketMeans(values, bucketOf, n);
    if (out) streams[name] = out;
  }

  fillHoles(streams, sampled, maxFillS);
  for (const [stopS, startS] of options.pauses ?? []) markPause(streams, stopS, startS);
  for (const name of CHANNELS) {
    const values = streams[name];
    if (values && !values.some(Number.isFinite)) delete streams[name];
  }
  return streams;
}

function bucketMeans(
  values: readonly number[],
  bucketOf: readonly number[],
  n: number,
): Float64Array | undefined {
  const sum = new Float64Array(n);
  const count = new Uint16Array(n);
  let any = false;
  for (let i = 0; i < values.length; i++) {
    const b = bucketOf[i] ?? -1;
    const v = values[i];
    if (b < 0 || v === undefined || !Number.isFinite(v)) continue;
    sum[b] = (sum[b] ?? 0) + v;
    count[b] = Math.min(65535, (count[b] ?? 0) + 1);
    any = true;
  }
  if (!any) return undefined;
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = (count[i] ?? 0) > 0 ? (sum[i] ?? 0) / (count[i] ?? 1) : Number.NaN;
  return out;
}

function fillHoles(streams: ActivityStreams, sampled: Uint8Array, maxFillS: number): void {
  const n = sampled.length;
  let prev = -1;
  for (let i = 0; i < n; i++) {
    if (sampled[i] !== 1) continue;
    if (prev < 0) {
      // Nothing recorded before the first sample: leading seconds are a gap.
      for (let j = 0; j < i; j++) streams.gapMask[j] = 1;
    } else if (i - prev > 1) {
      if (i - prev <= maxFillS) fillBetween(streams, prev, i);
      else for (let j = prev + 1; j < i; j++) streams.gapMask[j] = 1;
    }
    prev = i;
  }
}

function fillBetween(streams: ActivityStreams, a: number, b: number): void {
  for (const name of CHANNELS) {
    const values = streams[name];
    if (!values) continue;
    const va = values[a] ?? Number.NaN;
    const vb = values[b] ?? Number.NaN;
    if (!Number.isFinite(va)) continue;
    const hold = HOLD_CHANNELS.has(name) || !Number.isFinite(vb);
    for (let j = a + 1; j < b; j++) values[j] = hold ? va : va + ((vb - va) * (j - a)) / (b - a);
  }
}

function markPause(streams: ActivityStreams, stopS: number, startS: number): void {
  const n = streams.gapMask.length;
  const from = Math.max(0, Math.floor(stopS) + 1);
  const to = Math.min(n, Math.ceil(startS));
  for (let i = from; i < to; i++) {
    streams.gapMask[i] = 1;
    for (const name of CHANNELS) {
      const values = streams[name];
      if (values) values[i] = Number.NaN;
    }
  }
}

/** Seconds outside gaps: moving time when a file has no timer of its own. */
export function countActiveSeconds(streams: ActivityStreams): number {
  let active = 0;
  for (const g of streams.gapMask) if (g === 0) active++;
  return active;
}

/** Last finite value of a channel (e.g. total distance), or undefined. */
export function lastFinite(values: Float64Array | undefined): number | undefined {
  if (!values) return undefined;
  for (let i = values.length - 1; i >= 0; i--) {
    const v = values[i];
    if (v !== undefined && Number.isFinite(v)) return v;
  }
  return undefined;
}
