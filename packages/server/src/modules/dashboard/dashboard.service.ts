import { cogganPowerZones } from '@vatio/analysis';
import type {
  CurvePointResponse,
  DashboardActivityResponse,
  DashboardFtpSource,
  DashboardResponse,
  DashboardStatsResponse,
  NarrativeResponse,
  SummaryPeriod,
  SummaryResponse,
  TrainingZoneResponse,
} from '@vatio/schemas';
import type { WriteEpoch } from '../../db/write-epoch.ts';
import { presentActivity } from '../activities/activity.presenter.ts';
import type { RideLanguage } from '../activities/ride-name.ts';
import type { ActivityRepository } from '../activities/activity.repository.ts';
import { type AthleteSettingsRepository, settingsAt } from '../../kernel/athlete-settings.repository.ts';
import { currentFtpOf } from '../../kernel/current-ftp.ts';
import { riderValueAt } from '../../kernel/ride-settings.ts';
import type { ProfileRepository } from '../../kernel/profile.repository.ts';
import type { DashboardRepository, RideFacts } from './dashboard.repository.ts';
import { coachAdvice, narrativeMetrics, narrativeWeeks, nextGoal } from './narrative.ts';
import { compare, type PeriodStats, periodStats } from './period-stats.ts';
import { type CurveRange, RiderCurves } from './rider-curve.ts';
import { currentForm, trainingLoad } from './training-load.ts';
import { VersionedCache } from '../../kernel/versioned-cache.ts';
import {
  addDays,
  addMonths,
  localDate,
  localToday,
  type LocalWindow,
  localWindow,
  monthStartOf,
  weekStartOf,
} from './zoned-calendar.ts';

/** Whose dashboard, and the calendar it is read in. */
export interface RiderCalendarContext {
  userId: string;
  timeZone: string;
  firstDayOfWeek: number;
  /** The reader's language, for the default names of unnamed rides. */
  language: RideLanguage;
}

/** FTP for zones when the rider has none (spec 000 §9); the response says when it is used. */
export const DEFAULT_FTP_W = 250;

export type { SummaryPeriod } from '@vatio/schemas';
const PERIOD_DAYS: Record<SummaryPeriod, number> = { '7d': 7, '30d': 30, '90d': 90, '365d': 365 };

const WEEKS_IN_SUMMARY = 12;
const MONTHS_IN_SUMMARY = 12;
/** "Month over month" on the classic dashboard: the last 30 days against the 30 before. */
const TREND_DAYS = 30;

/** The classic, period-summary and narrative dashboards, computed from stored per-ride results. */
export class DashboardService {
  private readonly curves: RiderCurves;
  /** Whole classic dashboards, per rider, calendar and day, until their data changes. */
  private readonly classic: VersionedCache<DashboardResponse>;

  constructor(
    private readonly deps: {
      dashboard: DashboardRepository;
      activities: ActivityRepository;
      athleteSettings: AthleteSettingsRepository;
      profiles: ProfileRepository;
      now: () => Date;
      writes: WriteEpoch;
    },
  ) {
    this.curves = new RiderCurves(deps.dashboard, deps.writes);
    this.classic = new VersionedCache(500, deps.writes);
  }

  private today(ctx: RiderCalendarContext): string {
    return localToday(this.deps.now(), ctx.timeZone);
  }

  /** The last `days` local days up to and including today. */
  private lastDays(ctx: RiderCalendarContext, days: number, endOffsetDays = 0): LocalWindow {
    const end = addDays(this.today(ctx), 1 - endOffsetDays);
    return localWindow(addDays(end, -days), end, ctx.timeZone);
  }

  /**
   * The rider's FTP today, resolved as a ride's is (`currentFtpOf`): their entry in force, else their
   * nearest entry, else the newest ride's device FTP, else the spec's 250 W (the dashboard has no
   * power-curve estimate of its own; the predictive screen's current FTP adds it before the default).
   */
  async currentFtp(ctx: RiderCalendarContext) {
    const today = this.today(ctx);
    const history = await this.deps.athleteSettings.list(ctx.userId);
    const settings = settingsAt(history, today);
    const rider = currentFtpOf(history, today, {});
    const resolved =
      rider ?? currentFtpOf(history, today, { rideW: await this.deps.dashboard.latestRideFtp(ctx.userId) });
    // No estimate is passed in, so the source is never 'estimated'; the check says so to the types.
    if (resolved && resolved.source !== 'estimated')
      return { ...resolved, source: resolved.source, settings, history };
    return { ftpW: DEFAULT_FTP_W, source: 'default' as const, from: null, settings, history };
  }

  async stats(ctx: RiderCalendarContext): Promise<DashboardStatsResponse> {
    const t = await this.deps.dashboard.totals(ctx.userId);
    return {
      total_activities: t.activities,
      total_distance: t.distanceM,
      total_elevation: t.elevationM,
      total_time: t.timeS,
    };
  }

  async recentActivities(ctx: RiderCalendarContext, limit: number): Promise<DashboardActivityResponse[]> {
    const { rows } = await this.deps.activities.list(ctx.userId, { limit, offset: 0 });
    return rows.map((row) => presentActivity(row, ctx.language));
  }

  powerCurve(ctx: RiderCalendarContext, range: CurveRange): Promise<CurvePointResponse[]> {
    const today = this.today(ctx);
    return this.curves.curve(ctx.userId, range, {
      date: today,
      from: (days) => localWindow(addDays(today, 1 - days), addDays(today, 1), ctx.timeZone).from,
    });
  }

  /** The last 12 local weeks (the current one last), each with its totals. */
  async weeklySummary(ctx: RiderCalendarContext): Promise<PeriodStats[]> {
    const thisWeek = weekStartOf(this.today(ctx), ctx.firstDayOfWeek);
    const starts = Array.from({ length: WEEKS_IN_SUMMARY }, (_, k) =>
      addDays(thisWeek, (k - WEEKS_IN_SUMMARY + 1) * 7),
    );
    const windows = starts.map((s) => localWindow(s, addDays(s, 7), ctx.timeZone));
    const rides = await this.ridesIn(ctx, windows);
    return windows.map((w) => periodStats(rides, w, addDays(w.toDate, -1)));
  }

  /** The last 12 calendar months (the current one last). */
  async monthlySummary(ctx: RiderCalendarContext): Promise<PeriodStats[]> {
    const thisMonth = monthStartOf(this.today(ctx));
    const windows = Array.from({ length: MONTHS_IN_SUMMARY }, (_, k) => {
      const start = addMonths(thisMonth, k - MONTHS_IN_SUMMARY + 1);
      return localWindow(start, addMonths(start, 1), ctx.timeZone);
    });
    const rides = await this.ridesIn(ctx, windows);
    return windows.map((w) => periodStats(rides, w, addDays(w.toDate, -1)));
  }

  private ridesIn(ctx: RiderCalendarContext, windows: readonly LocalWindow[]): Promise<RideFacts[]> {
    const from = new Date(Math.min(...windows.map((w) => w.from.getTime())));
    const to = new Date(Math.max(...windows.map((w) => w.to.getTime())));
    return this.deps.dashboard.rides(ctx.userId, { from, to });
  }

  /** GET /api/dashboard: the classic dashboard in one call (spec 000 §2, §3). */
  async dashboard(ctx: RiderCalendarContext) {
    const key = `${ctx.userId}|${ctx.timeZone}|${ctx.firstDayOfWeek}|${ctx.language}|${this.today(ctx)}`;
    return this.classic.get(
      key,
      () => this.deps.dashboard.dashboardVersion(ctx.userId),
      () => this.computeDashboard(ctx),
    );
  }

  private async computeDashboard(ctx: RiderCalendarContext): Promise<DashboardResponse> {
    const today = this.today(ctx);
    const weekStart = weekStartOf(today, ctx.firstDayOfWeek);
    const monthStart = monthStartOf(today);
    const week = localWindow(weekStart, addDays(weekStart, 7), ctx.timeZone);
    const previousWeek = localWindow(addDays(weekStart, -7), weekStart, ctx.timeZone);
    const month = localWindow(monthStart, addMonths(monthStart, 1), ctx.timeZone);
    const previousMonth = localWindow(addMonths(monthStart, -1), monthStart, ctx.timeZone);
    const recentDays = this.lastDays(ctx, TREND_DAYS);
    const earlierDays = this.lastDays(ctx, TREND_DAYS, TREND_DAYS);

    const windows = [week, previousWeek, month, previousMonth, recentDays, earlierDays];
    const [rides, ftp, profile, powerCurve, recent, totals] = await Promise.all([
      this.ridesIn(ctx, windows),
      this.currentFtp(ctx),
      this.deps.profiles.findProfile(ctx.userId),
      this.powerCurve(ctx, '90d'),
      this.recentActivities(ctx, 5),
      this.deps.dashboard.totals(ctx.userId),
    ]);
    const last = (w: LocalWindow) => addDays(w.toDate, -1);
    const recentStats = periodStats(rides, recentDays, today);
    const earlierStats = periodStats(rides, earlierDays, last(earlierDays));

    return {
      today,
      time_zone: ctx.timeZone,
      first_day_of_week: ctx.firstDayOfWeek,
      has_data: totals.activities > 0,
      weekly_stats: periodStats(rides, week, last(week)),
      previous_week_stats: periodStats(rides, previousWeek, last(previousWeek)),
      monthly_stats: periodStats(rides, month, last(month)),
      previous_month_stats: periodStats(rides, previousMonth, last(previousMonth)),
      performance_trends: {
        window_days: TREND_DAYS,
        power: compare(recentStats.average_power, earlierStats.average_power),
        activities: compare(recentStats.activities, earlierStats.activities),
        distance: compare(recentStats.total_distance, earlierStats.total_distance),
      },
      power_curve: { range: '90d' as const, points: powerCurve },
      training_zones: {
        ftp: ftp.ftpW,
        ftp_source: ftp.source,
        ftp_from: ftp.from,
        zones: trainingZones(ftp.ftpW).slice(0, 5),
      },
      recent_activities: recent,
      user: {
        id: ctx.userId,
        firstname: profile?.first_name ?? null,
        ftp: ftp.source === 'default' ? null : ftp.ftpW,
      },
    };
  }

  /** GET /api/dashboard/summary?period=: the analytics-style summary (spec 000 §2) on real data. */
  async summary(ctx: RiderCalendarContext, period: SummaryPeriod): Promise<SummaryResponse> {
    const days = PERIOD_DAYS[period];
    const today = this.today(ctx);
    const current = this.lastDays(ctx, days);
    const previous = this.lastDays(ctx, days, days);
    const comparisonWindows = {
      week: [this.lastDays(ctx, 7), this.lastDays(ctx, 7, 7)],
      month: [this.lastDays(ctx, 30), this.lastDays(ctx, 30, 30)],
      year: [this.lastDays(ctx, 365), this.lastDays(ctx, 365, 365)],
    } as const;
    const allWindows = [current, previous, ...Object.values(comparisonWindows).flat()];
    const [rides, facts, loads, ftp] = await Promise.all([
      this.ridesIn(ctx, allWindows),
      this.deps.dashboard.summaryFacts(ctx.userId, current),
      this.deps.dashboard.loads(ctx.userId),
      this.currentFtp(ctx),
    ]);
    const stats = periodStats(rides, current, today);
    const before = periodStats(rides, previous, addDays(previous.toDate, -1));
    const load = trainingLoad(loads, { today, timeZone: ctx.timeZone, days });
    const form = currentForm(load);

    const zoneSeconds = sumArrays(facts.map((f) => f.power_zones_s));
    const heartSeconds = sumArrays(facts.map((f) => f.heart_rate_zones_s));
    const zones = trainingZones(ftp.ftpW).map((z, k) => ({ ...z, time_s: zoneSeconds?.[k] ?? 0 }));
    const heartTotal = heartSeconds?.reduce((a, b) => a + b, 0) ?? 0;

    const compared = ([now, then]: readonly [LocalWindow, LocalWindow]) => {
      const a = periodStats(rides, now, today);
      const b = periodStats(rides, then, addDays(then.toDate, -1));
      return {
        current_start: a.start_date,
        previous_start: b.start_date,
        metrics: {
          activities: compare(a.activities, b.activities),
          distance: compare(a.total_distance, b.total_distance),
          time: compare(a.total_time, b.total_time),
          tss: compare(a.total_tss, b.total_tss),
          average_power: compare(a.average_power, b.average_power),
        },
      };
    };
    const comparison = {
      week: compared(comparisonWindows.week),
      month: compared(comparisonWindows.month),
      year: compared(comparisonWindows.year),
    };

    return {
      period,
      start_date: current.fromDate,
      end_date: today,
      stats,
      previous_stats: before,
      cards: {
        ftp: { value: ftp.ftpW, source: ftp.source, from: ftp.from },
        average_power: { value: stats.average_power, max: stats.max_power },
        heart_rate: { average: stats.average_heartrate, max: stats.max_heartrate },
        tss: { total: stats.total_tss, average_intensity_factor: stats.average_intensity_factor },
      },
      alerts: summaryAlerts({ stats, form, ftpSource: ftp.source }),
      power_zones: zones,
      heart_rate_zones: (heartSeconds ?? []).map((s, k) => ({
        zone: k + 1,
        time_s: s,
        pct: heartTotal > 0 ? Math.round((s / heartTotal) * 1000) / 10 : 0,
      })),
      comparison,
      ftp_history: [...ftp.history]
        .filter((h) => h.ftp_w !== null)
        .sort((a, b) => (a.effective_from < b.effective_from ? -1 : 1))
        .map((h) => ({ date: h.effective_from, ftp: h.ftp_w! })),
      ftp_estimates: facts
        .filter((f) => f.ftp20_w !== null)
        .map((f) => ({ date: localDate(f.start_time, ctx.timeZone), ftp: Math.round(f.ftp20_w!) })),
      training_load: load,
      form,
    };
  }

  /** GET /api/dashboard/narrative: 'Tu Progreso' (spec 000 §2, §3, §9). */
  async narrative(ctx: RiderCalendarContext): Promise<NarrativeResponse> {
    const today = this.today(ctx);
    const weeks = narrativeWeeks(weekStartOf(today, ctx.firstDayOfWeek), ctx.timeZone);
    const [facts, ftp, totals, importing] = await Promise.all([
      this.deps.dashboard.summaryFacts(ctx.userId, { from: weeks[0]!.from, to: weeks.at(-1)!.to }),
      this.currentFtp(ctx),
      this.deps.dashboard.totals(ctx.userId),
      this.deps.dashboard.importing(ctx.userId, this.deps.now()),
    ]);
    const metrics = narrativeMetrics(facts, weeks);
    // The one weight of the rider (dated entries, the profile's the same), said in the answer.
    const weight = riderValueAt(ftp.history, 'weight_kg', today);
    const weightKg = weight?.value;
    const dataSource =
      totals.activities === 0 ? 'none' : totals.ownActivities === 0 ? ('demo' as const) : ('real' as const);
    return {
      generated_at: this.deps.now().toISOString(),
      today,
      data_source: dataSource,
      syncing: importing,
      rides_in_period: facts.length,
      weight: weight ? { kg: weight.value, source: weight.source, from: weight.from } : null,
      hero: {
        strength: {
          ftp_w: ftp.ftpW,
          ftp_source: ftp.source,
          ftp_from: ftp.from,
          w_per_kg: weightKg ? Math.round((ftp.ftpW / weightKg) * 100) / 100 : null,
        },
        aero: { value: metrics.aerodynamics.value, measure: metrics.aerodynamics.measure },
        technique: { value: metrics.technique.value, measure: metrics.technique.measure },
      },
      metrics: [metrics.power, metrics.aerodynamics, metrics.technique, metrics.efficiency],
      recommendations: coachAdvice(metrics).map((r) => ({
        id: r.id,
        category: r.category,
        priority: r.priority,
        change_pct: Math.round(r.changePct * 10) / 10,
      })),
      next_goal: nextGoal(ftp.ftpW, weightKg),
    };
  }
}

/** Coggan zones for an FTP in the API's shape (spec 000 §3 training_zones). */
export function trainingZones(ftpW: number): TrainingZoneResponse[] {
  const colors = ['#94a3b8', '#3b82f6', '#22c55e', '#eab308', '#f97316', '#ef4444', '#a855f7'];
  return cogganPowerZones({ ftpW }).map((z, k) => ({
    zone: z.zone,
    name_key: z.nameKey.replace('zones.power.', ''),
    minPower: Math.round(z.minW),
    maxPower: Number.isFinite(z.maxW) ? Math.round(z.maxW) : null,
    color: colors[k]!,
  }));
}

function sumArrays(arrays: readonly (number[] | null)[]): number[] | undefined {
  let out: number[] | undefined;
  for (const a of arrays) {
    if (!a) continue;
    out ??= [];
    a.forEach((v, k) => {
      out![k] = (out![k] ?? 0) + (Number.isFinite(v) ? v : 0);
    });
  }
  return out;
}

/**
 * The summary's alerts as stable keys and numbers (words in the web's locales): form from TSB
 * (packages/analysis `formState`), a steep CTL ramp (> 8 per week: Friel's upper bound for a safe
 * build, WKO's ramp-rate guidance), no ride in the period, and FTP unknown (zones from 250 W).
 */
function summaryAlerts(input: {
  stats: PeriodStats;
  form: ReturnType<typeof currentForm>;
  ftpSource: DashboardFtpSource;
}): SummaryResponse['alerts'] {
  const alerts: SummaryResponse['alerts'] = [];
  if (input.ftpSource === 'default') alerts.push({ key: 'ftpDefault', level: 'info', value: DEFAULT_FTP_W });
  if (input.stats.activities === 0) alerts.push({ key: 'noRides', level: 'info', value: null });
  const form = input.form;
  if (form) {
    if (form.state === 'overreached' || form.state === 'tired')
      alerts.push({ key: `form.${form.state}`, level: 'warning', value: form.tsb });
    else if (form.state === 'excellent' || form.state === 'good')
      alerts.push({ key: `form.${form.state}`, level: 'success', value: form.tsb });
    if (form.ramp_rate !== null && form.ramp_rate > 8)
      alerts.push({ key: 'rampHigh', level: 'warning', value: form.ramp_rate });
  }
  return alerts;
}
