// GET /api/bikes: the rider's bikes with their figures, checked by the schema.
import { type BikeWithStatsResponse, bikeWithStatsResponseSchema } from '@vatio/schemas';

/** A road bike with 12 rides: 540 km, 190 W, no CdA yet (no trustworthy fit). */
export function bike(overrides: Partial<BikeWithStatsResponse> = {}): BikeWithStatsResponse {
  return bikeWithStatsResponseSchema.parse({
    id: 'b-1',
    name: 'Tarmac',
    type: 'road',
    brand: 'Specialized',
    model: 'Tarmac SL7',
    year: 2022,
    weight_kg: 7.4,
    cda_m2: null,
    crr: null,
    aero_measured_at: null,
    aero_activity_id: null,
    is_primary: true,
    created_at: '2026-01-10T08:00:00.000Z',
    updated_at: '2026-01-10T08:00:00.000Z',
    strava_gear_id: null,
    stats: {
      rides: 12,
      distance_m: 540_000,
      moving_time_s: 64_800,
      average_power_w: 190,
      average_speed_mps: 8.33,
      cda_m2: null,
      cda_source: null,
      cda_rides: 0,
      efficiency_kmh_per_wkg: null,
      efficiency_rides: 0,
      strava_odometer_m: null,
      strava_distance_at: null,
      last_ride_at: '2026-11-20T08:00:00.000Z',
    },
    ...overrides,
  });
}
