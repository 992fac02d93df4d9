import type { ActivityResponse, AscentSourceName, FtpSource, LapResponse } from '@vatio/schemas';
import type { ActivityRow, LapRow } from './activity.repository.ts';
import { displayRideName, type RideLanguage } from './ride-name.ts';

/**
 * Activity JSON with the spec's field names (000 §3 "Activity (API shape)"), as docs/API.md lists
 * them. A ride without a name of its own is named in the reader's `language` ("Salida matinal").
 */
export function presentActivity(a: ActivityRow, language: RideLanguage): ActivityResponse {
  return {
    id: a.id,
    name: displayRideName(a, language),
    /** True when `name` is Vatio's default (the file, Strava or the rider gave none). */
    name_is_default: a.name === null,
    type: a.type,
    sport: a.sport,
    sub_sport: a.sub_sport,
    source: a.source,
    start_date: a.start_time.toISOString(),
    distance: a.distance_m,
    moving_time: a.moving_time_s,
    elapsed_time: a.elapsed_time_s,
    total_elevation_gain: a.elevation_gain_m,
    total_elevation_gain_source: ascentSource(a),
    average_speed: a.average_speed_mps,
    max_speed: a.max_speed_mps,
    average_power: a.average_power_w,
    max_power: a.max_power_w,
    normalized_power: a.normalized_power_w,
    intensity_factor: a.intensity_factor,
    training_stress_score: a.training_stress_score,
    variability_index: a.variability_index,
    work_kj: a.work_kj,
    ftp_w: a.ftp_w,
    /** How ftp_w was chosen (settings, file, nearest, estimated, none): IF and TSS are measured against it. */
    ftp_source: (a.summary as { ftpSource?: FtpSource } | null)?.ftpSource ?? (a.ftp_w ? 'settings' : 'none'),
    average_heartrate: a.average_heartrate_bpm,
    max_heartrate: a.max_heartrate_bpm,
    average_cadence: a.average_cadence_rpm,
    calories: a.calories_kcal,
    device_name: a.device_name,
    has_streams: true,
    has_power: a.has_power,
    has_heartrate: a.has_heartrate,
    has_gps: a.has_gps,
    bike_id: a.bike_id,
    notes: a.notes,
    created_at: a.created_at.toISOString(),
    updated_at: a.updated_at.toISOString(),
  };
}

/**
 * Where the stored ascent comes from, as the analysis kept it (`elevationGainSource` in the summary):
 * a ride from Strava carries Strava's figure, named as such; unknown for rows analysed before it was
 * recorded.
 */
function ascentSource(a: ActivityRow): AscentSourceName | null {
  if (a.elevation_gain_m === null) return null;
  const stored = (a.summary as { elevationGainSource?: AscentSourceName | null } | null)?.elevationGainSource;
  if (a.source === 'strava' && stored !== 'estimated') return 'strava';
  return stored ?? null;
}

export const presentLap = (l: LapRow): LapResponse => ({
  index: l.lap_index,
  start_offset_s: l.start_offset_s,
  elapsed_time: l.elapsed_time_s,
  moving_time: l.moving_time_s,
  distance: l.distance_m,
  average_power: l.average_power_w,
  max_power: l.max_power_w,
  normalized_power: l.normalized_power_w,
  average_heartrate: l.average_heartrate_bpm,
  average_cadence: l.average_cadence_rpm,
  average_speed: l.average_speed_mps,
});
