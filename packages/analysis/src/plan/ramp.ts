import { ATL_TIME_CONSTANT_DAYS, CTL_TIME_CONSTANT_DAYS } from '../load/performance-management.ts';

/**
 * The PMC's daily step as closed forms the planner can solve (same recurrence as
 * load/performance-management.ts: CTL_d = CTL_{d−1}·D + TSS_d·(1 − D), D = e^(−1/42)).
 */
export const CTL_DAY_DECAY = Math.exp(-1 / CTL_TIME_CONSTANT_DAYS);
export const ATL_DAY_DECAY = Math.exp(-1 / ATL_TIME_CONSTANT_DAYS);

/**
 * Total TSS to spread over `shares.length` days (day k gets shares[k] of it, shares summing to 1)
 * so that CTL moves from `ctl0` to `ctl0 + deltaCtl` by the end of the last day:
 * CTL_n = ctl0·Dⁿ + (1 − D)·W·Σ s_k·D^(n−1−k), solved for W. Uniform shares give the familiar
 * daily load ctl0 + ΔCTL/(1 − Dⁿ). Never negative: a drop faster than rest allows asks for 0.
 */
export function loadForCtlChange(input: {
  readonly ctl0: number;
  readonly deltaCtl: number;
  readonly shares: readonly number[];
}): number {
  const n = input.shares.length;
  if (n === 0) return 0;
  let weight = 0;
  for (let k = 0; k < n; k++) weight += input.shares[k]! * CTL_DAY_DECAY ** (n - 1 - k);
  if (!(weight > 0)) return 0;
  const total =
    (input.ctl0 + input.deltaCtl - input.ctl0 * CTL_DAY_DECAY ** n) / ((1 - CTL_DAY_DECAY) * weight);
  return Math.max(0, total);
}

/**
 * Most TSS a day may carry so that the PMC's ramp rate (CTL today − CTL seven days ago) stays at or
 * under `capPerWeek`: CTL_y·D + x·(1 − D) ≤ CTL_{d−7} + cap, solved for x. Never negative.
 */
export function maxDayTssForRamp(input: {
  readonly ctlYesterday: number;
  readonly ctlWeekAgo: number;
  readonly capPerWeek: number;
}): number {
  const x = (input.ctlWeekAgo + input.capPerWeek - input.ctlYesterday * CTL_DAY_DECAY) / (1 - CTL_DAY_DECAY);
  return Math.max(0, x);
}

export interface LoadPoint {
  readonly ctl: number;
  readonly atl: number;
}

/** One PMC day (performanceManagement's recurrence). */
export function stepLoad(state: LoadPoint, tss: number): LoadPoint {
  return {
    ctl: state.ctl * CTL_DAY_DECAY + tss * (1 - CTL_DAY_DECAY),
    atl: state.atl * ATL_DAY_DECAY + tss * (1 - ATL_DAY_DECAY),
  };
}
