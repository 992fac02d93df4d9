// GET /api/analytics/comparative: a period with one ride and an empty one, checked by the schema.
import { type ComparativeResponse, comparativeResponseSchema } from '@vatio/schemas';

const sierra = {
  id: 'a-1',
  name: 'Sierra loop',
  type: 'Ride',
  start_date: '2026-11-20T08:00:00.000Z',
  distance_m: 45_000,
  moving_time_s: 5400,
  np: 210,
  avg_power: 190,
  tss: 105.8,
  if: 0.84,
  ef: 1.42,
  speed: 8.33,
};
const bucket = { rides: 0, mean_if: null, mean_ef: null, mean_np: null };

function comparative(rides: (typeof sierra)[]): ComparativeResponse {
  return comparativeResponseSchema.parse({
    period: '4w',
    metric: 'np',
    window: { from: '2026-11-02', to: '2026-11-29' },
    summary: {
      rides: rides.length,
      mean_power_w: rides.length ? 190 : null,
      total_tss: rides.length * 105.8,
      total_distance_m: rides.length * 45_000,
      total_moving_time_s: rides.length * 5400,
    },
    best: rides[0] ?? null,
    latest: rides[0] ?? null,
    rides,
    recent: rides,
    by_type: rides.length
      ? [
          {
            type: 'Ride',
            rides: 1,
            distance_m: 45_000,
            moving_time_s: 5400,
            tss: 105.8,
            mean_power_w: 190,
            mean_if: 0.84,
          },
        ]
      : [],
    patterns: {
      weekday: [1, 2, 3, 4, 5, 6, 7].map((weekday) =>
        weekday === 5 && rides.length
          ? { weekday, rides: 1, mean_if: 0.84, mean_ef: 1.42, mean_np: 210 }
          : { ...bucket, weekday },
      ),
      hour: Array.from({ length: 24 }, (_, hour) =>
        hour === 8 && rides.length
          ? { hour, rides: 1, mean_if: 0.84, mean_ef: 1.42, mean_np: 210 }
          : { ...bucket, hour },
      ),
    },
  });
}

export const comparativeWithRide = comparative([sierra]);
export const comparativeEmpty = comparative([]);
