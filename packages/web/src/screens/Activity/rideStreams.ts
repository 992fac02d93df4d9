import {
  type ActivityStreams,
  averageCadenceRpm,
  type Channels,
  averageHeartRateBpm,
  averagePowerW,
  createActivityStreams,
  normalizedPowerW,
  sliceStreams,
} from '@vatio/analysis';
import type { ActivityStreamsJson } from '../../api/activity-types';

type Series = (number | null)[] | null | undefined;

function column(values: Series, n: number): Float64Array | undefined {
  if (!values) return undefined;
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const v = values[i];
    out[i] = typeof v === 'number' ? v : Number.NaN;
  }
  return out;
}

/**
 * The API's JSON streams as the analysis library's columnar model: null → NaN, and a second the
 * server marks as not moving (paused) becomes a gap, so selections are measured as the server does.
 */
export function toActivityStreams(json: ActivityStreamsJson): ActivityStreams {
  const n = json.time.length;
  const timeS = Float64Array.from(json.time);
  const gapMask = new Uint8Array(n);
  if (json.moving) for (let i = 0; i < n; i++) gapMask[i] = json.moving[i] === false ? 1 : 0;
  let lat: Float64Array | undefined;
  let lng: Float64Array | undefined;
  if (json.latlng) {
    lat = new Float64Array(n);
    lng = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const point = json.latlng[i];
      lat[i] = point ? point[0] : Number.NaN;
      lng[i] = point ? point[1] : Number.NaN;
    }
  }
  const channels = {
    powerW: column(json.watts, n),
    heartRateBpm: column(json.heartrate, n),
    cadenceRpm: column(json.cadence, n),
    speedMps: column(json.velocity, n),
    distanceM: column(json.distance, n),
    altitudeM: column(json.altitude, n),
    latDeg: lat,
    lngDeg: lng,
  };
  const present = Object.fromEntries(Object.entries(channels).filter(([, v]) => v !== undefined)) as Channels;
  return createActivityStreams(timeS, gapMask, present);
}

/** First index whose time is ≥ t (the timeline is sorted). */
export function indexAtTime(timeS: ArrayLike<number>, t: number): number {
  let lo = 0;
  let hi = timeS.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (timeS[mid]! < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export interface Selection {
  startS: number;
  endS: number;
}

export interface SelectionStats {
  durationS: number;
  movingS: number;
  averagePowerW: number | undefined;
  normalizedPowerW: number | undefined;
  averageHeartRateBpm: number | undefined;
  averageCadenceRpm: number | undefined;
  distanceM: number | undefined;
  /** Distance over moving time. */
  averageSpeedMps: number | undefined;
}

function firstFinite(
  values: Float64Array | undefined,
  from: number,
  to: number,
  step: 1 | -1,
): number | undefined {
  if (!values) return undefined;
  for (let i = from; step > 0 ? i < to : i >= to; i += step) {
    const v = values[i]!;
    if (Number.isFinite(v)) return v;
  }
  return undefined;
}

/** The ride's own elapsed time and average speed: the figures the page header shows. */
export interface RideTotals {
  elapsedTimeS: number | null;
  averageSpeedMps: number | null;
}

/**
 * The readout of the whole ride, which must agree with the page header: its duration is the ride's
 * elapsed time and its speed the ride's average speed (the device's session figures when it wrote
 * them), not what the 1 Hz streams count. The streams span the records only and mark a second paused
 * only where the recording stops, so on a smart-recording file (igpsport road 2h46: elapsed 2:50:15,
 * timer 2:32:22, device average 6.528 m/s = 23,5 km/h) they gave 2:49:10 and 23,9 km/h under a
 * header of 23,5 km/h; and N one-second samples span N − 1 s, one second more than the elapsed time.
 */
export function wholeRideStats(stats: SelectionStats, ride: RideTotals): SelectionStats {
  return {
    ...stats,
    durationS: ride.elapsedTimeS ?? stats.durationS,
    averageSpeedMps: ride.averageSpeedMps ?? stats.averageSpeedMps,
  };
}

/** Duration, average power, NP (30-s rolling, 4th power, 4th root), HR and cadence of a range. */
export function selectionStats(streams: ActivityStreams, selection: Selection): SelectionStats {
  const start = indexAtTime(streams.timeS, selection.startS);
  const end = Math.max(start, indexAtTime(streams.timeS, selection.endS));
  const part = sliceStreams(streams, start, end);
  let moving = 0;
  for (let i = 0; i < part.gapMask.length; i++) if (part.gapMask[i] === 0) moving++;
  const d0 = firstFinite(streams.distanceM, start, end, 1);
  const d1 = firstFinite(streams.distanceM, end - 1, start, -1);
  const distanceM = d0 !== undefined && d1 !== undefined ? Math.max(0, d1 - d0) : undefined;
  return {
    durationS: Math.max(0, selection.endS - selection.startS),
    movingS: moving,
    averagePowerW: averagePowerW(part),
    normalizedPowerW: normalizedPowerW(part),
    averageHeartRateBpm: averageHeartRateBpm(part),
    averageCadenceRpm: averageCadenceRpm(part, { includeZeros: false }),
    distanceM,
    averageSpeedMps: distanceM !== undefined && moving > 0 ? distanceM / moving : undefined,
  };
}
