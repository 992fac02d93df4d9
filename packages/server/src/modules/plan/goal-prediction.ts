import { type EventCourse, predictEvent } from '@vatio/analysis';
import type { PredictiveResponse } from '@vatio/schemas';
import type { GoalKind } from '@vatio/schemas';

type Assumptions = PredictiveResponse['event_assumptions'];

/**
 * A goal's predicted power and time, with the event model of the predictive analysis (analysis
 * predict/events.ts: sustainable power from the CP model for the predicted time, speed from the
 * power balance on each segment), its rider, bike and CdA assumptions as GET /api/analytics/predictive
 * states them. The course:
 *  - the goal's stored ride: its distance and climbing, as one climb of all the ascent for a `climb`
 *    goal, else as the ascent climbed over half the distance and descended over the other half
 *    (a stated simplification: the stored ride keeps totals, the segments are not re-read);
 *  - without one: Vatio's standard courses where one fits the kind (gran fondo: 100 km with 1,200 m;
 *    time trial: 40 km flat, the classic TT distance); road races and climbs need their course.
 */
export function goalPrediction(
  kind: GoalKind,
  course: { distance_m: number | null; elevation_gain_m: number | null } | undefined,
  assumptions: Assumptions,
):
  | {
      ok: true;
      prediction: {
        source: 'course' | 'standard';
        power_w: number;
        time_s: number;
        distance_m: number;
        average_speed_kmh: number;
      };
    }
  | { ok: false; reason: 'no_model' | 'course_required' | 'course_without_distance' } {
  if (!assumptions) return { ok: false, reason: 'no_model' };
  let segments: EventCourse['segments'];
  let source: 'course' | 'standard';
  if (course) {
    const distanceM = course.distance_m ?? 0;
    if (!(distanceM > 0)) return { ok: false, reason: 'course_without_distance' };
    const ascentM = Math.max(0, course.elevation_gain_m ?? 0);
    segments =
      kind === 'climb'
        ? [{ distanceM, gradient: ascentM / distanceM }]
        : [
            { distanceM: distanceM / 2, gradient: ascentM / (distanceM / 2) },
            { distanceM: distanceM / 2, gradient: -ascentM / (distanceM / 2) },
          ];
    source = 'course';
  } else if (kind === 'gran_fondo') {
    segments = [
      { distanceM: 20_000, gradient: 0.06 },
      { distanceM: 20_000, gradient: -0.06 },
      { distanceM: 60_000, gradient: 0 },
    ];
    source = 'standard';
  } else if (kind === 'time_trial') {
    segments = [{ distanceM: 40_000, gradient: 0 }];
    source = 'standard';
  } else return { ok: false, reason: 'course_required' };
  const p = predictEvent(
    { key: 'gran_fondo_100km', segments },
    { cpW: assumptions.model.cp_w, wPrimeJ: assumptions.model.w_prime_j },
    {
      massKg: assumptions.rider_kg + assumptions.bike_kg,
      cdaM2: assumptions.cda_m2,
      crr: assumptions.crr,
      airDensity: assumptions.air_density,
    },
  );
  return {
    ok: true,
    prediction: {
      source,
      power_w: Math.round(p.powerW),
      time_s: Math.round(p.timeS),
      distance_m: Math.round(p.distanceM),
      average_speed_kmh: Math.round(p.averageSpeedMps * 36) / 10,
    },
  };
}
