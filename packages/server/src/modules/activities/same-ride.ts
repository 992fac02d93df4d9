/**
 * When two recordings are the same ride (issue 11, item 2): they start within a minute of each other,
 * or more than half of the shorter one overlaps the other in time. Their lengths do not matter: the
 * first third of a ride, cut short by a dead battery, is still that ride.
 */
export interface RideSpan {
  startTime: Date;
  elapsedS: number;
}

export const SAME_START_S = 60;

/** Seconds during which both rides were under way. */
export function overlapS(a: RideSpan, b: RideSpan): number {
  const aStart = a.startTime.getTime() / 1000;
  const bStart = b.startTime.getTime() / 1000;
  return Math.max(0, Math.min(aStart + a.elapsedS, bStart + b.elapsedS) - Math.max(aStart, bStart));
}

export function isSameRide(a: RideSpan, b: RideSpan): boolean {
  if (Math.abs(a.startTime.getTime() - b.startTime.getTime()) <= SAME_START_S * 1000) return true;
  return overlapS(a, b) > 0.5 * Math.min(a.elapsedS, b.elapsedS);
}

/** Of the stored rides, the one this ride is a copy of (the one it overlaps most), if any. */
export function sameRideAs<T extends RideSpan>(ride: RideSpan, stored: readonly T[]): T | undefined {
  let best: T | undefined;
  let bestOverlapS = -1;
  for (const candidate of stored) {
    if (!isSameRide(ride, candidate)) continue;
    const o = overlapS(ride, candidate);
    if (o > bestOverlapS) {
      best = candidate;
      bestOverlapS = o;
    }
  }
  return best;
}
