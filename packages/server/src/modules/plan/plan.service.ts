import {
  dayNumber,
  fitWorkoutToTss,
  isoDateOf,
  libraryWorkout,
  MAX_PLAN_DAYS,
  MIN_DAYS_BETWEEN_A_EVENTS,
  serializeWorkoutText,
  type Workout,
  workoutCompliance,
  workoutLoad,
} from '@vatio/analysis';
import type {
  GoalResponse,
  PlanResponse,
  WorkoutComplianceResponse,
  goalSchema,
  planDayOverrideSchema,
  planSettingsSchema,
} from '@vatio/schemas';
import { VALIDATION_MESSAGES } from '@vatio/schemas';
import type { z } from 'zod';
import type { WriteEpoch } from '../../db/write-epoch.ts';
import { AppError } from '../../errors.ts';
import { runAsBookkeeping } from '../../db/write-scope.ts';
import { setBounded } from '../../lib/bounded-map.ts';
import { generateOpaqueToken, sha256Hex } from '../../lib/crypto.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import { decodeStreams } from '../../storage/stream-codec.ts';
import type { PredictiveService } from '../analytics/predictive.service.ts';
import {
  type AthleteSettingsRepository,
  type DatedSettings,
  settingsAt,
} from '../../kernel/athlete-settings.repository.ts';
import { VersionedCache } from '../../kernel/versioned-cache.ts';
import { localDate, localToday, resolveTimeZone } from '../dashboard/zoned-calendar.ts';
import { buildCalendar, type CalendarEvent } from './calendar-feed.ts';
import { goalPrediction } from './goal-prediction.ts';
import { computePlan, type WorkoutRef } from './plan-compute.ts';
import { linkRides } from './ride-links.ts';
import type {
  GoalRow,
  GoalValues,
  PlanGoal,
  PlanOverride,
  PlanRepository,
  PlanRide,
  PlanSettings,
  WorkoutRow,
} from './plan.repository.ts';

type GoalInput = z.output<typeof goalSchema>;
type OverrideInput = z.output<typeof planDayOverrideSchema>;
type SettingsInput = z.output<typeof planSettingsSchema>;

const DEFAULT_WEEKDAYS = [2, 3, 4, 5, 6, 7];
/** Days ahead whose library sessions are resized to their TSS (fitWorkoutToTss costs ~10–50 ms each). */
const FIT_DAYS_AHEAD = 28;
/**
 * Version of the stored compliance (ride_compliance.input_key): raise it when workoutCompliance or its
 * presentation changes, and every ride is measured again on the next answer.
 */
const COMPLIANCE_VERSION = 1;

const fieldError = (field: string, key: keyof typeof VALIDATION_MESSAGES) =>
  new AppError('VALIDATION', VALIDATION_MESSAGES[key], { fields: { [field]: key } });

const addDays = (date: string, days: number) => isoDateOf(dayNumber(date) + days);

export interface PlanServiceDeps {
  repo: PlanRepository;
  athleteSettings: AthleteSettingsRepository;
  predictive: PredictiveService;
  blobs: BlobStore;
  now: () => Date;
  writes: WriteEpoch;
}

/**
 * Goals, the season plan and its days, day changes, compliance and the calendar feed (issue 26).
 * The plan's days are computed on read (plan-compute.ts) and the whole answer kept per rider and day
 * until any of the rider's rows change (VersionedCache, as the dashboard does).
 */
/** Riders remembered with or without a plan (a few dozen bytes each). */
const RIDERS_PLAN_KNOWN = 10_000;
/** Rides whose compliance is measured at once in one answer (each holds its decoded streams). */
const COMPLIANCE_READS_AT_ONCE = 4;

export class PlanService {
  private readonly cache: VersionedCache<PlanResponse>;
  /** Whether riders have a plan, with their write epoch when it was read (complianceOfRide). */
  private readonly planKnown = new Map<string, { hasPlan: boolean; stamp: number | undefined }>();

  constructor(private readonly deps: PlanServiceDeps) {
    this.cache = new VersionedCache(500, deps.writes);
  }

  private async ftpW(userId: string, date: string): Promise<number | undefined> {
    return settingsAt(await this.deps.athleteSettings.list(userId), date).ftpW;
  }

  /** The rider's today: in the plan's zone when there is a plan, else in the zone asked for (UTC). */
  private async today(userId: string, tz?: string): Promise<{ today: string; timeZone: string }> {
    const plan = await this.deps.repo.plan(userId);
    const timeZone = plan?.time_zone ?? resolveTimeZone(tz);
    return { today: localToday(this.deps.now(), timeZone), timeZone };
  }

  // ---- goals ----

  async goals(userId: string): Promise<GoalResponse[]> {
    const [rows, assumptions] = await Promise.all([this.deps.repo.goals(userId), this.assumptions(userId)]);
    return Promise.all(rows.map((g) => this.presentGoal(userId, g, assumptions)));
  }

  async goal(userId: string, id: string): Promise<GoalResponse> {
    const row = await this.deps.repo.goal(userId, id);
    if (!row) throw new AppError('NOT_FOUND');
    return this.presentGoal(userId, row, await this.assumptions(userId));
  }

  /** The event model's inputs as the predictive analysis states them (its answer is kept per rider). */
  private async assumptions(userId: string) {
    const { timeZone } = await this.today(userId);
    return (await this.deps.predictive.answer(userId, { timeZone, weeks: 4 })).event_assumptions;
  }

  private async presentGoal(
    userId: string,
    g: GoalRow,
    assumptions: Awaited<ReturnType<PlanService['assumptions']>>,
  ): Promise<GoalResponse> {
    const course = g.course_activity_id
      ? await this.deps.repo.course(userId, g.course_activity_id)
      : undefined;
    const prediction = goalPrediction(g.kind, course, assumptions);
    return {
      id: g.id,
      name: g.name,
      date: g.event_date,
      priority: g.priority,
      kind: g.kind,
      course_activity_id: g.course_activity_id,
      expected_tss: g.expected_tss,
      notes: g.notes,
      prediction: prediction.ok ? prediction.prediction : null,
      prediction_unavailable: prediction.ok ? null : prediction.reason,
      created_at: g.created_at.toISOString(),
      updated_at: g.updated_at.toISOString(),
    };
  }

  /**
   * The issue's refusals, before anything is stored: an event in the past or over a year ahead, two A
   * events closer than a recovery week, a load week and a taper (28 days), a course that is not the
   * rider's ride.
   */
  private async checkGoal(userId: string, values: GoalValues, id?: string): Promise<void> {
    const { today } = await this.today(userId);
    if (values.event_date < today) throw fieldError('date', 'goal_date_past');
    if (dayNumber(values.event_date) - dayNumber(today) >= MAX_PLAN_DAYS)
      throw fieldError('date', 'goal_date_too_far');
    if (values.course_activity_id && !(await this.deps.repo.course(userId, values.course_activity_id)))
      throw fieldError('course_activity_id', 'goal_course_invalid');
    if (values.priority === 'A') {
      const others = (await this.deps.repo.goals(userId)).filter(
        (g) => g.id !== id && g.priority === 'A' && g.event_date >= today,
      );
      const tooClose = others.some(
        (g) => Math.abs(dayNumber(g.event_date) - dayNumber(values.event_date)) < MIN_DAYS_BETWEEN_A_EVENTS,
      );
      if (tooClose) throw fieldError('date', 'goal_a_events_too_close');
    }
  }

  async createGoal(userId: string, input: GoalInput): Promise<GoalResponse> {
    const values: GoalValues = {
      name: input.name,
      event_date: input.date,
      priority: input.priority,
      kind: input.kind,
      course_activity_id: input.course_activity_id,
      expected_tss: input.expected_tss,
      notes: input.notes,
    };
    await this.checkGoal(userId, values);
    return this.presentGoal(
      userId,
      await this.deps.repo.createGoal(userId, values, this.deps.now()),
      await this.assumptions(userId),
    );
  }

  async updateGoal(userId: string, id: string, input: Partial<GoalInput>): Promise<GoalResponse> {
    const before = await this.deps.repo.goal(userId, id);
    if (!before) throw new AppError('NOT_FOUND');
    const values: GoalValues = {
      name: input.name ?? before.name,
      event_date: input.date ?? before.event_date,
      priority: input.priority ?? before.priority,
      kind: input.kind ?? before.kind,
      course_activity_id:
        input.course_activity_id !== undefined ? input.course_activity_id : before.course_activity_id,
      expected_tss: input.expected_tss !== undefined ? input.expected_tss : before.expected_tss,
      notes: input.notes !== undefined ? input.notes : before.notes,
    };
    await this.checkGoal(userId, values, id);
    const row = await this.deps.repo.updateGoal(userId, id, values, this.deps.now());
    if (!row) throw new AppError('NOT_FOUND');
    return this.presentGoal(userId, row, await this.assumptions(userId));
  }

  async deleteGoal(userId: string, id: string): Promise<void> {
    if (!(await this.deps.repo.deleteGoal(userId, id))) throw new AppError('NOT_FOUND');
  }

  // ---- the plan ----

  /** GET /api/plan: kept per rider and day until any of their rows change. */
  async plan(userId: string, tz?: string): Promise<PlanResponse> {
    const { today, timeZone } = await this.today(userId, tz);
    return this.cache.get(
      `${userId}|${timeZone}|${today}`,
      () => this.deps.repo.version(userId),
      () => this.computeAnswer(userId, today),
    );
  }

  private async computeAnswer(userId: string, today: string): Promise<PlanResponse> {
    const [plan, goals, overrides, rides, workouts, history, stored] = await Promise.all([
      this.deps.repo.plan(userId),
      this.deps.repo.goals(userId),
      this.deps.repo.overrides(userId),
      this.deps.repo.rides(userId),
      this.deps.repo.workouts(userId),
      this.deps.athleteSettings.list(userId),
      this.deps.repo.storedCompliance(userId),
    ]);
    if (!plan) {
      return {
        status: 'none',
        today,
        start_date: null,
        time_zone: null,
        settings: null,
        current: null,
        peak_ctl: null,
        events: [],
        issues: [],
        weeks: [],
        days: [],
      };
    }
    const { response, links } = linkedPlan({ today, plan, goals, overrides, rides });
    const ftpW = settingsAt(history, today).ftpW;
    const own = new Map(workouts.map((w) => [w.id, w]));
    const rideById = new Map(rides.map((r) => [r.id, r]));
    const fitFrom = addDays(today, -7);
    const fitTo = addDays(today, FIT_DAYS_AHEAD - 1);
    const measure: (ComplianceInput & { index: number })[] = [];
    const days = response.days.map(({ workout_ref, ...d }, index) => {
      const linkedId = links.get(d.date);
      const ride = linkedId === undefined ? undefined : rideById.get(linkedId);
      // Library sessions are resized to the day's TSS where the rider needs the exact session: the
      // days around today (the last week, the next four) and any day with a ride to compare.
      const fit = d.ride_ids.length > 0 || ride !== undefined || (d.date >= fitFrom && d.date <= fitTo);
      const workout = workout_ref
        ? presentPlanWorkout(workout_ref, own, ftpW, fit ? d.planned_tss : 0)
        : null;
      let compliance: WorkoutComplianceResponse | null = null;
      if (workout_ref && workout && ride) {
        const input = complianceInput(ride, d.date, workout_ref, workout.structure, history);
        const kept = stored.get(ride.id);
        if (kept?.input_key === input.key) compliance = kept.answer as WorkoutComplianceResponse;
        else measure.push({ index, ...input });
      }
      return { ...d, workout, compliance };
    });
    // Rides measured for the first time (or since they, their workout or the FTP changed), a few at
    // a time (each reads and decodes a ride's streams: reads overlap, memory stays bounded), then kept
    // in ride_compliance for every answer after.
    const kept: { activityId: string; inputKey: string; answer: WorkoutComplianceResponse }[] = [];
    let next = 0;
    const measureNext = async (): Promise<void> => {
      while (next < measure.length) {
        const m = measure[next++]!;
        const answer = await this.measureCompliance(m, await this.deps.repo.streamsKey(userId, m.activityId));
        days[m.index]!.compliance = answer;
        kept.push({ activityId: m.activityId, inputKey: m.key, answer });
      }
    };
    await Promise.all(
      Array.from({ length: Math.min(COMPLIANCE_READS_AT_ONCE, measure.length) }, measureNext),
    );
    // One statement for all (a ride deleted meanwhile fails it: then they are measured next time).
    await runAsBookkeeping(() => this.deps.repo.saveCompliances(userId, kept)).catch(() => undefined);
    return { ...response, days };
  }

  /** Ride vs workout (analysis workoutCompliance) from the ride's stored streams (`blobKey`). */
  private async measureCompliance(
    m: Omit<ComplianceInput, 'key'>,
    blobKey: string | null,
  ): Promise<WorkoutComplianceResponse> {
    const { activityId, date, ref, workout, ftpW } = m;
    const plannedDurationS = workoutLoad(workout, ftpW).durationS;
    const empty = {
      activity_id: activityId,
      date,
      workout_ref: ref,
      score: null,
      duration_ratio: null,
      tss_ratio: null,
      in_target_fraction: null,
      planned_duration_s: plannedDurationS,
      ride_duration_s: null,
      planned_tss: null,
      ride_tss: null,
      steps: [],
    };
    if (blobKey === null) return { ...empty, unavailable: 'noStreams' };
    const streams = decodeStreams(await this.deps.blobs.get(blobKey));
    const result = workoutCompliance({
      workout,
      ftpW,
      powerW: streams.powerW,
      gapMask: streams.gapMask,
      ...(streams.heartRateBpm ? { heartRateBpm: streams.heartRateBpm } : {}),
    });
    const r3 = (v: number | undefined) => (v === undefined ? null : Math.round(v * 1000) / 1000);
    const r1 = (v: number | undefined) => (v === undefined ? null : Math.round(v * 10) / 10);
    return !result.ok
      ? { ...empty, unavailable: result.reason }
      : {
          ...empty,
          unavailable: null,
          score: r1(result.compliance.score),
          duration_ratio: r3(result.compliance.durationRatio),
          tss_ratio: r3(result.compliance.tssRatio),
          in_target_fraction: r3(result.compliance.inTargetFraction),
          ride_duration_s: result.compliance.rideDurationS,
          planned_tss: r1(result.compliance.plannedTss),
          ride_tss: r1(result.compliance.rideTss),
          steps: result.compliance.steps.map((s) => ({
            index: s.index,
            duration_s: s.durationS,
            ridden_s: s.riddenS,
            in_target_s: s.inTargetS,
            in_target_fraction: r3(s.inTargetFraction),
            mean_power_w: r1(s.meanPowerW),
          })),
        };
  }

  /**
   * The compliance shown on GET /api/activities/:id: that of the plan day the ride is linked to, as
   * the plan's answer has it (computeAnswer, whose steps this follows for the one day). Issue 28: it
   * was read off the whole answer, whose every day's workout is resized and whose every linked ride is
   * measured, after nine reads, each waiting its turn on the embedded database behind the imports;
   * after each upload that made the ride page the slowest answer. Now one read, the plan's days
   * computed (a millisecond or so), and only this ride's day's workout and compliance.
   */
  async complianceOfRide(userId: string, activityId: string): Promise<WorkoutComplianceResponse | null> {
    // Most riders have no plan: while their write epoch vouches that nothing of theirs changed since
    // that was read, the ride page asks the database nothing for it (db/write-epoch.ts). Those not
    // known to have one are looked for first with the plan's row alone: the one read of the inputs
    // costs ~2 ms of the database's time to plan even for a rider without a plan.
    const stamp = this.deps.writes.stamp(userId);
    const known = this.planKnown.get(userId);
    if (known && !known.hasPlan && stamp !== undefined && known.stamp === stamp) return null;
    const remember = (hasPlan: boolean) =>
      setBounded(this.planKnown, userId, { hasPlan, stamp }, RIDERS_PLAN_KNOWN);
    if (!known?.hasPlan) {
      const hasPlan = (await this.deps.repo.plan(userId)) !== undefined;
      remember(hasPlan);
      if (!hasPlan) return null;
    }
    // A plan deleted since it was known of: the read says so (null), whatever was remembered.
    const inputs = await this.deps.repo.rideComplianceInputs(userId, activityId);
    if (inputs === null) remember(false);
    if (!inputs) return null;
    const { plan, rides, history } = inputs;
    const today = localToday(this.deps.now(), plan.time_zone);
    const { response, links } = linkedPlan({ today, ...inputs });
    // The day the ride is linked to: its own, or the planned day its workout reference names.
    const day = response.days.find((d) => links.get(d.date) === activityId);
    const ride = rides.find((r) => r.id === activityId);
    if (!day?.workout_ref || !ride) return null;
    // A day with a ride to compare is always resized to its TSS (computeAnswer's `fit`).
    const own = new Map(inputs.workouts.map((w) => [w.id, w]));
    const workout = presentPlanWorkout(
      day.workout_ref,
      own,
      settingsAt(history, today).ftpW,
      day.planned_tss,
    );
    if (!workout) return null;
    const input = complianceInput(ride, day.date, day.workout_ref, workout.structure, history);
    if (inputs.stored?.input_key === input.key) return inputs.stored.answer as WorkoutComplianceResponse;
    const answer = await this.measureCompliance(input, inputs.streamsKey);
    // Kept as the plan's answer keeps it (a ride deleted meanwhile fails it: measured next time).
    await runAsBookkeeping(() =>
      this.deps.repo.saveCompliances(userId, [{ activityId, inputKey: input.key, answer }]),
    ).catch(() => undefined);
    return answer;
  }

  /**
   * POST /api/plan: makes (or remakes) the plan from today. Refused, with nothing stored, without an
   * FTP (the plan's TSS and its workouts are measured against it) or when the goals do not allow a
   * plan (no A event, A events too close…).
   */
  async createPlan(userId: string, input: SettingsInput): Promise<PlanResponse> {
    const existing = await this.deps.repo.plan(userId);
    let timeZone: string;
    try {
      timeZone = resolveTimeZone(input.time_zone ?? existing?.time_zone);
    } catch {
      throw new AppError('VALIDATION', VALIDATION_MESSAGES.invalid, { fields: { time_zone: 'invalid' } });
    }
    const today = localToday(this.deps.now(), timeZone);
    if ((await this.ftpW(userId, today)) === undefined) throw new AppError('FTP_REQUIRED');
    const values = {
      start_date: today,
      time_zone: timeZone,
      training_weekdays: [
        ...new Set(input.training_weekdays ?? existing?.training_weekdays ?? DEFAULT_WEEKDAYS),
      ].sort(),
      weekly_hours: input.weekly_hours !== undefined ? input.weekly_hours : (existing?.weekly_hours ?? null),
      target_ctl: input.target_ctl !== undefined ? input.target_ctl : (existing?.target_ctl ?? null),
      ramp_per_week:
        input.ramp_per_week !== undefined ? input.ramp_per_week : (existing?.ramp_per_week ?? null),
      load_weeks_per_block: input.load_weeks_per_block ?? existing?.load_weeks_per_block ?? 3,
    };
    // The plan is checked as it would be computed, before it is stored.
    const [goals, rides] = await Promise.all([this.deps.repo.goals(userId), this.deps.repo.rides(userId)]);
    const trial = computePlan({
      today,
      plan: values,
      goals,
      overrides: [],
      daily: dailyRides(rides, timeZone),
    });
    if (trial.response.status !== 'active') {
      const codes = trial.response.issues.map((i) => i.code);
      if (codes.includes('noAEvent')) throw fieldError('goals', 'plan_no_a_event');
      if (codes.includes('aEventsTooClose')) throw fieldError('goals', 'goal_a_events_too_close');
      throw new AppError('VALIDATION', VALIDATION_MESSAGES.plan_invalid, {
        fields: { plan: 'plan_invalid' },
      });
    }
    await this.deps.repo.savePlan(userId, values, this.deps.now());
    return this.plan(userId);
  }

  /** POST /api/plan/replan: the plan made again from today with its settings (its past is let go). */
  async replan(userId: string): Promise<PlanResponse> {
    const existing = await this.deps.repo.plan(userId);
    if (!existing) throw new AppError('NOT_FOUND');
    return this.createPlan(userId, {});
  }

  async deletePlan(userId: string): Promise<void> {
    if (!(await this.deps.repo.deletePlan(userId))) throw new AppError('NOT_FOUND');
  }

  /** PUT /api/plan/days/:date: skip, move, swap or edit a day from today on; events stay put. */
  async setDay(userId: string, date: string, input: OverrideInput): Promise<PlanResponse> {
    const answer = await this.plan(userId);
    if (answer.status === 'none') throw new AppError('NOT_FOUND');
    const byDate = new Map(answer.days.map((d) => [d.date, d]));
    const check = (day: string, field: string) => {
      if (day < answer.today) throw fieldError(field, 'plan_day_past');
      const planned = byDate.get(day);
      if (!planned) throw fieldError(field, field === 'date' ? 'plan_day_outside' : 'plan_other_day_invalid');
      if (planned.goal_id !== null) throw fieldError(field, 'plan_day_is_event');
    };
    check(date, 'date');
    if (input.action === 'move' || input.action === 'swap') {
      if (input.other_day === date) throw fieldError('other_day', 'plan_other_day_invalid');
      check(input.other_day!, 'other_day');
    }
    if (input.library_workout_id !== undefined && !libraryWorkout(input.library_workout_id))
      throw fieldError('library_workout_id', 'plan_workout_invalid');
    if (input.workout_id !== undefined && !(await this.deps.repo.workout(userId, input.workout_id)))
      throw fieldError('workout_id', 'plan_workout_invalid');
    let tss = input.tss ?? null;
    if (input.action === 'edit' && tss === null) {
      // A new workout brings its own load at today's FTP.
      const ref = input.library_workout_id ?? input.workout_id;
      if (ref !== undefined) {
        const workout =
          input.library_workout_id !== undefined
            ? libraryWorkout(input.library_workout_id)!.workout
            : ((await this.deps.repo.workout(userId, input.workout_id!))!.structure as Workout);
        const load = workoutLoad(workout, await this.ftpW(userId, answer.today));
        if (load.tss !== undefined) tss = Math.round(load.tss);
      }
    }
    await this.deps.repo.saveOverride(
      userId,
      {
        day: date,
        action: input.action,
        other_day: input.action === 'move' || input.action === 'swap' ? input.other_day! : null,
        library_workout_id: input.action === 'edit' ? (input.library_workout_id ?? null) : null,
        workout_id: input.action === 'edit' ? (input.workout_id ?? null) : null,
        tss: input.action === 'edit' ? tss : null,
        note: input.note ?? null,
      },
      this.deps.now(),
    );
    return this.plan(userId);
  }

  async clearDay(userId: string, date: string): Promise<void> {
    if (!(await this.deps.repo.deleteOverride(userId, date))) throw new AppError('NOT_FOUND');
  }

  // ---- calendar feed ----

  async calendarToken(userId: string) {
    const row = await this.deps.repo.calendarToken(userId);
    return { active: row !== undefined, created_at: row?.created_at.toISOString() ?? null };
  }

  /** A new private token (the old one stops working); only its SHA-256 is stored. */
  async rotateCalendarToken(userId: string) {
    const token = `vcal_${generateOpaqueToken()}`;
    const row = await this.deps.repo.saveCalendarToken(userId, sha256Hex(token), this.deps.now());
    return {
      token,
      path: `/api/plan/calendar.ics?token=${encodeURIComponent(token)}`,
      created_at: row.created_at.toISOString(),
    };
  }

  async revokeCalendarToken(userId: string): Promise<void> {
    if (!(await this.deps.repo.deleteCalendarToken(userId))) throw new AppError('NOT_FOUND');
  }

  /** The rider of a calendar token; an unknown or revoked token is a 404 that says nothing more. */
  async riderOfCalendarToken(token: string): Promise<string> {
    const userId = token === '' ? undefined : await this.deps.repo.riderOfCalendarToken(sha256Hex(token));
    if (userId === undefined) throw new AppError('NOT_FOUND');
    return userId;
  }

  /** The plan's sessions and events from today on (and the last 14 days), as an iCalendar feed. */
  async calendar(userId: string, language: 'es' | 'en'): Promise<string> {
    const answer = await this.plan(userId);
    const goals = new Map((await this.deps.repo.goals(userId)).map((g) => [g.id, g]));
    const from = addDays(answer.today, -14);
    const words = CALENDAR_WORDS[language];
    const events: CalendarEvent[] = [];
    for (const d of answer.days) {
      if (d.date < from) continue;
      const goal = d.goal_id ? goals.get(d.goal_id) : undefined;
      if (goal) {
        events.push({
          uid: `goal-${goal.id}@vatio`,
          date: d.date,
          summary: `${words.priority} ${goal.priority}: ${goal.name}`,
          description: `${words.kinds[goal.kind]}\n${words.tss} ${Math.round(d.planned_tss)}`,
        });
        continue;
      }
      if (d.planned_tss <= 0 || d.purpose === 'rest') continue;
      const name = d.workout?.name ?? words.purposes[d.purpose] ?? d.purpose;
      const duration = d.workout ? formatDuration(d.workout.duration_s) : null;
      events.push({
        uid: `plan-${userId}-${d.date}@vatio`,
        date: d.date,
        summary: `${name} · ${Math.round(d.planned_tss)} ${words.tss}`,
        description: [
          `${words.purpose}: ${words.purposes[d.purpose] ?? d.purpose}`,
          `${words.tss}: ${Math.round(d.planned_tss)}`,
          ...(duration ? [`${words.duration}: ${duration}`] : []),
          ...(d.workout ? [d.workout.text] : []),
          ...(d.override?.note ? [d.override.note] : []),
        ].join('\n'),
      });
    }
    return buildCalendar({ name: words.calendarName, events, now: this.deps.now() });
  }
}

function formatDuration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.round((seconds % 3600) / 60);
  return h > 0 ? `${h} h ${String(m).padStart(2, '0')} min` : `${m} min`;
}

/** Words of the calendar feed: calendar apps show them as they are, so the feed is in one language. */
const CALENDAR_WORDS = {
  en: {
    calendarName: 'Vatio training plan',
    priority: 'Goal',
    tss: 'TSS',
    duration: 'Duration',
    purpose: 'Session',
    kinds: { time_trial: 'Time trial', road_race: 'Road race', gran_fondo: 'Gran fondo', climb: 'Climb' },
    purposes: {
      recovery: 'Recovery',
      endurance: 'Endurance',
      tempo: 'Tempo',
      sweetSpot: 'Sweet spot',
      threshold: 'Threshold',
      vo2max: 'VO2max',
      anaerobic: 'Anaerobic',
      sprint: 'Sprints',
      long: 'Long ride',
      rest: 'Rest',
      race: 'Race',
    } as Record<string, string>,
  },
  es: {
    calendarName: 'Plan de entrenamiento de Vatio',
    priority: 'Objetivo',
    tss: 'TSS',
    duration: 'Duración',
    purpose: 'Sesión',
    kinds: {
      time_trial: 'Contrarreloj',
      road_race: 'Carrera en ruta',
      gran_fondo: 'Gran fondo',
      climb: 'Subida',
    },
    purposes: {
      recovery: 'Recuperación',
      endurance: 'Resistencia',
      tempo: 'Tempo',
      sweetSpot: 'Sweet spot',
      threshold: 'Umbral',
      vo2max: 'VO2max',
      anaerobic: 'Anaeróbico',
      sprint: 'Sprints',
      long: 'Salida larga',
      rest: 'Descanso',
      race: 'Carrera',
    } as Record<string, string>,
  },
} as const;

/** Rides by local day in the plan's zone: their TSS added, their ids in start order. */
export function dailyRides(rides: readonly PlanRide[], timeZone: string) {
  const daily = new Map<string, { tss: number; rideIds: string[] }>();
  for (const r of rides) {
    const date = localDate(r.start_time, timeZone);
    const entry = daily.get(date) ?? { tss: 0, rideIds: [] };
    entry.tss += r.training_stress_score ?? 0;
    entry.rideIds.push(r.id);
    daily.set(date, entry);
  }
  return daily;
}

/**
 * The plan's days computed from its rows and the rider's rides, with the ride each day is linked to:
 * the steps the plan's answer (computeAnswer) and one ride's compliance (complianceOfRide) share, so
 * the two cannot link a ride differently.
 */
function linkedPlan(input: {
  today: string;
  plan: PlanSettings;
  goals: readonly PlanGoal[];
  overrides: readonly PlanOverride[];
  rides: readonly PlanRide[];
}) {
  const { today, plan, goals, overrides, rides } = input;
  const daily = dailyRides(rides, plan.time_zone);
  const { response } = computePlan({ today, plan, goals, overrides, daily });
  const links = linkRides(
    response.days,
    rides.map((r) => ({ ...r, date: localDate(r.start_time, plan.time_zone) })),
  );
  return { response, links };
}

/** What a linked ride's compliance is measured from, and the key it is kept under. */
interface ComplianceInput {
  key: string;
  activityId: string;
  date: string;
  ref: WorkoutRef;
  workout: Workout;
  ftpW: number | undefined;
}

/** A ride's compliance with its day's workout: against its own FTP, else the one in force that day. */
function complianceInput(
  ride: PlanRide,
  date: string,
  ref: WorkoutRef,
  workout: Workout,
  history: readonly DatedSettings[],
): ComplianceInput {
  const ftpW = ride.ftp_w ?? settingsAt(history, date).ftpW;
  return {
    key: complianceKey(ride, date, ref, workout, ftpW),
    activityId: ride.id,
    date,
    ref,
    workout,
    ftpW,
  };
}

/**
 * What a stored compliance was measured from: the ride as stored (its updated_at moves with its
 * streams, FTP and re-analysis), the day and workout it is measured against, the FTP, the version.
 */
function complianceKey(
  ride: PlanRide,
  date: string,
  ref: WorkoutRef,
  workout: Workout,
  ftpW: number | undefined,
): string {
  const workoutHash = sha256Hex(JSON.stringify(workout));
  return `v${COMPLIANCE_VERSION}|${ride.updated_at.toISOString()}|${date}|${ref.source}:${ref.id}|${workoutHash}|${ftpW ?? ''}`;
}

/** A day's workout as the plan shows it, with its structure for compliance. */
function presentPlanWorkout(
  ref: WorkoutRef,
  own: ReadonlyMap<string, Pick<WorkoutRow, 'name' | 'structure'>>,
  ftpW: number | undefined,
  plannedTss: number,
) {
  let structure: Workout;
  let fitted = false;
  let name: string | null = null;
  let nameKey: string | null = null;
  if (ref.source === 'library') {
    const w = libraryWorkout(ref.id);
    if (!w) return null;
    // The session resized to the day's load (the planner picks the nearest session by purpose).
    const resized = plannedTss > 0 ? fittedLibraryWorkout(w.id, w.workout, plannedTss) : undefined;
    structure = resized?.workout ?? w.workout;
    fitted = resized !== undefined;
    nameKey = w.nameKey;
  } else {
    const w = own.get(ref.id);
    if (!w) return null;
    structure = w.structure as Workout;
    name = w.name;
  }
  const load = workoutLoad(structure, ftpW);
  return {
    source: ref.source,
    id: ref.id,
    name,
    name_key: nameKey,
    duration_s: load.durationS,
    tss: load.tss === undefined ? null : Math.round(load.tss * 10) / 10,
    text: serializeWorkoutText(structure),
    structure: structure as PlanWorkoutStructure,
    fitted,
  };
}

/**
 * fitWorkoutToTss of a library session, kept: it tries every repeat count (each an NP over the 1 Hz
 * plan), and a plan's days ask for the same few sessions at the same whole TSS again and again.
 */
const fittedLibrary = new Map<string, ReturnType<typeof fitWorkoutToTss>>();
function fittedLibraryWorkout(id: string, workout: Workout, tss: number) {
  const key = `${id}|${tss}`;
  if (fittedLibrary.has(key)) return fittedLibrary.get(key);
  const fitted = fitWorkoutToTss(workout, tss);
  setBounded(fittedLibrary, key, fitted, 20_000);
  return fitted;
}

type PlanWorkoutStructure = NonNullable<PlanResponse['days'][number]['workout']>['structure'];
