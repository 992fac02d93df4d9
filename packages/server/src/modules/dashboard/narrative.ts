import { type Recommendation, recommendations, trendOf } from '@vatio/analysis';
import type { NarrativeMetricResponse, NarrativeMetricType } from '@vatio/schemas';
import type { RideSummaryFacts } from './dashboard.repository.ts';
import { addDays, type LocalWindow, localWindow } from './zoned-calendar.ts';

/** Weeks of history on each metric card (spec 000 §9: "Sparkline history: 8 weeks"). */
export const NARRATIVE_WEEKS = 8;

export type { NarrativeMetricType } from '@vatio/schemas';
/** One card: a metric's weekly values (what each field means: @vatio/schemas narrativeMetricSchema). */
export type NarrativeMetric = NarrativeMetricResponse;

/** Weekly windows, oldest first, the last one being the week that contains today. */
export function narrativeWeeks(currentWeekStart: string, timeZone: string): LocalWindow[] {
  return Array.from({ length: NARRATIVE_WEEKS }, (_, k) => {
    const start = addDays(currentWeekStart, (k - NARRATIVE_WEEKS + 1) * 7);
    return localWindow(start, addDays(start, 7), timeZone);
  });
}

function weekOf(rides: readonly RideSummaryFacts[], week: LocalWindow) {
  const from = week.from.getTime();
  const to = week.to.getTime();
  return rides.filter((r) => r.start_time.getTime() >= from && r.start_time.getTime() < to);
}

function weightedMean(rides: readonly RideSummaryFacts[], value: (r: RideSummaryFacts) => number | null) {
  let sum = 0;
  let weight = 0;
  for (const r of rides) {
    const v = value(r);
    if (v === null || !Number.isFinite(v)) continue;
    const w = Math.max(1, r.moving_time_s);
    sum += v * w;
    weight += w;
  }
  return weight > 0 ? sum / weight : null;
}

function best(rides: readonly RideSummaryFacts[], value: (r: RideSummaryFacts) => number | null) {
  let max: number | null = null;
  for (const r of rides) {
    const v = value(r);
    if (v !== null && Number.isFinite(v) && (max === null || v > max)) max = v;
  }
  return max;
}

function median(values: readonly (number | null)[]): number | null {
  const sorted = values.filter((v): v is number => v !== null && Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * One card from weekly values. The spec's trend rule (000 §4): up when the recent mean beats the
 * earlier one by more than 2 %, down below −2 %, else stable; recent = the last four weeks with a
 * value, earlier = the first four (fewer when fewer weeks have data; none with under two weeks).
 */
export function metricFromWeeks(
  type: NarrativeMetricType,
  measure: NarrativeMetric['measure'],
  weeks: readonly LocalWindow[],
  weekly: readonly (number | null)[],
): NarrativeMetric {
  const values = weekly.filter((v): v is number => v !== null);
  const half = Math.min(4, Math.floor(values.length / 2));
  const earlier = values.slice(0, half);
  const recent = values.slice(values.length - half);
  const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const changePct =
    half > 0 && mean(earlier) !== 0 ? ((mean(recent) - mean(earlier)) / mean(earlier)) * 100 : null;
  return {
    type,
    measure,
    available: values.length > 0,
    value: values.at(-1) ?? null,
    change_pct: changePct === null ? null : Math.round(changePct * 10) / 10,
    trend: half > 0 ? (trendOf({ earlier, recent }) ?? null) : null,
    history: weeks.map((w, k) => ({ week_start: w.fromDate, value: weekly[k] ?? null })),
  };
}

/**
 * The four cards from the stored per-ride summaries:
 * - power: the week's best FTP estimate (95 % of the best 20-min power, packages/analysis
 *   `ftpFromBest20Min`), a performance rather than a setting, so it moves with training;
 * - technique: pedal smoothness (%), moving-time-weighted, else torque effectiveness;
 * - efficiency: efficiency factor (NP / average HR), moving-time-weighted;
 * - aerodynamics: the week's median CdA over the rides whose whole-ride virtual-elevation fit is
 *   trustworthy (@vatio/analysis aeroFitTrustworthy); a median, since one windy ride should not move the week. Falling CdA
 *   is the improvement: the change is reported as measured (negative = better).
 */
export function narrativeMetrics(rides: readonly RideSummaryFacts[], weeks: readonly LocalWindow[]) {
  const perWeek = weeks.map((w) => weekOf(rides, w));
  const power = perWeek.map((rs) => best(rs, (r) => r.ftp20_w));
  const smoothness = perWeek.map((rs) => weightedMean(rs, (r) => r.pedal_smoothness_pct));
  const torque = perWeek.map((rs) => weightedMean(rs, (r) => r.torque_effectiveness_pct));
  const efficiency = perWeek.map((rs) => weightedMean(rs, (r) => r.efficiency_factor));
  const aero = perWeek.map((rs) => median(rs.map((r) => r.cda_m2)));
  const hasSmoothness = smoothness.some((v) => v !== null);
  return {
    power: metricFromWeeks('power', 'ftp_estimate_w', weeks, power),
    aerodynamics: metricFromWeeks('aerodynamics', 'cda_m2', weeks, aero),
    technique: hasSmoothness
      ? metricFromWeeks('technique', 'pedal_smoothness_pct', weeks, smoothness)
      : metricFromWeeks('technique', 'torque_effectiveness_pct', weeks, torque),
    efficiency: metricFromWeeks('efficiency', 'efficiency_factor', weeks, efficiency),
  };
}

/** The coach's top three (spec 000 §9 rules in packages/analysis `coach/`), as message keys and numbers. */
export function coachAdvice(metrics: ReturnType<typeof narrativeMetrics>): Recommendation[] {
  const pct = (m: NarrativeMetric) => m.change_pct ?? undefined;
  return recommendations(
    {
      ftpPct: pct(metrics.power),
      // CdA falling is an improvement; the rules take the change as measured (negative = better).
      aeroPct: pct(metrics.aerodynamics),
      techniquePct: pct(metrics.technique),
      efficiencyPct: pct(metrics.efficiency),
    },
    { limit: 3 },
  );
}

/**
 * 'Próximo Objetivo': the next FTP step, 5 % above the current FTP rounded to 5 W (a block of
 * structured training commonly yields 3–8 %: Allen & Coggan), with W/kg when the weight is known.
 */
export function nextGoal(ftpW: number, weightKg: number | undefined) {
  const targetW = Math.ceil((ftpW * 1.05) / 5) * 5;
  return {
    metric: 'ftp' as const,
    current_w: ftpW,
    target_w: targetW,
    current_w_per_kg: weightKg ? Math.round((ftpW / weightKg) * 100) / 100 : null,
    target_w_per_kg: weightKg ? Math.round((targetW / weightKg) * 100) / 100 : null,
    weeks: NARRATIVE_WEEKS,
  };
}
