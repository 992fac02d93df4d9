import { describe, expect, it } from 'vitest';
import { activityChanges, activityDetailsFormSchema, activityToFormValues } from './activityDetailsForm';

const ride = { name: 'Morning ride', type: 'Ride', bike_id: null, notes: null };
const BIKE = '0b9c5a8e-5c1a-4f55-9d43-2a1e3c9a7b10';

describe('activity details form', () => {
  it('sends only what changed: nothing when the form is as stored', () => {
    const values = activityToFormValues(ride);
    expect(activityChanges(ride, values)).toEqual({});
    expect(activityChanges(ride, { ...values, notes: '  ', name: ' Morning ride ' })).toEqual({});
    expect(activityDetailsFormSchema(ride).parse({ ...values, bike_id: BIKE, notes: ' legs ' })).toEqual({
      bike_id: BIKE,
      notes: 'legs',
    });
  });

  it('keeps a type Vatio does not list unless the rider picks another', () => {
    const run = { ...ride, type: 'Run' };
    expect(activityDetailsFormSchema(run).safeParse(activityToFormValues(run)).success).toBe(true);
    expect(
      activityDetailsFormSchema(run).parse({ ...activityToFormValues(run), type: 'GravelRide' }),
    ).toEqual({
      type: 'GravelRide',
    });
  });

  it('needs a name, with the server schema message key', () => {
    const result = activityDetailsFormSchema(ride).safeParse({ ...activityToFormValues(ride), name: '  ' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['name', 'activity_name_required'],
    ]);
  });
});
