/**
 * The columnar stream model every metric reads.
 *
 * An activity is a 1 Hz timeline: sample `i` covers second `i` from the start (`timeS[i] === i`
 * for resampled rides). Each optional channel is a Float64Array of the same length, with `NaN`
 * meaning "no value at this second". `gapMask[i] === 1` marks a second in which the rider was
 * paused or the recorder had no data at all: metrics skip such seconds and rolling windows restart
 * after them. A gap is never a zero.
 */

/** Names of the optional per-second channels, each with its unit in the name. */
export const CHANNEL_NAMES = [
  'powerW',
  'heartRateBpm',
  'cadenceRpm',
  'speedMps',
  'distanceM',
  'altitudeM',
  'latDeg',
  'lngDeg',
  'temperatureC',
  'leftRightBalancePct',
  'torqueEffectivenessPct',
  'pedalSmoothnessPct',
  'platformCentreOffsetLeftMm',
  'platformCentreOffsetRightMm',
  'powerPhaseStartLeftDeg',
  'powerPhaseEndLeftDeg',
  'powerPhasePeakStartLeftDeg',
  'powerPhasePeakEndLeftDeg',
  'powerPhaseStartRightDeg',
  'powerPhaseEndRightDeg',
  'powerPhasePeakStartRightDeg',
  'powerPhasePeakEndRightDeg',
] as const;

export type ChannelName = (typeof CHANNEL_NAMES)[number];

export type Channels = { readonly [K in ChannelName]?: Float64Array };

export interface ActivityStreams extends Channels {
  /** Seconds from the start of the activity, one entry per second. */
  readonly timeS: Float64Array;
  /** 1 = paused or no data at this second (never counted, never a zero); 0 = recorded. */
  readonly gapMask: Uint8Array;
}

/** Builds streams from arrays of equal length; throws if any channel has the wrong length. */
export function createActivityStreams(
  timeS: Float64Array,
  gapMask: Uint8Array,
  channels: Channels,
): ActivityStreams {
  const n = timeS.length;
  if (gapMask.length !== n) throw new RangeError(`gapMask has ${gapMask.length} samples, timeS has ${n}`);
  for (const name of CHANNEL_NAMES) {
    const channel = channels[name];
    if (channel !== undefined && channel.length !== n) {
      throw new RangeError(`${name} has ${channel.length} samples, timeS has ${n}`);
    }
  }
  return { ...channels, timeS, gapMask };
}

/** Streams from a 1 Hz series without gaps (handy for tests, simulators and trainer files). */
export function streamsFromSeconds(channels: { [K in ChannelName]?: ArrayLike<number> }): ActivityStreams {
  let n = -1;
  const out: { -readonly [K in ChannelName]?: Float64Array } = {};
  for (const name of CHANNEL_NAMES) {
    const values = channels[name];
    if (values === undefined) continue;
    if (n >= 0 && values.length !== n)
      throw new RangeError(`${name} has ${values.length} samples, expected ${n}`);
    n = values.length;
    out[name] = Float64Array.from(values);
  }
  if (n < 0) n = 0;
  const timeS = new Float64Array(n);
  for (let i = 0; i < n; i++) timeS[i] = i;
  return createActivityStreams(timeS, new Uint8Array(n), out);
}

/** Names of the channels present in the streams. */
export function channelsPresent(streams: ActivityStreams): ChannelName[] {
  return CHANNEL_NAMES.filter((name) => streams[name] !== undefined);
}

/** Moving (recorded) time in seconds: the seconds that are not gaps. */
export function movingTimeS(streams: Pick<ActivityStreams, 'gapMask'>): number {
  const mask = streams.gapMask;
  let count = 0;
  for (let i = 0; i < mask.length; i++) if (mask[i] === 0) count++;
  return count;
}

/** Elapsed time in seconds, gaps included. */
export function elapsedTimeS(streams: Pick<ActivityStreams, 'gapMask'>): number {
  return streams.gapMask.length;
}

/**
 * A selection `[startS, endS)` of the streams (an interval, a lap, a climb). The arrays are views
 * that share memory with the original, so slicing is free.
 */
export function sliceStreams(streams: ActivityStreams, startS: number, endS: number): ActivityStreams {
  const n = streams.timeS.length;
  const start = Math.max(0, Math.min(n, Math.floor(startS)));
  const end = Math.max(start, Math.min(n, Math.ceil(endS)));
  const out: { -readonly [K in ChannelName]?: Float64Array } = {};
  for (const name of CHANNEL_NAMES) {
    const channel = streams[name];
    if (channel !== undefined) out[name] = channel.subarray(start, end);
  }
  return { ...out, timeS: streams.timeS.subarray(start, end), gapMask: streams.gapMask.subarray(start, end) };
}

/** True when second `i` is recorded (not a gap) and `channel` has a finite value there. */
export function hasValueAt(channel: Float64Array, gapMask: Uint8Array, i: number): boolean {
  return gapMask[i] === 0 && Number.isFinite(channel[i]!);
}
