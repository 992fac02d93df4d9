/**
 * The spec's product rules on top of the PMC numbers (spec 001 §4, §5, §9). They are thresholds and
 * labels, not physiology; each returns a stable id whose words live in the web app's locales.
 */

export type FormState = 'excellent' | 'good' | 'neutral' | 'tired' | 'overreached';

/** Form from TSB: > 20 excellent, > 5 good, > −10 neutral, > −30 tired, else overreached. */
export function formState(tsb: number): FormState {
  if (tsb > 20) return 'excellent';
  if (tsb > 5) return 'good';
  if (tsb > -10) return 'neutral';
  if (tsb > -30) return 'tired';
  return 'overreached';
}

export type FatigueLevel = 'fresh' | 'building' | 'high' | 'extreme';

/** Fatigue from ATL: > 100 extreme, > 60 high, > 30 building, else fresh. */
export function fatigueLevel(atl: number): FatigueLevel {
  if (atl > 100) return 'extreme';
  if (atl > 60) return 'high';
  if (atl > 30) return 'building';
  return 'fresh';
}

export type FitnessTrend = 'increasing' | 'decreasing' | 'stable';

/**
 * Fitness trend from the TSS of the activities in date order: the mean of the last 7 against the mean
 * of the 7 before; above 1.05 times increasing, below 0.95 times decreasing, else stable.
 * Undefined with fewer than 14 activities or no load in the earlier seven.
 */
export function fitnessTrend(activityTss: readonly number[]): FitnessTrend | undefined {
  const n = activityTss.length;
  if (n < 14) return undefined;
  const mean = (values: readonly number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  const recent = mean(activityTss.slice(n - 7));
  const prior = mean(activityTss.slice(n - 14, n - 7));
  if (!(prior > 0)) return undefined;
  if (recent > 1.05 * prior) return 'increasing';
  if (recent < 0.95 * prior) return 'decreasing';
  return 'stable';
}

export interface TssTargets {
  readonly weeklyTss: readonly [number, number];
  readonly dailyTss: readonly [number, number];
  readonly restDays: readonly [number, number];
}

/** TSS targets by TSB: > 5 build, > −10 maintain, else recover (spec 001 §9). */
export function tssTargets(tsb: number): TssTargets {
  if (tsb > 5) return { weeklyTss: [450, 550], dailyTss: [65, 80], restDays: [1, 2] };
  if (tsb > -10) return { weeklyTss: [350, 450], dailyTss: [50, 65], restDays: [2, 3] };
  return { weeklyTss: [200, 350], dailyTss: [30, 50], restDays: [3, 4] };
}

/** The performance panel's four statuses for each form state: neutral is a warning, tired or worse critical. */
const FORM_STATUS = {
  excellent: 'excellent',
  good: 'good',
  neutral: 'warning',
  tired: 'critical',
  overreached: 'critical',
} as const satisfies Record<FormState, string>;

/**
 * Form status of the performance panel's TSB, read from `formState` so that no screen names a TSB
 * with bands of its own (issue 25 §8): > 20 excellent, > 5 good, > −10 warning, else critical.
 * Divergent: spec 001 §5 puts this chart's "excellent" above 15, its form states above 20; one rule wins.
 */
export function chartFormStatus(tsb: number): 'excellent' | 'good' | 'warning' | 'critical' {
  return FORM_STATUS[formState(tsb)];
}

/**
 * Training balance of the chart as ATL − CTL. The spec names it without defining it; its messages
 * ("high training stress" above +20, "training load is low" below −25) only make sense when
 * positive means fatigue above fitness, i.e. −TSB of the same day.
 */
export function trainingBalance(input: { ctl: number; atl: number }): number {
  return input.atl - input.ctl;
}

export type TrainingBalanceStatus = 'critical' | 'warning' | 'excellent' | 'good';

/** Critical above 25 or below −30; warning above 15 or below −15; excellent within ±5; else good. */
export function trainingBalanceStatus(balance: number): TrainingBalanceStatus {
  if (balance > 25 || balance < -30) return 'critical';
  if (balance > 15 || balance < -15) return 'warning';
  if (balance >= -5 && balance <= 5) return 'excellent';
  return 'good';
}

/** The recommendation box's message key, or undefined when no box is shown. */
export function trainingBalanceAdviceKey(balance: number): string | undefined {
  const status = trainingBalanceStatus(balance);
  if (status === 'critical' && balance > 20) return 'load.advice.highStress';
  if (status === 'critical' && balance < -25) return 'load.advice.lowLoad';
  if (status === 'warning') return 'load.advice.elevatedStress';
  return undefined;
}
