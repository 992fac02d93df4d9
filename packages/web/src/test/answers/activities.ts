// Rides as GET /api/activities and the dashboards list them, checked by the schema.
import {
  type ActivityDetailResponse,
  type ActivityPageResponse,
  type ActivityResponse,
  activityDetailResponseSchema,
  activityPageResponseSchema,
  activityResponseSchema,
} from '@vatio/schemas';

/** A 1 h 30 min road ride with power and heart rate: NP 210 W against an FTP of 250 W. */
export function ride(overrides: Partial<ActivityResponse> = {}): ActivityResponse {
  return activityResponseSchema.parse({
    id: 'a-1',
    name: 'Sierra loop',
    name_is_default: false,
    type: 'Ride',
    sport: 'cycling',
    sub_sport: 'road',
    source: 'upload',
    start_date: '2026-11-20T08:00:00.000Z',
    distance: 45_000,
    moving_time: 5400,
    elapsed_time: 5700,
    total_elevation_gain: 620,
    total_elevation_gain_source: 'device',
    average_speed: 8.33,
    max_speed: 16.1,
    average_power: 190,
    max_power: 640,
    normalized_power: 210,
    intensity_factor: 0.84,
    training_stress_score: 105.8,
    variability_index: 1.105,
    work_kj: 1026,
    ftp_w: 250,
    ftp_source: 'settings',
    average_heartrate: 148,
    max_heartrate: 178,
    average_cadence: 86,
    calories: 980,
    device_name: 'Garmin Edge 530',
    has_streams: true,
    has_power: true,
    has_heartrate: true,
    has_gps: true,
    bike_id: null,
    notes: null,
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    ...overrides,
  });
}

/** GET /api/activities: one page of rides. */
export function activityPage(rides: ActivityResponse[], total = rides.length): ActivityPageResponse {
  return activityPageResponseSchema.parse({ activities: rides, total, limit: 20, offset: 0 });
}

/** GET /api/activities/:id: the ride with its laps (none: a ride recorded as one lap). */
export function rideDetail(overrides: Partial<ActivityResponse> = {}): ActivityDetailResponse {
  return activityDetailResponseSchema.parse({ ...ride(overrides), laps: [], plan_compliance: null });
}
