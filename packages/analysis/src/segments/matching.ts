/**
 * Whether a climb of a ride is a ride up a known segment: the geometry alone, since a climb has no
 * name. Strava does not publish its matcher; these thresholds are Vatio's, chosen as follows:
 * - start and end each within MATCH_RADIUS_M = 50 m of the segment's: consumer GPS puts a fix within
 *   about 5–10 m of the truth most of the time, but the climb detector places the start at the lowest
 *   point and the end at the highest (a 3 m hysteresis), which on a gentle approach or a flat top
 *   moves along the road by a few tens of metres between rides; 50 m keeps those and still parts two
 *   climbs that begin at different junctions (a road junction is rarely closer than that to another
 *   junction on the same road);
 * - length within MATCH_LENGTH_RATIO = 10 %: the two ends may each move by up to 50 m, and GPS or
 *   wheel distance differs by 1–3 % between devices; a different climb that happens to share a start
 *   (a fork near the top) is longer or shorter by more;
 * - same direction: the bearing from start to end within MATCH_BEARING_DEG = 45° when the ends are at
 *   least 100 m apart (a hairpin climb can end near where it started, and its chord says nothing).
 *   The ends test alone already refuses a reversed ride (its start is near the segment's end), the
 *   bearing guards the case of two roads between nearby points.
 */
import { bearingDeg, bearingDifferenceDeg, haversineM, type LatLng } from './geo.ts';

export const MATCH_RADIUS_M = 50;
export const MATCH_LENGTH_RATIO = 0.1;
export const MATCH_BEARING_DEG = 45;
/** Below this chord the start→end bearing is not compared, m. */
const MIN_CHORD_FOR_BEARING_M = 100;

export interface SegmentGeometry {
  readonly start: LatLng;
  readonly end: LatLng;
  readonly lengthM: number;
}

/** How far a climb's ends are from a segment's (sum of the two distances, m), or undefined: no match. */
export function matchDistanceM(climb: SegmentGeometry, segment: SegmentGeometry): number | undefined {
  const startM = haversineM(climb.start, segment.start);
  if (startM > MATCH_RADIUS_M) return undefined;
  const endM = haversineM(climb.end, segment.end);
  if (endM > MATCH_RADIUS_M) return undefined;
  if (Math.abs(climb.lengthM - segment.lengthM) > MATCH_LENGTH_RATIO * segment.lengthM) return undefined;
  const chordM = haversineM(segment.start, segment.end);
  if (chordM >= MIN_CHORD_FOR_BEARING_M) {
    const diff = bearingDifferenceDeg(
      bearingDeg(climb.start, climb.end),
      bearingDeg(segment.start, segment.end),
    );
    if (diff > MATCH_BEARING_DEG) return undefined;
  }
  return startM + endM;
}

/** The segment a climb matches best (nearest ends), or undefined when it matches none. */
export function matchSegment<S extends SegmentGeometry>(
  climb: SegmentGeometry,
  segments: readonly S[],
): S | undefined {
  let best: S | undefined;
  let bestM = Number.POSITIVE_INFINITY;
  for (const segment of segments) {
    const m = matchDistanceM(climb, segment);
    if (m !== undefined && m < bestM) {
      best = segment;
      bestM = m;
    }
  }
  return best;
}

/** A bounding box around a point that holds every point within `radiusM` (to pre-select by index). */
export function boxAround(p: LatLng, radiusM = MATCH_RADIUS_M) {
  const dLat = (radiusM / 111_000) * 1.01;
  const dLng = dLat / Math.max(0.01, Math.cos((p.latDeg * Math.PI) / 180));
  return {
    minLat: p.latDeg - dLat,
    maxLat: p.latDeg + dLat,
    minLng: p.lngDeg - dLng,
    maxLng: p.lngDeg + dLng,
  };
}
