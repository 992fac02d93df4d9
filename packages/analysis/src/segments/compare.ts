/**
 * Two efforts on a segment side by side, over distance (the segment card's Comparación view): each
 * effort's power and speed in equal-distance bins, and a table by thirds of the segment (time,
 * power, speed of each effort, and the difference). Measured on the rides' 1 Hz streams between the
 * effort's start and end, the same way as the stored splits (segment-climbs.ts): the time at a
 * distance mark is interpolated between samples; a bin's or a third's power is the mean of the
 * recorded seconds it spans; its speed is the distance it covers over its time.
 */
import type { ActivityStreams } from '../streams/activity-streams.ts';
import { meanOver, splitTimes } from './segment-climbs.ts';

/** Equal-distance bins of the power and speed curves: every 1/60 of the segment (thirds are 20 bins). */
export const COMPARE_BINS = 60;
/** The table's sections: thirds, as pacing reads the segment. */
export const COMPARE_SECTIONS = 3;

export interface EffortProfile {
  /** The distance the effort covers between its start and end on the ride's distance stream, m. */
  readonly coveredM: number;
  /** Mean power of each bin, W (null where no power is recorded). */
  readonly binPowerW: readonly (number | null)[];
  /** Mean speed of each bin, m/s. */
  readonly binSpeedMps: readonly (number | null)[];
  /** Time, mean power and mean speed of each third. */
  readonly sections: readonly { timeS: number; powerW: number | null; speedMps: number | null }[];
}

type Streams = Pick<ActivityStreams, 'gapMask' | 'distanceM' | 'powerW'>;

/** An effort's profile on its ride's streams, or undefined when the distance does not advance there. */
export function effortProfile(streams: Streams, startS: number, endS: number): EffortProfile | undefined {
  const { distanceM } = streams;
  if (!distanceM || !(endS > startS) || startS < 0 || endS >= distanceM.length) return undefined;
  const marks = splitTimes(distanceM, startS, endS, COMPARE_BINS);
  if (!marks) return undefined;
  const coveredM = distanceM[endS]! - distanceM[startS]!;
  const binM = coveredM / COMPARE_BINS;
  const binPowerW: (number | null)[] = [];
  const binSpeedMps: (number | null)[] = [];
  for (let k = 0; k < COMPARE_BINS; k++) {
    const dt = marks[k + 1]! - marks[k]!;
    binPowerW.push(
      meanOver(streams.powerW, streams.gapMask, startS + marks[k]!, startS + marks[k + 1]!) ?? null,
    );
    binSpeedMps.push(dt > 0 ? binM / dt : null);
  }
  const per = COMPARE_BINS / COMPARE_SECTIONS;
  const sections = Array.from({ length: COMPARE_SECTIONS }, (_, j) => {
    const from = marks[j * per]!;
    const to = marks[(j + 1) * per]!;
    const timeS = to - from;
    return {
      timeS,
      powerW: meanOver(streams.powerW, streams.gapMask, startS + from, startS + to) ?? null,
      speedMps: timeS > 0 ? coveredM / COMPARE_SECTIONS / timeS : null,
    };
  });
  return { coveredM, binPowerW, binSpeedMps, sections };
}
