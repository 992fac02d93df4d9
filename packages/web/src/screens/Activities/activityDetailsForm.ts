import { activityUpdateSchema } from '@vatio/schemas';
import { z } from 'zod';
import type { Activity } from '../../api/activity-types';

// The ride's own fields in the details dialog. The form holds the inputs' strings; what the rider
// changed becomes the PUT body, validated with the schema the server uses. Only changes are sent:
// an unnamed ride keeps following the page's language, and a type Vatio does not list (a ride
// imported as something else) is left as it is unless the rider picks another.

export type ActivityDetailsValues = { name: string; type: string; bike_id: string; notes: string };
type Stored = Pick<Activity, 'name' | 'type' | 'bike_id' | 'notes'>;

export function activityToFormValues(activity: Stored): ActivityDetailsValues {
  return {
    name: activity.name,
    type: activity.type,
    bike_id: activity.bike_id ?? '',
    notes: activity.notes ?? '',
  };
}

type ActivityUpdateInput = z.input<typeof activityUpdateSchema>;

/** What differs from the stored ride, in the API's shape ({} when nothing changed). */
export function activityChanges(activity: Stored, values: ActivityDetailsValues): ActivityUpdateInput {
  const changes: ActivityUpdateInput = {};
  const name = values.name.trim();
  const bikeId = values.bike_id || null;
  const notes = values.notes.trim() || null;
  if (name !== activity.name) changes.name = name;
  // Checked by activityUpdateSchema ('invalid').
  if (values.type !== activity.type) changes.type = values.type as ActivityUpdateInput['type'];
  if (bikeId !== activity.bike_id) changes.bike_id = bikeId;
  if (notes !== (activity.notes ?? null)) changes.notes = notes;
  return changes;
}

export function activityDetailsFormSchema(activity: Stored) {
  return z
    .object({ name: z.string(), type: z.string(), bike_id: z.string(), notes: z.string() })
    .transform((values) => activityChanges(activity, values))
    .pipe(activityUpdateSchema);
}

export type ActivityDetailsOutput = z.output<ReturnType<typeof activityDetailsFormSchema>>;
