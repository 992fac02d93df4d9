import { type Kysely, type Selectable, sql } from 'kysely';
import type {
  Database,
  GoalsTable,
  PlanDayOverridesTable,
  TrainingPlansTable,
  WorkoutsTable,
} from '../../db/schema.ts';
import type { DatedSettings } from '../../kernel/athlete-settings.repository.ts';
import { riderFingerprintColumns, riderFingerprintOf } from '../../kernel/rider-fingerprint.repository.ts';

export type GoalRow = Selectable<GoalsTable>;
export type WorkoutRow = Selectable<WorkoutsTable>;
export type TrainingPlanRow = Selectable<TrainingPlansTable>;
export type PlanOverrideRow = Selectable<PlanDayOverridesTable>;

export type GoalValues = Pick<
  GoalRow,
  'name' | 'event_date' | 'priority' | 'kind' | 'course_activity_id' | 'expected_tss' | 'notes'
>;
export type WorkoutValues = Pick<WorkoutRow, 'name' | 'description' | 'purpose'> & { structure: unknown };
export type PlanValues = Pick<
  TrainingPlanRow,
  'start_date' | 'time_zone' | 'training_weekdays' | 'weekly_hours' | 'target_ctl' | 'ramp_per_week'
> & { load_weeks_per_block: number };
export type OverrideValues = Omit<PlanOverrideRow, 'user_id' | 'created_at'>;

/** A ride as the plan reads it: its local day comes from start_time, its load from the stored TSS. */
export interface PlanRide {
  id: string;
  start_time: Date;
  training_stress_score: number | null;
  has_power: boolean;
  ftp_w: number | null;
  /** The Vatio workout the ride's file says it followed, `<kind>:<ref>` (ride-links.ts reads it). */
  workout_ref: string | null;
  /** Moves with everything a compliance is measured from (streams, FTP, re-analysis). */
  updated_at: Date;
}

/** What the plan's computation reads of the plan's settings (plan-compute.ts). */
export type PlanSettings = Pick<
  TrainingPlanRow,
  | 'start_date'
  | 'time_zone'
  | 'training_weekdays'
  | 'weekly_hours'
  | 'target_ctl'
  | 'ramp_per_week'
  | 'load_weeks_per_block'
>;
/** What the plan's computation reads of a goal (plan-compute.ts). */
export type PlanGoal = Pick<GoalRow, 'id' | 'event_date' | 'priority' | 'expected_tss'>;
/** A day change as the plan's computation reads it. */
export type PlanOverride = Omit<PlanOverrideRow, 'user_id' | 'created_at'>;
type RideJson = [string, string, number | null, boolean, number | null, string | null, string];
type OwnWorkout = Pick<WorkoutRow, 'id' | 'name' | 'structure'>;

/** One ride's compliance inputs (`rideComplianceInputs`). */
export interface RideComplianceInputs {
  plan: PlanSettings;
  goals: PlanGoal[];
  overrides: PlanOverride[];
  rides: PlanRide[];
  history: DatedSettings[];
  workouts: OwnWorkout[];
  stored: { input_key: string; answer: unknown } | undefined;
  streamsKey: string | null;
}

/** The plan reads the rider's rides, settings and profile; bikes as the version always named them. */
const PLAN_FINGERPRINT = { bikes: true };

const RIDE_COLUMNS = [
  'id',
  'start_time',
  'training_stress_score',
  'has_power',
  'ftp_w',
  'workout_ref',
  'updated_at',
] as const;

/** Goals, workouts, plan settings, day changes and the calendar token; every query carries the rider. */
export class PlanRepository {
  constructor(private readonly db: Kysely<Database>) {}

  // ---- goals ----

  goals(userId: string): Promise<GoalRow[]> {
    return this.db
      .selectFrom('goals')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('event_date')
      .orderBy('created_at')
      .execute();
  }

  goal(userId: string, id: string): Promise<GoalRow | undefined> {
    return this.db
      .selectFrom('goals')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  createGoal(userId: string, values: GoalValues, now: Date): Promise<GoalRow> {
    return this.db
      .insertInto('goals')
      .values({ ...values, user_id: userId, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  updateGoal(
    userId: string,
    id: string,
    values: Partial<GoalValues>,
    now: Date,
  ): Promise<GoalRow | undefined> {
    return this.db
      .updateTable('goals')
      .set({ ...values, updated_at: now })
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  async deleteGoal(userId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('goals')
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /** The rider's ride used as a course: its distance and climbing. */
  course(
    userId: string,
    activityId: string,
  ): Promise<{ id: string; distance_m: number | null; elevation_gain_m: number | null } | undefined> {
    return this.db
      .selectFrom('activities')
      .select(['id', 'distance_m', 'elevation_gain_m'])
      .where('user_id', '=', userId)
      .where('id', '=', activityId)
      .executeTakeFirst();
  }

  // ---- workouts ----

  workouts(userId: string): Promise<WorkoutRow[]> {
    return this.db
      .selectFrom('workouts')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('name')
      .orderBy('id')
      .execute();
  }

  workout(userId: string, id: string): Promise<WorkoutRow | undefined> {
    return this.db
      .selectFrom('workouts')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  createWorkout(userId: string, values: WorkoutValues, now: Date): Promise<WorkoutRow> {
    return this.db
      .insertInto('workouts')
      .values({
        ...values,
        structure: JSON.stringify(values.structure),
        user_id: userId,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  updateWorkout(
    userId: string,
    id: string,
    values: Partial<WorkoutValues>,
    now: Date,
  ): Promise<WorkoutRow | undefined> {
    const { structure, ...rest } = values;
    return this.db
      .updateTable('workouts')
      .set({
        ...rest,
        ...(structure === undefined ? {} : { structure: JSON.stringify(structure) }),
        updated_at: now,
      })
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  async deleteWorkout(userId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('workouts')
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  // ---- the plan ----

  plan(userId: string): Promise<TrainingPlanRow | undefined> {
    return this.db.selectFrom('training_plans').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  /** Creates or replaces the plan; a new start drops the day changes made before it (one transaction). */
  savePlan(userId: string, values: PlanValues, now: Date): Promise<TrainingPlanRow> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('training_plans')
        .values({ ...values, user_id: userId, created_at: now, updated_at: now })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...values, updated_at: now }))
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx
        .deleteFrom('plan_day_overrides')
        .where('user_id', '=', userId)
        .where('day', '<', values.start_date)
        .execute();
      return row;
    });
  }

  async deletePlan(userId: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('plan_day_overrides').where('user_id', '=', userId).execute();
      const result = await trx.deleteFrom('training_plans').where('user_id', '=', userId).executeTakeFirst();
      return result.numDeletedRows > 0n;
    });
  }

  overrides(userId: string): Promise<PlanOverrideRow[]> {
    return this.db
      .selectFrom('plan_day_overrides')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('day')
      .execute();
  }

  saveOverride(userId: string, values: OverrideValues, now: Date): Promise<PlanOverrideRow> {
    return this.db
      .insertInto('plan_day_overrides')
      .values({ ...values, user_id: userId, created_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'day']).doUpdateSet({ ...values, created_at: now }))
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async deleteOverride(userId: string, day: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('plan_day_overrides')
      .where('user_id', '=', userId)
      .where('day', '=', day)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  // ---- rides ----

  /** Every ride with its stored TSS, oldest first: the PMC and the plan's actual load. */
  rides(userId: string): Promise<PlanRide[]> {
    return this.db
      .selectFrom('activities')
      .select(RIDE_COLUMNS)
      .where('user_id', '=', userId)
      .orderBy('start_time')
      .orderBy('id')
      .execute();
  }

  ride(userId: string, activityId: string): Promise<PlanRide | undefined> {
    return this.db
      .selectFrom('activities')
      .select(RIDE_COLUMNS)
      .where('user_id', '=', userId)
      .where('id', '=', activityId)
      .executeTakeFirst();
  }

  /**
   * What one ride's compliance with its planned day is computed from (GET /api/activities/:id, issue
   * 28), in one statement: the plan's settings, the goals, the day changes (oldest first), every ride
   * as the plan reads it (its local days make the PMC and the links), the dated FTP, the own workouts
   * the day changes name, and this ride's stored compliance and streams. Null without a plan, undefined
   * without this ride of the rider's. Each statement on the embedded database waits its turn behind any
   * import's transaction: the plan's nine reads made the ride page's first view the slowest answer.
   */
  async rideComplianceInputs(
    userId: string,
    activityId: string,
  ): Promise<RideComplianceInputs | null | undefined> {
    const rideExists = sql<boolean>`exists (select 1 from activities a where a.user_id = ${userId} and a.id = ${activityId})`;
    const row = await this.db
      .selectFrom('training_plans as p')
      .select([
        sql<PlanSettings>`json_build_object('start_date', p.start_date, 'time_zone', p.time_zone,
          'training_weekdays', p.training_weekdays, 'weekly_hours', p.weekly_hours, 'target_ctl', p.target_ctl,
          'ramp_per_week', p.ramp_per_week, 'load_weeks_per_block', p.load_weeks_per_block)`.as('plan'),
        sql<PlanGoal[]>`(select coalesce(json_agg(json_build_object('id', g.id, 'event_date', g.event_date,
          'priority', g.priority, 'expected_tss', g.expected_tss) order by g.event_date, g.created_at), '[]'::json)
          from goals g where g.user_id = ${userId})`.as('goals'),
        sql<PlanOverride[]>`(select coalesce(json_agg(json_build_object('day', o.day, 'action', o.action,
          'other_day', o.other_day, 'library_workout_id', o.library_workout_id, 'workout_id', o.workout_id,
          'tss', o.tss, 'note', o.note) order by o.created_at, o.day), '[]'::json)
          from plan_day_overrides o where o.user_id = ${userId})`.as('overrides'),
        rideExists.as('ride_exists'),
        // The one read that grows with the rider's history: not made for a ride that is not theirs.
        sql<RideJson[] | null>`case when ${rideExists} then (select coalesce(json_agg(json_build_array(a.id,
          a.start_time, a.training_stress_score, a.has_power, a.ftp_w, a.workout_ref, a.updated_at)
          order by a.start_time, a.id), '[]'::json) from activities a where a.user_id = ${userId}) end`.as(
          'rides',
        ),
        sql<DatedSettings[]>`(select coalesce(json_agg(json_build_object('effective_from', s.effective_from,
          'ftp_w', s.ftp_w, 'weight_kg', s.weight_kg, 'max_hr_bpm', s.max_hr_bpm, 'lthr_bpm', s.lthr_bpm)
          order by s.effective_from desc), '[]'::json)
          from athlete_settings_history s where s.user_id = ${userId})`.as('history'),
        sql<OwnWorkout[]>`(select coalesce(json_agg(json_build_object('id', w.id, 'name', w.name,
          'structure', w.structure)), '[]'::json) from workouts w where w.user_id = ${userId}
          and w.id in (select o.workout_id from plan_day_overrides o where o.user_id = ${userId}))`.as(
          'workouts',
        ),
        sql<{ input_key: string; answer: unknown } | null>`(select json_build_object('input_key', c.input_key,
          'answer', c.answer) from ride_compliance c where c.user_id = ${userId} and c.activity_id = ${activityId})`.as(
          'stored',
        ),
        sql<string | null>`(select s.blob_key from activity_streams s
          where s.user_id = ${userId} and s.activity_id = ${activityId})`.as('streams_key'),
      ])
      .where('p.user_id', '=', userId)
      .executeTakeFirst();
    if (!row) return null;
    if (!row.ride_exists || row.rides === null) return undefined;
    return {
      plan: row.plan,
      goals: row.goals,
      overrides: row.overrides,
      rides: row.rides.map(([id, start, tss, hasPower, ftpW, workoutRef, updated]) => ({
        id,
        // ISO text with microseconds: Date keeps the milliseconds, as the driver's reading of the
        // column does (both truncate; a ride's time to the ms is what its local day and key read).
        start_time: new Date(start),
        training_stress_score: tss,
        has_power: hasPower,
        ftp_w: ftpW,
        workout_ref: workoutRef,
        updated_at: new Date(updated),
      })),
      history: row.history,
      workouts: row.workouts,
      stored: row.stored ?? undefined,
      streamsKey: row.streams_key,
    };
  }

  /** The blob key of a ride's 1 Hz streams. */
  async streamsKey(userId: string, activityId: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('activity_streams')
      .select('blob_key')
      .where('user_id', '=', userId)
      .where('activity_id', '=', activityId)
      .executeTakeFirst();
    return row?.blob_key ?? null;
  }

  /** The rider's stored ride compliances, by ride (few: one per ride linked to a planned day). */
  async storedCompliance(userId: string): Promise<Map<string, { input_key: string; answer: unknown }>> {
    const rows = await this.db
      .selectFrom('ride_compliance')
      .select(['activity_id', 'input_key', 'answer'])
      .where('user_id', '=', userId)
      .execute();
    return new Map(rows.map((r) => [r.activity_id, { input_key: r.input_key, answer: r.answer }]));
  }

  /**
   * Keeps rides' compliances, replacing those measured before, in one statement (one commit: on the
   * embedded database each commit costs a flush). The ids come from the rider's own rides.
   */
  async saveCompliances(
    userId: string,
    rows: readonly { activityId: string; inputKey: string; answer: unknown }[],
  ): Promise<void> {
    if (rows.length === 0) return;
    const now = new Date();
    await this.db
      .insertInto('ride_compliance')
      .values(
        rows.map((r) => ({
          activity_id: r.activityId,
          user_id: userId,
          input_key: r.inputKey,
          answer: JSON.stringify(r.answer),
          computed_at: now,
        })),
      )
      .onConflict((oc) =>
        oc.column('activity_id').doUpdateSet((eb) => ({
          input_key: eb.ref('excluded.input_key'),
          answer: eb.ref('excluded.answer'),
        })),
      )
      .execute();
  }

  /**
   * The version of everything a plan answer is made of: the rider's fingerprint (rides, settings,
   * profile, bikes) and the plan's own rows. One query, the cache key of plan.service.ts.
   */
  async version(userId: string): Promise<string> {
    const row = await this.db
      .selectNoFrom([
        ...riderFingerprintColumns(userId, PLAN_FINGERPRINT),
        sql<string>`(select count(*)::int || ':' || coalesce(max(updated_at)::text, '') from goals where user_id = ${userId})`.as(
          'goals',
        ),
        sql<string>`(select count(*)::int || ':' || coalesce(max(updated_at)::text, '') from workouts where user_id = ${userId})`.as(
          'workouts',
        ),
        sql<string | null>`(select updated_at::text from training_plans where user_id = ${userId})`.as(
          'plan',
        ),
        sql<string>`(select count(*)::int || ':' || coalesce(max(created_at)::text, '') || ':' || coalesce(string_agg(day::text, ',' order by day), '') from plan_day_overrides where user_id = ${userId})`.as(
          'overrides',
        ),
      ])
      .executeTakeFirstOrThrow();
    const base = riderFingerprintOf(row, PLAN_FINGERPRINT);
    return `${base}#${row.goals}#${row.workouts}#${row.plan ?? ''}#${row.overrides}`;
  }

  // ---- calendar token ----

  calendarToken(userId: string): Promise<{ created_at: Date } | undefined> {
    return this.db
      .selectFrom('calendar_tokens')
      .select('created_at')
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /** Stores a new token's hash, replacing the old one (rotation revokes the old token). */
  saveCalendarToken(userId: string, tokenHash: string, now: Date): Promise<{ created_at: Date }> {
    return this.db
      .insertInto('calendar_tokens')
      .values({ user_id: userId, token_hash: tokenHash, created_at: now })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ token_hash: tokenHash, created_at: now }))
      .returning('created_at')
      .executeTakeFirstOrThrow();
  }

  async deleteCalendarToken(userId: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('calendar_tokens')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /** The rider a calendar token belongs to, by the token's hash; the one lookup not scoped by a rider. */
  async riderOfCalendarToken(tokenHash: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('calendar_tokens')
      .select('user_id')
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    return row?.user_id;
  }
}
