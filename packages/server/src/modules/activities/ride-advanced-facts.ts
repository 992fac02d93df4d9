import {
  type ActivityStreams,
  DURABILITY_WORK_KJ_DEFAULT,
  DURABILITY_WORK_KJ_PER_KG,
  GRADIENT_CLASSES,
  type GradientCurves,
  type LegPowerPhase,
  type RideAdvancedFacts,
  rideAdvancedFacts,
} from '@vatio/analysis';
import type { PhaseTuple, StoredAdvancedFacts } from '../../db/schema.ts';
import type { RiderBaseline } from '../../kernel/athlete-settings.repository.ts';
import { riderWeightAt } from '../../kernel/ride-settings.ts';

const phaseTuple = (leg: LegPowerPhase | undefined): PhaseTuple | null =>
  leg
    ? [
        r(leg.phase.startDeg, 2),
        r(leg.phase.endDeg, 2),
        r(leg.phase.arcDeg, 2),
        rOpt(leg.peak?.startDeg, 2),
        rOpt(leg.peak?.endDeg, 2),
        rOpt(leg.peak?.arcDeg, 2),
      ]
    : null;

function phaseLeg(t: PhaseTuple | null | undefined): LegPowerPhase | undefined {
  if (!t) return undefined;
  const [startDeg, endDeg, arcDeg, peakStartDeg, peakEndDeg, peakArcDeg] = t;
  return {
    phase: { startDeg, endDeg, arcDeg },
    peak:
      peakStartDeg === null || peakEndDeg === null || peakArcDeg === null
        ? undefined
        : { startDeg: peakStartDeg, endDeg: peakEndDeg, arcDeg: peakArcDeg },
  };
}

const r = (v: number, digits: number) => Number(v.toFixed(digits));
const rOpt = (v: number | undefined, digits: number) => (v === undefined ? null : r(v, digits));
const opt = (v: number | null) => (v === null ? undefined : v);

/**
 * The durability split work the advanced page uses for a rider on a date: 15 kJ/kg of the weight in
 * force then (else the nearest entry: ride-settings.ts `riderWeightAt`), else 1000 kJ
 * (docs/formulas/advanced-metrics.md).
 */
export function durabilityWorkKjFor(baseline: RiderBaseline, date: string): number {
  const weightKg = riderWeightAt(baseline, date)?.value;
  return weightKg ? DURABILITY_WORK_KJ_PER_KG * weightKg : DURABILITY_WORK_KJ_DEFAULT;
}

/** A UTC calendar date (YYYY-MM-DD): the day whose weight sets the durability split at import. */
export const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/** The stored form of a ride's facts (rounded, tuples). */
export function compactAdvancedFacts(
  facts: RideAdvancedFacts,
  input: { ftpW: number | undefined; durabilityWorkKj: number; hasPower: boolean },
): StoredAdvancedFacts {
  const gradient: StoredAdvancedFacts['gradient'] = facts.gradient ? {} : null;
  if (facts.gradient && gradient)
    for (const key of GRADIENT_CLASSES) {
      const c = facts.gradient[key];
      gradient[key] = { timeS: r(c.timeS, 1), powerW: c.powerW.map((w) => (w === null ? null : r(w, 2))) };
    }
  return {
    hasPower: input.hasPower,
    ftpW: input.ftpW ?? null,
    durabilityWorkKj: input.durabilityWorkKj,
    workKj: rOpt(facts.workKj, 3),
    gradient,
    durability: facts.durability
      ? { freshW: rOpt(facts.durability.freshW, 2), fatiguedW: rOpt(facts.durability.fatiguedW, 2) }
      : null,
    sprints: facts.sprints.map((s) => [
      s.startS,
      s.durationS,
      r(s.peakPowerW, 2),
      rOpt(s.peakAccelerationMps2, 3),
      rOpt(s.peakTorqueNm, 2),
    ]),
    hardEffortsW: facts.hardEffortsW.map((w) => r(w, 2)),
    steady: facts.steady.map((s) => [r(s.powerW, 2), r(s.heartRateBpm, 2)]),
    cadence: facts.cadence
      ? {
          timeByCadenceS: facts.cadence.timeByCadenceS.map((t) => r(t, 1)),
          byPower: [...facts.cadence.byPower.entries()].map(([from, v]) => [
            from,
            r(v.timeS, 1),
            r(v.cadenceSum, 1),
          ]),
        }
      : null,
    pedaling: {
      leftBalancePct: rOpt(facts.pedaling.leftBalancePct, 3),
      torqueEffectivenessPct: rOpt(facts.pedaling.torqueEffectivenessPct, 3),
      pedalSmoothnessPct: rOpt(facts.pedaling.pedalSmoothnessPct, 3),
      pco: [
        rOpt(facts.pedaling.platformCentreOffsetLeftMm, 2),
        rOpt(facts.pedaling.platformCentreOffsetRightMm, 2),
      ],
      phase: {
        left: phaseTuple(facts.pedaling.powerPhaseLeft),
        right: phaseTuple(facts.pedaling.powerPhaseRight),
      },
    },
  };
}

/** The facts back in the form the advanced page adds up. */
export function expandAdvancedFacts(stored: StoredAdvancedFacts): RideAdvancedFacts {
  return {
    workKj: opt(stored.workKj),
    gradient: stored.gradient ? (stored.gradient as GradientCurves) : undefined,
    durability: stored.durability
      ? { freshW: opt(stored.durability.freshW), fatiguedW: opt(stored.durability.fatiguedW) }
      : undefined,
    sprints: stored.sprints.map(([startS, durationS, peakPowerW, accel, torque]) => ({
      startS,
      durationS,
      peakPowerW,
      peakAccelerationMps2: opt(accel),
      peakTorqueNm: opt(torque),
    })),
    hardEffortsW: stored.hardEffortsW,
    steady: stored.steady.map(([powerW, heartRateBpm]) => ({ powerW, heartRateBpm })),
    cadence: stored.cadence
      ? {
          timeByCadenceS: [...stored.cadence.timeByCadenceS],
          byPower: new Map(
            stored.cadence.byPower.map(([from, timeS, cadenceSum]) => [from, { timeS, cadenceSum }]),
          ),
        }
      : undefined,
    pedaling: {
      leftBalancePct: opt(stored.pedaling.leftBalancePct),
      torqueEffectivenessPct: opt(stored.pedaling.torqueEffectivenessPct),
      pedalSmoothnessPct: opt(stored.pedaling.pedalSmoothnessPct),
      platformCentreOffsetLeftMm: opt(stored.pedaling.pco?.[0] ?? null),
      platformCentreOffsetRightMm: opt(stored.pedaling.pco?.[1] ?? null),
      powerPhaseLeft: phaseLeg(stored.pedaling.phase?.left),
      powerPhaseRight: phaseLeg(stored.pedaling.phase?.right),
    },
  };
}

/** Whether stored facts were measured against this FTP and this durability split work. */
export function advancedFactsHold(
  stored: StoredAdvancedFacts | null,
  input: { ftpW: number | undefined; durabilityWorkKj: number },
): stored is StoredAdvancedFacts {
  if (stored === null) return false;
  if (!stored.hasPower) return true;
  if (stored.ftpW !== (input.ftpW ?? null)) return false;
  return Math.abs(stored.durabilityWorkKj - input.durabilityWorkKj) <= 1e-6 * input.durabilityWorkKj;
}

/**
 * A ride's stored advanced facts, measured once when it is stored or re-analysed: against the FTP it
 * was analysed with and the durability split the rider's weight today gives. The same rounding the
 * advanced page applies to a ride it reads from its stream (advanced.service.ts), so both agree.
 */
export function measureAdvancedFacts(
  streams: ActivityStreams,
  input: { ftpW: number | null; baseline: RiderBaseline; today: string },
): StoredAdvancedFacts {
  const measuredWith = {
    ftpW: input.ftpW ?? undefined,
    durabilityWorkKj: durabilityWorkKjFor(input.baseline, input.today),
  };
  return compactAdvancedFacts(rideAdvancedFacts(streams, measuredWith), {
    ...measuredWith,
    hasPower: streams.powerW !== undefined,
  });
}
