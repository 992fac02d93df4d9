import type { ComparisonResponse, PeriodStatsResponse } from '@vatio/schemas';
import type { RideFacts } from './dashboard.repository.ts';
import type { LocalWindow } from './zoned-calendar.ts';

/** Totals of a run of days (spec 000 §3 "Dashboard data": weekly_stats, monthly_stats; summaries). */
export type PeriodStats = PeriodStatsResponse;

function inWindow(ride: RideFacts, window: LocalWindow): boolean {
  const t = ride.start_time.getTime();
  return t >= window.from.getTime() && t < window.to.getTime();
}

/** Σ(value × moving time) / Σ moving time over the rides that have the value. */
function timeWeightedMean(
  rides: readonly RideFacts[],
  value: (r: RideFacts) => number | null,
): number | null {
  let sum = 0;
  let weight = 0;
  for (const ride of rides) {
    const v = value(ride);
    if (v === null || !Number.isFinite(v) || ride.moving_time_s <= 0) continue;
    sum += v * ride.moving_time_s;
    weight += ride.moving_time_s;
  }
  return weight > 0 ? sum / weight : null;
}

function maxOf(rides: readonly RideFacts[], value: (r: RideFacts) => number | null): number | null {
  let max: number | null = null;
  for (const ride of rides) {
    const v = value(ride);
    if (v !== null && Number.isFinite(v) && (max === null || v > max)) max = v;
  }
  return max;
}

/** Adds up the rides that started inside the window (the others are ignored). */
export function periodStats(rides: readonly RideFacts[], window: LocalWindow, lastDate: string): PeriodStats {
  const inside = rides.filter((r) => inWindow(r, window));
  let distance = 0;
  let time = 0;
  let elevation = 0;
  let tss = 0;
  for (const r of inside) {
    distance += r.distance_m ?? 0;
    time += r.moving_time_s;
    elevation += r.elevation_gain_m ?? 0;
    tss += r.training_stress_score ?? 0;
  }
  return {
    start_date: window.fromDate,
    end_date: lastDate,
    activities: inside.length,
    total_distance: distance,
    total_time: time,
    total_elevation: elevation,
    average_power: timeWeightedMean(inside, (r) => r.average_power_w),
    max_power: maxOf(inside, (r) => r.max_power_w),
    total_tss: tss,
    average_intensity_factor: timeWeightedMean(inside, (r) => r.intensity_factor),
    average_heartrate: timeWeightedMean(inside, (r) => r.average_heartrate_bpm),
    max_heartrate: maxOf(inside, (r) => r.max_heartrate_bpm),
  };
}

/** One compared number: spec 000 §3 performance_trends ({display, isPositive}) and 001's comparison metric. */
export type Comparison = ComparisonResponse;

export function compare(current: number | null, previous: number | null): Comparison {
  const change = current !== null && previous !== null ? current - previous : null;
  const changePct = change !== null && previous !== null && previous !== 0 ? (change / previous) * 100 : null;
  const display =
    changePct === null ? '—' : `${changePct >= 0 ? '+' : '−'}${Math.abs(changePct).toFixed(1)}%`;
  return { current, previous, change, change_pct: changePct, display, isPositive: (change ?? 0) >= 0 };
}
