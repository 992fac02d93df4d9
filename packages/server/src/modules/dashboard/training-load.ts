import {
  ATL_TIME_CONSTANT_DAYS,
  CTL_TIME_CONSTANT_DAYS,
  dailyTssSeries,
  formState,
  performanceManagement,
} from '@vatio/analysis';
import type { FormState, LoadPointResponse } from '@vatio/schemas';
import { localDate } from './zoned-calendar.ts';

/** A day of the performance management chart. */
export type LoadPoint = LoadPointResponse;

const round1 = (v: number) => Math.round(v * 10) / 10;

/**
 * CTL/ATL/TSB per local day from the rider's first ride to today, from the stored TSS of each ride
 * (packages/analysis `load/`: per-day EMA with τ 42 and 7 days, rest days as 0). Returns the last
 * `days` days.
 */
export function trainingLoad(
  loads: readonly { start_time: Date; training_stress_score: number }[],
  input: { today: string; timeZone: string; days: number },
): LoadPoint[] {
  if (loads.length === 0) return [];
  const entries = loads.map((l) => ({
    date: localDate(l.start_time, input.timeZone),
    tss: l.training_stress_score,
  }));
  const fromDate = entries[0]!.date < input.today ? entries[0]!.date : input.today;
  const { dates, tss } = dailyTssSeries(entries, { fromDate, toDate: input.today });
  const pmc = performanceManagement(tss, {
    ctlTimeConstantDays: CTL_TIME_CONSTANT_DAYS,
    atlTimeConstantDays: ATL_TIME_CONSTANT_DAYS,
    initialCtl: 0,
    initialAtl: 0,
  });
  const first = Math.max(0, dates.length - input.days);
  const out: LoadPoint[] = [];
  for (let k = first; k < dates.length; k++) {
    const ramp = pmc.rampRate[k]!;
    out.push({
      date: dates[k]!,
      tss: round1(tss[k]!),
      ctl: round1(pmc.ctl[k]!),
      atl: round1(pmc.atl[k]!),
      tsb: round1(pmc.tsb[k]!),
      ramp_rate: Number.isFinite(ramp) ? round1(ramp) : null,
    });
  }
  return out;
}

/** Today's form in words the web translates (`load.form.<state>`), with the numbers behind it. */
export function currentForm(series: readonly LoadPoint[]): {
  ctl: number;
  atl: number;
  tsb: number;
  ramp_rate: number | null;
  state: FormState;
} | null {
  const today = series.at(-1);
  if (!today) return null;
  return {
    ctl: today.ctl,
    atl: today.atl,
    tsb: today.tsb,
    ramp_rate: today.ramp_rate,
    state: formState(today.tsb),
  };
}
