import {
  curvePowerAtW,
  daysBetween,
  daysToTest,
  criticalPowerOf,
  formState,
  ftpTrend,
  type MeanMaxCurve,
  type PowerDurationModel,
  plateauRisk,
  predictionConfidence,
  predictiveSummary,
} from '@vatio/analysis';
import type { PredictiveResponse } from '@vatio/schemas';
import type { WriteEpoch } from '../../db/write-epoch.ts';
import type { BikeRepository } from '../../kernel/bike.repository.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import type { ActivityRepository } from '../activities/activity.repository.ts';
import { bestOfStoredCurves } from '../activities/rider-best-curve.ts';
import { eftpWindowStartMs, estimateFtpAt } from '../activities/estimated-ftp.ts';
import type { AthleteSettingsRepository } from '../../kernel/athlete-settings.repository.ts';
import { currentFtpOf } from '../../kernel/current-ftp.ts';
import { riderWeightAt } from '../../kernel/ride-settings.ts';
import { trainingLoad } from '../dashboard/training-load.ts';
import { VersionedCache } from '../../kernel/versioned-cache.ts';
import { addDays, localDate, localToday, localWindow } from '../dashboard/zoned-calendar.ts';
import type { AnalyticsLoadRepository, StoredRideCurve } from './analytics-load.repository.ts';
import { eventPredictions } from './predictive-events.ts';
import { powerProfile } from './predictive-profile.ts';
import { tacticalAnalysis } from './predictive-tactical.ts';

/** Spec 001 §5: a prediction needs at least 5 rides and 3 hard efforts. */
export const REQUIRED_RIDES = 5;
export const REQUIRED_HARD_EFFORTS = 3;
/** Spec 001 §9: the latest 20 activities; hard = NP above 85 % of FTP for more than 1200 s. */
const LATEST_RIDES = 20;
const HARD_IF = 0.85;
const HARD_MIN_S = 1200;
/** The window of rides, bests and eFTP the prediction reads (WKO's 90-day mFTP window). */
const RECENT_DAYS = 90;
/** A ride is a maximal effort when it came within 3 % of the 90-day best at one of these durations. */
const MAXIMAL_DURATIONS_S = [180, 300, 600, 1200] as const;
const MAXIMAL_WITHIN = 0.97;

const round = (v: number, digits = 1) => Number(v.toFixed(digits));

/**
 * GET /api/analytics/predictive: the FTP prediction, confidence, days to a test, plateau risk, power
 * profile, event predictions and the tactical analysis of the period, all from the rider's stored
 * rides (columns, per-ride curves and, for the tactical figures, each ride's stored tactical facts).
 * Formulas: docs/formulas/predictive-analysis.md.
 */
export class PredictiveService {
  private readonly cache: VersionedCache<PredictiveResponse>;

  constructor(
    private readonly deps: {
      repository: AnalyticsLoadRepository;
      /** The period's rides with power and their stored tactical facts (ActivityRepository.ridesWithPower). */
      activities: Pick<ActivityRepository, 'ridesWithPower'>;
      athleteSettings: AthleteSettingsRepository;
      bikes: Pick<BikeRepository, 'primary'>;
      blobs: BlobStore;
      now: () => Date;
      writes: WriteEpoch;
    },
  ) {
    this.cache = new VersionedCache(300, deps.writes);
  }

  answer(userId: string, input: { timeZone: string; weeks: number }): Promise<PredictiveResponse> {
    const now = this.deps.now();
    const today = localToday(now, input.timeZone);
    return this.cache.get(
      `${userId}|${input.timeZone}|${today}|${input.weeks}`,
      () => this.deps.repository.version(userId),
      () => this.compute(userId, { ...input, today, now }),
    );
  }

  private async compute(
    userId: string,
    input: { timeZone: string; weeks: number; today: string; now: Date },
  ): Promise<PredictiveResponse> {
    const { today, timeZone, weeks } = input;
    const tomorrow = addDays(today, 1);
    const recent = localWindow(addDays(today, 1 - RECENT_DAYS), tomorrow, timeZone);
    // eFTP at a ride's date, and a period ride's critical power (tactics), read the 90 days before it.
    const curveWindow = localWindow(addDays(today, 1 - 2 * RECENT_DAYS), tomorrow, timeZone);
    const period = localWindow(addDays(today, 1 - weeks * 7), tomorrow, timeZone);
    const repo = this.deps.repository;
    const [baseline, rides, curves, loads, bike, sex, firstCurve] = await Promise.all([
      this.deps.athleteSettings.baseline(userId),
      repo.rides(userId, recent),
      repo.curves(userId, curveWindow),
      repo.loads(userId),
      this.deps.bikes.primary(userId),
      repo.profileSex(userId),
      repo.firstCurveStart(userId),
    ]);
    const bikeKg = bike?.weight_kg ?? null;
    // The one weight of the rider (dated entries; the profile shows the same one): said in the answer.
    const weight = riderWeightAt(baseline, today);
    const weightKg = weight?.value;
    const dateOf = (d: Date) => localDate(d, timeZone);

    // Counts (spec 001 §5, §9).
    const withPower = rides.filter((r) => r.has_power);
    const latest = withPower.slice(-LATEST_RIDES);
    const hard = latest.filter(
      (r) => r.intensity_factor !== null && r.intensity_factor > HARD_IF && r.moving_time_s > HARD_MIN_S,
    );
    const recentCurves = curves.filter((c) => c.start_time >= recent.from);
    const best = bestOfStoredCurves(recentCurves);
    const maximal = best ? recentCurves.filter((c) => isMaximal(c, best)) : [];
    const lastMaximal = maximal.at(-1);

    // Current FTP, resolved as a ride's is (issue 25, `currentFtpOf`): the rider's entry in force, else
    // the rider's nearest entry, else the newest ride's device FTP, else the eFTP of the last 90 days.
    const eftpNow = estimateFtpAt(curves, input.now);
    const rideFtp =
      [...rides].reverse().find((r) => r.ftp_w !== null && (r.ftp_source ?? 'file') === 'file')?.ftp_w ??
      undefined;
    const resolved = currentFtpOf(baseline.history, today, { rideW: rideFtp, estimatedW: eftpNow?.ftpW });
    const currentFtp = resolved
      ? { value: resolved.ftpW, source: resolved.source, from: resolved.from }
      : null;

    const needs: PredictiveResponse['needs'] = [];
    if (withPower.length === 0) needs.push('power');
    if (latest.length < REQUIRED_RIDES) needs.push('rides');
    if (hard.length < REQUIRED_HARD_EFFORTS) needs.push('hard_efforts');
    if (weightKg === undefined) needs.push('weight');
    const canPredict = latest.length >= REQUIRED_RIDES && hard.length >= REQUIRED_HARD_EFFORTS;

    // The FTP trend: the rider's eFTP (CP 2P over the 90 days before, else 95 % of 20 min) at each
    // hard effort, fitted against time. Only estimates whose 90 days lie within the rider's history:
    // before that the window's best can only rise as rides fill it, a trend of the history's start
    // (13 real rides imported over 6 weeks read +127 W in 28 days), not of fitness.
    const firstCurveMs = firstCurve?.getTime() ?? Number.POSITIVE_INFINITY;
    const fullWindow = (start: Date) => firstCurveMs <= eftpWindowStartMs(start);
    const points = canPredict
      ? hard.flatMap((r) => {
          const estimate = fullWindow(r.start_time) ? estimateFtpAt(curves, r.start_time) : undefined;
          return estimate ? [{ date: dateOf(r.start_time), ftpW: estimate.ftpW }] : [];
        })
      : [];
    const horizonDays = weeks * 7;
    const trend = canPredict ? ftpTrend(points, { asOfDate: today, horizonDays }) : undefined;
    const shortHistory = canPredict && !trend && hard.filter((r) => fullWindow(r.start_time)).length < 3;
    if (shortHistory) needs.push('history');

    // Form from the PMC; CTL change over 28 days for the plateau rule.
    const load = loads.length > 0 ? trainingLoad(loads, { today, timeZone, days: 29 }) : [];
    const last = load.at(-1);
    const ctlChange28d = last ? last.ctl - (load.length === 29 ? load[0]!.ctl : 0) : 0;
    const form = last ? { state: formState(last.tsb), tsb: last.tsb, ctl: last.ctl, atl: last.atl } : null;
    const test =
      withPower.length > 0
        ? daysToTest({
            ctl: last?.ctl ?? 0,
            atl: last?.atl ?? 0,
            tsbToday: last?.tsb ?? 0,
            lastMaximalEffortAgeDays: lastMaximal
              ? daysBetween(dateOf(lastMaximal.start_time), today)
              : undefined,
          })
        : undefined;
    const plateau = trend ? plateauRisk({ ftpRateWPerWeek: trend.rateWPerWeek, ctlChange28d }) : undefined;
    const halfWidthPct = trend ? ((trend.highW - trend.predictedFtpW) / trend.predictedFtpW) * 100 : 0;
    // The level from the efforts and the interval, capped by the line itself (few estimates, low R²).
    const rated = trend
      ? predictionConfidence({
          hardEfforts: hard.length,
          maximalEfforts: maximal.length,
          intervalHalfWidthPct: halfWidthPct,
          fitPoints: trend.points,
          r2: trend.r2,
        })
      : undefined;
    const confidence = rated?.level ?? null;

    // The power–duration model behind the events and W′ balance: CP 2P over the 90-day bests, by
    // GoldenCheetah's envelope within the physiological bounds (`criticalPowerOf`, as the ride page).
    const fit = best ? criticalPowerOf(best) : undefined;
    const best3Min = best ? curvePowerAtW(best, 180) : undefined;
    const cpUsable = fit && fit.cpW > 0 && fit.wPrimeJ > 0 && (best3Min === undefined || fit.cpW <= best3Min);
    const model: (PowerDurationModel & { source: 'cp_2p' | 'ftp' }) | undefined = cpUsable
      ? { cpW: fit.cpW, wPrimeJ: fit.wPrimeJ, source: 'cp_2p' }
      : currentFtp
        ? { cpW: currentFtp.value, wPrimeJ: 0, source: 'ftp' }
        : undefined;

    const profile = powerProfile(best, currentFtp?.value, weightKg, sex);
    const events = eventPredictions(rides, model, weightKg, bikeKg, {
      cda_m2: bike?.cda_m2 ?? null,
      crr: bike?.crr ?? null,
    });
    const tactical = await tacticalAnalysis(this.deps, userId, period, currentFtp?.value, curves);

    return {
      weeks,
      today,
      window: { from: period.fromDate, to: today },
      weight: weight ? { kg: weight.value, source: weight.source, from: weight.from } : null,
      needs,
      counts: {
        rides: latest.length,
        hard_efforts: hard.length,
        maximal_efforts: maximal.length,
        required_rides: REQUIRED_RIDES,
        required_hard_efforts: REQUIRED_HARD_EFFORTS,
      },
      current_ftp: currentFtp,
      predicted_ftp: trend
        ? {
            value: Math.round(trend.predictedFtpW),
            low: Math.round(trend.lowW),
            high: Math.round(trend.highW),
            in_days: horizonDays,
            delta: currentFtp ? Math.round(trend.predictedFtpW - currentFtp.value) : null,
            rate_w_per_week: round(trend.rateWPerWeek),
            r2: round(trend.r2, 3),
            points: points.map((p) => ({ date: p.date, ftp: p.ftpW })),
          }
        : null,
      confidence,
      confidence_basis:
        rated && trend
          ? {
              points: rated.points,
              fit_points: trend.points,
              r2: round(trend.r2, 3),
              interval_half_width_pct: round(halfWidthPct),
              capped_by: rated.cappedBy ?? null,
            }
          : null,
      days_to_test: test
        ? {
            days: test.days,
            reason: test.reason,
            fresh_in_days: test.freshInDays,
            due_in_days: test.dueInDays,
            last_maximal_effort: lastMaximal ? dateOf(lastMaximal.start_time) : null,
          }
        : null,
      form,
      plateau_risk: plateau
        ? {
            value: plateau.value,
            level: plateau.level,
            ftp_flat: plateau.ftpFlat,
            fitness_flat: plateau.fitnessFlat,
            ctl_change_28d: round(ctlChange28d),
          }
        : null,
      power_profile: profile,
      events: events?.events ?? [],
      event_assumptions: events?.assumptions ?? null,
      tactical,
      summary: predictiveSummary({
        prediction:
          trend && currentFtp
            ? {
                predictedFtpW: trend.predictedFtpW,
                currentFtpW: currentFtp.value,
                inDays: horizonDays,
                rateWPerWeek: trend.rateWPerWeek,
              }
            : undefined,
        missing: trend
          ? undefined
          : {
              rides: latest.length,
              hardEfforts: hard.length,
              shortHistory,
            },
        form: form ?? undefined,
        test,
        plateau,
        riderType: (profile?.rider_type ?? undefined) as Parameters<typeof predictiveSummary>[0]['riderType'],
      }),
    };
  }
}

/** Within 3 % of the 90-day best at 3, 5, 10 or 20 minutes. */
function isMaximal(curve: StoredRideCurve, best: MeanMaxCurve): boolean {
  const own = { durationsS: curve.durations_s, powerW: curve.power_w };
  return MAXIMAL_DURATIONS_S.some((d) => {
    const mine = curvePowerAtW(own, d);
    const top = curvePowerAtW(best, d);
    return mine !== undefined && top !== undefined && top > 0 && mine >= MAXIMAL_WITHIN * top;
  });
}
