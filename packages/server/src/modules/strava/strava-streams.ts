import { type Activity, type ActivityFormat, type ChannelName, resampleTo1Hz } from '@vatio/formats';
import type { StravaActivity, StravaStreamSet } from './strava-types.ts';
import { sportTypeOf } from './strava-types.ts';

/** What is kept as a Strava ride's "original file": the summary and the streams exactly as Strava sent them. */
export interface StravaOriginal {
  source: 'strava';
  activity: StravaActivity;
  streams: StravaStreamSet;
}

export const STRAVA_ORIGINAL_FORMAT = 'strava';

export function encodeStravaOriginal(activity: StravaActivity, streams: StravaStreamSet): Uint8Array {
  const original: StravaOriginal = { source: 'strava', activity, streams };
  return new TextEncoder().encode(JSON.stringify(original));
}

export function isStravaOriginalName(name: string): boolean {
  return /^strava-\d+\.json$/.test(name);
}

export function stravaOriginalName(stravaId: number): string {
  return `strava-${stravaId}.json`;
}

/** FIT sport and sub-sport for a Strava sport type, so the shared analysis names the ride's kind the same way. */
function fitSportOf(sportType: string): { sport: string; subSport?: string } {
  switch (sportType) {
    case 'VirtualRide':
      return { sport: 'cycling', subSport: 'virtualActivity' };
    case 'MountainBikeRide':
      return { sport: 'cycling', subSport: 'mountain' };
    case 'GravelRide':
      return { sport: 'cycling', subSport: 'gravelCycling' };
    case 'EBikeRide':
      return { sport: 'eBiking' };
    case 'EMountainBikeRide':
      return { sport: 'cycling', subSport: 'eBikeMountain' };
    default:
      return { sport: 'cycling' };
  }
}

/**
 * Strava streams as samples on the same 1 Hz timeline as a decoded file (`resampleTo1Hz` of
 * @vatio/formats, the decoders' own resampler), so the import analysis treats them like an upload.
 * `time` holds seconds after `start_date`. Watts Strava estimated (`device_watts: false`) are not a
 * power meter's and are left out: analysing them would invent NP, TSS and a power curve.
 */
export function activityFromStrava(activity: StravaActivity, streams: StravaStreamSet): Activity {
  const time = streams.time?.data ?? [];
  const channels: Partial<Record<ChannelName, number[]>> = {};
  const put = (name: ChannelName, values: Array<number | null> | undefined) => {
    if (!values || values.length !== time.length) return;
    channels[name] = values.map((v) => (typeof v === 'number' && Number.isFinite(v) ? v : Number.NaN));
  };
  if (activity.device_watts !== false) put('powerW', streams.watts?.data);
  put('heartRateBpm', streams.heartrate?.data);
  put('cadenceRpm', streams.cadence?.data);
  put('speedMps', streams.velocity_smooth?.data);
  put('distanceM', streams.distance?.data);
  put('altitudeM', streams.altitude?.data);
  put('temperatureC', streams.temp?.data);
  const latlng = streams.latlng?.data;
  if (latlng && latlng.length === time.length) {
    put(
      'latDeg',
      latlng.map((p) => p?.[0] ?? Number.NaN),
    );
    put(
      'lngDeg',
      latlng.map((p) => p?.[1] ?? Number.NaN),
    );
  }
  const resampled = resampleTo1Hz({ timeS: time, channels });
  const sportType = sportTypeOf(activity);
  const elapsedS = activity.elapsed_time ?? Math.max(0, resampled.timeS.length - 1);
  return {
    // Activity.format names file formats; a Strava ride has none, and its stored original says 'strava'.
    format: STRAVA_ORIGINAL_FORMAT as unknown as ActivityFormat,
    ...fitSportOf(sportType),
    sportSource: 'file',
    name: activity.name,
    device: activity.device_name ? { name: activity.device_name } : {},
    sensors: [],
    startTime: new Date(activity.start_date),
    elapsedTimeS: elapsedS,
    timerTimeS: activity.moving_time ?? elapsedS,
    laps: [],
    events: [],
    deviceSummary: {
      elapsedTimeS: activity.elapsed_time,
      timerTimeS: activity.moving_time,
      distanceM: activity.distance,
      ...(activity.device_watts
        ? {
            avgPowerW: activity.average_watts,
            maxPowerW: activity.max_watts,
            normalizedPowerW: activity.weighted_average_watts,
          }
        : {}),
      avgHeartRateBpm: activity.average_heartrate,
      maxHeartRateBpm: activity.max_heartrate,
      avgCadenceRpm: activity.average_cadence,
      avgSpeedMps: activity.average_speed,
      ascentM: activity.total_elevation_gain,
      calories: activity.calories,
    },
    streams: resampled,
    warnings: [],
  };
}

/** A stored Strava original back into an Activity (re-analysis reads it like a file). */
export function decodeStravaOriginal(bytes: Uint8Array): Activity {
  const original = JSON.parse(new TextDecoder().decode(bytes)) as StravaOriginal;
  return activityFromStrava(original.activity, original.streams);
}
