import type { ActivityStreams } from '../streams/activity-streams.ts';
import { CLIMB_OPTIONS } from '../report/options.ts';
import { type Climb, type ClimbDetectionOptions, detectClimbs } from './climbs.ts';

/** A ride's detected climbs added up, kept with the ride so rider-level VAM needs no stream. */
export interface ClimbingTotals {
  readonly count: number;
  /** Elapsed seconds from each climb's foot to its top (as each climb's VAM counts them). */
  readonly timeS: number;
  readonly gainM: number;
  /** Work done on the climbs, kJ; null without power. Pauses count no work. */
  readonly workKj: number | null;
}

/** Undefined when the ride has no altitude or distance to find climbs in. */
export function climbingTotals(
  streams: Pick<ActivityStreams, 'gapMask' | 'altitudeM' | 'distanceM' | 'powerW'>,
  // The ride report's climb rule (report/options.ts), so the panel's VAM adds up the climbs the ride page shows.
  options: ClimbDetectionOptions = CLIMB_OPTIONS,
  /**
   * The climbs `detectClimbs(streams, options)` found already (the ride report's), so they are not
   * detected again (issue 28: an import detected each ride's climbs three times).
   */
  detected?: readonly Pick<Climb, 'startS' | 'endS' | 'gainM'>[],
): ClimbingTotals | undefined {
  // As `detectClimbs` answers: no climbs to look for without altitude or distance.
  if (streams.altitudeM === undefined || streams.distanceM === undefined) return undefined;
  const climbs = detected ?? detectClimbs(streams, options);
  if (climbs === undefined) return undefined;
  const power = streams.powerW;
  let timeS = 0;
  let gainM = 0;
  let workJ = 0;
  let powered = false;
  for (const c of climbs) {
    timeS += c.endS - c.startS;
    gainM += c.gainM;
    if (!power) continue;
    for (let i = c.startS; i < c.endS; i++) {
      const p = power[i]!;
      if (streams.gapMask[i] !== 0 || !Number.isFinite(p)) continue;
      workJ += p;
      powered = true;
    }
  }
  return { count: climbs.length, timeS, gainM, workKj: powered ? workJ / 1000 : null };
}
