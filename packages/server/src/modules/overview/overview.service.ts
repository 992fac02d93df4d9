import { criticalPowerOf, curvePowerAtW, type MeanMaxCurve, planWeek } from '@vatio/analysis';
import { type DashboardOverviewResponse, OVERVIEW_RECORD_DURATIONS_S } from '@vatio/schemas';
import type { WriteEpoch } from '../../db/write-epoch.ts';
import type { ActivityRepository } from '../activities/activity.repository.ts';
import { displayRideName } from '../activities/ride-name.ts';
import type { OverviewRepository, RideStandardBests } from './overview.repository.ts';
import type { DashboardRepository } from '../dashboard/dashboard.repository.ts';
import {
  type DashboardService,
  type RiderCalendarContext,
  trainingZones,
} from '../dashboard/dashboard.service.ts';
import { trainingLoad } from '../dashboard/training-load.ts';
import { VersionedCache } from '../../kernel/versioned-cache.ts';
import { addDays, localDate, localWindow, weekStartOf } from '../dashboard/zoned-calendar.ts';

/**
 * W′ when no critical-power fit holds: 20 kJ, a typical value for trained cyclists (the order of the
 * W′ Skiba et al. 2012 report). Vatio's stated default, not the rider's; the answer says when it is used.
 */
export const DEFAULT_W_PRIME_J = 20_000;

const round1 = (v: number) => Math.round(v * 10) / 10;
const round2 = (v: number) => Math.round(v * 100) / 100;

/**
 * GET /api/dashboard/overview (issue 15, spec 001 §2.15): the live ride overview's summary from stored
 * ride columns and curves: the newest ride, today's TSS/IF/EF, this week against its planned TSS, the
 * latest all-time best at a standard duration, and the FTP, zones, CP and W′ the live view measures
 * with. Whole answers kept per rider, calendar and day until the rider's rides or settings change.
 */
export class OverviewService {
  private readonly cache: VersionedCache<DashboardOverviewResponse>;

  constructor(
    private readonly deps: {
      dashboard: DashboardService;
      repository: DashboardRepository;
      activities: ActivityRepository;
      overview: OverviewRepository;
      now: () => Date;
      writes: WriteEpoch;
    },
  ) {
    this.cache = new VersionedCache(500, deps.writes);
  }

  overview(ctx: RiderCalendarContext): Promise<DashboardOverviewResponse> {
    const today = localDate(this.deps.now(), ctx.timeZone);
    return this.cache.get(
      `${ctx.userId}|${ctx.timeZone}|${ctx.firstDayOfWeek}|${ctx.language}|${today}`,
      () => this.deps.repository.dashboardVersion(ctx.userId),
      () => this.compute(ctx, today),
    );
  }

  private async compute(ctx: RiderCalendarContext, today: string): Promise<DashboardOverviewResponse> {
    const { repository, dashboard } = this.deps;
    const day = localWindow(today, addDays(today, 1), ctx.timeZone);
    const weekStart = weekStartOf(today, ctx.firstDayOfWeek);
    const week = localWindow(weekStart, addDays(weekStart, 7), ctx.timeZone);
    const [latest, todayRides, todayFacts, weekRides, loads, curves, ftp, curve90] = await Promise.all([
      dashboard.recentActivities(ctx, 1),
      repository.rides(ctx.userId, day),
      repository.summaryFacts(ctx.userId, day),
      repository.rides(ctx.userId, week),
      repository.loads(ctx.userId),
      this.deps.overview.standardBests(ctx.userId, OVERVIEW_RECORD_DURATIONS_S),
      dashboard.currentFtp(ctx),
      dashboard.powerCurve(ctx, '90d'),
    ]);

    // Today: TSS adds up; the day's IF is the one that gives its TSS over its time (TSS = t·IF²·100/3600).
    const withTss = todayRides.filter((r) => r.training_stress_score !== null);
    const tss = withTss.reduce((s, r) => s + r.training_stress_score!, 0);
    const tssTimeS = withTss.reduce((s, r) => s + r.moving_time_s, 0);
    const efRides = todayFacts.filter((f) => f.efficiency_factor !== null && f.moving_time_s > 0);
    const efTimeS = efRides.reduce((s, f) => s + f.moving_time_s, 0);

    // The week's target: the plan for this week from CTL and ATL at the end of the day before it.
    const before = loads.filter((l) => l.start_time < week.from);
    const series = trainingLoad(before, { today: addDays(weekStart, -1), timeZone: ctx.timeZone, days: 1 });
    const state = series.at(-1);
    const plan = state ? planWeek({ ctl: state.ctl, atl: state.atl }, weekStart) : undefined;

    const model = liveModel(curve90, ftp.ftpW);
    return {
      today,
      time_zone: ctx.timeZone,
      latest_ride: latest[0] ?? null,
      today_performance: {
        rides: todayRides.length,
        moving_time_s: todayRides.reduce((s, r) => s + r.moving_time_s, 0),
        tss: round1(tss),
        intensity_factor: tssTimeS > 0 ? round2(Math.sqrt((tss * 3600) / (100 * tssTimeS))) : null,
        efficiency_factor:
          efTimeS > 0
            ? round2(efRides.reduce((s, f) => s + f.efficiency_factor! * f.moving_time_s, 0) / efTimeS)
            : null,
      },
      week: {
        start_date: weekStart,
        rides: weekRides.length,
        tss: round1(weekRides.reduce((s, r) => s + (r.training_stress_score ?? 0), 0)),
        target:
          plan && state
            ? {
                tss: plan.days.reduce((s, d) => s + d.tss, 0),
                tss_range: [plan.weeklyTssRange[0], plan.weeklyTssRange[1]],
                rides: 7 - plan.restDays,
                form: plan.form,
                ctl: state.ctl,
                atl: state.atl,
              }
            : null,
      },
      record: await this.latestRecord(ctx, curves),
      live: {
        ftp_w: ftp.ftpW,
        ftp_source: ftp.source,
        cp_w: Math.round(model.cpW),
        w_prime_j: Math.round(model.wPrimeJ),
        model_source: model.source,
        zones: trainingZones(ftp.ftpW),
      },
    };
  }

  /**
   * The most recent ride that beat every earlier ride at a standard duration: the rides' stored
   * curves walked oldest first, keeping the best so far at each duration.
   */
  private async latestRecord(
    ctx: RiderCalendarContext,
    rides: readonly RideStandardBests[],
  ): Promise<DashboardOverviewResponse['record']> {
    const best = new Map<number, number>();
    let found:
      | {
          activityId: string;
          date: Date;
          set: { durationS: number; powerW: number; previousW: number | null }[];
        }
      | undefined;
    for (const row of rides) {
      const set: { durationS: number; powerW: number; previousW: number | null }[] = [];
      OVERVIEW_RECORD_DURATIONS_S.forEach((durationS, k) => {
        const powerW = row.power_w[k];
        if (powerW === null || powerW === undefined || !(powerW > 0)) return;
        const previous = best.get(durationS);
        if (previous === undefined || powerW > previous) {
          set.push({ durationS, powerW, previousW: previous ?? null });
          best.set(durationS, powerW);
        }
      });
      if (set.length > 0) found = { activityId: row.activity_id, date: row.start_time, set };
    }
    if (!found) return null;
    const top = found.set.at(-1)!;
    const ride = await this.deps.activities.find(ctx.userId, found.activityId);
    return {
      activity_id: found.activityId,
      name: ride ? displayRideName(ride, ctx.language) : '',
      date: found.date.toISOString(),
      duration_s: top.durationS,
      power_w: Math.round(top.powerW),
      previous_best_w: top.previousW === null ? null : Math.round(top.previousW),
      durations_s: found.set.map((s) => s.durationS),
    };
  }
}

/**
 * CP and W′ for the live W′ balance: the 2-parameter model over the 90-day bests by GoldenCheetah's
 * envelope (`criticalPowerOf`, the ride page's and the eFTP's fit, within its physiological bounds),
 * kept only when CP is not above the 3-min best (as the predictive screen does); else CP = FTP and
 * W′ = 20 kJ.
 */
export function liveModel(
  points: readonly { duration: number; power: number }[],
  ftpW: number,
): { cpW: number; wPrimeJ: number; source: 'cp_2p' | 'ftp_default' } {
  const curve: MeanMaxCurve = {
    durationsS: points.map((p) => p.duration),
    powerW: points.map((p) => p.power),
  };
  const fit = points.length > 0 ? criticalPowerOf(curve) : undefined;
  const best3Min = points.length > 0 ? curvePowerAtW(curve, 180) : undefined;
  if (fit && fit.cpW > 0 && fit.wPrimeJ > 0 && (best3Min === undefined || fit.cpW <= best3Min))
    return { cpW: fit.cpW, wPrimeJ: fit.wPrimeJ, source: 'cp_2p' };
  return { cpW: ftpW, wPrimeJ: DEFAULT_W_PRIME_J, source: 'ftp_default' };
}
