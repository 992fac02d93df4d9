/** Chronic training load time constant in days (Coggan/Banister; GoldenCheetah, TrainingPeaks). */
export const CTL_TIME_CONSTANT_DAYS = 42;
/** Acute training load time constant in days. */
export const ATL_TIME_CONSTANT_DAYS = 7;

export interface PmcOptions {
  readonly ctlTimeConstantDays: number;
  readonly atlTimeConstantDays: number;
  /** CTL and ATL on the day before the first day (0 for a rider with no history). */
  readonly initialCtl: number;
  readonly initialAtl: number;
}

export interface PmcSeries {
  /** Fitness: CTL at the end of each day. */
  readonly ctl: Float64Array;
  /** Fatigue: ATL at the end of each day. */
  readonly atl: Float64Array;
  /** Form: yesterday's CTL − ATL, i.e. the freshness you start the day with. */
  readonly tsb: Float64Array;
  /** CTL today − CTL seven days ago; NaN while seven days ago is before the known history. */
  readonly rampRate: Float64Array;
}

/**
 * Performance Management Chart (Banister impulse–response as simplified by Coggan), one step per
 * calendar day with rest days as 0:
 * CTL_d = CTL_{d−1}·e^(−1/42) + TSS_d·(1 − e^(−1/42)), ATL likewise with 7 days,
 * TSB_d = CTL_{d−1} − ATL_{d−1} (WKO `shift(tl(tss,42) − tl(tss,7), 1)`),
 * ramp_d = CTL_d − CTL_{d−7} (wko4help.com/pmc; GoldenCheetah `PMCData.cpp`).
 *
 * Divergent: the spec smooths per activity with 2/43 and ATL over the first 14 activities; that
 * ignores rest days and halves the time constant (42 days at 100 TSS/day read 87 instead of 63).
 * The TrainingPeaks spreadsheet form CTL += (TSS − CTL)/42 differs from this one by under 2 %.
 */
export function performanceManagement(dailyTss: ArrayLike<number>, options: PmcOptions): PmcSeries {
  const n = dailyTss.length;
  const ctlWeight = 1 - Math.exp(-1 / options.ctlTimeConstantDays);
  const atlWeight = 1 - Math.exp(-1 / options.atlTimeConstantDays);
  const ctl = new Float64Array(n);
  const atl = new Float64Array(n);
  const tsb = new Float64Array(n);
  const rampRate = new Float64Array(n);
  let previousCtl = options.initialCtl;
  let previousAtl = options.initialAtl;
  for (let d = 0; d < n; d++) {
    const load = dailyTss[d]!;
    const tss = Number.isFinite(load) ? load : 0;
    tsb[d] = previousCtl - previousAtl;
    ctl[d] = previousCtl + (tss - previousCtl) * ctlWeight;
    atl[d] = previousAtl + (tss - previousAtl) * atlWeight;
    const weekAgo = d - 7 >= 0 ? ctl[d - 7]! : d - 7 === -1 ? options.initialCtl : Number.NaN;
    rampRate[d] = ctl[d]! - weekAgo;
    previousCtl = ctl[d]!;
    previousAtl = atl[d]!;
  }
  return { ctl, atl, tsb, rampRate };
}
