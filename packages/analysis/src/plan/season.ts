import { dayNumber, isoDateOf } from '../load/calendar.ts';
import {
  ATL_TIME_CONSTANT_DAYS,
  CTL_TIME_CONSTANT_DAYS,
  performanceManagement,
} from '../load/performance-management.ts';
import { nearestLibraryWorkout } from '../workouts/library.ts';
import { type LoadPoint, loadForCtlChange, maxDayTssForRamp, stepLoad } from './ramp.ts';
import { type DayPurpose, type DaySlot, layoutWeek, type PlanPhase, type WeekKind } from './week-layout.ts';

/**
 * Season planner: weeks with phases, weekly and daily TSS, projected CTL/ATL/TSB per day.
 * Every rule and its source: docs/formulas/training-plan.md. Pure: `today` is an argument.
 */

export type EventPriority = 'A' | 'B' | 'C';

export interface PlanEvent {
  readonly id?: string;
  readonly date: string;
  readonly priority: EventPriority;
  /** The event's own load; DEFAULT_EVENT_TSS when unknown. */
  readonly expectedTss?: number;
}

export interface SeasonPlanInput {
  readonly today: string;
  /** CTL and ATL at the end of yesterday (the PMC's last known day). */
  readonly ctl: number;
  readonly atl: number;
  /** CTL at the end of each of the 7 days before today, oldest first; flat at `ctl` when absent. */
  readonly ctlHistory?: readonly number[];
  readonly events: readonly PlanEvent[];
  /** ISO weekdays the rider trains (1 = Monday … 7 = Sunday); default Tuesday to Sunday. */
  readonly trainingWeekdays?: readonly number[];
  /** Hours a week the rider has; caps weekly TSS at hours · ASSUMED_TSS_PER_HOUR. */
  readonly weeklyHours?: number;
  /** CTL to reach before the taper; default: as high as the planned ramp safely gets. */
  readonly targetCtl?: number;
  /** Planned CTL ramp per load week; default DEFAULT_RAMP_PER_WEEK. */
  readonly rampPerWeek?: number;
  /** Hard cap on the PMC ramp rate (CTL today − 7 days ago) on every day; default MAX_RAMP_PER_WEEK. */
  readonly maxRampPerWeek?: number;
  /** Load weeks before each recovery week: 3 (3:1, default) or 2 (2:1, Friel's advice for masters). */
  readonly loadWeeksPerBlock?: 2 | 3;
}

/** Coggan/Allen: a CTL ramp of 5–8 points a week is sustainable; 8 is the ceiling. */
export const MAX_RAMP_PER_WEEK = 8;
/** The low end of the 5–8 band, planned by default; the cap still allows up to 8. */
export const DEFAULT_RAMP_PER_WEEK = 5;
/** Recovery week load: 55 % of the week before, the middle of Friel's 50–60 %. */
export const RECOVERY_WEEK_FACTOR = 0.55;
/** Taper length in days (Bosquet et al. 2007: 8–14 days; Mujika & Padilla 2003). */
export const TAPER_DAYS = 14;
/** Taper volume reduction searched within Bosquet et al.'s 41–60 %. */
export const TAPER_REDUCTION_RANGE = [0.41, 0.6] as const;
/** Race-day TSB aimed for: the middle of the +5…+25 band; positive is required. */
export const RACE_DAY_TSB_TARGET = 15;
export const RACE_DAY_TSB_BAND = [5, 25] as const;
/** A taper plus one build week: fewer days before the first A event cannot build anything. */
export const MIN_DAYS_TO_BUILD = TAPER_DAYS + 7;
/** Two A events need a recovery week, a load week and a taper between them. */
export const MIN_DAYS_BETWEEN_A_EVENTS = 28;
/** B events: this many days of halved load before them (Friel: a short rest, no peak). */
export const B_EVENT_REST_DAYS = 3;
/** Load of an event whose own TSS is not given: one hour at FTP. */
export const DEFAULT_EVENT_TSS = 100;
/** TSS per hour assumed when weekly hours cap the load (IF ≈ 0.77, mixed endurance and intervals). */
export const ASSUMED_TSS_PER_HOUR = 60;
/**
 * Most TSS one training day may carry: the 6-hour workout limit (MAX_WORKOUT_DURATION_S) at
 * ASSUMED_TSS_PER_HOUR. Few training days cannot hold a high CTL; the plan says so (`dayLoadCapped`).
 */
export const MAX_DAY_TSS = 6 * ASSUMED_TSS_PER_HOUR;
/** Plans reach at most a year ahead. */
export const MAX_PLAN_DAYS = 366;

export type PlanIssueCode =
  | 'invalidInput'
  | 'noAEvent'
  | 'eventInPast'
  | 'aEventsTooClose'
  | 'eventTooFar'
  | 'noTrainingDays'
  | 'notEnoughWeeks'
  | 'targetCtlUnreachable'
  | 'raceDayTsbLow'
  | 'eventOutsidePlan'
  | 'dayLoadCapped';

export interface PlanIssue {
  readonly code: PlanIssueCode;
  /** Index into `input.events` when the issue is about one event. */
  readonly eventIndex?: number;
  /** Numbers the message may show (days, CTL…). */
  readonly values?: Readonly<Record<string, number>>;
}

export interface PlanDay {
  readonly date: string;
  readonly weekIndex: number;
  readonly phase: PlanPhase;
  readonly purpose: DayPurpose;
  /** Planned TSS, whole numbers. */
  readonly tss: number;
  /** Library session nearest the day's TSS for its purpose. */
  readonly workoutId?: string;
  readonly eventIndex?: number;
  /** Projected with the PMC (load/performance-management.ts) from the input's CTL/ATL. */
  readonly ctl: number;
  readonly atl: number;
  readonly tsb: number;
}

export interface PlanWeek {
  readonly index: number;
  readonly startDate: string;
  readonly endDate: string;
  readonly phase: PlanPhase;
  readonly kind: WeekKind;
  readonly plannedTss: number;
  /** CTL at the end of the week − CTL before it. */
  readonly ctlChange: number;
}

export interface SeasonPlan {
  readonly input: SeasonPlanInput;
  readonly startDate: string;
  readonly endDate: string;
  /** Highest projected CTL of the plan. */
  readonly peakCtl: number;
  readonly weeks: readonly PlanWeek[];
  readonly days: readonly PlanDay[];
  /** Projected CTL and form on each event day inside the plan. */
  readonly events: readonly { readonly eventIndex: number; readonly ctl: number; readonly tsb: number }[];
  /** Warnings: the plan is made, but says what it could not do. */
  readonly issues: readonly PlanIssue[];
}

export type SeasonPlanResult =
  | { readonly ok: true; readonly plan: SeasonPlan }
  | { readonly ok: false; readonly issues: readonly PlanIssue[] };

interface WeekSpec {
  readonly days: number[];
  readonly kind: WeekKind;
  readonly phase: PlanPhase;
  readonly raceDay?: number;
}

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function validate(input: SeasonPlanInput, today: number): PlanIssue[] {
  const issues: PlanIssue[] = [];
  const maxRamp = input.maxRampPerWeek ?? MAX_RAMP_PER_WEEK;
  const ramp = input.rampPerWeek ?? Math.min(DEFAULT_RAMP_PER_WEEK, maxRamp);
  const badNumbers =
    !(finite(input.ctl) && input.ctl >= 0 && finite(input.atl) && input.atl >= 0) ||
    !(maxRamp > 0 && maxRamp <= MAX_RAMP_PER_WEEK && ramp > 0 && ramp <= maxRamp) ||
    (input.weeklyHours !== undefined && !(input.weeklyHours > 0 && input.weeklyHours <= 40)) ||
    (input.targetCtl !== undefined && !(input.targetCtl > 0 && input.targetCtl <= 250)) ||
    (input.ctlHistory !== undefined && (input.ctlHistory.length !== 7 || !input.ctlHistory.every(finite)));
  if (badNumbers) issues.push({ code: 'invalidInput' });
  const weekdays = input.trainingWeekdays ?? [2, 3, 4, 5, 6, 7];
  if (!weekdays.some((d) => Number.isInteger(d) && d >= 1 && d <= 7)) issues.push({ code: 'noTrainingDays' });
  const aDays: { day: number; index: number }[] = [];
  input.events.forEach((event, eventIndex) => {
    let day: number;
    try {
      day = dayNumber(event.date);
    } catch {
      issues.push({ code: 'invalidInput', eventIndex });
      return;
    }
    if (day < today) issues.push({ code: 'eventInPast', eventIndex });
    else if (day - today >= MAX_PLAN_DAYS) issues.push({ code: 'eventTooFar', eventIndex });
    if (event.expectedTss !== undefined && !(finite(event.expectedTss) && event.expectedTss >= 0)) {
      issues.push({ code: 'invalidInput', eventIndex });
    }
    if (event.priority === 'A') aDays.push({ day, index: eventIndex });
  });
  if (aDays.length === 0) issues.push({ code: 'noAEvent' });
  aDays.sort((a, b) => a.day - b.day);
  for (let k = 1; k < aDays.length; k++) {
    const gap = aDays[k]!.day - aDays[k - 1]!.day;
    if (gap < MIN_DAYS_BETWEEN_A_EVENTS) {
      issues.push({
        code: 'aEventsTooClose',
        eventIndex: aDays[k]!.index,
        values: { days: MIN_DAYS_BETWEEN_A_EVENTS },
      });
    }
  }
  return issues;
}

const range = (from: number, to: number): number[] =>
  from > to ? [] : Array.from({ length: to - from + 1 }, (_, k) => from + k);

/** Phase of the j-th week counted back from the taper (1 = the week just before it). Friel's lengths. */
function phaseOfWeekBack(j: number, loadWeeksPerBlock: number): { kind: WeekKind; phase: PlanPhase } {
  if (j % (loadWeeksPerBlock + 1) === 0) return { kind: 'recovery', phase: 'recovery' };
  // Friel: peak 1–2 weeks, build 8 weeks, base before that.
  return { kind: 'load', phase: j <= 2 ? 'peak' : j <= 10 ? 'build' : 'base' };
}

/**
 * Weeks of one segment ending on an A event: counted back from the race so every plan ends the same
 * way — race week, taper week, then load weeks with a recovery week every (loadWeeksPerBlock + 1)th.
 * After an earlier A event the segment opens with a recovery week.
 */
function segmentWeeks(
  start: number,
  raceDay: number,
  afterRace: boolean,
  loadWeeksPerBlock: number,
): WeekSpec[] {
  const weeks: WeekSpec[] = [];
  let buildStart = start;
  if (afterRace) {
    weeks.push({
      days: range(start, Math.min(start + 6, raceDay - TAPER_DAYS)),
      kind: 'recovery',
      phase: 'recovery',
    });
    buildStart = start + 7;
  }
  const taperStart = Math.max(buildStart, raceDay - TAPER_DAYS + 1);
  const back: WeekSpec[] = [];
  for (let j = 1, end = taperStart - 1; end >= buildStart; j++, end -= 7) {
    back.push({ days: range(Math.max(buildStart, end - 6), end), ...phaseOfWeekBack(j, loadWeeksPerBlock) });
  }
  weeks.push(...back.reverse());
  const raceWeekStart = Math.max(taperStart, raceDay - 6);
  if (raceWeekStart > taperStart)
    weeks.push({ days: range(taperStart, raceWeekStart - 1), kind: 'taper', phase: 'taper' });
  weeks.push({ days: range(raceWeekStart, raceDay), kind: 'race', phase: 'race', raceDay });
  return weeks.filter((w) => w.days.length > 0);
}

interface Planned {
  readonly day: number;
  readonly weekIndex: number;
  readonly phase: PlanPhase;
  readonly purpose: DayPurpose;
  readonly tss: number;
  readonly eventIndex?: number;
}

/** Planner state through the forward pass. */
class Projection {
  /** End-of-day CTL from 7 days before the start, for the ramp cap. */
  readonly ctlByDay: number[];
  state: LoadPoint;
  constructor(
    initial: LoadPoint,
    history: readonly number[],
    readonly capPerWeek: number,
  ) {
    this.state = initial;
    this.ctlByDay = [...history];
  }

  /** Most TSS the next day may carry without a ramp above the cap. */
  headroom(): number {
    const n = this.ctlByDay.length;
    return maxDayTssForRamp({
      ctlYesterday: this.state.ctl,
      ctlWeekAgo: this.ctlByDay[n - 7]!,
      capPerWeek: this.capPerWeek,
    });
  }

  push(tss: number): void {
    this.state = stepLoad(this.state, tss);
    this.ctlByDay.push(this.state.ctl);
  }

  clone(): Projection {
    const copy = new Projection(this.state, this.ctlByDay, this.capPerWeek);
    return copy;
  }
}

/**
 * Builds the season from `today` to the last A event. Errors (events in the past, A events too close,
 * no A event, bad numbers) refuse the plan; warnings (too few weeks, target CTL out of reach, race-day
 * form not positive) come with it.
 */
export function buildSeasonPlan(input: SeasonPlanInput): SeasonPlanResult {
  let today: number;
  try {
    today = dayNumber(input.today);
  } catch {
    return { ok: false, issues: [{ code: 'invalidInput' }] };
  }
  const errors = validate(input, today);
  if (errors.length > 0) return { ok: false, issues: errors };

  const maxRamp = input.maxRampPerWeek ?? MAX_RAMP_PER_WEEK;
  const ramp = input.rampPerWeek ?? Math.min(DEFAULT_RAMP_PER_WEEK, maxRamp);
  const loadWeeksPerBlock = input.loadWeeksPerBlock ?? 3;
  const trainingWeekdays = new Set(input.trainingWeekdays ?? [2, 3, 4, 5, 6, 7]);
  const weeklyTssCap =
    input.weeklyHours === undefined ? Number.POSITIVE_INFINITY : input.weeklyHours * ASSUMED_TSS_PER_HOUR;
  const issues: PlanIssue[] = [];

  const events = input.events.map((e, eventIndex) => ({ ...e, eventIndex, day: dayNumber(e.date) }));
  const aEvents = events.filter((e) => e.priority === 'A').sort((a, b) => a.day - b.day);
  const lastDay = aEvents.at(-1)!.day;
  if (aEvents[0]!.day - today + 1 < MIN_DAYS_TO_BUILD) {
    issues.push({
      code: 'notEnoughWeeks',
      eventIndex: aEvents[0]!.eventIndex,
      values: { availableDays: aEvents[0]!.day - today + 1, neededDays: MIN_DAYS_TO_BUILD },
    });
  }
  for (const e of events)
    if (e.day > lastDay) issues.push({ code: 'eventOutsidePlan', eventIndex: e.eventIndex });
  const eventOnDay = new Map(events.filter((e) => e.day <= lastDay).map((e) => [e.day, e]));
  const eventTss = (e: { expectedTss?: number }) => e.expectedTss ?? DEFAULT_EVENT_TSS;

  const weeks: WeekSpec[] = [];
  let segmentStart = today;
  aEvents.forEach((a, k) => {
    weeks.push(...segmentWeeks(segmentStart, a.day, k > 0, loadWeeksPerBlock));
    segmentStart = a.day + 1;
  });

  const history = input.ctlHistory ?? new Array<number>(7).fill(input.ctl);
  const projection = new Projection({ ctl: input.ctl, atl: input.atl }, history, maxRamp);
  const planned: Planned[] = [];
  const weekTotals: number[] = [];
  let lastLoadDaily: number | undefined;
  let dayCapped = false;

  const slotsOf = (week: WeekSpec): DaySlot[] =>
    layoutWeek({
      days: week.days,
      trainingWeekdays,
      kind: week.kind,
      phase: week.phase,
      ...(week.raceDay === undefined ? {} : { raceDay: week.raceDay }),
    });

  /** B event: halve the days before it and the day after; C: the event replaces the day. */
  const adjust = (
    slot: DaySlot,
    tss: number,
    kind: WeekKind,
  ): { tss: number; purpose: DayPurpose; eventIndex?: number } => {
    const event = eventOnDay.get(slot.day);
    if (event !== undefined) return { tss: eventTss(event), purpose: 'race', eventIndex: event.eventIndex };
    if (kind === 'taper' || kind === 'race') return { tss, purpose: slot.purpose };
    for (let k = 1; k <= B_EVENT_REST_DAYS; k++) {
      if (eventOnDay.get(slot.day + k)?.priority === 'B')
        return { tss: tss * 0.5, purpose: slot.purpose === 'rest' ? 'rest' : 'recovery' };
    }
    if (eventOnDay.get(slot.day - 1)?.priority === 'B')
      return { tss: tss * 0.5, purpose: slot.purpose === 'rest' ? 'rest' : 'recovery' };
    return { tss, purpose: slot.purpose };
  };

  /** Plans the days of a week from a total; clamps each to the ramp cap (races excepted). */
  const commit = (
    target: Projection,
    week: WeekSpec,
    weekIndex: number,
    slots: DaySlot[],
    total: number,
    record: boolean,
  ): number => {
    const weightSum = slots.reduce((s, d) => s + d.weight, 0);
    let sum = 0;
    const allSlots: DaySlot[] =
      week.raceDay === undefined ? slots : [...slots, { day: week.raceDay, purpose: 'race', weight: 0 }];
    for (const slot of allSlots) {
      const desired = weightSum > 0 ? (total * slot.weight) / weightSum : 0;
      const day = adjust(slot, desired, week.kind);
      // Whole TSS, rounded down, so rounding never pushes the ramp above the cap.
      if (record && day.purpose !== 'race' && day.tss > MAX_DAY_TSS) dayCapped = true;
      const tss =
        day.purpose === 'race'
          ? Math.round(day.tss)
          : Math.floor(Math.min(day.tss, MAX_DAY_TSS, target.headroom()));
      target.push(tss);
      sum += tss;
      if (record) {
        planned.push({
          day: slot.day,
          weekIndex,
          phase: week.phase,
          purpose: tss === 0 && day.purpose !== 'race' ? 'rest' : day.purpose,
          tss,
          ...(day.eventIndex === undefined ? {} : { eventIndex: day.eventIndex }),
        });
      }
    }
    return sum;
  };

  for (let w = 0; w < weeks.length; w++) {
    const week = weeks[w]!;
    const slots = slotsOf(week);
    const n = week.days.length;
    if (week.kind === 'load') {
      const ctl0 = projection.state.ctl;
      let delta = (ramp * n) / 7;
      if (input.targetCtl !== undefined) delta = Math.min(delta, Math.max(0, input.targetCtl - ctl0));
      const trainingSlots = slots.filter((s) => s.weight > 0);
      const weightSum = trainingSlots.reduce((s, d) => s + d.weight, 0);
      const shares = slots.map((s) => (weightSum > 0 ? s.weight / weightSum : 0));
      const total = Math.min(loadForCtlChange({ ctl0, deltaCtl: delta, shares }), (weeklyTssCap * n) / 7);
      const sum = commit(projection, week, w, slots, total, true);
      weekTotals.push(sum);
      lastLoadDaily = sum / n;
    } else if (week.kind === 'recovery') {
      // 55 % of the load week before; after a race (or at the start) of the maintenance load, CTL per day.
      const previous =
        weeks[w - 1]?.kind === 'load' ? weekTotals[w - 1]! / weeks[w - 1]!.days.length : projection.state.ctl;
      weekTotals.push(commit(projection, week, w, slots, RECOVERY_WEEK_FACTOR * previous * n, true));
    } else if (week.kind === 'taper' || (week.kind === 'race' && weeks[w - 1]?.kind !== 'taper')) {
      // The taper: this week and the race week together, volume cut by r within Bosquet's 41–60 %,
      // progressively (Mujika & Padilla: progressive beats step tapers), r chosen for race-day TSB.
      const taperWeeks = week.kind === 'taper' ? [week, weeks[w + 1]!] : [week];
      const reference = lastLoadDaily ?? projection.state.ctl;
      const factors = (r: number) => (taperWeeks.length === 2 ? [1 - 0.8 * r, 1 - 1.2 * r] : [1 - r]);
      const raceTsb = (r: number): number => {
        const trial = projection.clone();
        taperWeeks.forEach((tw, k) => {
          const twSlots = slotsOf(tw);
          const days = tw.raceDay === undefined ? tw.days.length : tw.days.length - 1;
          const spec = { ...tw, raceDay: undefined } as WeekSpec; // the race day's own load does not change its TSB
          commit(trial, spec, w + k, twSlots, reference * factors(r)[k]! * days, false);
        });
        const s = trial.state;
        return s.ctl - s.atl;
      };
      let bestR: number = TAPER_REDUCTION_RANGE[0];
      let bestScore = Number.POSITIVE_INFINITY;
      for (let step = 0; step <= 19; step++) {
        const r = TAPER_REDUCTION_RANGE[0] + step * 0.01;
        const tsb = raceTsb(r);
        const score = (tsb > 0 ? 0 : 1000) + Math.abs(tsb - RACE_DAY_TSB_TARGET);
        if (score < bestScore) {
          bestScore = score;
          bestR = r;
        }
      }
      taperWeeks.forEach((tw, k) => {
        const twSlots = slotsOf(tw);
        const days = tw.raceDay === undefined ? tw.days.length : tw.days.length - 1;
        weekTotals.push(commit(projection, tw, w + k, twSlots, reference * factors(bestR)[k]! * days, true));
      });
      w += taperWeeks.length - 1;
      lastLoadDaily = undefined;
    }
  }

  // The projection reported is the PMC itself over the planned days (same recurrence as the clamp).
  const tssSeries = planned.map((p) => p.tss);
  const pmc = performanceManagement(tssSeries, {
    ctlTimeConstantDays: CTL_TIME_CONSTANT_DAYS,
    atlTimeConstantDays: ATL_TIME_CONSTANT_DAYS,
    initialCtl: input.ctl,
    initialAtl: input.atl,
  });
  const days: PlanDay[] = planned.map((p, k) => {
    const workout =
      p.tss > 0 && p.purpose !== 'rest' && p.purpose !== 'race'
        ? nearestLibraryWorkout(p.purpose, p.tss)
        : undefined;
    return {
      date: isoDateOf(p.day),
      weekIndex: p.weekIndex,
      phase: p.phase,
      purpose: p.purpose,
      tss: p.tss,
      ...(workout === undefined ? {} : { workoutId: workout.id }),
      ...(p.eventIndex === undefined ? {} : { eventIndex: p.eventIndex }),
      ctl: pmc.ctl[k]!,
      atl: pmc.atl[k]!,
      tsb: pmc.tsb[k]!,
    };
  });
  const planWeeks: PlanWeek[] = weeks.map((week, index) => {
    const inWeek = days.filter((d) => d.weekIndex === index);
    const first = days.indexOf(inWeek[0]!);
    const before = first === 0 ? input.ctl : days[first - 1]!.ctl;
    return {
      index,
      startDate: inWeek[0]!.date,
      endDate: inWeek.at(-1)!.date,
      phase: week.phase,
      kind: week.kind,
      plannedTss: inWeek.reduce((s, d) => s + d.tss, 0),
      ctlChange: inWeek.at(-1)!.ctl - before,
    };
  });

  const peakCtl = Math.max(input.ctl, ...days.map((d) => d.ctl));
  if (dayCapped) issues.push({ code: 'dayLoadCapped', values: { tss: MAX_DAY_TSS } });
  if (input.targetCtl !== undefined && peakCtl < input.targetCtl - 0.5) {
    issues.push({ code: 'targetCtlUnreachable', values: { ctl: Math.floor(peakCtl) } });
  }
  const eventSummaries = days
    .filter((d) => d.eventIndex !== undefined)
    .map((d) => ({ eventIndex: d.eventIndex!, ctl: d.ctl, tsb: d.tsb }));
  for (const a of aEvents) {
    const summary = eventSummaries.find((e) => e.eventIndex === a.eventIndex);
    if (summary !== undefined && !(summary.tsb > 0)) {
      issues.push({
        code: 'raceDayTsbLow',
        eventIndex: a.eventIndex,
        values: { tsb: Math.round(summary.tsb) },
      });
    }
  }
  return {
    ok: true,
    plan: {
      input,
      startDate: input.today,
      endDate: isoDateOf(lastDay),
      peakCtl,
      weeks: planWeeks,
      days,
      events: eventSummaries,
      issues,
    },
  };
}
