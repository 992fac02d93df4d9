import type { ElevationStreams } from './elevation-gain.ts';

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
