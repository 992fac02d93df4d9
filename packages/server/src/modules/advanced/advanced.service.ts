import {
  acuteChronicRatio,
  advancedSummary,
  aerobicCapacity,
  CADENCE_BIN_RPM,
  CADENCE_FROM_RPM,
  curvePowerAtW,
  durabilityOf,
  estimatedFtp,
  fatigueResistanceGap,
  fatigueResistanceScore,
  GRADIENT_CLASSES,
  GRADIENT_CURVE_DURATIONS_S,
  circularMeanDeg,
  improvementScore,
  type LegPowerPhase,
  mergeCadenceProfiles,
  mergeGradientCurves,
  overallScore,
  POWER_BIN_W,
  type RideAdvancedFacts,
  readinessScore,
  repeatability,
  rideAdvancedFacts,
  type ScoreComponent,
  ventilatoryThresholds,
  vo2maxFromFiveMinutePower,
  vo2maxScore,
} from '@vatio/analysis';
import type { AdvancedPeriod, AdvancedResponse } from '@vatio/schemas';
import type { StoredAdvancedFacts } from '../../db/schema.ts';
import type { WriteEpoch } from '../../db/write-epoch.ts';
import { setBounded } from '../../lib/bounded-map.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import { decodeStreams } from '../../storage/stream-codec.ts';
import { estimateFtpAt } from '../activities/estimated-ftp.ts';
import { bestOfStoredCurves } from '../activities/rider-best-curve.ts';
import {
  advancedFactsHold,
  compactAdvancedFacts,
  durabilityWorkKjFor,
  expandAdvancedFacts,
} from '../activities/ride-advanced-facts.ts';
import type { AnalyticsLoadRepository } from '../analytics/analytics-load.repository.ts';
import { type AthleteSettingsRepository, settingsAt } from '../../kernel/athlete-settings.repository.ts';
import { riderWeightAt } from '../../kernel/ride-settings.ts';
import { trainingLoad } from '../dashboard/training-load.ts';
import { VersionedCache } from '../../kernel/versioned-cache.ts';
import { addDays, localDate, localToday, localWindow } from '../dashboard/zoned-calendar.ts';
import { aeroSection, median } from './advanced-aero.ts';
import type { AdvancedRepository } from './advanced.repository.ts';

export const PERIOD_DAYS: Record<AdvancedPeriod, number> = { '4w': 28, '12w': 84, '1y': 365 };
/**
 * Facts of rides read from their stream (no stored facts that hold) kept in memory, a few kB each:
 * until re-analysis stores them, a 1-year answer after a 4-week one decodes nothing again.
 */
const RIDE_FACTS_KEPT = 1000;
const MAX_THRESHOLD_POINTS = 200;

const round = (v: number, digits = 1) => Number(v.toFixed(digits));

/**
 * GET /api/analytics/advanced: the advanced metrics page (issue 14, spec 001 §2.6) from the rider's
 * stored rides: columns, per-ride curves, stored aero fits and, for the figures that need seconds
 * (gradient curves, durability, sprints, repeatability, steady segments, pedalling), each ride's
 * facts stored at import (migration 0015), its stream only when they do not hold. Formulas: docs/formulas/advanced-metrics.md.
 */
export class AdvancedService {
  private readonly cache: VersionedCache<AdvancedResponse>;
  private readonly rideFacts = new Map<string, RideAdvancedFacts>();

  constructor(
    private readonly deps: {
      repository: AdvancedRepository;
      load: AnalyticsLoadRepository;
      athleteSettings: AthleteSettingsRepository;
      blobs: BlobStore;
      now: () => Date;
      writes: WriteEpoch;
    },
  ) {
    this.cache = new VersionedCache(300, deps.writes);
  }

  answer(userId: string, input: { timeZone: string; period: AdvancedPeriod }): Promise<AdvancedResponse> {
    const now = this.deps.now();
    const today = localToday(now, input.timeZone);
    return this.cache.get(
      `${userId}|${input.timeZone}|${today}|${input.period}`,
      async () => {
        const [version, bikes] = await Promise.all([
          this.deps.load.version(userId),
          this.deps.repository.bikes(userId),
        ]);
        return `${version}#${bikes.map((b) => `${b.id}:${b.name}`).join(',')}`;
      },
      () => this.compute(userId, { ...input, today, now }),
    );
  }

  /**
   * A ride's facts: those stored at import or re-analysis when they were measured against this FTP
   * and durability split; else (an older analysis not yet re-run, or the rider's weight or FTP
   * changed since) from its stream, once, with the stored rounding so both ways give one answer.
   */
  private async facts(
    entry: { activity_id: string; blob_key: string; advanced_facts: StoredAdvancedFacts | null },
    input: { ftpW: number | undefined; durabilityWorkKj: number },
  ): Promise<RideAdvancedFacts> {
    if (advancedFactsHold(entry.advanced_facts, input)) return expandAdvancedFacts(entry.advanced_facts);
    const key = `${entry.activity_id}|${entry.blob_key}|${input.ftpW ?? ''}|${input.durabilityWorkKj}`;
    const kept = this.rideFacts.get(key);
    if (kept) return kept;
    const streams = decodeStreams(await this.deps.blobs.get(entry.blob_key));
    const facts = expandAdvancedFacts(
      compactAdvancedFacts(rideAdvancedFacts(streams, input), {
        ...input,
        hasPower: streams.powerW !== undefined,
      }),
    );
    setBounded(this.rideFacts, key, facts, RIDE_FACTS_KEPT);
    return facts;
  }

  private async compute(
    userId: string,
    input: { timeZone: string; period: AdvancedPeriod; today: string; now: Date },
  ): Promise<AdvancedResponse> {
    const { today, timeZone, period } = input;
    const days = PERIOD_DAYS[period];
    const tomorrow = addDays(today, 1);
    const window = localWindow(addDays(today, 1 - days), tomorrow, timeZone);
    const previous = localWindow(addDays(today, 1 - 2 * days), window.fromDate, timeZone);
    // The eFTP at today reads the 90 days before it.
    const curveFrom = addDays(today, 1 - Math.max(2 * days, 90));
    const { repository, load, athleteSettings } = this.deps;
    const [baseline, rides, curves, loads, blobs, bikes] = await Promise.all([
      athleteSettings.baseline(userId),
      repository.rides(userId, window),
      load.curves(userId, localWindow(curveFrom, tomorrow, timeZone)),
      load.loads(userId),
      repository.streamBlobs(userId, window),
      repository.bikes(userId),
    ]);
    const settings = settingsAt(baseline.history, today);
    const weight = riderWeightAt(baseline, today);
    const weightKg = weight?.value;
    const dateOf = (d: Date) => localDate(d, timeZone);

    const withPower = rides.filter((r) => r.has_power);
    const eftpNow = estimateFtpAt(curves, input.now);
    const rideFtp = [...rides].reverse().find((r) => r.ftp_w !== null)?.ftp_w ?? undefined;
    const ftp = settings.ftpW
      ? { value: settings.ftpW, source: 'settings' as const }
      : eftpNow
        ? { value: eftpNow.ftpW, source: 'estimated' as const }
        : rideFtp
          ? { value: rideFtp, source: 'ride' as const }
          : null;
    const ftpW = ftp?.value;

    // Per-ride facts from the streams, each ride against the FTP it was analysed with.
    const durabilityWorkKj = durabilityWorkKjFor(baseline, today);
    const facts: RideAdvancedFacts[] = [];
    for (const entry of blobs) {
      facts.push(await this.facts(entry, { ftpW: entry.ftp_w ?? ftpW, durabilityWorkKj }));
    }

    const needs: AdvancedResponse['needs'] = [];
    if (rides.length === 0) needs.push('rides');
    if (withPower.length === 0) needs.push('power');
    if (weightKg === undefined) needs.push('weight');
    if (ftpW === undefined) needs.push('ftp');
    if (rides.length > 0 && blobs.length === 0) needs.push('streams');

    // Summary: readiness from the PMC (today's TSB) and the acute:chronic ratio.
    const pmc = loads.length > 0 ? trainingLoad(loads, { today, timeZone, days: 28 }) : [];
    const last = pmc.at(-1);
    const acwr = acuteChronicRatio(pmc.map((p) => p.tss));
    const readiness =
      last && withPower.length > 0
        ? {
            ...readinessScore({ tsb: last.tsb, acwr }),
            tsb: last.tsb,
            ctl: last.ctl,
            atl: last.atl,
            acwr: acwr === undefined ? null : round(acwr, 2),
          }
        : null;

    const durability = durabilityOf(facts.flatMap((f) => (f.durability ? [f.durability] : [])));
    if (withPower.length > 0 && !durability) needs.push('long_rides');

    // Improvement: the eFTP (CP 2P, else 95 % of 20 min) of this period's bests against the previous
    // period's.
    const nowBest = bestOfStoredCurves(curves.filter((c) => c.start_time >= window.from));
    const beforeBest = bestOfStoredCurves(
      curves.filter((c) => c.start_time >= previous.from && c.start_time < previous.to),
    );
    const nowEst = nowBest ? estimatedFtp(nowBest) : undefined;
    const beforeEst = beforeBest ? estimatedFtp(beforeBest) : undefined;
    const improvement =
      nowEst && beforeEst && beforeEst.ftpW > 0
        ? (() => {
            const changePct = (100 * (nowEst.ftpW - beforeEst.ftpW)) / beforeEst.ftpW;
            return {
              score: improvementScore(changePct),
              method: nowEst.method === 'cp-2p' ? ('cp_2p' as const) : ('eftp' as const),
              now_w: nowEst.ftpW,
              before_w: beforeEst.ftpW,
              change_pct: round(changePct),
            };
          })()
        : null;
    if (withPower.length > 0 && !improvement) needs.push('previous_period');

    // Fisiológico: VO2max from the period's best 5 minutes (ACSM), VT1/VT2.
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

    // Biomecánico.
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

    // Aerodinámico: the stored whole-ride fits.
    const aero = aeroSection(rides, bikes, dateOf);

    // Específicas.
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

    // Potencia: NP, IF and TSS of the period; gradient curves.
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

    const components: Array<{ key: ScoreComponent; score: number }> = [];
    if (readiness) components.push({ key: 'readiness', score: readiness.score });
    const fatigueScore = durability ? fatigueResistanceScore(durability.retainedPct) : undefined;
    if (fatigueScore !== undefined) components.push({ key: 'fatigue_resistance', score: fatigueScore });
    if (improvement) components.push({ key: 'improvement', score: improvement.score });
    if (vo2 !== undefined) components.push({ key: 'vo2max', score: vo2maxScore(vo2) });
    const overall = overallScore(components);

    const flat20 = gradient?.flat.powerW[GRADIENT_CURVE_DURATIONS_S.indexOf(1200)];
    const climb20 = gradient?.climbing.powerW[GRADIENT_CURVE_DURATIONS_S.indexOf(1200)];
    const leftBalance = pedal((f) => f.pedaling.leftBalancePct);
    const repeatIndex = rideRepeat.length > 0 ? median(rideRepeat.map((r) => r.indexPct)) : undefined;

    return {
      period,
      today,
      window: { from: window.fromDate, to: today },
      rides: rides.length,
      rides_with_power: withPower.length,
      ftp,
      weight_kg: weightKg ?? null,
      weight: weight ? { kg: weight.value, source: weight.source, from: weight.from } : null,
      needs,
      summary: {
        overall: overall ? { score: overall.score, components } : null,
        readiness: readiness
          ? {
              score: readiness.score,
              form: readiness.state,
              tsb: readiness.tsb,
              ctl: readiness.ctl,
              atl: readiness.atl,
              acwr: readiness.acwr,
            }
          : null,
        // Over 100 % retained is shown with its numbers and no score: the fresh best was not maximal.
        fatigue_resistance: durability
          ? {
              score: fatigueScore ?? null,
              unscored_reason: fatigueResistanceGap(durability.retainedPct) ?? null,
              retained_pct: round(durability.retainedPct),
              fresh_w: Math.round(durability.freshW),
              fatigued_w: Math.round(durability.fatiguedW),
              work_kj: Math.round(durabilityWorkKj),
              rides: durability.rides,
            }
          : null,
        improvement,
      },
      physiological: {
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
      },
      biomechanics: {
        needs: bioNeeds,
        rides_with_dynamics: withDynamics,
        left_balance_pct: leftBalance,
        torque_effectiveness_pct: pedal((f) => f.pedaling.torqueEffectivenessPct),
        pedal_smoothness_pct: pedal((f) => f.pedaling.pedalSmoothnessPct),
        platform_centre_offset_mm: phase.pco,
        power_phase_deg: phase.powerPhase,
        cadence,
      },
      aero,
      specific: {
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
      },
      power: {
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
      },
      professional_summary: advancedSummary({
        vo2max: vo2max ? { mlKgMin: vo2max.ml_kg_min, capacity: vo2max.capacity } : undefined,
        readiness: readiness
          ? { state: readiness.state, tsb: readiness.tsb, acwr: readiness.acwr ?? undefined }
          : undefined,
        durability: durability ? { retainedPct: durability.retainedPct } : undefined,
        improvement: improvement ? { changePct: improvement.change_pct, nowW: improvement.now_w } : undefined,
        repeatability: repeatIndex !== undefined ? { indexPct: repeatIndex } : undefined,
        leftBalancePct: leftBalance ?? undefined,
        climbingVsFlat20MinPct: flat20 && climb20 ? (100 * (climb20 - flat20)) / flat20 : undefined,
        missingPower: withPower.length === 0,
      }),
    };
  }
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
