import { dayNumber, isoDateOf } from '@vatio/analysis';
import type { PlanRepository } from '../plan/plan.repository.ts';

/** Weeks from the demo's today to its A event: long enough for base, build, peak and taper. */
export const DEMO_A_EVENT_WEEKS = 12;
/** A B event on the way, as a rehearsal (a mini-taper, no peak). */
export const DEMO_B_EVENT_WEEKS = 6;

/**
 * The demo rider's season (issue 26): a gran fondo as the A event, a time trial as a B event on the
 * way, and a plan made today, five training days a week. The plan's days are computed on read from
 * these rows and the rides (modules/plan/plan-compute.ts), so it starts from the CTL of the demo
 * rides as they are stored.
 */
export async function seedDemoTrainingPlan(plans: PlanRepository, userId: string, now: Date): Promise<void> {
  const today = now.toISOString().slice(0, 10);
  const inWeeks = (weeks: number) => isoDateOf(dayNumber(today) + weeks * 7 - 1);
  await plans.createGoal(
    userId,
    {
      name: 'Gran fondo',
      event_date: inWeeks(DEMO_A_EVENT_WEEKS),
      priority: 'A',
      kind: 'gran_fondo',
      course_activity_id: null,
      expected_tss: 280,
      notes: null,
    },
    now,
  );
  await plans.createGoal(
    userId,
    {
      name: 'Club time trial',
      event_date: inWeeks(DEMO_B_EVENT_WEEKS),
      priority: 'B',
      kind: 'time_trial',
      course_activity_id: null,
      expected_tss: 70,
      notes: null,
    },
    now,
  );
  await plans.savePlan(
    userId,
    {
      start_date: today,
      time_zone: 'UTC',
      training_weekdays: [2, 3, 4, 6, 7],
      weekly_hours: 9,
      target_ctl: null,
      ramp_per_week: null,
      load_weeks_per_block: 3,
    },
    now,
  );
}
