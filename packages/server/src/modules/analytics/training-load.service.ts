import {
  fatigueLevel,
  formAdviceKey,
  formState,
  projectPlannedLoad,
  recoveryStrategies,
  SAFE_RAMP_LIMIT_PER_WEEK,
  trainingBalance,
  trainingBalanceAdviceKey,
  trainingBalanceStatus,
  tssTargets,
} from '@vatio/analysis';
import type { TrainingLoadResponse } from '@vatio/schemas';
import type { WriteEpoch } from '../../db/write-epoch.ts';
import { trainingLoad } from '../dashboard/training-load.ts';
import { VersionedCache } from '../../kernel/versioned-cache.ts';
import { addDays, localToday } from '../dashboard/zoned-calendar.ts';
import type { AnalyticsLoadRepository } from './analytics-load.repository.ts';

const round1 = (v: number) => Math.round(v * 10) / 10;

/**
 * GET /api/analytics/training-load: CTL/ATL/TSB per local day (dashboard/training-load.ts: per-day
 * EMA, τ 42 and 7 days, TSB from yesterday), the next 14 days if the rider follows the plan
 * (packages/analysis load/projection.ts), and the recommendations by form. Whole answers are kept per
 * rider, zone, day and range until the rider's rides or settings change.
 */
export class TrainingLoadService {
  private readonly cache: VersionedCache<TrainingLoadResponse>;

  constructor(
    private readonly deps: { repository: AnalyticsLoadRepository; now: () => Date; writes: WriteEpoch },
  ) {
    this.cache = new VersionedCache(500, deps.writes);
  }

  answer(userId: string, input: { timeZone: string; days: number }): Promise<TrainingLoadResponse> {
    const today = localToday(this.deps.now(), input.timeZone);
    return this.cache.get(
      `${userId}|${input.timeZone}|${today}|${input.days}`,
      () => this.deps.repository.version(userId),
      () => this.compute(userId, { ...input, today }),
    );
  }

  private async compute(
    userId: string,
    input: { timeZone: string; days: number; today: string },
  ): Promise<TrainingLoadResponse> {
    const loads = await this.deps.repository.loads(userId);
    const empty: TrainingLoadResponse = {
      days_requested: input.days,
      today: input.today,
      needs: ['power'],
      days: [],
      projection: [],
      current: null,
      recommendations: null,
    };
    if (loads.length === 0) return empty;
    const series = trainingLoad(loads, { today: input.today, timeZone: input.timeZone, days: input.days });
    const last = series.at(-1)!;
    // The plan starts tomorrow from today's end-of-day CTL and ATL.
    const weeks = projectPlannedLoad({ ctl: last.ctl, atl: last.atl }, addDays(input.today, 1), 2);
    const week = weeks[0]!;
    const balance = trainingBalance({ ctl: last.ctl, atl: last.atl });
    // One form on the whole card (issue 25 §8): today's, from today's TSB, on the overview and in the
    // advice. The week's plan starts tomorrow and reads tomorrow's TSB (the web says so beside it).
    const form = formState(last.tsb);
    const specTargets = tssTargets(week.tsb);
    return {
      days_requested: input.days,
      today: input.today,
      needs: [],
      days: series.map((p) => ({
        date: p.date,
        tss: p.tss,
        ctl: p.ctl,
        atl: p.atl,
        tsb: p.tsb,
        ramp_rate: p.ramp_rate,
      })),
      projection: weeks.flatMap((w) =>
        w.days.map((d) => ({
          date: d.date,
          tss: d.tss,
          ctl: round1(d.ctl),
          atl: round1(d.atl),
          tsb: round1(d.tsb),
        })),
      ),
      current: {
        ctl: last.ctl,
        atl: last.atl,
        tsb: last.tsb,
        ramp_rate: last.ramp_rate,
        form,
        fatigue: fatigueLevel(last.atl),
      },
      recommendations: {
        form,
        advice_key: formAdviceKey(form),
        next_7_days: {
          plan_key: `load.next7.${week.form}`,
          days: week.days.map((d) => ({ date: d.date, tss: d.tss })),
          weekly_tss: week.days.reduce((sum, d) => sum + d.tss, 0),
          rest_days: week.restDays,
          ramp_target_per_week: week.rampTargetPerWeek,
          ramp_per_week: round1(week.rampPerWeek),
          ramp_limit_per_week: SAFE_RAMP_LIMIT_PER_WEEK,
        },
        tss_targets: {
          weekly: [week.weeklyTssRange[0], week.weeklyTssRange[1]],
          daily: [week.dailyTssRange[0], week.dailyTssRange[1]],
          rest_days: [specTargets.restDays[0], specTargets.restDays[1]],
        },
        recovery: recoveryStrategies(form),
        balance: {
          value: round1(balance),
          status: trainingBalanceStatus(balance),
          advice_key: trainingBalanceAdviceKey(balance) ?? null,
        },
      },
    };
  }
}
