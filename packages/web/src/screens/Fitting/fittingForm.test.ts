import { describe, expect, it } from 'vitest';
import {
  fittingFormSchema,
  fittingFormValues,
  fromDisplay,
  sessionFormSchema,
  sessionFormValues,
  toDisplay,
} from './fittingForm';

const BIKE = '8d7f3c1e-3a55-4a1b-9a2e-1f0e2d3c4b5a';

describe('fitting form', () => {
  it('converts imperial inputs to cm, kg and mm before the shared schema checks them', () => {
    expect(fromDisplay('bodyCm', 33.5, 'imperial')).toBeCloseTo(85.09, 6);
    expect(fromDisplay('bikeMm', 29.33, 'imperial')).toBeCloseTo(744.982, 3);
    expect(toDisplay('bikeMm', 745, 'imperial')).toBe(29.33);
    expect(toDisplay('bodyCm', 85, 'metric')).toBe(85);
    const values = fittingFormValues('imperial', '2026-03-01', null, null, BIKE);
    values.measurement.inseam_cm = '33.5';
    values.position.saddle_height_mm = '29.33';
    const result = fittingFormSchema('imperial', 'new').safeParse(values);
    expect(result.success).toBe(true);
    expect(result.data?.measurement?.inseam_cm).toBe(85.1);
    expect(result.data?.position?.saddle_height_mm).toBe(745);
  });

  it('refuses a saddle height of 0 mm with the field message, in its nested field', () => {
    const values = fittingFormValues('metric', '2026-03-01', null, null, BIKE);
    values.position.saddle_height_mm = '0';
    const result = fittingFormSchema('metric', 'new').safeParse(values);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['position.saddle_height_mm', 'saddle_height_invalid'],
    ]);
  });

  it('a new fitting with nothing typed and no bike is refused as a whole; an untouched part is left out', () => {
    const empty = fittingFormValues('metric', '2026-03-01', null, null, '');
    expect(fittingFormSchema('metric', 'new').safeParse(empty).error?.issues[0]?.message).toBe(
      'fitting_empty',
    );
    const onlyBody = fittingFormValues('metric', '2026-03-01', null, null, '');
    onlyBody.measurement.height_cm = '178';
    expect(fittingFormSchema('metric', 'new').parse(onlyBody)).toMatchObject({
      measurement: { height_cm: 178 },
      position: null,
    });
  });

  it('sessions: one list item per line; no follow-up date without a follow-up', () => {
    const values = sessionFormValues(null, '2026-03-01');
    values.goals = 'Comfort\n\n  Power  ';
    values.follow_up_on = '2026-04-01';
    expect(sessionFormSchema.parse(values)).toMatchObject({
      goals: ['Comfort', 'Power'],
      follow_up_on: null,
      bike_id: null,
    });
  });
});
