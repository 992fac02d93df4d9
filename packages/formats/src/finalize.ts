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

/**
 * Highest 1-second power kept, in watts. World-class track sprinters produce about 1,600 W of maximal
 * power on an ergometer (Dorel et al. 2005, Int J Sports Med 26:739) and the strongest field sprints
 * peak around 2,000–2,500 W for a second; 3,000 W leaves a wide margin. Anything above is a sensor or
 * transmission fault (the o_synce fixture records 21,733 W for 4 s while its own session maximum is
 * 446 W).
 */
export const MAX_PLAUSIBLE_POWER_W = 3000;

/**
 * Power above `MAX_PLAUSIBLE_POWER_W` becomes "no value" (NaN), never a clamp: a spike left in place
 * sets the ride's maximum and the 1-s best of every curve it is merged into, and adds its watts to work
 * and average power. The second stays recorded (not a gap), so moving time is unchanged.
 */
export function dropImpossiblePower(streams: ActivityStreams, warnings: string[]): void {
  const power = streams.powerW;
  if (!power) return;
  let dropped = 0;
  let highest = 0;
  for (let i = 0; i < power.length; i++) {
    const v = power[i] ?? Number.NaN;
    if (v > MAX_PLAUSIBLE_POWER_W) {
      highest = Math.max(highest, v);
      power[i] = Number.NaN;
      dropped++;
    }
  }
  if (dropped > 0) {
    warnings.push(
      `${dropped} s of power above ${MAX_PLAUSIBLE_POWER_W} W (up to ${Math.round(highest)} W) are sensor spikes; left out.`,
    );
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
