import { goalSchema, planDayOverrideSchema, planSettingsSchema } from '@vatio/schemas';
import { z } from 'zod';
import type { GoalKind, GoalPriority } from '../../api/plan-types';

// The training plan's forms hold strings (what the inputs hold); these schemas turn them into the
// API's shape and validate with the schemas the server uses, so both give the same message key.

/** '' → null; otherwise a number (a decimal comma is accepted). NaN fails validation later. */
export function toNumber(value: string): number | null {
  const text = value.trim().replace(',', '.');
  return text === '' ? null : Number(text);
}

export const goalFormSchema = z
  .object({
    name: z.string(),
    date: z.string(),
    priority: z.string(),
    kind: z.string(),
    course_activity_id: z.string(),
    expected_tss: z.string(),
    notes: z.string(),
  })
  .transform(
    (v): z.input<typeof goalSchema> => ({
      name: v.name,
      date: v.date,
      // Checked by goalSchema ('goal_priority_invalid', 'goal_kind_invalid').
      priority: v.priority as GoalPriority,
      kind: v.kind as GoalKind,
      course_activity_id: v.course_activity_id === '' ? null : v.course_activity_id,
      expected_tss: toNumber(v.expected_tss),
      notes: v.notes,
    }),
  )
  .pipe(goalSchema);
export type GoalFormValues = z.input<typeof goalFormSchema>;
export type GoalFormOutput = z.output<typeof goalFormSchema>;

export const planSettingsFormSchema = z
  .object({ training_weekdays: z.array(z.number()), weekly_hours: z.string(), ramp_per_week: z.string() })
  .transform(
    (v): z.input<typeof planSettingsSchema> => ({
      training_weekdays: v.training_weekdays,
      weekly_hours: toNumber(v.weekly_hours),
      ramp_per_week: toNumber(v.ramp_per_week),
    }),
  )
  .pipe(planSettingsSchema);
export type PlanSettingsFormValues = z.input<typeof planSettingsFormSchema>;
export type PlanSettingsFormOutput = z.output<typeof planSettingsFormSchema>;

/** Move or swap: the other day. */
export const otherDayFormSchema = (action: 'move' | 'swap') =>
  z
    .object({ other_day: z.string() })
    .transform((v): z.input<typeof planDayOverrideSchema> => ({ action, other_day: v.other_day }))
    .pipe(planDayOverrideSchema);
export type OtherDayFormValues = { other_day: string };

/**
 * Edit: only what changed is sent (a workout `source:id`, the TSS, the note); nothing changed is the
 * schema's own `plan_edit_empty`.
 */
export const editDayFormSchema = (current: { choice: string; tss: number; note: string }) =>
  z
    .object({ choice: z.string(), tss: z.string(), note: z.string() })
    .transform((v): z.input<typeof planDayOverrideSchema> => {
      const out: z.input<typeof planDayOverrideSchema> = { action: 'edit' };
      if (v.choice !== current.choice && v.choice !== '') {
        const at = v.choice.indexOf(':');
        const source = v.choice.slice(0, at);
        const id = v.choice.slice(at + 1);
        if (source === 'library') out.library_workout_id = id;
        else out.workout_id = id;
      }
      const tss = toNumber(v.tss);
      if (tss !== null && (Number.isNaN(tss) || Math.round(tss) !== Math.round(current.tss))) out.tss = tss;
      if (v.note.trim() !== current.note) out.note = v.note.trim();
      return out;
    })
    .pipe(planDayOverrideSchema);
export type EditDayFormValues = { choice: string; tss: string; note: string };
