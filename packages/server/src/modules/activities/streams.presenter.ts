import type { ActivityStreams } from '@vatio/formats';
import type { ActivityStreamsResponse } from '@vatio/schemas';

/** A channel as a JSON array: null where the ride was paused or the sensor had no value. */
function channel(
  values: Float64Array | undefined,
  gapMask: Uint8Array,
  digits: number,
): (number | null)[] | null {
  if (!values) return null;
  const scale = 10 ** digits;
  return Array.from(values, (v, i) =>
    gapMask[i] || !Number.isFinite(v) ? null : Math.round(v * scale) / scale,
  );
}

/** GET /api/activities/:id/streams, with the spec's channel names (000 §7). */
export function presentStreams(s: ActivityStreams): ActivityStreamsResponse {
  const gaps = s.gapMask;
  const lat = s.latDeg;
  const lng = s.lngDeg;
  return {
    time: Array.from(s.timeS, (t) => Math.round(t)),
    moving: Array.from(gaps, (g) => g === 0),
    watts: channel(s.powerW, gaps, 0),
    heartrate: channel(s.heartRateBpm, gaps, 0),
    cadence: channel(s.cadenceRpm, gaps, 0),
    velocity: channel(s.speedMps, gaps, 2),
    distance: channel(s.distanceM, gaps, 1),
    altitude: channel(s.altitudeM, gaps, 1),
    latlng:
      lat && lng
        ? Array.from(lat, (la, i) =>
            gaps[i] || !Number.isFinite(la) || !Number.isFinite(lng[i])
              ? null
              : [Number(la.toFixed(6)), Number(lng[i]!.toFixed(6))],
          )
        : null,
    temp: channel(s.temperatureC, gaps, 1),
    left_right_balance: channel(s.leftRightBalancePct, gaps, 1),
    torque_effectiveness: channel(s.torqueEffectivenessPct, gaps, 1),
    pedal_smoothness: channel(s.pedalSmoothnessPct, gaps, 1),
  };
}
