import type { ActivityStreams } from '../streams/activity-streams.ts';
import { turningPoints } from './turning-points.ts';

export type ElevationStreams = Pick<ActivityStreams, 'gapMask' | 'altitudeM'>;

/**
 * Total ascent: the sum of every valley → peak rise of the profile after a hysteresis (zig-zag)
 * filter, so barometer and GPS noise smaller than `hysteresisM` does not add up, while a long
 * steady climb counts in full (GoldenCheetah filters elevation gain with a 3 m hysteresis by default).
 * Altitude is a position, not an effort: readings on both sides of a pause are compared directly.
 */
export function elevationGainM(
  streams: ElevationStreams,
  options: { hysteresisM: number },
): number | undefined {
  const altitude = streams.altitudeM;
  if (altitude === undefined) return undefined;
  const usable = new Int32Array(altitude.length);
  let count = 0;
  for (let i = 0; i < altitude.length; i++)
    if (streams.gapMask[i] === 0 && Number.isFinite(altitude[i]!)) usable[count++] = i;
  if (count === 0) return undefined;
  const turns = turningPoints(altitude, usable.subarray(0, count), options.hysteresisM);
  let gain = 0;
  for (let k = 0; k + 1 < turns.length; k++) {
    const from = turns[k]!;
    const to = turns[k + 1]!;
    if (from.kind === 'valley' && to.kind === 'peak') gain += altitude[to.i]! - altitude[from.i]!;
  }
  return gain;
}

/**
 * VAM (velocità ascensionale media, Ferrari): metres climbed per hour, here the net altitude change
 * from the first to the last reading of the selection over its moving time. Use it on a climb.
 */
export function vamMPerH(streams: ElevationStreams): number | undefined {
  const altitude = streams.altitudeM;
  if (altitude === undefined) return undefined;
  let first = Number.NaN;
  let last = Number.NaN;
  let movingS = 0;
  for (let i = 0; i < altitude.length; i++) {
    if (streams.gapMask[i] !== 0) continue;
    movingS++;
    const h = altitude[i]!;
    if (!Number.isFinite(h)) continue;
    if (Number.isNaN(first)) first = h;
    last = h;
  }
  if (Number.isNaN(first) || movingS < 2) return undefined;
  return ((last - first) / (movingS - 1)) * 3600;
}
