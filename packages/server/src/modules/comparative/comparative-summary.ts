import type { ComparativeMetric, ComparativeResponse, ComparativeRide } from '@vatio/schemas';
import { displayRideName, type RideLanguage } from '../activities/ride-name.ts';
import { localDate } from '../dashboard/zoned-calendar.ts';
import type { ComparativeRideRow } from './comparative.repository.ts';

/** Rides in the manual selection list at most; the summary and patterns count every ride. */
export const MAX_LISTED_RIDES = 200;
/** Rides of the trend sparklines (spec 001 §2.5: the last 10). */
export const RECENT_RIDES = 10;

/** A ride with the six metrics: the stored values its ride page shows (GET /api/activities/:id). */
export function comparativeRide(r: ComparativeRideRow, language: RideLanguage): ComparativeRide {
  return {
    id: r.id,
    name: displayRideName(r, language),
    type: r.type,
    start_date: r.start_time.toISOString(),
    distance_m: r.distance_m,
    moving_time_s: r.moving_time_s,
    np: r.normalized_power_w,
    avg_power: r.average_power_w,
    tss: r.training_stress_score,
    if: r.intensity_factor,
    // Rounded as the ride page's analysis rounds it (ride-detail-analysis.ts).
    ef: r.efficiency_factor === null ? null : Number(r.efficiency_factor.toFixed(3)),
    speed: r.average_speed_mps,
  };
}

/** Average power over the moving time of the rides with power (total work over total time), W. */
function timeWeightedPower(rides: readonly ComparativeRideRow[]): number | null {
  let work = 0;
  let time = 0;
  for (const r of rides) {
    if (r.average_power_w === null || r.moving_time_s <= 0) continue;
    work += r.average_power_w * r.moving_time_s;
    time += r.moving_time_s;
  }
  return time > 0 ? Math.round((work / time) * 10) / 10 : null;
}

const mean = (values: (number | null)[], digits: number): number | null => {
  const v = values.filter((x): x is number => x !== null && Number.isFinite(x));
  return v.length === 0 ? null : Number((v.reduce((s, x) => s + x, 0) / v.length).toFixed(digits));
};

/** The ride with the highest value of the metric (all six are better higher); ties go to the newer ride. */
export function bestRide(
  rides: readonly ComparativeRide[],
  metric: ComparativeMetric,
): ComparativeRide | null {
  let best: ComparativeRide | null = null;
  for (const r of rides) {
    const v = r[metric];
    if (v === null) continue;
    if (best === null || v > (best[metric] as number)) best = r;
  }
  return best;
}

const hourFormats = new Map<string, Intl.DateTimeFormat>();
function localHour(instant: Date, timeZone: string): number {
  let f = hourFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' });
    hourFormats.set(timeZone, f);
  }
  return Number(f.format(instant)) % 24;
}

/** ISO weekday (1 Monday … 7 Sunday) of a local date. */
function isoWeekday(isoDate: string): number {
  const day = new Date(`${isoDate}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

type Bucket = { rides: number; mean_if: number | null; mean_ef: number | null; mean_np: number | null };

function bucketOf(rows: ComparativeRideRow[]): Bucket {
  return {
    rides: rows.length,
    mean_if: mean(
      rows.map((r) => r.intensity_factor),
      3,
    ),
    mean_ef: mean(
      rows.map((r) => r.efficiency_factor),
      3,
    ),
    mean_np: mean(
      rows.map((r) => r.normalized_power_w),
      1,
    ),
  };
}

/**
 * Weekday and hour-of-day patterns: each ride counted in the local weekday and hour it started, with
 * the mean intensity factor (how hard, against FTP), efficiency factor (power per heartbeat) and NP
 * of the rides there. Descriptive means with their counts; no significance is claimed.
 */
export function temporalPatterns(rows: readonly ComparativeRideRow[], timeZone: string) {
  const byWeekday: ComparativeRideRow[][] = Array.from({ length: 7 }, () => []);
  const byHour: ComparativeRideRow[][] = Array.from({ length: 24 }, () => []);
  for (const r of rows) {
    byWeekday[isoWeekday(localDate(r.start_time, timeZone)) - 1]!.push(r);
    byHour[localHour(r.start_time, timeZone)]!.push(r);
  }
  return {
    weekday: byWeekday.map((rs, i) => ({ weekday: i + 1, ...bucketOf(rs) })),
    hour: byHour.map((rs, h) => ({ hour: h, ...bucketOf(rs) })),
  };
}

export function byRideType(rows: readonly ComparativeRideRow[]): ComparativeResponse['by_type'] {
  const groups = new Map<string, ComparativeRideRow[]>();
  for (const r of rows) groups.set(r.type, [...(groups.get(r.type) ?? []), r]);
  return [...groups.entries()]
    .map(([type, rs]) => ({
      type,
      rides: rs.length,
      distance_m: Math.round(rs.reduce((s, r) => s + (r.distance_m ?? 0), 0)),
      moving_time_s: rs.reduce((s, r) => s + r.moving_time_s, 0),
      tss: Math.round(rs.reduce((s, r) => s + (r.training_stress_score ?? 0), 0) * 10) / 10,
      mean_power_w: timeWeightedPower(rs),
      mean_if: mean(
        rs.map((r) => r.intensity_factor),
        3,
      ),
    }))
    .sort((a, b) => b.rides - a.rides || a.type.localeCompare(b.type));
}

export function periodSummary(rows: readonly ComparativeRideRow[]): ComparativeResponse['summary'] {
  return {
    rides: rows.length,
    mean_power_w: timeWeightedPower(rows),
    total_tss: Math.round(rows.reduce((s, r) => s + (r.training_stress_score ?? 0), 0) * 10) / 10,
    total_distance_m: Math.round(rows.reduce((s, r) => s + (r.distance_m ?? 0), 0)),
    total_moving_time_s: rows.reduce((s, r) => s + r.moving_time_s, 0),
  };
}
