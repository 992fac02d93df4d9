import type { ActivityStreams } from '../streams/activity-streams.ts';
import { turningPoints } from './turning-points.ts';

export type ClimbStreams = Pick<ActivityStreams, 'gapMask' | 'altitudeM' | 'distanceM'>;

export interface ClimbDetectionOptions {
  /** Dips or rises smaller than this are noise, not turning points, m. */
  readonly hysteresisM: number;
  /** A climb gains at least this much, m. */
  readonly minGainM: number;
  /** …at this average gradient or steeper, %. */
  readonly minAverageGradePct: number;
}

/**
 * Steepest average gradient a detected rise may have and still be a climb, %. The steepest streets
 * are about 35 % over a few tens of metres (Baldwin Street, Dunedin; Ffordd Pen Llech, Harlech);
 * anything steeper is an altitude glitch (a barometer recalibrating, a GPS altitude fix: the Edge 810
 * fixture jumps 27 m within 29 m of road), not a climb.
 */
export const MAX_CLIMB_GRADE_PCT = 40;

/** Strava's climb category from length × average grade; `uncategorized` below category 4. */
export type ClimbCategory = 'hc' | 'cat1' | 'cat2' | 'cat3' | 'cat4' | 'uncategorized';

export interface Climb {
  /** Seconds on the ride's timeline where it starts (lowest point) and ends (highest point). */
  readonly startS: number;
  readonly endS: number;
  readonly lengthM: number;
  readonly gainM: number;
  readonly averageGradePct: number;
  /** Gain over the elapsed time of the climb, m/h. */
  readonly vamMPerH: number;
  readonly category: ClimbCategory;
}

/**
 * Strava's climb score, length (m) × average grade (%): ≥ 80,000 HC, ≥ 64,000 cat 1, ≥ 32,000 cat 2,
 * ≥ 16,000 cat 3, ≥ 8,000 cat 4 (Strava support, "How are climb categories determined?").
 */
export function climbCategory(input: { lengthM: number; averageGradePct: number }): ClimbCategory {
  const score = input.lengthM * input.averageGradePct;
  if (score >= 80_000) return 'hc';
  if (score >= 64_000) return 'cat1';
  if (score >= 32_000) return 'cat2';
  if (score >= 16_000) return 'cat3';
  if (score >= 8_000) return 'cat4';
  return 'uncategorized';
}

/**
 * Climbs of a ride: the altitude profile is reduced to alternating valleys and peaks with a
 * hysteresis (zig-zag) filter, and every valley → peak rise that gains at least `minGainM` at an
 * average gradient of at least `minAverageGradePct` (and at most `MAX_CLIMB_GRADE_PCT`) is a climb.
 */
export function detectClimbs(streams: ClimbStreams, options: ClimbDetectionOptions): Climb[] | undefined {
  const { altitudeM: altitude, distanceM: distance, gapMask } = streams;
  if (altitude === undefined || distance === undefined) return undefined;
  const usable: number[] = [];
  for (let i = 0; i < altitude.length; i++) {
    if (gapMask[i] === 0 && Number.isFinite(altitude[i]!) && Number.isFinite(distance[i]!)) usable.push(i);
  }
  if (usable.length < 2) return [];

  const turning = turningPoints(altitude, usable, options.hysteresisM);
  const h = (i: number) => altitude[i]!;

  const climbs: Climb[] = [];
  for (let k = 0; k + 1 < turning.length; k++) {
    const valley = turning[k]!;
    const peak = turning[k + 1]!;
    if (valley.kind !== 'valley' || peak.kind !== 'peak') continue;
    const gainM = h(peak.i) - h(valley.i);
    const lengthM = distance[peak.i]! - distance[valley.i]!;
    if (!(lengthM > 0) || gainM < options.minGainM) continue;
    const averageGradePct = (gainM / lengthM) * 100;
    if (averageGradePct < options.minAverageGradePct || averageGradePct > MAX_CLIMB_GRADE_PCT) continue;
    const durationS = peak.i - valley.i;
    climbs.push({
      startS: valley.i,
      endS: peak.i,
      lengthM,
      gainM,
      averageGradePct,
      vamMPerH: durationS > 0 ? (gainM / durationS) * 3600 : Number.NaN,
      category: climbCategory({ lengthM, averageGradePct }),
    });
  }
  return climbs;
}
