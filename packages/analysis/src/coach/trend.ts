/**
 * The spec's trend rules (spec 000 §4, spec 001 §4). Product rules, not statistics.
 */

export type Trend = 'up' | 'down' | 'stable';

/**
 * Trend of a metric: up if the recent mean exceeds the earlier mean by more than 2 %, down if it is
 * more than 2 % below, otherwise stable. Undefined when either side is empty or the earlier mean is 0.
 */
export function trendOf(input: { earlier: readonly number[]; recent: readonly number[] }): Trend | undefined {
  const mean = (values: readonly number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  if (input.earlier.length === 0 || input.recent.length === 0) return undefined;
  const before = mean(input.earlier);
  if (before === 0) return undefined;
  const changePct = ((mean(input.recent) - before) / Math.abs(before)) * 100;
  if (changePct > 2) return 'up';
  if (changePct < -2) return 'down';
  return 'stable';
}

/** A change badge is neutral when the absolute change is under 0.5. */
export function isNeutralChange(change: number): boolean {
  return Math.abs(change) < 0.5;
}

/** Metrics of the evolution chart and the direction that counts as an improvement. */
export const IMPROVING_DIRECTION = { ftp: 'up', vo2max: 'up', cda: 'down', weight: 'down' } as const;

/**
 * Evolution verdict: 'stable' under a 2 % change, otherwise whether the change goes in the metric's
 * good direction (up for FTP and VO2max, down for CdA and weight).
 */
export function evolutionVerdict(input: {
  metric: keyof typeof IMPROVING_DIRECTION;
  changePct: number;
}): 'stable' | 'improving' | 'worsening' {
  if (Math.abs(input.changePct) < 2) return 'stable';
  const up = input.changePct > 0;
  return up === (IMPROVING_DIRECTION[input.metric] === 'up') ? 'improving' : 'worsening';
}
