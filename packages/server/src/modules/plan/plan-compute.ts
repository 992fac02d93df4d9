import {
  ATL_TIME_CONSTANT_DAYS,
  buildSeasonPlan,
  CTL_TIME_CONSTANT_DAYS,
  dailyTssSeries,
  dayNumber,
  isoDateOf,
  MAX_PLAN_DAYS,
  type PlanEvent,
  type PlanIssue,
  performanceManagement,
  ratioScore,
  replanSeason,
  type SeasonPlan,
  type SeasonPlanInput,
} from '@vatio/analysis';
import type { PlanResponse } from '@vatio/schemas';
import type { PlanGoal, PlanOverride, PlanSettings } from './plan.repository.ts';

/**
 * The plan as the rider sees it, computed on read from the stored settings, goals, day changes and
 * rides (nothing of the plan's days is stored, so it can never disagree with the rides):
 *  1. the PMC of the rides (the dashboard's: per local day, τ 42/7 days) gives CTL/ATL at the end of
 *     the day before the plan started, and the seven days of CTL before it;
 *  2. the season is planned from that start (analysis buildSeasonPlan), then re-planned from today
 *     through what was really ridden (replanSeason): missed or extra rides move the days to come;
 *  3. days before today come from the plan as it was made, days from today from the re-plan; the
 *     rider's changes (skip, move, swap, edit) are laid over both;
 *  4. CTL/ATL/TSB are the real PMC up to yesterday, then projected with the PMC over the planned TSS.
 */

export interface WorkoutRef {
  source: 'library' | 'own';
  id: string;
}

export interface ComputedPlan {
  response: Omit<PlanResponse, 'days'> & {
    days: (Omit<PlanResponse['days'][number], 'workout' | 'compliance'> & {
      workout_ref: WorkoutRef | null;
    })[];
  };
}

const round1 = (v: number) => Math.round(v * 10) / 10;
const addDays = (date: string, days: number) => isoDateOf(dayNumber(date) + days);

export interface PlanComputeInput {
  today: string;
  plan: PlanSettings;
  goals: readonly PlanGoal[];
  overrides: readonly PlanOverride[];
  /** Ride TSS per local day, with the rides of the day in start order. */
  daily: ReadonlyMap<string, { tss: number; rideIds: string[] }>;
}

/** The PMC of the rides by local day, from before the plan's start (or the first ride) to yesterday. */
function ridePmc(input: PlanComputeInput) {
  const entries = [...input.daily.entries()].map(([date, d]) => ({ date, tss: d.tss }));
  const firstRide = entries.reduce<string | undefined>(
    (m, e) => (m === undefined || e.date < m ? e.date : m),
    undefined,
  );
  const startBefore = addDays(input.plan.start_date, -8);
  const fromDate = firstRide !== undefined && firstRide < startBefore ? firstRide : startBefore;
  const yesterday = addDays(input.today, -1);
  const toDate =
    yesterday > addDays(input.plan.start_date, -1) ? yesterday : addDays(input.plan.start_date, -1);
  const { dates, tss } = dailyTssSeries(entries, { fromDate, toDate });
  const pmc = performanceManagement(tss, {
    ctlTimeConstantDays: CTL_TIME_CONSTANT_DAYS,
    atlTimeConstantDays: ATL_TIME_CONSTANT_DAYS,
    initialCtl: 0,
    initialAtl: 0,
  });
  const first = dayNumber(fromDate);
  /** End-of-day CTL/ATL of a date (0 before the first day), and that day's TSB (yesterday's CTL − ATL). */
  const at = (date: string) => {
    const k = dayNumber(date) - first;
    if (k < 0) return { ctl: 0, atl: 0, tsb: 0 };
    const i = Math.min(k, dates.length - 1);
    return { ctl: pmc.ctl[i]!, atl: pmc.atl[i]!, tsb: pmc.tsb[i]! };
  };
  return { at };
}

function settingsOf(plan: PlanSettings) {
  return {
    trainingWeekdays: plan.training_weekdays,
    ...(plan.weekly_hours === null ? {} : { weeklyHours: plan.weekly_hours }),
    ...(plan.target_ctl === null ? {} : { targetCtl: plan.target_ctl }),
    ...(plan.ramp_per_week === null ? {} : { rampPerWeek: plan.ramp_per_week }),
    loadWeeksPerBlock: (plan.load_weeks_per_block === 2 ? 2 : 3) as 2 | 3,
  };
}

/** The analysis planner's events of the goals on or after a day. */
export function planEvents(goals: readonly PlanGoal[], fromDate: string): PlanEvent[] {
  // Events a year or more past the start are outside any plan from it (MAX_PLAN_DAYS).
  const last = addDays(fromDate, MAX_PLAN_DAYS - 1);
  return goals
    .filter((g) => g.event_date >= fromDate && g.event_date <= last)
    .map((g) => ({
      id: g.id,
      date: g.event_date,
      priority: g.priority,
      ...(g.expected_tss === null ? {} : { expectedTss: g.expected_tss }),
    }));
}

/** Issues of a plan with the goal they name instead of an index. */
function presentIssues(issues: readonly PlanIssue[], events: readonly PlanEvent[]) {
  return issues.map((i) => ({
    code: i.code,
    goal_id: i.eventIndex === undefined ? null : (events[i.eventIndex]?.id ?? null),
    values: i.values === undefined ? null : { ...i.values },
  }));
}

/** The season as it would be planned from `start` with the rides' PMC (used when the plan is made, too). */
export function seasonInput(
  plan: PlanSettings,
  goals: readonly PlanGoal[],
  pmcAt: (date: string) => { ctl: number; atl: number },
): SeasonPlanInput {
  const before = addDays(plan.start_date, -1);
  const state = pmcAt(before);
  return {
    today: plan.start_date,
    ctl: state.ctl,
    atl: state.atl,
    ctlHistory: Array.from({ length: 7 }, (_, k) => pmcAt(addDays(plan.start_date, k - 7)).ctl),
    events: planEvents(goals, plan.start_date),
    ...settingsOf(plan),
  };
}

interface Session {
  purpose: string;
  tss: number;
  workout: WorkoutRef | null;
}

export function computePlan(input: PlanComputeInput): ComputedPlan {
  const { plan, today } = input;
  const pmc = ridePmc(input);
  const yesterdayState = pmc.at(addDays(today, -1));
  const current = {
    ctl: round1(yesterdayState.ctl),
    atl: round1(yesterdayState.atl),
    tsb: round1(yesterdayState.ctl - yesterdayState.atl),
  };
  const settings = {
    training_weekdays: plan.training_weekdays,
    weekly_hours: plan.weekly_hours,
    target_ctl: plan.target_ctl,
    ramp_per_week: plan.ramp_per_week,
    load_weeks_per_block: plan.load_weeks_per_block,
  };
  const base = {
    today,
    start_date: plan.start_date,
    time_zone: plan.time_zone,
    settings,
    current,
  };
  const seasonIn = seasonInput(plan, input.goals, pmc.at);
  const original = buildSeasonPlan(seasonIn);
  if (!original.ok) {
    return {
      response: {
        ...base,
        status: 'invalid',
        peak_ctl: null,
        events: [],
        issues: presentIssues(original.issues, seasonIn.events),
        weeks: [],
        days: [],
      },
    };
  }
  let future: SeasonPlan | undefined = original.plan;
  let futureIssues = original.plan.issues;
  let status: PlanResponse['status'] = 'active';
  if (today > plan.start_date) {
    const actual = [...input.daily.entries()]
      .filter(([date]) => date >= plan.start_date && date < today)
      .map(([date, d]) => ({ date, tss: d.tss }));
    const re = replanSeason({ plan: original.plan, today, actual });
    if (re.ok) {
      future = re.plan;
      futureIssues = re.plan.issues;
    } else {
      future = undefined;
      const aAhead = input.goals.some((g) => g.priority === 'A' && g.event_date >= today);
      status = aAhead ? 'invalid' : 'finished';
      futureIssues = aAhead ? re.issues : [];
    }
  }

  // Sessions by day: the plan as made for the past, the re-plan from today.
  const sessions = new Map<string, Session & { phase: string; goalId: string | null }>();
  const take = (source: SeasonPlan, keep: (date: string) => boolean) => {
    for (const d of source.days) {
      if (!keep(d.date)) continue;
      sessions.set(d.date, {
        phase: d.phase,
        purpose: d.purpose,
        tss: d.tss,
        workout: d.workoutId === undefined ? null : { source: 'library', id: d.workoutId },
        goalId: d.eventIndex === undefined ? null : (source.input.events[d.eventIndex]?.id ?? null),
      });
    }
  };
  take(original.plan, (date) => date < today || future === undefined);
  if (future !== undefined) take(future, (date) => date >= today);

  // The rider's changes, oldest first: each moves or replaces whole sessions.
  const overrideOf = new Map<string, PlanOverride>();
  const rest = (s: Session): Session => ({ ...s, purpose: 'rest', tss: 0, workout: null });
  for (const o of input.overrides) {
    const day = sessions.get(o.day);
    if (!day) continue;
    overrideOf.set(o.day, o);
    const other = o.other_day === null ? undefined : sessions.get(o.other_day);
    if (o.action === 'skip') Object.assign(day, rest(day));
    else if (o.action === 'edit') {
      const workout: WorkoutRef | null =
        o.library_workout_id !== null
          ? { source: 'library', id: o.library_workout_id }
          : o.workout_id !== null
            ? { source: 'own', id: o.workout_id }
            : day.workout;
      Object.assign(day, {
        workout,
        tss: o.tss ?? day.tss,
        purpose: day.purpose === 'rest' && (workout !== null || (o.tss ?? 0) > 0) ? 'endurance' : day.purpose,
      });
    } else if (other && (o.action === 'move' || o.action === 'swap')) {
      const moved: Session = { purpose: day.purpose, tss: day.tss, workout: day.workout };
      const there: Session = { purpose: other.purpose, tss: other.tss, workout: other.workout };
      Object.assign(other, moved);
      Object.assign(day, o.action === 'swap' ? there : rest(day));
      if (!overrideOf.has(o.other_day!)) overrideOf.set(o.other_day!, o);
    }
  }

  const dates = [...sessions.keys()].sort();
  // Past: the real PMC; from today: the PMC over the planned TSS, from the end of yesterday.
  const futureDates = dates.filter((d) => d >= today);
  const projection = performanceManagement(Float64Array.from(futureDates.map((d) => sessions.get(d)!.tss)), {
    ctlTimeConstantDays: CTL_TIME_CONSTANT_DAYS,
    atlTimeConstantDays: ATL_TIME_CONSTANT_DAYS,
    initialCtl: yesterdayState.ctl,
    initialAtl: yesterdayState.atl,
  });

  // Weeks: those already over as planned, the rest as re-planned (counted back from the A event,
  // so their bounds agree); the running week keeps its start.
  const pastWeeks = original.plan.weeks.filter((w) => w.endDate < today || future === undefined);
  const futureWeeks = future === undefined ? [] : future.weeks.filter((w) => w.endDate >= today);
  const running = original.plan.weeks.find((w) => w.startDate < today && w.endDate >= today);
  const weekSpans = [
    ...pastWeeks.map((w) => ({ start: w.startDate, end: w.endDate, phase: w.phase, kind: w.kind })),
    ...futureWeeks.map((w, k) => ({
      start: k === 0 && running && future !== undefined ? running.startDate : w.startDate,
      end: w.endDate,
      phase: w.phase,
      kind: w.kind,
    })),
  ];
  const weekOf = (date: string) => weekSpans.findIndex((w) => w.start <= date && date <= w.end);

  const days = dates.map((date) => {
    const s = sessions.get(date)!;
    const o = overrideOf.get(date) ?? null;
    const ridden = input.daily.get(date);
    const k = futureDates.indexOf(date);
    const load =
      k < 0 ? pmc.at(date) : { ctl: projection.ctl[k]!, atl: projection.atl[k]!, tsb: projection.tsb[k]! };
    return {
      date,
      week_index: weekOf(date),
      phase: s.phase,
      purpose: s.purpose,
      planned_tss: s.tss,
      workout_ref: s.workout,
      goal_id: s.goalId,
      override: o === null ? null : { action: o.action, other_day: o.other_day, note: o.note },
      actual_tss:
        date < today ? round1(ridden?.tss ?? 0) : date === today && ridden ? round1(ridden.tss) : null,
      ride_ids: date <= today ? (ridden?.rideIds ?? []) : [],
      ctl: round1(load.ctl),
      atl: round1(load.atl),
      tsb: round1(load.tsb),
      projected: date >= today,
    };
  });

  const weeks = weekSpans.map((w, index) => {
    const inWeek = days.filter((d) => d.date >= w.start && d.date <= w.end);
    const lived = inWeek.filter((d) => d.date < today);
    const started = w.start < today;
    const plannedToDate = lived.reduce((s, d) => s + d.planned_tss, 0);
    const actual = round1(lived.reduce((s, d) => s + (d.actual_tss ?? 0), 0));
    const ratio = started && plannedToDate > 0 ? actual / plannedToDate : null;
    return {
      index,
      start_date: w.start,
      end_date: w.end,
      phase: w.phase,
      kind: w.kind,
      planned_tss: inWeek.reduce((s, d) => s + d.planned_tss, 0),
      actual_tss: started ? actual : null,
      planned_to_date_tss: started ? plannedToDate : null,
      ratio: ratio === null ? null : Math.round(ratio * 1000) / 1000,
      score: ratio === null ? null : round1(100 * ratioScore(ratio)),
      partial: started && w.end >= today,
    };
  });

  const goalById = new Map(input.goals.map((g) => [g.id, g]));
  const events = days
    .filter((d) => d.goal_id !== null)
    .map((d) => ({
      goal_id: d.goal_id!,
      date: d.date,
      priority: goalById.get(d.goal_id!)?.priority ?? 'C',
      ctl: d.ctl,
      tsb: d.tsb,
    }));
  const futureEvents = future?.input.events ?? seasonIn.events;
  return {
    response: {
      ...base,
      status,
      peak_ctl: days.length === 0 ? null : Math.max(...days.map((d) => d.ctl)),
      events,
      issues: presentIssues(futureIssues, futureEvents),
      weeks,
      days,
    },
  };
}
