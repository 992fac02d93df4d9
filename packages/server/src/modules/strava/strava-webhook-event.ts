import { z } from 'zod';

/** The fields of a push event Vatio reads; anything else Strava adds is ignored. */
export const webhookEventSchema = z.object({
  object_type: z.enum(['activity', 'athlete']),
  object_id: z.number().int().positive(),
  aspect_type: z.enum(['create', 'update', 'delete']),
  owner_id: z.number().int().positive(),
  subscription_id: z.number().int().optional(),
  event_time: z.number().int().optional(),
  updates: z.record(z.string(), z.union([z.string(), z.boolean(), z.number()]).transform(String)).optional(),
});
