/**
 * Trend and status rules of the performance panel (spec 001 §2.1, §4). Each metric's status comes from
 * an optimal range with a source (see panel.ts and docs/formulas/performance-panel.md) or, where no
 * published range exists for the number (FTP, average power, elevation), from the direction of its change.
 */

export type PanelTrend = 'up' | 'down' | 'stable';
/** Spec 001 §4: excellent / good / warning badges; "anything else red" is `critical`. */
export type PanelStatus = 'excellent' | 'good' | 'warning' | 'critical';

/** Spec 001 §4: a change under 2 % is "stable". */
export const STABLE_CHANGE_PCT = 2;

export interface Change {
  readonly changeAbs: number | null;
  readonly changePct: number | null;
  readonly trend: PanelTrend | null;
}

/** Absolute and percent change against the previous window, and the trend it makes. */
export function changeOf(value: number | null, previous: number | null): Change {
  if (value === null || previous === null) return { changeAbs: null, changePct: null, trend: null };
  const changeAbs = value - previous;
  // A percent of a zero or negative base, or across zero (TSB), says nothing: the trend then follows
  // the absolute change.
  const changePct = previous > 0 && value >= 0 ? (changeAbs / previous) * 100 : null;
  let trend: PanelTrend;
  if (changePct !== null)
    trend = Math.abs(changePct) < STABLE_CHANGE_PCT ? 'stable' : changePct > 0 ? 'up' : 'down';
  else trend = changeAbs === 0 ? 'stable' : changeAbs > 0 ? 'up' : 'down';
  return { changeAbs, changePct, trend };
}

/**
 * Status of a number with no published optimal range: rising in the good direction is excellent,
 * stable is good, falling is a warning. Without a previous value it is good (nothing to compare).
 */
export function statusFromTrend(trend: PanelTrend | null, higherIsBetter: boolean): PanelStatus {
  if (trend === null || trend === 'stable') return 'good';
  return (trend === 'up') === higherIsBetter ? 'excellent' : 'warning';
}

/**
 * Status against an optimal range [low, high]: inside is excellent; within `tolerance` (same unit)
 * outside it is good; further out a warning.
 */
export function statusInRange(
  value: number,
  range: readonly [number, number],
  tolerance: number,
): PanelStatus {
  const [low, high] = range;
  if (value >= low && value <= high) return 'excellent';
  if (value >= low - tolerance && value <= high + tolerance) return 'good';
  return 'warning';
}

/**
 * Status of a number where more is better, given the lower bounds of excellent and good
 * (`critical` below `warningFloor` when given).
 */
export function statusAtLeast(
  value: number,
  bounds: { excellent: number; good: number; warningFloor?: number },
): PanelStatus {
  if (value >= bounds.excellent) return 'excellent';
  if (value >= bounds.good) return 'good';
  if (bounds.warningFloor !== undefined && value < bounds.warningFloor) return 'critical';
  return 'warning';
}

/** Status of a number where less is better, given the upper bounds of excellent and good. */
export function statusAtMost(value: number, bounds: { excellent: number; good: number }): PanelStatus {
  if (value <= bounds.excellent) return 'excellent';
  if (value <= bounds.good) return 'good';
  return 'warning';
}
