import { leftRightBalance } from '../pedaling/balance.ts';
import { type PedalPhaseSummary, pedalPhaseSummary } from '../pedaling/power-phase.ts';
import {
  averagePedalSmoothnessPct,
  averageTorqueEffectivenessPct,
} from '../pedaling/torque-effectiveness.ts';
import { workKj } from '../power/power-summary.ts';
import type { ActivityStreams } from '../streams/activity-streams.ts';
import { type CadenceProfile, cadenceProfile } from './cadence-profile.ts';
import { type DurabilitySplit, durabilitySplit } from './durability.ts';
import { type GradientCurves, powerCurvesByGradient } from './gradient-curve.ts';
import { detectSprints, hardEfforts, type Sprint } from './sprints.ts';
import { type SteadySegment, steadySegments } from './thresholds.ts';

/** What the advanced page reads from one ride's streams; every part undefined when not recorded. */
export interface RideAdvancedFacts {
  readonly workKj: number | undefined;
  readonly gradient: GradientCurves | undefined;
  readonly durability: DurabilitySplit | undefined;
  readonly sprints: readonly Sprint[];
  /** Mean power of each hard effort (above FTP for ≥ 60 s), in ride order. */
  readonly hardEffortsW: readonly number[];
  readonly steady: readonly SteadySegment[];
  readonly cadence: CadenceProfile | undefined;
  readonly pedaling: {
    readonly leftBalancePct: number | undefined;
    readonly torqueEffectivenessPct: number | undefined;
    readonly pedalSmoothnessPct: number | undefined;
  } & PedalPhaseSummary;
}

/** One pass of each advanced-page metric over a ride, measured against the FTP it was analysed with. */
export function rideAdvancedFacts(
  streams: ActivityStreams,
  input: { ftpW: number | undefined; durabilityWorkKj: number },
): RideAdvancedFacts {
  const ftpW = input.ftpW;
  return {
    workKj: workKj(streams),
    gradient: powerCurvesByGradient(streams),
    durability: durabilitySplit(streams, input.durabilityWorkKj),
    sprints: ftpW ? detectSprints(streams, ftpW) : [],
    hardEffortsW: ftpW ? hardEfforts(streams, ftpW).map((e) => e.averagePowerW) : [],
    steady: steadySegments(streams),
    cadence: cadenceProfile(streams),
    pedaling: {
      leftBalancePct: leftRightBalance(streams)?.leftPct,
      torqueEffectivenessPct: averageTorqueEffectivenessPct(streams),
      pedalSmoothnessPct: averagePedalSmoothnessPct(streams),
      ...pedalPhaseSummary(streams),
    },
  };
}
