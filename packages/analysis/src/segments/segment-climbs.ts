/**
 * A ride's climbs as segment candidates: the climbs of the ride report's detector (`detectClimbs`
 * with `CLIMB_OPTIONS`), each with where it starts and ends on the map, its gradient profile and the
 * rider's effort on it. What matching (`matching.ts`) and pacing (`pacing.ts`) read, and what the
 * server stores per effort.
 */
import { type Climb, detectClimbs } from '../climbing/climbs.ts';
import { CLIMB_OPTIONS } from '../report/options.ts';
import type { ActivityStreams } from '../streams/activity-streams.ts';
import type { LatLng } from './geo.ts';

/**
 * Equal-distance sections a segment's profile and an effort's splits are cut into: 12, so thirds
 * (pacing) are four sections each, and a 1 km climb is resolved every ~80 m.
 */
export const SEGMENT_SECTIONS = 12;

export interface SegmentEffortMeasure {
  /** Seconds on the ride's timeline where the climb starts (lowest point) and ends (top). */
  readonly startS: number;
  readonly endS: number;
  /** Time from start to top, pauses included (as a segment time is usually given), s. */
  readonly elapsedS: number;
  readonly averagePowerW: number | undefined;
  readonly averageHeartRateBpm: number | undefined;
  readonly temperatureC: number | undefined;
  /** Time at each of the SEGMENT_SECTIONS + 1 equally spaced distance marks from the start, s (first 0). */
  readonly splitsS: readonly number[];
  /** Mean power in each section, W (null when no power there). */
  readonly sectionPowerW: readonly (number | null)[];
}

export interface SegmentClimb {
  readonly start: LatLng;
  readonly end: LatLng;
  readonly lengthM: number;
  readonly averageGradePct: number;
  /** Average gradient of each of the SEGMENT_SECTIONS sections, %. */
  readonly sectionGradePct: readonly number[];
  readonly effort: SegmentEffortMeasure;
}

type Streams = Pick<
  ActivityStreams,
  'gapMask' | 'altitudeM' | 'distanceM' | 'latDeg' | 'lngDeg' | 'powerW' | 'heartRateBpm' | 'temperatureC'
>;

/** The climbs of a ride that have a position at both ends (a ride without GPS has none). */
export function segmentClimbsOf(
  streams: Streams,
  /**
   * The climbs `detectClimbs(streams, CLIMB_OPTIONS)` found already (the ride report's), so they are
   * not detected again (issue 28).
   */
  detected?: readonly Pick<Climb, 'startS' | 'endS' | 'lengthM' | 'averageGradePct'>[],
): SegmentClimb[] {
  const { latDeg, lngDeg, distanceM, altitudeM } = streams;
  if (!latDeg || !lngDeg || !distanceM || !altitudeM) return [];
  const climbs = detected ?? detectClimbs(streams, CLIMB_OPTIONS) ?? [];
  const out: SegmentClimb[] = [];
  for (const climb of climbs) {
    const start = positionNear(streams, climb.startS);
    const end = positionNear(streams, climb.endS);
    if (!start || !end) continue;
    const stretch = segmentStretchOf(streams, climb.startS, climb.endS, {
      lengthM: climb.lengthM,
      averageGradePct: climb.averageGradePct,
    });
    if (!stretch) continue;
    out.push({
      start,
      end,
      lengthM: climb.lengthM,
      averageGradePct: climb.averageGradePct,
      sectionGradePct: stretch.sectionGradePct,
      effort: stretch.effort,
    });
  }
  return out;
}

/** A stretch of a ride measured as a segment effort: its gradient profile and the rider's effort. */
export interface SegmentStretch {
  readonly sectionGradePct: readonly number[];
  readonly effort: SegmentEffortMeasure;
}

/**
 * The effort between two seconds of the ride's timeline (a climb's, or a Strava segment effort's
 * start_index and end_index on the ride's own streams): splits at the SEGMENT_SECTIONS + 1 equal
 * distance marks, mean power per section, the section gradients from the altitude (the segment's
 * average where there is none). `lengthM` is the segment's length (the distance covered by default);
 * undefined when the distance does not advance over the stretch.
 */
export function segmentStretchOf(
  streams: Streams,
  startS: number,
  endS: number,
  segment: { lengthM?: number; averageGradePct: number },
): SegmentStretch | undefined {
  const { distanceM, altitudeM } = streams;
  if (!distanceM || !(endS > startS) || endS >= distanceM.length || startS < 0) return undefined;
  const splitsS = splitTimes(distanceM, startS, endS);
  if (!splitsS) return undefined;
  const lengthM = segment.lengthM ?? distanceM[endS]! - distanceM[startS]!;
  const sectionLengthM = lengthM / SEGMENT_SECTIONS;
  const sectionGradePct: number[] = [];
  const sectionPowerW: (number | null)[] = [];
  for (let k = 0; k < SEGMENT_SECTIONS; k++) {
    const rise = altitudeM
      ? valueAt(altitudeM, splitsS[k + 1]! + startS) - valueAt(altitudeM, splitsS[k]! + startS)
      : Number.NaN;
    sectionGradePct.push(Number.isFinite(rise) ? (rise / sectionLengthM) * 100 : segment.averageGradePct);
    sectionPowerW.push(
      meanOver(streams.powerW, streams.gapMask, startS + splitsS[k]!, startS + splitsS[k + 1]!) ?? null,
    );
  }
  return {
    sectionGradePct,
    effort: {
      startS,
      endS,
      elapsedS: endS - startS,
      averagePowerW: meanOver(streams.powerW, streams.gapMask, startS, endS),
      averageHeartRateBpm: meanOver(streams.heartRateBpm, streams.gapMask, startS, endS),
      temperatureC: meanOver(streams.temperatureC, streams.gapMask, startS, endS),
      splitsS,
      sectionPowerW,
    },
  };
}

/** The recorded position at second i, or the nearest one within 10 s (a GPS fix can drop out). */
function positionNear(streams: Streams, i: number): LatLng | undefined {
  const lat = streams.latDeg!;
  const lng = streams.lngDeg!;
  for (let d = 0; d <= 10; d++) {
    for (const j of [i - d, i + d]) {
      if (j < 0 || j >= lat.length) continue;
      if (streams.gapMask[j] === 0 && Number.isFinite(lat[j]!) && Number.isFinite(lng[j]!))
        return { latDeg: lat[j]!, lngDeg: lng[j]! };
    }
  }
  return undefined;
}

/**
 * Seconds from the climb's start at which the distance reaches each equally spaced mark, linearly
 * interpolated between the 1 Hz samples; undefined when the distance is not usable there.
 */
export function splitTimes(
  distance: Float64Array,
  startS: number,
  endS: number,
  sections = SEGMENT_SECTIONS,
): number[] | undefined {
  const d0 = distance[startS]!;
  const total = distance[endS]! - d0;
  if (!(total > 0)) return undefined;
  const splits = [0];
  let i = startS;
  for (let k = 1; k < sections; k++) {
    const mark = d0 + (total * k) / sections;
    while (i < endS - 1 && !(distance[i + 1]! >= mark)) i++;
    const a = distance[i]!;
    const b = distance[i + 1]!;
    const frac =
      Number.isFinite(a) && Number.isFinite(b) && b > a ? Math.min(1, Math.max(0, (mark - a) / (b - a))) : 1;
    splits.push(Math.min(endS - startS, i + frac - startS));
  }
  splits.push(endS - startS);
  return splits;
}

/** A channel's value at a fractional second, linearly interpolated. */
function valueAt(channel: Float64Array, s: number): number {
  const i = Math.floor(s);
  const f = s - i;
  const a = channel[i]!;
  if (f === 0 || i + 1 >= channel.length) return a;
  return a + (channel[i + 1]! - a) * f;
}

/**
 * Mean of the recorded finite values of [fromS, toS): the seconds from floor(fromS) up to
 * round(toS), at least one; undefined when none is recorded.
 */
export function meanOver(
  channel: Float64Array | undefined,
  gapMask: Uint8Array,
  fromS: number,
  toS: number,
): number | undefined {
  if (!channel) return undefined;
  let sum = 0;
  let n = 0;
  const end = Math.max(Math.floor(fromS) + 1, Math.round(toS));
  for (let i = Math.floor(fromS); i < end && i < channel.length; i++) {
    if (gapMask[i] === 0 && Number.isFinite(channel[i]!)) {
      sum += channel[i]!;
      n++;
    }
  }
  return n > 0 ? sum / n : undefined;
}
