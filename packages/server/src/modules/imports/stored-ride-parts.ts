import { type MeanMaxCurve, meanMaxCurve } from '@vatio/analysis';
import type { Activity } from '@vatio/formats';
import type { NewRide } from '../activities/activity.repository.ts';

/** The per-ride curve as stored (0.1 W), computed with stops as 0 W (the zero gap policy). */
export function curveOf(activity: Activity): NewRide['curve'] {
  return storedCurve(meanMaxCurve(activity.streams, { gaps: 'zero' }));
}

/** The per-ride curve as stored (0.1 W), from the one the analysis already computed (stops as 0 W). */
export function storedCurve(curve: MeanMaxCurve | undefined): NewRide['curve'] {
  if (!curve || curve.durationsS.length === 0) return undefined;
  return { durations_s: [...curve.durationsS], power_w: curve.powerW.map((p) => Math.round(p * 10) / 10) };
}

/** The file's laps as stored rows. */
export function lapsOf(activity: Activity): NewRide['laps'] {
  const orNull = (v: number | undefined) => (v === undefined || !Number.isFinite(v) ? null : v);
  return activity.laps.map((lap, index) => ({
    lap_index: index,
    start_offset_s: lap.startTimeS,
    elapsed_time_s: orNull(lap.elapsedTimeS),
    moving_time_s: orNull(lap.timerTimeS),
    distance_m: orNull(lap.distanceM),
    average_power_w: orNull(lap.avgPowerW),
    max_power_w: orNull(lap.maxPowerW),
    normalized_power_w: orNull(lap.normalizedPowerW),
    average_heartrate_bpm: orNull(lap.avgHeartRateBpm),
    average_cadence_rpm: orNull(lap.avgCadenceRpm),
    average_speed_mps: orNull(lap.avgSpeedMps),
  }));
}
