import { describe, expect, it } from 'vitest';
import {
  editDayFormSchema,
  goalFormSchema,
  otherDayFormSchema,
  planSettingsFormSchema,
  toNumber,
} from './planForms';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('training plan forms', () => {
  it('reads numbers with a decimal comma, and an empty field as no value', () => {
    expect(toNumber('7,5')).toBe(7.5);
    expect(toNumber(' ')).toBeNull();
    expect(Number.isNaN(toNumber('siete'))).toBe(true);
  });

  it('turns the goal form into the API body and reports the schema keys', () => {
    const values = {
      name: 'Mallorca 312',
      date: '2027-02-21',
      priority: 'A',
      kind: 'gran_fondo',
      course_activity_id: '',
      expected_tss: '280',
      notes: '',
    };
    expect(goalFormSchema.parse(values)).toEqual({
      name: 'Mallorca 312',
      date: '2027-02-21',
      priority: 'A',
      kind: 'gran_fondo',
      course_activity_id: null,
      expected_tss: 280,
      notes: null,
    });
    expect(firstMessage(goalFormSchema.safeParse({ ...values, name: ' ' }))).toBe('goal_name_required');
    expect(firstMessage(goalFormSchema.safeParse({ ...values, expected_tss: '1001' }))).toBe(
      'goal_tss_invalid',
    );
  });

  it('sends the plan settings as numbers, and refuses a week without training days', () => {
    expect(
      planSettingsFormSchema.parse({ training_weekdays: [2, 4, 6], weekly_hours: '8,5', ramp_per_week: '' }),
    ).toEqual({
      training_weekdays: [2, 4, 6],
      weekly_hours: 8.5,
      ramp_per_week: null,
    });
    expect(
      firstMessage(
        planSettingsFormSchema.safeParse({ training_weekdays: [], weekly_hours: '', ramp_per_week: '' }),
      ),
    ).toBe('plan_weekdays_invalid');
  });

  it('moves to a day, and edits only what changed', () => {
    expect(otherDayFormSchema('move').parse({ other_day: '2026-12-02' })).toEqual({
      action: 'move',
      other_day: '2026-12-02',
    });
    expect(firstMessage(otherDayFormSchema('swap').safeParse({ other_day: '' }))).toBe(
      'plan_other_day_invalid',
    );
    const edit = editDayFormSchema({ choice: 'library:threshold-2x20', tss: 90, note: '' });
    expect(edit.parse({ choice: 'library:vo2max-5x5', tss: '90', note: ' ' })).toEqual({
      action: 'edit',
      library_workout_id: 'vo2max-5x5',
    });
    expect(edit.parse({ choice: 'library:threshold-2x20', tss: '60', note: 'legs heavy' })).toEqual({
      action: 'edit',
      tss: 60,
      note: 'legs heavy',
    });
    expect(firstMessage(edit.safeParse({ choice: 'library:threshold-2x20', tss: '90', note: '' }))).toBe(
      'plan_edit_empty',
    );
  });
});
