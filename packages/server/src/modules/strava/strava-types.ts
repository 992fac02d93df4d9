// The parts of Strava API v3 objects Vatio reads (https://developers.strava.com/docs/reference/).

/** POST /oauth/token answer (authorization_code and refresh_token grants). */
export interface StravaTokenResponse {
  token_type: 'Bearer';
  access_token: string;
  refresh_token: string;
  /** Seconds since the epoch. */
  expires_at: number;
  expires_in: number;
  /** Only on the authorization_code grant: the summary athlete. */
  athlete?: StravaAthleteSummary;
}

export interface StravaAthleteSummary {
  id: number;
  firstname?: string;
  lastname?: string;
}

/** GET /athlete (DetailedAthlete); `bikes` needs the profile:read_all scope. */
export interface StravaAthlete extends StravaAthleteSummary {
  bikes?: StravaGearSummary[];
}

export interface StravaGearSummary {
  id: string;
  name: string;
  primary: boolean;
  distance?: number;
}

/** GET /gear/{id} (DetailedGear). frame_type: 1 mountain, 2 cross, 3 road, 4 time trial. */
export interface StravaGear extends StravaGearSummary {
  brand_name?: string | null;
  model_name?: string | null;
  frame_type?: number | null;
  description?: string | null;
}

/** GET /athlete/activities items (SummaryActivity) and GET /activities/{id}. */
export interface StravaActivity {
  id: number;
  name: string;
  /** Deprecated by Strava in favour of sport_type, still sent. */
  type?: string;
  sport_type?: string;
  start_date: string;
  distance?: number;
  moving_time?: number;
  elapsed_time?: number;
  total_elevation_gain?: number;
  average_speed?: number;
  max_speed?: number;
  average_watts?: number;
  max_watts?: number;
  weighted_average_watts?: number;
  kilojoules?: number;
  /** False when the watts are Strava's estimate, not a power meter's. */
  device_watts?: boolean;
  has_heartrate?: boolean;
  average_heartrate?: number;
  max_heartrate?: number;
  average_cadence?: number;
  gear_id?: string | null;
  trainer?: boolean;
  /** Where the ride started; empty ([]) or null without a GPS track. */
  start_latlng?: number[] | null;
  manual?: boolean;
  device_name?: string;
  calories?: number;
}

export interface StravaStream<T = number> {
  data: T[];
  series_type?: 'distance' | 'time';
  original_size?: number;
  resolution?: 'low' | 'medium' | 'high';
}

/** GET /activities/{id}/streams?key_by_type=true: a StreamSet keyed by stream type. */
export interface StravaStreamSet {
  time?: StravaStream;
  distance?: StravaStream;
  latlng?: StravaStream<[number, number]>;
  altitude?: StravaStream;
  velocity_smooth?: StravaStream;
  heartrate?: StravaStream;
  cadence?: StravaStream;
  watts?: StravaStream;
  temp?: StravaStream;
  moving?: StravaStream<boolean>;
  grade_smooth?: StravaStream;
}

export const STREAM_KEYS = [
  'time',
  'watts',
  'cadence',
  'heartrate',
  'velocity_smooth',
  'distance',
  'altitude',
  'latlng',
  'temp',
  'moving',
] as const;

/** Webhook event (https://developers.strava.com/docs/webhooks/). */
export interface StravaWebhookEvent {
  object_type: 'activity' | 'athlete';
  object_id: number;
  aspect_type: 'create' | 'update' | 'delete';
  updates?: Record<string, string>;
  owner_id: number;
  subscription_id: number;
  event_time: number;
}

/**
 * Sport types Vatio imports: every kind of ride Strava knows
 * (https://developers.strava.com/docs/reference/#api-models-SportType). Handcycles are included:
 * they are ridden with a power meter too.
 */
export const CYCLING_SPORT_TYPES = new Set([
  'Ride',
  'VirtualRide',
  'GravelRide',
  'MountainBikeRide',
  'EBikeRide',
  'EMountainBikeRide',
  'Velomobile',
  'Handcycle',
]);

export function sportTypeOf(activity: Pick<StravaActivity, 'sport_type' | 'type'>): string {
  return activity.sport_type ?? activity.type ?? 'Workout';
}

/**
 * DetailedSegmentEffort (GET /activities/{id}?include_all_efforts=true, `segment_efforts`): one ride
 * of a segment within the activity; start_index and end_index point into the activity's streams.
 */
export interface StravaSegmentEffort {
  id: number;
  name?: string;
  elapsed_time: number;
  moving_time?: number;
  start_date: string;
  start_index?: number;
  end_index?: number;
  distance?: number;
  average_watts?: number;
  device_watts?: boolean;
  average_heartrate?: number;
  hidden?: boolean;
  segment: {
    id: number;
    name: string;
    distance: number;
    average_grade: number;
    start_latlng: number[] | null;
    end_latlng: number[] | null;
    climb_category?: number;
  };
}

/** GET /activities/{id} (DetailedActivity): the summary's fields and the segment efforts. */
export interface StravaDetailedActivity extends StravaActivity {
  segment_efforts?: StravaSegmentEffort[];
}
