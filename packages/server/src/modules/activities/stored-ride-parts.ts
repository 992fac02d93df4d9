import type { MeanMaxCurve } from '@vatio/analysis';
import type { Activity } from '@vatio/formats';
import type { NewRide } from './activity.repository.ts';

/** The per-ride curve as stored (0.1 W), from the one the analysis already computed (stops as 0 W). */
export function storedCurve(curve: MeanMaxCurve | undefined): NewRide['curve'] {
  if (!curve || curve.durationsS.length === 0) return undefined;
  return { durations_s: [...curve.durationsS], power_w: curve.powerW.map((p) => Math.round(p * 10) / 10) };
}

function recorded(values: Float64Array | undefined): boolean {
  return values?.some((v) => Number.isFinite(v)) ?? false;
}

/**
 * The file's laps as stored rows. A channel the ride did not record (no power meter, no heart-rate
 * strap) is NULL in every lap, shown as "—", even where the device wrote 0 into its lap messages.
 */
export function lapsOf(activity: Activity): NewRide['laps'] {
  const orNull = (v: number | undefined) => (v === undefined || !Number.isFinite(v) ? null : v);
  const streams = activity.streams;
  const power = recorded(streams.powerW);
  const heart = recorded(streams.heartRateBpm);
  const cadence = recorded(streams.cadenceRpm);
  const ifRecorded = (has: boolean, v: number | undefined) => (has ? orNull(v) : null);
  return activity.laps.map((lap, index) => ({
    lap_index: index,
    start_offset_s: lap.startTimeS,
    elapsed_time_s: orNull(lap.elapsedTimeS),
    moving_time_s: orNull(lap.timerTimeS),
    distance_m: orNull(lap.distanceM),
    average_power_w: ifRecorded(power, lap.avgPowerW),
    max_power_w: ifRecorded(power, lap.maxPowerW),
    normalized_power_w: ifRecorded(power, lap.normalizedPowerW),
    average_heartrate_bpm: ifRecorded(heart, lap.avgHeartRateBpm),
    average_cadence_rpm: ifRecorded(cadence, lap.avgCadenceRpm),
    average_speed_mps: orNull(lap.avgSpeedMps),
  }));
}
