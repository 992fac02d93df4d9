// GET /api/me: a signed-in rider with a profile (the app's guard needs one), checked by the schema.
import {
  type MeResponse,
  maintenanceDueResponseSchema,
  meResponseSchema,
  stravaConnectionResponseSchema,
} from '@vatio/schemas';

export const me: MeResponse = meResponseSchema.parse({
  user: { id: 'u-1', email: 'ana@example.com', phone: null, created_at: '2026-01-10T08:00:00.000Z' },
  profile: {
    user_id: 'u-1',
    first_name: 'Ana',
    last_name: 'García',
    date_of_birth: '1990-04-02',
    weight_kg: 62,
    weight_from: '2026-09-01',
    height_cm: 168,
    cycling_experience: 'intermediate',
    preferred_units: 'metric',
    goals: null,
    sex: 'female',
    created_at: '2026-01-10T08:00:00.000Z',
    updated_at: '2026-01-10T08:00:00.000Z',
  },
  settings: { notifications: true, theme: 'light', auto_sync: false, language: 'en', units: 'metric' },
});

/** GET /api/strava/connection: the server has Strava configured, the rider has not connected. */
export const stravaNotConnected = stravaConnectionResponseSchema.parse({
  configured: true,
  connected: false,
  athlete_id: null,
  athlete_name: null,
  scopes: [],
  token_invalid: false,
  connected_at: null,
  last_sync_at: null,
});

/** GET /api/maintenance/due: nothing due. */
export const nothingDue = maintenanceDueResponseSchema.parse({ due: [] });
