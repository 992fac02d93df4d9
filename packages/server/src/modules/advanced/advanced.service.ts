import {
  acuteChronicRatio,
  advancedSummary,
  durabilityOf,
  estimatedFtp,
  estimatedFtpFrom20Min,
  fatigueResistanceGap,
  fatigueResistanceScore,
  GRADIENT_CURVE_DURATIONS_S,
  improvementScore,
  overallScore,
  type RideAdvancedFacts,
  readinessScore,
  rideAdvancedFacts,
  type ScoreComponent,
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
import { type LoadPoint, trainingLoad } from '../dashboard/training-load.ts';
import { VersionedCache } from '../../kernel/versioned-cache.ts';
import { addDays, localDate, localToday, localWindow } from '../dashboard/zoned-calendar.ts';
import { RideCurveMemo } from '../bikes/ride-curve-memo.ts';
import { aeroSection } from './advanced-aero.ts';
import { KeptByVersion } from '../../kernel/kept-by-version.ts';
import {
  biomechanicsSection,
  physiologicalSection,
  powerSection,
  round,
  specificSection,
} from './advanced-sections.ts';
import type { AdvancedRepository } from './advanced.repository.ts';

export const PERIOD_DAYS: Record<AdvancedPeriod, number> = { '4w': 28, '12w': 84, '1y': 365 };
/**
 * Facts of rides read from their stream (no stored facts that hold) kept in memory, a few kB each:
 * until re-analysis stores them, a 1-year answer after a 4-week one decodes nothing again.
 */
const RIDE_FACTS_KEPT = 1000;
/** Rides' stored facts kept as read (kernel/kept-by-version.ts): a few kB each, a few riders' years of rides. */
const STORED_FACTS_KEPT = 5000;

/**
 * GET /api/analytics/advanced: the advanced metrics page (issue 14, spec 001 §2.6) from the rider's
 * stored rides: columns, per-ride curves, stored aero fits and, for the figures that need seconds
 * (gradient curves, durability, sprints, repeatability, steady segments, pedalling), each ride's
 * facts stored at import (migration 0015), its stream only when they do not hold. Formulas: docs/formulas/advanced-metrics.md.
 */
export class AdvancedService {
  private readonly cache: VersionedCache<AdvancedResponse>;
  /** Today's form, the same for every period: kept per rider, zone and day (see `form`). */
  private readonly formCache: VersionedCache<{ last: LoadPoint | undefined; acwr: number | undefined }>;
  private readonly rideFacts = new Map<string, RideAdvancedFacts>();
  /**
   * The rides' parsed curves, read again only when new or changed (ride-curve-memo.ts). Issue 28: a
   * 1-year answer reads two years of curves (the previous period's bests), ~730 rides; reading and
   * parsing them all again after each new ride was most of its cold answer (~70 of ~105 ms).
   */
  private readonly curveMemo = new RideCurveMemo();
  /** The rides' stored advanced facts, read again only when their row is new or changed. */
  private readonly storedFacts = new KeptByVersion<StoredAdvancedFacts | null>(STORED_FACTS_KEPT);

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
    this.formCache = new VersionedCache(300, deps.writes);
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

  /** The rider's ride curves that started in [from, to), oldest first: the kept ones and the new or changed. */
  private async curves(userId: string, range: { from: Date; to: Date }) {
    const { repository } = this.deps;
    const versions = await repository.curveVersions(userId, range);
    return this.curveMemo.curves(versions, (ids) => repository.curvesOf(userId, ids));
  }

  /**
   * The rider's rides with a stream that started in [from, to), oldest first, each with its stored
   * advanced facts: the kept ones and those of new or changed rows.
   */
  private async streamFacts(userId: string, range: { from: Date; to: Date }) {
    const { repository } = this.deps;
    const rows = await repository.streamBlobs(userId, range);
    const facts = await this.storedFacts.values(rows, (ids) => repository.storedFactsOf(userId, ids));
    return facts.map(({ row, value }) => ({ ...row, advanced_facts: value }));
  }

  /**
   * Today's point of the rider's PMC and the acute:chronic ratio of its last 28 days: from every
   * ride's TSS, the same for each period, so the other periods' answers after a new ride (issue 28)
   * read and sum the whole history once, not once per period. Kept until the rider's rides change.
   */
  private form(userId: string, today: string, timeZone: string) {
    return this.formCache.get(
      `${userId}|${timeZone}|${today}`,
      () => this.deps.load.version(userId),
      async () => {
        const loads = await this.deps.load.loads(userId);
        const pmc = loads.length > 0 ? trainingLoad(loads, { today, timeZone, days: 28 }) : [];
        return { last: pmc.at(-1), acwr: acuteChronicRatio(pmc.map((p) => p.tss)) };
      },
    );
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
    const { repository, athleteSettings } = this.deps;
    const [baseline, rides, curves, form, blobs, bikes] = await Promise.all([
      athleteSettings.baseline(userId),
      repository.rides(userId, window),
      this.curves(userId, localWindow(curveFrom, tomorrow, timeZone)),
      this.form(userId, today, timeZone),
      this.streamFacts(userId, window),
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
    const { last, acwr } = form;
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
    let nowEst = nowBest ? estimatedFtp(nowBest) : undefined;
    let beforeEst = beforeBest ? estimatedFtp(beforeBest) : undefined;
    // One estimator for both periods: CP against 95 % of 20 min would measure the switch of method
    // (the 20-min rule sits a few percent off CP on most rides), not the rider. Mixed: 95 % of 20 min
    // for both, the one both periods can give when either CP fit was unusable.
    if (nowBest && beforeBest && nowEst && beforeEst && nowEst.method !== beforeEst.method) {
      nowEst = estimatedFtpFrom20Min(nowBest);
      beforeEst = estimatedFtpFrom20Min(beforeBest);
    }
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

    // Fisiológico.
    const physiological = physiologicalSection({ nowBest, weightKg, ftpW, facts, rides });
    const { vo2, vo2max } = physiological;

    // Biomecánico.
    const biomechanics = biomechanicsSection(facts);

    // Aerodinámico: the stored whole-ride fits.
    const aero = aeroSection(rides, bikes, dateOf);

    // Específicas.
    const specific = specificSection(facts, ftpW);

    // Potencia: NP, IF and TSS of the period; gradient curves.
    const power = powerSection(rides, withPower, ftpW, facts);
    const gradient = power.gradient;

    const components: Array<{ key: ScoreComponent; score: number }> = [];
    if (readiness) components.push({ key: 'readiness', score: readiness.score });
    const fatigueScore = durability ? fatigueResistanceScore(durability.retainedPct) : undefined;
    if (fatigueScore !== undefined) components.push({ key: 'fatigue_resistance', score: fatigueScore });
    if (improvement) components.push({ key: 'improvement', score: improvement.score });
    if (vo2 !== undefined) components.push({ key: 'vo2max', score: vo2maxScore(vo2) });
    const overall = overallScore(components);

    const flat20 = gradient?.flat.powerW[GRADIENT_CURVE_DURATIONS_S.indexOf(1200)];
    const climb20 = gradient?.climbing.powerW[GRADIENT_CURVE_DURATIONS_S.indexOf(1200)];
    const { leftBalance } = biomechanics;
    const { repeatIndex } = specific;

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
      physiological: physiological.section,
      biomechanics: biomechanics.section,
      aero,
      specific: specific.section,
      power: power.section,
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
        // Only rides without power mean "no power meter"; a period without rides says so elsewhere.
        missingPower: rides.length > 0 && withPower.length === 0,
      }),
    };
  }
}
