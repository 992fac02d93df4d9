import {
  aerobicCapacity,
  CADENCE_BIN_RPM,
  CADENCE_FROM_RPM,
  circularMeanDeg,
  curvePowerAtW,
  GRADIENT_CLASSES,
  GRADIENT_CURVE_DURATIONS_S,
  type LegPowerPhase,
  type MeanMaxCurve,
  mergeCadenceProfiles,
  mergeGradientCurves,
  POWER_BIN_W,
  type RideAdvancedFacts,
  repeatability,
  ventilatoryThresholds,
  vo2maxFromFiveMinutePower,
} from '@vatio/analysis';
import type { AdvancedResponse } from '@vatio/schemas';
import { median } from './advanced-aero.ts';
import type { AdvancedRide } from './advanced.repository.ts';

// The advanced page's sections (AdvancedService.compute in advanced.service.ts gathers the rides, their
// facts and the rider's values, then asks each section here); each section with what it still needs.
// Formulas: docs/formulas/advanced-metrics.md.

export const round = (v: number, digits = 1) => Number(v.toFixed(digits));

const MAX_THRESHOLD_POINTS = 200;

/** Fisiológico: VO2max from the period's best 5 minutes (ACSM), VT1/VT2. */
export function physiologicalSection(input: {
  nowBest: MeanMaxCurve | undefined;
  weightKg: number | undefined;
  ftpW: number | undefined;
  facts: readonly RideAdvancedFacts[];
  rides: readonly AdvancedRide[];
}) {
  const { nowBest, weightKg, ftpW, facts, rides } = input;
  const physNeeds: AdvancedResponse['needs'] = [];
  const best5 = nowBest ? curvePowerAtW(nowBest, 300) : undefined;
  const vo2 =
    best5 && weightKg ? vo2maxFromFiveMinutePower({ power5MinW: best5, massKg: weightKg }) : undefined;
  if (!best5) physNeeds.push('power');
  if (!weightKg) physNeeds.push('weight');
  const segments = facts.flatMap((f) => f.steady);
  const vt = ftpW ? ventilatoryThresholds(ftpW, segments) : undefined;
  if (!ftpW) physNeeds.push('ftp');
  if (vt && vt.method === 'ftp_fraction')
    physNeeds.push(rides.some((r) => r.has_heartrate) ? 'steady_segments' : 'heart_rate');
  const vo2max =
    vo2 !== undefined && best5 && weightKg
      ? {
          ml_kg_min: round(vo2),
          power_5min_w: Math.round(best5),
          w_per_kg: round(best5 / weightKg, 2),
          capacity: aerobicCapacity(vo2),
          at_vt2_ml_kg_min: vt
            ? round(vo2maxFromFiveMinutePower({ power5MinW: vt.vt2.powerW, massKg: weightKg }) ?? 0)
            : null,
        }
      : null;
  const section: AdvancedResponse['physiological'] = {
    needs: physNeeds,
    vo2max,
    thresholds: vt
      ? {
          method: vt.method,
          confidence: vt.confidence,
          vt1: {
            power_w: Math.round(vt.vt1.powerW),
            heart_rate_bpm: vt.vt1.heartRateBpm === undefined ? null : Math.round(vt.vt1.heartRateBpm),
          },
          vt2: {
            power_w: Math.round(vt.vt2.powerW),
            heart_rate_bpm: vt.vt2.heartRateBpm === undefined ? null : Math.round(vt.vt2.heartRateBpm),
          },
          segments: vt.segments,
          r2: vt.r2 === undefined ? null : round(vt.r2, 3),
          points: thin(segments, MAX_THRESHOLD_POINTS).map((s) => ({
            power_w: Math.round(s.powerW),
            heart_rate_bpm: Math.round(s.heartRateBpm),
          })),
        }
      : null,
  };
  return { section, vo2, vo2max };
}

/** Biomecánico: the pedalling figures weighted by each ride's work, and the cadence profile. */
export function biomechanicsSection(facts: readonly RideAdvancedFacts[]) {
  const bioNeeds: AdvancedResponse['needs'] = [];
  const pedal = (pick: (f: RideAdvancedFacts) => number | undefined) => {
    let sum = 0;
    let weight = 0;
    for (const f of facts) {
      const v = pick(f);
      if (v === undefined || !f.workKj) continue;
      sum += v * f.workKj;
      weight += f.workKj;
    }
    return weight > 0 ? round(sum / weight) : null;
  };
  const withDynamics = facts.filter(
    (f) =>
      f.pedaling.leftBalancePct !== undefined ||
      f.pedaling.torqueEffectivenessPct !== undefined ||
      f.pedaling.pedalSmoothnessPct !== undefined,
  ).length;
  if (withDynamics === 0) bioNeeds.push('pedaling_dynamics');
  const phase = periodPedalPhase(facts);
  if (!phase.pco && !phase.powerPhase) bioNeeds.push('pco_power_phase');
  const cadenceAll = mergeCadenceProfiles(facts.flatMap((f) => (f.cadence ? [f.cadence] : [])));
  const cadenceTime = cadenceAll?.timeByCadenceS.reduce((a, b) => a + b, 0) ?? 0;
  if (!cadenceAll || cadenceTime === 0) bioNeeds.push('cadence');
  let cadenceSum = 0;
  let cadencePowerTime = 0;
  for (const v of cadenceAll?.byPower.values() ?? []) {
    cadenceSum += v.cadenceSum;
    cadencePowerTime += v.timeS;
  }
  const cadence =
    cadenceAll && cadenceTime > 0
      ? {
          average_rpm: round(
            cadencePowerTime > 0 ? cadenceSum / cadencePowerTime : averageBinned(cadenceAll.timeByCadenceS),
          ),
          bins: cadenceAll.timeByCadenceS.map((t, k) => ({
            from_rpm: CADENCE_FROM_RPM + k * CADENCE_BIN_RPM,
            to_rpm: CADENCE_FROM_RPM + (k + 1) * CADENCE_BIN_RPM,
            time_s: t,
          })),
          by_power: [...cadenceAll.byPower.entries()]
            .sort((a, b) => a[0] - b[0])
            .filter(([, v]) => v.timeS >= 60)
            .map(([from, v]) => ({
              from_w: from,
              to_w: from + POWER_BIN_W,
              cadence_rpm: round(v.cadenceSum / v.timeS),
              time_s: v.timeS,
            })),
        }
      : null;
  const leftBalance = pedal((f) => f.pedaling.leftBalancePct);
  const section: AdvancedResponse['biomechanics'] = {
    needs: bioNeeds,
    rides_with_dynamics: withDynamics,
    left_balance_pct: leftBalance,
    torque_effectiveness_pct: pedal((f) => f.pedaling.torqueEffectivenessPct),
    pedal_smoothness_pct: pedal((f) => f.pedaling.pedalSmoothnessPct),
    platform_centre_offset_mm: phase.pco,
    power_phase_deg: phase.powerPhase,
    cadence,
  };
  return { section, leftBalance };
}

/** Específicas: sprints and the repeatability of hard efforts. */
export function specificSection(facts: readonly RideAdvancedFacts[], ftpW: number | undefined) {
  const specNeeds: AdvancedResponse['needs'] = ['gas_exchange'];
  const sprints = facts.flatMap((f) => f.sprints);
  const maxOf = (values: Array<number | undefined>) => {
    const v = values.filter((x): x is number => x !== undefined);
    return v.length > 0 ? Math.max(...v) : undefined;
  };
  if (sprints.length === 0) specNeeds.push('sprints');
  const accel = maxOf(sprints.map((s) => s.peakAccelerationMps2));
  const torque = maxOf(sprints.map((s) => s.peakTorqueNm));
  const rideRepeat = facts.flatMap((f) => {
    const r = repeatability(f.hardEffortsW);
    return r ? [r] : [];
  });
  if (rideRepeat.length === 0) specNeeds.push('hard_efforts');
  if (!ftpW) specNeeds.push('ftp');
  const repeatIndex = rideRepeat.length > 0 ? median(rideRepeat.map((r) => r.indexPct)) : undefined;
  const section: AdvancedResponse['specific'] = {
    needs: specNeeds,
    sprints:
      sprints.length > 0
        ? {
            count: sprints.length,
            peak_power_w: Math.round(Math.max(...sprints.map((s) => s.peakPowerW))),
            peak_acceleration_mps2: accel === undefined ? null : round(accel, 2),
            peak_torque_nm: torque === undefined ? null : round(torque),
          }
        : null,
    repeatability:
      rideRepeat.length > 0 && repeatIndex !== undefined
        ? {
            rides: rideRepeat.length,
            efforts: rideRepeat.reduce((a, r) => a + r.efforts, 0),
            index_pct: round(repeatIndex),
            cv_pct: round(median(rideRepeat.map((r) => r.cvPct))),
          }
        : null,
    mechanical_efficiency: null,
  };
  return { section, repeatIndex };
}

/** Potencia: NP, IF and TSS of the period; gradient curves. */
export function powerSection(
  rides: readonly AdvancedRide[],
  withPower: readonly AdvancedRide[],
  ftpW: number | undefined,
  facts: readonly RideAdvancedFacts[],
) {
  const powNeeds: AdvancedResponse['needs'] = [];
  const npRides = withPower.filter((r) => r.normalized_power_w !== null && r.moving_time_s > 0);
  const npTime = npRides.reduce((a, r) => a + r.moving_time_s, 0);
  const npW =
    npTime > 0
      ? (npRides.reduce((a, r) => a + r.normalized_power_w! ** 4 * r.moving_time_s, 0) / npTime) ** 0.25
      : undefined;
  const tssRides = rides.filter((r) => r.training_stress_score !== null);
  if (!npW) powNeeds.push('power');
  if (!ftpW) powNeeds.push('ftp');
  const gradient = mergeGradientCurves(facts.flatMap((f) => (f.gradient ? [f.gradient] : [])));
  if (!gradient && withPower.length > 0) powNeeds.push('altitude');
  const section: AdvancedResponse['power'] = {
    needs: powNeeds,
    np_w: npW === undefined ? null : Math.round(npW),
    intensity_factor: npW !== undefined && ftpW ? round(npW / ftpW, 2) : null,
    tss: tssRides.length > 0 ? round(tssRides.reduce((a, r) => a + r.training_stress_score!, 0)) : null,
    gradient: gradient
      ? {
          durations_s: [...GRADIENT_CURVE_DURATIONS_S],
          curves: GRADIENT_CLASSES.map((key) => ({
            key,
            time_s: gradient[key].timeS,
            power_w: gradient[key].powerW.map((w) => (w === null ? null : Math.round(w))),
          })),
        }
      : null,
  };
  return { section, gradient };
}

function averageBinned(timeByBin: readonly number[]): number {
  let t = 0;
  let s = 0;
  timeByBin.forEach((v, k) => {
    t += v;
    s += v * (CADENCE_FROM_RPM + (k + 0.5) * CADENCE_BIN_RPM);
  });
  return t > 0 ? s / t : 0;
}

/** Every k-th item so at most `max` remain. */
function thin<T>(items: readonly T[], max: number): T[] {
  if (items.length <= max) return [...items];
  const step = items.length / max;
  return Array.from({ length: max }, (_, k) => items[Math.floor(k * step)]!);
}

type Biomechanics = AdvancedResponse['biomechanics'];

/**
 * The period's platform centre offset and power phase: each ride's means (`pedalPhaseSummary`)
 * weighted by its work, as the other pedal figures; angles as directions (`circularMeanDeg`), arcs
 * as numbers (docs/formulas/pedaling.md).
 */
function periodPedalPhase(facts: readonly RideAdvancedFacts[]): {
  pco: Biomechanics['platform_centre_offset_mm'];
  powerPhase: Biomechanics['power_phase_deg'];
} {
  const weightOf = (f: RideAdvancedFacts) => f.workKj ?? 0;
  const mean = (pick: (f: RideAdvancedFacts) => number | undefined) => {
    let sum = 0;
    let weight = 0;
    for (const f of facts) {
      const v = pick(f);
      if (v === undefined || !(weightOf(f) > 0)) continue;
      sum += v * weightOf(f);
      weight += weightOf(f);
    }
    return weight > 0 ? round(sum / weight) : null;
  };
  const angle = (pick: (f: RideAdvancedFacts) => number | undefined) => {
    const deg = circularMeanDeg(
      facts.flatMap((f) => {
        const v = pick(f);
        return v === undefined ? [] : [{ deg: v, weight: weightOf(f) }];
      }),
    );
    return deg === undefined ? null : round(deg) % 360;
  };
  const leg = (pick: (f: RideAdvancedFacts) => LegPowerPhase | undefined) => {
    if (!facts.some((f) => pick(f) !== undefined && weightOf(f) > 0)) return null;
    const start = angle((f) => pick(f)?.phase.startDeg);
    const end = angle((f) => pick(f)?.phase.endDeg);
    const arc = mean((f) => pick(f)?.phase.arcDeg);
    if (start === null || end === null || arc === null) return null;
    return {
      start_deg: start,
      end_deg: end,
      arc_deg: arc,
      peak_start_deg: angle((f) => pick(f)?.peak?.startDeg),
      peak_end_deg: angle((f) => pick(f)?.peak?.endDeg),
      peak_arc_deg: mean((f) => pick(f)?.peak?.arcDeg),
    };
  };
  const pcoRides = facts.filter(
    (f) =>
      weightOf(f) > 0 &&
      (f.pedaling.platformCentreOffsetLeftMm !== undefined ||
        f.pedaling.platformCentreOffsetRightMm !== undefined),
  ).length;
  const phaseRides = facts.filter(
    (f) =>
      weightOf(f) > 0 &&
      (f.pedaling.powerPhaseLeft !== undefined || f.pedaling.powerPhaseRight !== undefined),
  ).length;
  const left = leg((f) => f.pedaling.powerPhaseLeft);
  const right = leg((f) => f.pedaling.powerPhaseRight);
  return {
    pco:
      pcoRides > 0
        ? {
            rides: pcoRides,
            left_mm: mean((f) => f.pedaling.platformCentreOffsetLeftMm),
            right_mm: mean((f) => f.pedaling.platformCentreOffsetRightMm),
          }
        : null,
    powerPhase: phaseRides > 0 && (left || right) ? { rides: phaseRides, left, right } : null,
  };
}
