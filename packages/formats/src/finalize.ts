import type { Activity, ActivityStreams } from './activity.ts';

/**
 * A power or cadence channel that reads 0 for the whole ride means no sensor was paired (the Sigma
 * fixture writes 4 h 40 of zeros): keeping it would give an NP of 0 W, so it is treated as absent.
 */
export function dropAllZeroChannels(streams: ActivityStreams, warnings: string[]): void {
  for (const name of ['powerW', 'cadenceRpm'] as const) {
    const values = streams[name];
    if (!values) continue;
    let nonZero = false;
    for (const v of values) {
      if (Number.isFinite(v) && v !== 0) {
        nonZero = true;
        break;
      }
    }
    if (!nonZero) {
      delete streams[name];
      warnings.push(`${name} is 0 for the whole activity (no sensor paired); treated as absent.`);
    }
  }
}

const CYCLING_NAME = /bike|biker|biking|cycl|velo|edge|wahoo|elemnt|karoo|zwift|rouvy|trainerroad/i;

/**
 * Sport when the file does not name one: power or pedal data is only recorded on a bike, and cycling
 * computers and apps name themselves. Otherwise 'unknown' rather than a guess.
 */
export function inferSport(
  streams: ActivityStreams,
  deviceNames: ReadonlyArray<string | undefined>,
): Pick<Activity, 'sport' | 'sportSource'> {
  if (streams.powerW || streams.leftRightBalancePct || streams.torqueEffectivenessPct) {
    return { sport: 'cycling', sportSource: 'inferred' };
  }
  if (deviceNames.some((n) => n !== undefined && CYCLING_NAME.test(n))) {
    return { sport: 'cycling', sportSource: 'inferred' };
  }
  return { sport: 'unknown', sportSource: 'unknown' };
}

/** Span of the timeline in seconds (time of the last second that has data). */
export function dataSpanS(streams: ActivityStreams): number {
  return Math.max(0, streams.timeS.length - 1);
}
