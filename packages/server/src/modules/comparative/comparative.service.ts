import {
  COMPARATIVE_PERIOD_DAYS,
  COMPARE_FIGURES,
  type ComparativeMetric,
  type ComparativePeriod,
  type ComparativeResponse,
  type CompareResponse,
  type CompareRide,
  type EvolutionMetric,
  type EvolutionPoint,
  type EvolutionRange,
  type EvolutionResponse,
} from '@vatio/schemas';
import type { WriteEpoch } from '../../db/write-epoch.ts';
import { AppError } from '../../errors.ts';
import { presentActivity } from '../activities/activity.presenter.ts';
import type { ActivityService } from '../activities/activity.service.ts';
import type { RideLanguage } from '../activities/ride-name.ts';
import type { AnalyticsRepository } from '../analytics/analytics.repository.ts';
import type { AthleteSettingsRepository } from '../../kernel/athlete-settings.repository.ts';
import { VersionedCache } from '../../kernel/versioned-cache.ts';
import { addDays, localToday, localWindow } from '../dashboard/zoned-calendar.ts';
import { seriesByDistance, seriesByTime } from './compare-series.ts';
import {
  bestRide,
  byRideType,
  comparativeRide,
  MAX_LISTED_RIDES,
  periodSummary,
  RECENT_RIDES,
  temporalPatterns,
} from './comparative-summary.ts';
import type { ComparativeRepository } from './comparative.repository.ts';
import { cdaPoints, evolutionAnswer, ftpPoints, vo2maxPoints, weightPoints } from './evolution.ts';
import { relativeChangePct } from './relative-change.ts';

const RANGE_DAYS: Record<Exclude<EvolutionRange, 'all'>, number> = { '3m': 91, '6m': 182, '1y': 365 };

/**
 * The comparative analysis (issue 14, spec 001 §2.5): the period's rides and their patterns, two rides
 * side by side, and the evolution of FTP, VO2max, CdA and weight. Ride figures are the stored values
 * and the ride page's own analysis (ActivityService), never computed a second way. Whole answers are
 * kept per rider until a ride, the settings or the profile change (the dashboard's versioned cache).
 */
export class ComparativeService {
  private readonly periods: VersionedCache<ComparativeResponse>;
  private readonly pairs: VersionedCache<CompareResponse>;
  private readonly evolutions: VersionedCache<EvolutionPoint[]>;
  private readonly answers: VersionedCache<EvolutionResponse>;

  constructor(
    private readonly deps: {
      repository: ComparativeRepository;
      analytics: AnalyticsRepository;
      athleteSettings: AthleteSettingsRepository;
      rides: ActivityService;
      now: () => Date;
      writes: WriteEpoch;
    },
  ) {
    this.periods = new VersionedCache(500, deps.writes);
    // Each answer holds four downsampled series (tens of kilobytes): fewer kept than the small answers.
    this.pairs = new VersionedCache(50, deps.writes);
    this.evolutions = new VersionedCache(400, deps.writes);
    this.answers = new VersionedCache(800, deps.writes);
  }

  private version(userId: string) {
    return () => this.deps.analytics.version(userId);
  }

  comparative(
    userId: string,
    q: { period: ComparativePeriod; metric: ComparativeMetric; timeZone: string; language: RideLanguage },
  ): Promise<ComparativeResponse> {
    const today = localToday(this.deps.now(), q.timeZone);
    return this.periods.get(
      `${userId}|${q.period}|${q.metric}|${q.timeZone}|${q.language}|${today}`,
      this.version(userId),
      async () => {
        const end = addDays(today, 1);
        const start = addDays(end, -COMPARATIVE_PERIOD_DAYS[q.period]);
        const w = localWindow(start, end, q.timeZone);
        const rows = await this.deps.repository.rides(userId, { from: w.from, to: w.to });
        const rides = rows.map((r) => comparativeRide(r, q.language));
        return {
          period: q.period,
          metric: q.metric,
          window: { from: start, to: today },
          summary: periodSummary(rows),
          best: bestRide(rides, q.metric),
          latest: rides[0] ?? null,
          rides: rides.slice(0, MAX_LISTED_RIDES),
          recent: rides.slice(0, RECENT_RIDES).reverse(),
          by_type: byRideType(rows),
          patterns: temporalPatterns(rows, q.timeZone),
        };
      },
    );
  }

  /** Two of the rider's rides; another rider's ride does not exist (404), as everywhere. */
  compare(userId: string, q: { a: string; b: string; language: RideLanguage }): Promise<CompareResponse> {
    return this.pairs.get(`${userId}|${q.a}|${q.b}|${q.language}`, this.version(userId), async () => {
      const [a, b] = await Promise.all([
        this.compareRide(userId, q.a, q.language),
        this.compareRide(userId, q.b, q.language),
      ]);
      return { a, b, figures: COMPARE_FIGURES.map((key) => figure(key, a, b)) };
    });
  }

  private async compareRide(userId: string, id: string, language: RideLanguage): Promise<CompareRide> {
    const { rides } = this.deps;
    // The same two reads as GET /api/activities/:id and /analysis, so the figures are theirs.
    const { row } = await rides.detail(userId, id);
    const { analysis, streams } = await rides.analysis(userId, row.id);
    return {
      ride: presentActivity(row, language),
      summary: analysis.summary,
      power_curve: analysis.power_curve,
      by_time: seriesByTime(streams),
      by_distance: seriesByDistance(streams),
    };
  }

  evolution(
    userId: string,
    q: { metric: EvolutionMetric; range: EvolutionRange; timeZone: string },
  ): Promise<EvolutionResponse> {
    const today = localToday(this.deps.now(), q.timeZone);
    // Whole answers per range and day, over the metric's points kept once for every range.
    return this.answers.get(`${userId}|${q.metric}|${q.range}|${today}`, this.version(userId), async () => {
      const points = await this.evolutions.get(`${userId}|${q.metric}`, this.version(userId), () =>
        this.allPoints(userId, q.metric),
      );
      const from = q.range === 'all' ? null : addDays(today, -RANGE_DAYS[q.range] + 1);
      return evolutionAnswer(q.metric, q.range, from, points);
    });
  }

  private async allPoints(userId: string, metric: EvolutionMetric): Promise<EvolutionPoint[]> {
    const { repository, athleteSettings } = this.deps;
    switch (metric) {
      case 'ftp': {
        const [settings, rides] = await Promise.all([
          athleteSettings.list(userId),
          repository.ftpRides(userId),
        ]);
        return ftpPoints(settings, rides);
      }
      case 'weight':
        return weightPoints(await athleteSettings.list(userId));
      case 'cda':
        return cdaPoints(await repository.cdaFits(userId));
      case 'vo2max': {
        const [baseline, bests] = await Promise.all([
          athleteSettings.baseline(userId),
          repository.fiveMinuteBests(userId),
        ]);
        return vo2maxPoints(bests, baseline);
      }
      default:
        throw new AppError('VALIDATION');
    }
  }
}

function figureOf(key: (typeof COMPARE_FIGURES)[number], r: CompareRide): number | null {
  switch (key) {
    case 'distance_m':
      return r.ride.distance;
    case 'average_speed_mps':
      return r.ride.average_speed;
    default:
      return r.summary[key];
  }
}

function figure(key: (typeof COMPARE_FIGURES)[number], a: CompareRide, b: CompareRide) {
  const va = figureOf(key, a);
  const vb = figureOf(key, b);
  const difference = va === null || vb === null ? null : Number((vb - va).toFixed(3));
  return {
    key,
    a: va,
    b: vb,
    difference,
    difference_pct: relativeChangePct(va, vb),
  };
}
