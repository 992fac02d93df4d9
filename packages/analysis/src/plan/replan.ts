import { dayNumber, isoDateOf } from '../load/calendar.ts';
import { buildSeasonPlan, type PlanIssue, type SeasonPlan, type SeasonPlanResult } from './season.ts';
import { stepLoad } from './ramp.ts';

/**
 * Rebuilds a plan from `today` with what was really ridden: the PMC is stepped from the plan's own
 * starting CTL/ATL through the actual daily TSS (days without an entry count as 0, as on the chart),
 * so missed rides lower CTL and extra rides raise ATL; then the season is planned again from there with
 * the same settings, the ramp cap measured against the real CTL of the last seven days. Events already
 * past are dropped from the new plan (they happened, or not).
 */
export function replanSeason(input: {
  readonly plan: SeasonPlan;
  readonly today: string;
  /** TSS actually ridden per date (several rides on one date are added). */
  readonly actual: ReadonlyArray<{ readonly date: string; readonly tss: number }>;
}): SeasonPlanResult {
  const { plan } = input;
  let today: number;
  let start: number;
  try {
    today = dayNumber(input.today);
    start = dayNumber(plan.startDate);
  } catch {
    return { ok: false, issues: [{ code: 'invalidInput' }] };
  }
  if (today < start) return { ok: false, issues: [{ code: 'invalidInput' }] };
  const byDay = new Map<number, number>();
  for (const entry of input.actual) {
    const day = dayNumber(entry.date);
    if (Number.isFinite(entry.tss) && entry.tss >= 0) byDay.set(day, (byDay.get(day) ?? 0) + entry.tss);
  }
  let state = { ctl: plan.input.ctl, atl: plan.input.atl };
  const ctlByDay = [...(plan.input.ctlHistory ?? new Array<number>(7).fill(plan.input.ctl))];
  for (let day = start; day < today; day++) {
    state = stepLoad(state, byDay.get(day) ?? 0);
    ctlByDay.push(state.ctl);
  }
  const upcoming = plan.input.events.filter((e) => e.date >= isoDateOf(today));
  const result = buildSeasonPlan({
    ...plan.input,
    today: input.today,
    ctl: state.ctl,
    atl: state.atl,
    ctlHistory: ctlByDay.slice(-7),
    events: upcoming,
  });
  if (result.ok || upcoming.length === plan.input.events.length) return result;
  // Event indices in issues refer to the new list; map them back to the plan's own events.
  const original = (k: number | undefined) =>
    k === undefined ? undefined : plan.input.events.indexOf(upcoming[k]!);
  return {
    ok: false,
    issues: result.issues.map((i): PlanIssue => {
      const eventIndex = original(i.eventIndex);
      return eventIndex === undefined
        ? { code: i.code, ...(i.values ? { values: i.values } : {}) }
        : { ...i, eventIndex };
    }),
  };
}
