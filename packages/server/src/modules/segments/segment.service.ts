import {
  COMPARE_BINS,
  COMPARE_SECTIONS,
  effortProfile,
  bestEffortIndex,
  consistencyPct,
  DEFAULT_BIKE_KG,
  pacingAdvice,
  pacingEfficiency,
  pacingPhysics,
  pacingStrategy,
  recommendedPacing,
  relativePerformance,
  SEGMENT_SECTIONS,
  segmentTrend,
  thirdsGradePct,
  thirdsPowerW,
} from '@vatio/analysis';
import {
  RIDER_VALUE_SOURCES,
  type RiderWeight,
  type SegmentCompareResponse,
  type SegmentDetailResponse,
  type SegmentListResponse,
  type SegmentPatch,
  type SegmentSummary,
} from '@vatio/schemas';
import type { WriteEpoch } from '../../db/write-epoch.ts';
import { AppError } from '../../errors.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import { decodeStreams } from '../../storage/stream-codec.ts';
import { VersionedCache } from '../../kernel/versioned-cache.ts';
import type { SegmentRepository, SegmentRow } from './segment.repository.ts';

/** The rider's weight when no weight was in force on the effort's date, kg (AERO_DEFAULTS' rider). */
const DEFAULT_RIDER_KG = 75;

/**
 * Which of the rider's weights an effort's W/kg and pacing model divide by, and from when: its ride's
 * (the entry in force on the ride's date, else the nearest), as the ride's analysis stored it. Null when
 * the effort has no weight, or its ride was analysed before the date was kept (ANALYSIS_VERSION 12) or
 * with another weight: a weight is not attributed to an entry it may not come from.
 */
function effortWeight(r: {
  weight_kg: number | null;
  ride_weight_kg: number | null;
  ride_weight_source: string | null;
  ride_weight_from: string | null;
}): RiderWeight {
  const source = RIDER_VALUE_SOURCES.find((v) => v === r.ride_weight_source);
  if (r.weight_kg === null || r.ride_weight_kg !== r.weight_kg || !source || !r.ride_weight_from) return null;
  return { kg: r.weight_kg, source, from: r.ride_weight_from };
}

interface EffortLike {
  id: string;
  source: 'climb' | 'strava';
  activity_id: string;
  start_time: Date;
  elapsed_s: number;
  avg_power_w: number | null;
}

const round1 = (v: number) => Math.round(v * 10) / 10;

type CompareFigures = SegmentCompareResponse['sections'][number]['difference'];

/**
 * GET/PATCH /api/analytics/segments*: the list (attempts, best, latest, trend, consistency) and one
 * segment (efforts, best with its day's conditions and W/kg, pacing of the latest effort with power
 * against the recommendation of packages/analysis segments/pacing.ts). Whole answers kept per rider
 * until the rider's segments, efforts or rides change.
 */
export class SegmentService {
  private readonly listCache: VersionedCache<SegmentListResponse>;
  private readonly detailCache: VersionedCache<SegmentDetailResponse | undefined>;

  private readonly compareCache: VersionedCache<SegmentCompareResponse | undefined>;

  constructor(
    private readonly deps: {
      repository: SegmentRepository;
      blobs: BlobStore;
      writes: WriteEpoch;
      now: () => Date;
    },
  ) {
    this.listCache = new VersionedCache(500, deps.writes);
    this.detailCache = new VersionedCache(2000, deps.writes);
    this.compareCache = new VersionedCache(200, deps.writes);
  }

  /**
   * Two efforts of a segment over distance: power and speed per bin and a table by thirds, each
   * measured on its ride's stored streams (packages/analysis segments/compare.ts). NOT_FOUND unless
   * both are efforts of this rider's segment.
   */
  async compare(userId: string, segmentId: string, a: string, b: string): Promise<SegmentCompareResponse> {
    const answer = await this.compareCache.get(
      `${userId}|${segmentId}|${a}|${b}`,
      () => this.deps.repository.version(userId),
      () => this.computeCompare(userId, segmentId, a, b),
    );
    if (!answer) throw new AppError('NOT_FOUND');
    return answer;
  }

  list(userId: string): Promise<SegmentListResponse> {
    return this.listCache.get(
      userId,
      () => this.deps.repository.version(userId),
      () => this.computeList(userId),
    );
  }

  async detail(userId: string, segmentId: string): Promise<SegmentDetailResponse> {
    const answer = await this.detailCache.get(
      `${userId}|${segmentId}`,
      () => this.deps.repository.version(userId),
      () => this.computeDetail(userId, segmentId),
    );
    if (!answer) throw new AppError('NOT_FOUND');
    return answer;
  }

  async update(userId: string, segmentId: string, patch: SegmentPatch): Promise<SegmentDetailResponse> {
    const { name, ...flags } = patch;
    const updated = await this.deps.repository.update(
      userId,
      segmentId,
      { ...flags, ...(name !== undefined ? { name: name?.trim() || null } : {}) },
      this.deps.now(),
    );
    if (!updated) throw new AppError('NOT_FOUND');
    return this.detail(userId, segmentId);
  }

  private async computeList(userId: string): Promise<SegmentListResponse> {
    const segments = await this.deps.repository.listed(userId);
    const efforts = await this.deps.repository.effortTimes(
      userId,
      segments.map((s) => s.id),
    );
    const bySegment = new Map<string, EffortLike[]>();
    for (const e of efforts) {
      const list = bySegment.get(e.segment_id) ?? [];
      list.push(e);
      bySegment.set(e.segment_id, list);
    }
    const summaries = segments
      .map((s) => summaryOf(s, bySegment.get(s.id) ?? []))
      .filter((s): s is SegmentSummary => s !== undefined);
    summaries.sort(
      (a, b) =>
        Number(a.hidden) - Number(b.hidden) ||
        Number(b.starred) - Number(a.starred) ||
        b.attempts - a.attempts,
    );
    return { segments: summaries };
  }

  private async computeCompare(
    userId: string,
    segmentId: string,
    a: string,
    b: string,
  ): Promise<SegmentCompareResponse | undefined> {
    const segment = await this.deps.repository.find(userId, segmentId);
    if (!segment) return undefined;
    const rows = await this.deps.repository.effortsWithStreams(userId, segmentId, [a, b]);
    const pair = [rows.find((r) => r.id === a), rows.find((r) => r.id === b)];
    if (!pair[0] || !pair[1]) return undefined;
    const all = await this.deps.repository.efforts(userId, segmentId);
    const relative = relativePerformance(
      all.map((r) => ({ elapsedS: r.elapsed_s, averagePowerW: r.avg_power_w })),
    );
    const profiles = await Promise.all(
      pair.map(async (r) => {
        if (!r!.streams_blob_key) return undefined;
        const streams = decodeStreams(await this.deps.blobs.get(r!.streams_blob_key));
        return effortProfile(streams, Math.round(r!.start_offset_s), Math.round(r!.end_offset_s));
      }),
    );
    const lengthM = segment.length_m;
    const thirds = thirdsGradePct(segment.section_grade_pct.map(Number));
    // A Strava effort of a ride without streams has its whole time only: no figures by third.
    const figures = (j: number): CompareFigures[] =>
      profiles.map((p) => {
        const s = p?.sections[j];
        return {
          time_s: s ? round(s.timeS, 1) : null,
          power_w: s ? round(s.powerW, 1) : null,
          speed_mps: s ? round(s.speedMps, 3) : null,
        };
      });
    return {
      segment_id: segment.id,
      length_m: Math.round(lengthM),
      distance_m: Array.from({ length: COMPARE_BINS }, (_, k) =>
        round1(((k + 0.5) * lengthM) / COMPARE_BINS),
      ),
      efforts: pair.map((r, i) => {
        const p = profiles[i];
        return {
          ...brief(r!, relative[all.findIndex((x) => x.id === r!.id)] ?? 1),
          activity_name: r!.activity_name,
          measured: p !== undefined,
          power_w: p ? p.binPowerW.map((v) => round(v, 1)) : [],
          speed_mps: p ? p.binSpeedMps.map((v) => round(v, 3)) : [],
        };
      }),
      sections: Array.from({ length: COMPARE_SECTIONS }, (_, j) => {
        const [fa, fb] = figures(j) as [CompareFigures, CompareFigures];
        return {
          from_m: round1((j * lengthM) / COMPARE_SECTIONS),
          to_m: round1(((j + 1) * lengthM) / COMPARE_SECTIONS),
          grade_pct: round1(thirds[j]!),
          efforts: [fa, fb],
          difference: {
            time_s: difference(fa.time_s, fb.time_s, 1),
            power_w: difference(fa.power_w, fb.power_w, 1),
            speed_mps: difference(fa.speed_mps, fb.speed_mps, 3),
          },
        };
      }),
    };
  }

  private async computeDetail(userId: string, segmentId: string): Promise<SegmentDetailResponse | undefined> {
    const segment = await this.deps.repository.find(userId, segmentId);
    if (!segment) return undefined;
    const rows = await this.deps.repository.efforts(userId, segmentId);
    const summary = summaryOf(segment, rows);
    if (!summary) return undefined;
    const relative = relativePerformance(
      rows.map((r) => ({ elapsedS: r.elapsed_s, averagePowerW: r.avg_power_w })),
    );
    const efforts = rows.map((r, i) => ({
      ...brief(r, relative[i]!),
      activity_name: r.activity_name,
      average_heart_rate_bpm: r.avg_hr_bpm,
      weight_kg: r.weight_kg,
      weight: effortWeight(r),
      watts_per_kg:
        r.avg_power_w !== null && r.weight_kg ? Math.round((r.avg_power_w / r.weight_kg) * 100) / 100 : null,
      temperature_c: r.temperature_c,
      splits_s: r.splits_s.map(Number),
      section_power_w: r.section_power_w.map((p) => (p === null ? null : Number(p))),
    }));
    const grades = segment.section_grade_pct.map(Number);
    // Pacing reads the splits: a Strava effort of a ride without streams has none.
    const withPower = [...rows]
      .reverse()
      .find((r) => r.avg_power_w !== null && r.avg_power_w > 0 && r.splits_s.length === SEGMENT_SECTIONS + 1);
    let pacing: SegmentDetailResponse['pacing'] = null;
    if (withPower) {
      const splits = withPower.splits_s.map(Number);
      const sections = withPower.section_power_w.map((p) => (p === null ? null : Number(p)));
      const actual = thirdsPowerW(splits, sections);
      const meanPowerW = withPower.avg_power_w!;
      const massKg = (withPower.weight_kg ?? DEFAULT_RIDER_KG) + DEFAULT_BIKE_KG;
      const thirdsGrade = thirdsGradePct(grades);
      const recommended = recommendedPacing({
        lengthM: segment.length_m,
        thirdsGradePct: thirdsGrade,
        meanPowerW,
        physics: pacingPhysics(massKg),
      });
      const strategy = pacingStrategy({ thirdsPowerW: actual, splitsS: splits, sectionPowerW: sections });
      const efficiency = pacingEfficiency({
        splitsS: splits,
        sectionPowerW: sections,
        recommendedW: recommended.powerW,
        meanPowerW,
      });
      pacing = {
        effort_id: withPower.id,
        strategy,
        efficiency: Math.round(efficiency * 1000) / 1000,
        advice: pacingAdvice({
          strategy,
          efficiency,
          thirdsPowerW: actual,
          recommendedW: recommended.powerW,
          thirdsGradePct: thirdsGrade,
        }),
        thirds_grade_pct: thirdsGrade.map(round1),
        actual_w: actual.map((p) => (Number.isFinite(p) ? Math.round(p) : null)),
        recommended_w: recommended.powerW.map(Math.round),
        even_time_s: round1(recommended.evenTimeS),
        recommended_time_s: round1(recommended.recommendedTimeS),
        mass_kg: round1(massKg),
        rider_weight: effortWeight(withPower),
      };
    }
    return {
      segment: { ...summary, section_grade_pct: grades.map(round1) },
      efforts,
      best_effort_id: summary.best.id,
      pacing,
    };
  }
}

const round = (v: number | null, digits: number) => {
  if (v === null || !Number.isFinite(v)) return null;
  const f = 10 ** digits;
  return Math.round(v * f) / f;
};
const difference = (x: number | null, y: number | null, digits: number) =>
  x === null || y === null ? null : round(y - x, digits);

function brief(e: EffortLike, relative: number) {
  return {
    id: e.id,
    activity_id: e.activity_id,
    start_time: e.start_time.toISOString(),
    elapsed_s: e.elapsed_s,
    average_power_w: e.avg_power_w === null ? null : Math.round(e.avg_power_w),
    relative_performance: Math.round(relative * 1000) / 1000,
    source: e.source,
  };
}

/** A segment's row and its efforts (oldest first) as the list shows it; undefined without efforts. */
function summaryOf(s: SegmentRow, efforts: readonly EffortLike[]): SegmentSummary | undefined {
  if (efforts.length === 0) return undefined;
  const times = efforts.map((e) => ({ elapsedS: e.elapsed_s, averagePowerW: e.avg_power_w }));
  const relative = relativePerformance(times);
  const bestIndex = bestEffortIndex(times);
  const last = efforts.length - 1;
  const powers = efforts.map((e) => e.avg_power_w).filter((p): p is number => p !== null);
  const consistency = consistencyPct(times);
  return {
    id: s.id,
    name: s.name ?? s.source_name,
    source: s.source,
    strava_segment_id: s.strava_segment_id === null ? null : Number(s.strava_segment_id),
    length_m: Math.round(s.length_m),
    average_grade_pct: round1(s.avg_grade_pct),
    start: { lat: s.start_lat, lng: s.start_lng },
    end: { lat: s.end_lat, lng: s.end_lng },
    starred: s.starred,
    hidden: s.hidden,
    attempts: efforts.length,
    best: brief(efforts[bestIndex]!, relative[bestIndex]!),
    latest: brief(efforts[last]!, relative[last]!),
    latest_is_pb: last > 0 && relative[last]! > 1,
    average_power_w: powers.length > 0 ? Math.round(powers.reduce((a, p) => a + p, 0) / powers.length) : null,
    consistency_pct: consistency === undefined ? null : round1(consistency),
    trend: segmentTrend(times),
  };
}
