import { dayNumber, isoDateOf } from './calendar.ts';
import { type FormState, formState, tssTargets } from './form-states.ts';
import { ATL_TIME_CONSTANT_DAYS, CTL_TIME_CONSTANT_DAYS } from './performance-management.ts';

/**
 * The highest CTL ramp rate Vatio plans: 8 TSS/d per week. Friel considers a CTL ramp of 5 to 8
 * points per week "about right for most" (Friel, *The Cyclist's Training Bible*, as quoted in
 * GoldenCheetah's glossary, `RR`); above 8 the dashboards already warn (dashboard summary `rampHigh`).
 */
export const SAFE_RAMP_LIMIT_PER_WEEK = 8;

/** Lowest TSB a plan may lead to: below −30 the spec calls the rider overreached (spec 001 §4). */
export const PLAN_TSB_FLOOR = -30;

/**
 * The CTL change per week a plan aims for in each form state, low and high end; the middle is planned.
 * Fresh riders build inside Friel's 5–8 band, a neutral rider maintains with a small build, a tired
 * rider lets CTL slip a little so ATL falls faster, an overreached rider unloads.
 * Vatio's rule (the spec's form bands, Friel's ramp band); not from a trial.
 */
export const RAMP_TARGET_BY_FORM: Readonly<Record<FormState, readonly [number, number]>> = {
  excellent: [5, 8],
  good: [3, 6],
  neutral: [0, 3],
  tired: [-3, 0],
  overreached: [-8, -3],
};

const CTL_DECAY = Math.exp(-1 / CTL_TIME_CONSTANT_DAYS);
const ATL_DECAY = Math.exp(-1 / ATL_TIME_CONSTANT_DAYS);

export interface LoadState {
  /** CTL and ATL at the end of the last known day. */
  readonly ctl: number;
  readonly atl: number;
}

export interface PlannedDay {
  readonly date: string;
  readonly tss: number;
  readonly ctl: number;
  readonly atl: number;
  /** Yesterday's CTL − ATL, as on the chart (performanceManagement). */
  readonly tsb: number;
}

export interface WeekPlan {
  /** Form on the first planned day (TSB = CTL − ATL of the day before). */
  readonly form: FormState;
  readonly tsb: number;
  /** Days without training in the week (the spec's lower bound for the form band, spec 001 §9). */
  readonly restDays: number;
  /** CTL change per week aimed for: the middle of RAMP_TARGET_BY_FORM, never above the safe limit. */
  readonly rampTargetPerWeek: number;
  /** Weekly TSS that gives the low and high end of the form's ramp band with this week's rest days. */
  readonly weeklyTssRange: readonly [number, number];
  /** Training-day TSS for the same band. */
  readonly dailyTssRange: readonly [number, number];
  /** The seven planned days, TSS rounded down to whole numbers. */
  readonly days: readonly PlannedDay[];
  /** CTL at the end of the week − CTL before it, with the rounded plan. */
  readonly rampPerWeek: number;
}

/** Steps the PMC one day (same recurrences as performanceManagement). */
function step(state: LoadState, tss: number): LoadState {
  return {
    ctl: state.ctl * CTL_DECAY + tss * (1 - CTL_DECAY),
    atl: state.atl * ATL_DECAY + tss * (1 - ATL_DECAY),
  };
}

/** Which of the 7 days are rest days: first thing when tired, otherwise spread through the week. */
export function restDayIndices(restDays: number, form: FormState): number[] {
  const n = Math.max(0, Math.min(7, Math.round(restDays)));
  if (n === 0) return [];
  if (form === 'tired' || form === 'overreached') {
    // Rest first, then every other day.
    const order = [0, 2, 4, 6, 1, 3, 5];
    return order.slice(0, n).sort((a, b) => a - b);
  }
  const spread: Record<number, number[]> = {
    1: [3],
    2: [2, 6],
    3: [1, 3, 5],
    4: [0, 2, 4, 6],
    5: [0, 1, 3, 4, 6],
    6: [0, 1, 2, 3, 4, 6],
    7: [0, 1, 2, 3, 4, 5, 6],
  };
  return spread[n]!;
}

/**
 * The load per training day that moves CTL by `rampPerWeek` over 7 days with these rest days:
 * CTL₇ = CTL₀·k⁷ + L·(1−k)·Σ_{training days d} k^(6−d), k = e^(−1/42); solved for L, never below 0.
 */
export function trainingDayLoadForRamp(
  ctl0: number,
  rampPerWeek: number,
  restIndices: readonly number[],
): number {
  let weightSum = 0;
  for (let d = 0; d < 7; d++)
    if (!restIndices.includes(d)) weightSum += CTL_DECAY ** (6 - d) * (1 - CTL_DECAY);
  if (weightSum === 0) return 0;
  const load = (ctl0 + rampPerWeek - ctl0 * CTL_DECAY ** 7) / weightSum;
  return Math.max(0, load);
}

function simulate(state: LoadState, loads: readonly number[], startDay: number): PlannedDay[] {
  const out: PlannedDay[] = [];
  let s = state;
  loads.forEach((tss, k) => {
    const tsb = s.ctl - s.atl;
    s = step(s, tss);
    out.push({ date: isoDateOf(startDay + k), tss, ctl: s.ctl, atl: s.atl, tsb });
  });
  return out;
}

/**
 * Seven days of training load that follow the rider's form and keep the CTL ramp safe:
 * 1. form from TSB = CTL − ATL at the start (spec 001 §4 bands);
 * 2. rest days: the spec's lower bound for the TSB band (spec 001 §9: 1, 2 or 3);
 * 3. ramp target: the middle of RAMP_TARGET_BY_FORM, capped at SAFE_RAMP_LIMIT_PER_WEEK;
 * 4. the same load on every training day, solved from the CTL recurrence for that ramp;
 * 5. scaled down while any day of the week would start below TSB −30 (overreached);
 * 6. rounded down to whole TSS, so the rounding never pushes the ramp up.
 *
 * Divergent: the spec gives fixed weekly bands (450–550, 350–450, 200–350 TSS) whatever the
 * rider's fitness: 500 TSS a week is a steep build for CTL 30 and a taper for CTL 90. Vatio keeps
 * the spec's form bands and rest days and derives the TSS from the rider's own CTL.
 */
export function planWeek(state: LoadState, startDate: string): WeekPlan {
  const startDay = dayNumber(startDate);
  const tsb = state.ctl - state.atl;
  const form = formState(tsb);
  const restDays = tssTargets(tsb).restDays[0];
  const rest = restDayIndices(restDays, form);
  const [lowRamp, highRamp] = RAMP_TARGET_BY_FORM[form];
  const rampTarget = Math.min((lowRamp + highRamp) / 2, SAFE_RAMP_LIMIT_PER_WEEK);
  const trainingDays = 7 - rest.length;
  const loadsFor = (perDay: number) =>
    Array.from({ length: 7 }, (_, d) => (rest.includes(d) ? 0 : Math.floor(perDay)));

  let perDay = trainingDayLoadForRamp(state.ctl, rampTarget, rest);
  // Step 5: the TSB of every day the plan shapes (from the second day on, and the day after the
  // week) must stay above the floor; the first day's TSB is already given. Bisection on the load.
  const worstTsb = (loads: number[]) => {
    const days = simulate(state, loads, startDay);
    const last = days.at(-1)!;
    return Math.min(...days.slice(1).map((day) => day.tsb), last.ctl - last.atl);
  };
  if (worstTsb(loadsFor(perDay)) < PLAN_TSB_FLOOR) {
    let lo = 0;
    let hi = perDay;
    for (let i = 0; i < 40; i++) {
      const mid = (lo + hi) / 2;
      if (worstTsb(loadsFor(mid)) < PLAN_TSB_FLOOR) hi = mid;
      else lo = mid;
    }
    perDay = lo;
  }
  const loads = loadsFor(perDay);
  const days = simulate(state, loads, startDay);
  const band = (ramp: number) => trainingDayLoadForRamp(state.ctl, ramp, rest);
  const dailyLow = Math.floor(band(lowRamp));
  const dailyHigh = Math.floor(band(Math.min(highRamp, SAFE_RAMP_LIMIT_PER_WEEK)));
  return {
    form,
    tsb,
    restDays: rest.length,
    rampTargetPerWeek: rampTarget,
    weeklyTssRange: [dailyLow * trainingDays, dailyHigh * trainingDays],
    dailyTssRange: [dailyLow, dailyHigh],
    days,
    rampPerWeek: days.at(-1)!.ctl - state.ctl,
  };
}

/**
 * The next `weeks` weeks if the rider follows the plan: each week planned with planWeek from the
 * state the week before leaves (form re-read every 7 days).
 */
export function projectPlannedLoad(state: LoadState, startDate: string, weeks: number): WeekPlan[] {
  const plans: WeekPlan[] = [];
  let s = state;
  let day = dayNumber(startDate);
  for (let w = 0; w < weeks; w++) {
    const plan = planWeek(s, isoDateOf(day));
    plans.push(plan);
    const last = plan.days.at(-1)!;
    s = { ctl: last.ctl, atl: last.atl };
    day += 7;
  }
  return plans;
}

export type RecoveryCategory = 'sleep' | 'nutrition' | 'active';

/**
 * Recovery strategies by form, as message keys `load.recovery.<category>.<level>` (words in the web's
 * locales): more sleep and carbohydrate and only easy spinning when tired or overreached; the
 * everyday habits otherwise.
 */
export function recoveryStrategies(form: FormState): { category: RecoveryCategory; key: string }[] {
  const level = form === 'overreached' ? 'overreached' : form === 'tired' ? 'tired' : 'routine';
  return (['sleep', 'nutrition', 'active'] as const).map((category) => ({
    category,
    key: `load.recovery.${category}.${level}`,
  }));
}

/** Main advice key by form: `load.recommendation.<form>`. */
export function formAdviceKey(form: FormState): string {
  return `load.recommendation.${form}`;
}
