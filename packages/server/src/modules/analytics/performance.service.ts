import { AERO_DEFAULTS, type PanelRide, type PanelWindow, performancePanel } from '@vatio/analysis';
import type { PerformanceResponse, RiderWeight } from '@vatio/schemas';
import type { WriteEpoch } from '../../db/write-epoch.ts';
import { EFTP_WINDOW_DAYS, estimateFtpAt } from '../activities/estimated-ftp.ts';

import type {
  AthleteSettingsRepository,
  AthleteSettingsRow,
} from '../../kernel/athlete-settings.repository.ts';
import { currentFtpOf } from '../../kernel/current-ftp.ts';
import { riderValueAt } from '../../kernel/ride-settings.ts';

/** The rider's weight on a date as the answer states it: which entry, and from when. */
function riderWeightOf(history: readonly AthleteSettingsRow[], date: string): RiderWeight {
  const w = riderValueAt(history, 'weight_kg', date);
  return w ? { kg: w.value, source: w.source, from: w.from } : null;
}
import { type LoadPoint, trainingLoad } from '../dashboard/training-load.ts';
import { VersionedCache } from '../../kernel/versioned-cache.ts';
import { addDays, localToday, type LocalWindow, localWindow } from '../dashboard/zoned-calendar.ts';
import type { AnalyticsRepository, PanelRideRow } from './analytics.repository.ts';

/** The longest period the panel offers, weeks. */
const LONGEST_WEEKS = 12;

type BestEffortRow = Awaited<ReturnType<AnalyticsRepository['bestEfforts']>>[number];

/**
 * GET /api/analytics/performance: the performance panel (issue 13) for the last N weeks of local
 * days up to today against the N weeks before, from stored ride results, with the rider's FTP and
 * weight as they stood on each window's last day. Whole answers are kept per rider, zone, period and
 * day until a ride, the settings or the profile change (the dashboard's versioned cache).
 */
export class PerformanceService {
  private readonly cache: VersionedCache<PerformanceResponse>;
  /** The rider's CTL/ATL/TSB days, shared by the three periods (the longest period's two windows). */
  private readonly loads: VersionedCache<LoadPoint[]>;

  constructor(
    private readonly deps: {
      analytics: AnalyticsRepository;
      athleteSettings: AthleteSettingsRepository;
      now: () => Date;
      writes: WriteEpoch;
    },
  ) {
    this.cache = new VersionedCache(500, deps.writes);
    this.loads = new VersionedCache(200, deps.writes);
  }

  performance(userId: string, weeks: number, timeZone: string): Promise<PerformanceResponse> {
    const today = localToday(this.deps.now(), timeZone);
    return this.cache.get(
      `${userId}|${timeZone}|${weeks}|${today}`,
      () => this.deps.analytics.version(userId),
      () => this.compute(userId, weeks, timeZone, today),
    );
  }

  private async compute(
    userId: string,
    weeks: number,
    timeZone: string,
    today: string,
  ): Promise<PerformanceResponse> {
    const days = weeks * 7;
    const end = addDays(today, 1);
    const start = addDays(end, -days);
    const current = localWindow(start, end, timeZone);
    const previous = localWindow(addDays(start, -days), start, timeZone);
    const { analytics } = this.deps;
    const both = { from: previous.from, to: current.to };
    const [rides, load, efforts, history, profile] = await Promise.all([
      analytics.panelRides(userId, both),
      this.loads.get(
        `${userId}|${timeZone}|${today}`,
        () => analytics.version(userId),
        async () =>
          trainingLoad(await analytics.loads(userId), { today, timeZone, days: 2 * LONGEST_WEEKS * 7 + 1 }),
      ),
      analytics.bestEfforts(userId, both),
      this.deps.athleteSettings.list(userId),
      analytics.profileBasics(userId),
    ]);
    const windowOf = (w: LocalWindow) => this.window(userId, w, { rides, efforts, history, load });
    const [now, before] = await Promise.all([windowOf(current), windowOf(previous)]);
    const panel = performancePanel({
      weeks,
      current: now,
      previous: before,
      sex: profile.sex,
      bikeKg: AERO_DEFAULTS.bikeKg,
    });
    return {
      weeks,
      window: { from: start, to: addDays(end, -1) },
      previous: { from: previous.fromDate, to: addDays(start, -1) },
      tabs: panel.tabs,
      profile_table: { table: panel.profileTable.table, sex_said: panel.profileTable.sexSaid },
      summary: panel.summary,
      // Which weight the window's W/kg divides by, and from when (issue 25).
      weight: riderWeightOf(history, addDays(end, -1)),
    };
  }

  private async window(
    userId: string,
    w: LocalWindow,
    data: {
      rides: PanelRideRow[];
      efforts: BestEffortRow[];
      history: AthleteSettingsRow[];
      load: LoadPoint[];
    },
  ): Promise<PanelWindow> {
    const inWindow = <T extends { start_time: Date }>(rows: T[]) =>
      rows.filter((r) => r.start_time >= w.from && r.start_time < w.to);
    const lastDay = addDays(w.toDate, -1);
    // The rider's FTP on the window's last day: the entry in force, else the nearest (a ride's order).
    const rider = currentFtpOf(data.history, lastDay, {})?.ftpW;
    const point = data.load.find((p) => p.date === lastDay);
    const efforts = inWindow(data.efforts);
    const best = (pick: (e: BestEffortRow) => number | null) =>
      efforts.reduce<number | null>((b, e) => {
        const p = pick(e);
        return p !== null && (b === null || p > b) ? p : b;
      }, null);
    return {
      rides: inWindow(data.rides).map(panelRide),
      ftp: await this.ftpAt(userId, w, rider),
      // The rider's one weight (dated entries) on the window's last day, else the nearest entry.
      weightKg: riderValueAt(data.history, 'weight_kg', lastDay)?.value ?? null,
      load: point ? { ctl: point.ctl, atl: point.atl, tsb: point.tsb } : null,
      best: { fiveMinW: best((e) => e.best_5min_w), sixtyMinW: best((e) => e.best_60min_w) },
    };
  }

  /**
   * The FTP on a window's last day, in a ride's order (issue 25): the rider's entry in force, else the
   * rider's nearest entry, else the newest FTP a device recorded in a ride before then (said as such,
   * as the predictive screen says it: the rider never gave Vatio one), else eFTP from the curves of
   * the 90 days up to then (estimated-ftp.ts).
   */
  private async ftpAt(
    userId: string,
    w: LocalWindow,
    riderFtpW: number | undefined,
  ): Promise<PanelWindow['ftp']> {
    if (riderFtpW) return { powerW: riderFtpW, source: 'set' };
    const rideFtp = await this.deps.analytics.rideFtpBefore(userId, w.to);
    if (rideFtp) return { powerW: rideFtp, source: 'ride' };
    // Whole curves only for riders with no FTP anywhere: the 90 days up to the window's end.
    const last = new Date(w.to.getTime() - 1);
    const curves = await this.deps.analytics.curves(userId, {
      from: new Date(w.to.getTime() - EFTP_WINDOW_DAYS * 86_400_000),
      to: w.to,
    });
    const estimate = estimateFtpAt(curves, last);
    return estimate ? { powerW: estimate.ftpW, source: 'estimated' } : null;
  }
}

function panelRide(r: PanelRideRow): PanelRide {
  return {
    movingTimeS: r.moving_time_s,
    elevationGainM: r.elevation_gain_m,
    averagePowerW: r.average_power_w,
    normalizedPowerW: r.normalized_power_w,
    intensityFactor: r.intensity_factor,
    trainingStressScore: r.training_stress_score,
    variabilityIndex: r.variability_index,
    averageHeartRateBpm: r.average_heartrate_bpm,
    aerobicDecouplingPct: r.aerobic_decoupling_pct,
    averageCadenceRpm: r.average_cadence_rpm,
    leftBalancePct: r.left_balance_pct,
    torqueEffectivenessPct: r.torque_effectiveness_pct,
    pedalSmoothnessPct: r.pedal_smoothness_pct,
    climbing:
      r.climb_time_s === null || r.climb_gain_m === null
        ? null
        : { timeS: r.climb_time_s, gainM: r.climb_gain_m, workKj: r.climb_work_kj },
  };
}
