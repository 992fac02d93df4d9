import type { ColumnType, Generated } from 'kysely';
import type { RideTactics } from '@vatio/analysis';

// Row types for Kysely. Timestamps are timestamptz (Date on both engines); DATE columns are
// returned as 'YYYY-MM-DD' strings (parsers set in database.ts) so no time zone can shift them.
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

export interface UsersTable {
  id: Generated<string>;
  email: string | null;
  phone: string | null;
  /** The built-in example rider of the public /analytics (migration 0010): never signs in. */
  is_example: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** A failed code verification, by client address (issue 16: per-address verify limit). */
export interface OtpVerifyFailuresTable {
  id: Generated<string>;
  request_ip: string;
  created_at: Date;
}

export interface OtpCodesTable {
  id: Generated<string>;
  contact_type: 'email' | 'sms';
  contact: string;
  purpose: Generated<'sign_in' | 'link'>;
  /** The rider a 'link' code belongs to. */
  user_id: string | null;
  /** HMAC of contact and code under the server key; empty when no code was issued (unknown contact on login). */
  code_hash: string;
  request_ip: string;
  created_at: CreatedAt;
  expires_at: Date;
  /** Wrong tries from the address that asked for the code. */
  attempts: Generated<number>;
  /** Wrong tries from any other address (issue 28): a budget of its own, so strangers cannot kill the rider's code. */
  stranger_attempts: Generated<number>;
  consumed_at: Date | null;
}

/** Addresses a contact signed in from (30 days): the per-contact ceiling of codes does not refuse them. */
export interface OtpKnownAddressesTable {
  contact: string;
  request_ip: string;
  verified_at: Date;
}

/** A version per rider (scope = their id) and for everyone ('*'), moved by every write (db/write-epoch.ts). */
export interface WriteVersionsTable {
  scope: string;
  version: number;
}

export interface SessionsTable {
  id: Generated<string>;
  user_id: string;
  user_agent: string | null;
  created_at: CreatedAt;
  last_used_at: Date;
  revoked_at: Date | null;
}

export interface RefreshTokensTable {
  id: Generated<string>;
  session_id: string;
  user_id: string;
  token_hash: string;
  created_at: CreatedAt;
  expires_at: Date;
  used_at: Date | null;
}

export interface ApiKeysTable {
  id: Generated<string>;
  user_id: string;
  name: string;
  /** The first characters of the key, shown in the list; the secret itself is never stored. */
  prefix: string;
  /** SHA-256 (hex) of the whole key. */
  secret_hash: string;
  scope: 'read' | 'write';
  created_at: CreatedAt;
  last_used_at: Date | null;
  revoked_at: Date | null;
  /** The key's current rate window (migration 0022; counted here on PostgreSQL, in memory on PGlite). */
  rate_window_start: Date | null;
  rate_window_count: Generated<number>;
}

export interface UserProfilesTable {
  user_id: string;
  first_name: string;
  last_name: string;
  date_of_birth: string | null;
  // No weight: the rider's weight is athlete_settings_history's, dated (0027).
  height_cm: number | null;
  cycling_experience: 'beginner' | 'intermediate' | 'advanced' | 'professional';
  preferred_units: 'metric' | 'imperial';
  goals: string | null;
  /** Only to pick the power-profile table; null: not said (added in 0011, so absent on older inserts). */
  sex: ColumnType<'female' | 'male' | null, 'female' | 'male' | null | undefined, 'female' | 'male' | null>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface SubscriptionsTable {
  user_id: string;
  tier: 'free';
  status: 'active' | 'cancelled';
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface UserSettingsTable {
  user_id: string;
  notifications: Generated<boolean>;
  theme: Generated<'light' | 'dark' | 'system'>;
  auto_sync: Generated<boolean>;
  language: 'es' | 'en' | null;
  updated_at: UpdatedAt;
}

export interface AthleteSettingsHistoryTable {
  id: Generated<string>;
  user_id: string;
  effective_from: string;
  ftp_w: number | null;
  weight_kg: number | null;
  max_hr_bpm: number | null;
  lthr_bpm: number | null;
  created_at: CreatedAt;
}

export interface BikesTable {
  id: Generated<string>;
  user_id: string;
  name: string;
  type: 'road' | 'tt' | 'gravel' | 'mountain';
  brand: string | null;
  model: string | null;
  year: number | null;
  /** As ridden (bottles, computer); joins the rider's weight in the aero fit's system mass. */
  weight_kg: Generated<number | null>;
  /** Saved from the aero lab (0014): CdA m², Crr, when, and the ride they were measured on. */
  cda_m2: Generated<number | null>;
  crr: Generated<number | null>;
  aero_measured_at: Generated<Date | null>;
  aero_activity_id: Generated<string | null>;
  is_primary: Generated<boolean>;
  /** Strava gear id ('b1234') when the bike was imported from Strava. */
  strava_gear_id: Generated<string | null>;
  /** Strava's distance for the gear (m) when imported, and when it was read (0017): the starting odometer. */
  strava_distance_m: Generated<number | null>;
  strava_distance_at: Generated<Date | null>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export type ImportFileStatus = 'queued' | 'processing' | 'done' | 'recovered' | 'duplicate' | 'failed';

export interface ImportsTable {
  id: Generated<string>;
  user_id: string;
  source: 'upload' | 'strava' | 'demo';
  /**
   * Its rider's batch pass after its last file has not ended yet (migration 0036): the import reads
   * `processing` until it has, so `done` means nothing it stored changes any more.
   */
  batch_pass_pending: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface ImportFilesTable {
  id: Generated<string>;
  import_id: string;
  user_id: string;
  name: string;
  size_bytes: number;
  blob_key: string | null;
  status: ImportFileStatus;
  message_code: string | null;
  message: string | null;
  activity_id: string | null;
  position: number;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface ActivitiesTable {
  id: Generated<string>;
  user_id: string;
  bike_id: string | null;
  source: 'upload' | 'strava' | 'demo';
  strava_id: number | null;
  content_hash: string;
  /** The name the file, Strava or the rider gave; NULL: shown as the default for `day_part` (ride-name.ts). */
  name: string | null;
  type: string;
  /** 'night' | 'morning' | 'afternoon' | 'evening' where the ride started, for its default name. */
  day_part: string | null;
  sport: string | null;
  sub_sport: string | null;
  start_time: Date;
  elapsed_time_s: number;
  moving_time_s: number;
  distance_m: number | null;
  elevation_gain_m: number | null;
  average_speed_mps: number | null;
  max_speed_mps: number | null;
  average_power_w: number | null;
  max_power_w: number | null;
  normalized_power_w: number | null;
  intensity_factor: number | null;
  training_stress_score: number | null;
  variability_index: number | null;
  work_kj: number | null;
  ftp_w: number | null;
  average_heartrate_bpm: number | null;
  max_heartrate_bpm: number | null;
  average_cadence_rpm: number | null;
  calories_kcal: number | null;
  device_name: string | null;
  has_power: boolean;
  has_heartrate: boolean;
  has_gps: boolean;
  notes: string | null;
  summary: ColumnType<Record<string, unknown>, string, string>;
  // Beside it, `trusted_cda_m2` (migration 0035): the whole-ride aero fit's CdA when the fit is
  // trustworthy, generated from `summary` by the database. Left out of this type, which the row
  // writers build on: nothing may write it; its readers name it in SQL (garage.repository.ts).
  /**
   * The ride's tactical facts (@vatio/analysis `RideTactics`, migration 0012); NULL without power or
   * an FTP, or when stored by an analysis older than version 5.
   */
  tactics: ColumnType<RideTactics | null, string | null | undefined, string | null>;
  /**
   * The ride's advanced-page facts (`StoredAdvancedFacts` below, measured by activities/ride-advanced-facts.ts,
   * migration 0015); NULL without a stream, or when stored by an analysis older than version 6.
   */
  advanced_facts: ColumnType<StoredAdvancedFacts | null, string | null | undefined, string | null>;
  analysis_version: number;
  reanalysis_pending: Generated<boolean>;
  /** Stored from a damaged file (fails its size/CRC check): only its first part could be read. */
  recovered: Generated<boolean>;
  /**
   * The Vatio workout the ride was ridden from, `<kind>:<ref>` as its FIT file names it (0031,
   * formats fit/workout-tag.ts); NULL when the file names none.
   */
  workout_ref: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface ActivityFilesTable {
  activity_id: string;
  user_id: string;
  blob_key: string;
  original_name: string;
  format: string;
  size_bytes: number;
}

export interface ActivityStreamsTable {
  activity_id: string;
  user_id: string;
  blob_key: string;
  sample_count: number;
  codec_version: number;
}

export interface ActivityCurvesTable {
  activity_id: string;
  user_id: string;
  start_time: Date;
  durations_s: number[];
  power_w: number[];
}

/** A rider's all-time best-power curve (migration 0004): parallel arrays, one entry per grid duration. */
export interface RiderBestCurvesTable {
  user_id: string;
  durations_s: number[];
  power_w: number[];
  activity_ids: string[];
  start_times: string[];
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface LapsTable {
  activity_id: string;
  user_id: string;
  lap_index: number;
  start_offset_s: number;
  elapsed_time_s: number | null;
  moving_time_s: number | null;
  distance_m: number | null;
  average_power_w: number | null;
  max_power_w: number | null;
  normalized_power_w: number | null;
  average_heartrate_bpm: number | null;
  average_cadence_rpm: number | null;
  average_speed_mps: number | null;
}

export interface StravaConnectionsTable {
  user_id: string;
  athlete_id: number;
  athlete_name: string | null;
  scopes: string;
  access_token_enc: string;
  refresh_token_enc: string;
  expires_at: Date;
  token_invalid: Generated<boolean>;
  last_sync_at: Date | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export type StravaActivityState = 'listed' | 'pending' | 'importing' | 'imported' | 'skipped' | 'failed';

export interface StravaActivitiesTable {
  user_id: string;
  strava_id: number;
  name: string;
  sport_type: string;
  start_time: Date;
  distance_m: number | null;
  moving_time_s: number | null;
  elapsed_time_s: number | null;
  elevation_gain_m: number | null;
  average_speed_mps: number | null;
  max_speed_mps: number | null;
  average_watts: number | null;
  max_watts: number | null;
  device_watts: boolean;
  has_heartrate: boolean;
  gear_id: string | null;
  raw: ColumnType<Record<string, unknown>, string, string>;
  state: StravaActivityState;
  claimed_at: Date | null;
  message: string | null;
  activity_id: string | null;
  updated_at: UpdatedAt;
}

export type SyncState = 'idle' | 'importing' | 'processing' | 'completed' | 'error';

export interface SyncStatusTable {
  user_id: string;
  status: SyncState;
  action: string | null;
  run_id: string | null;
  total_activities: Generated<number>;
  processed_activities: Generated<number>;
  failed_activities: Generated<number>;
  skipped_activities: Generated<number>;
  imported_activities: Generated<number>;
  current_activity: string | null;
  paused_until: Date | null;
  /** Why the run waits (rate-limit.ts PauseReason); null while it does not. */
  /** 0025: 'unavailable' (Strava did not answer or answered 5xx). */
  pause_reason: 'retry_after' | 'daily' | 'quarter' | 'backoff' | 'unavailable' | null;
  /** A bike import the rider asked for while another run went on: it starts when that run ends. */
  bikes_queued_at: Date | null;
  started_at: Date | null;
  completed_at: Date | null;
  error_code: string | null;
  error_message: string | null;
  updated_at: UpdatedAt;
}

export interface Database {
  users: UsersTable;
  otp_codes: OtpCodesTable;
  otp_verify_failures: OtpVerifyFailuresTable;
  otp_known_addresses: OtpKnownAddressesTable;
  sessions: SessionsTable;
  write_versions: WriteVersionsTable;
  refresh_tokens: RefreshTokensTable;
  api_keys: ApiKeysTable;
  user_profiles: UserProfilesTable;
  subscriptions: SubscriptionsTable;
  user_settings: UserSettingsTable;
  athlete_settings_history: AthleteSettingsHistoryTable;
  bikes: BikesTable;
  imports: ImportsTable;
  import_files: ImportFilesTable;
  activities: ActivitiesTable;
  activity_files: ActivityFilesTable;
  activity_streams: ActivityStreamsTable;
  activity_curves: ActivityCurvesTable;
  rider_best_curves: RiderBestCurvesTable;
  laps: LapsTable;
  strava_connections: StravaConnectionsTable;
  strava_activities: StravaActivitiesTable;
  sync_status: SyncStatusTable;
  segments: SegmentsTable;
  segment_efforts: SegmentEffortsTable;
  body_measurements: BodyMeasurementsTable;
  bike_positions: BikePositionsTable;
  fitting_sessions: FittingSessionsTable;
  fitting_photos: FittingPhotosTable;
  bike_components: BikeComponentsTable;
  bike_maintenance: BikeMaintenanceTable;
  goals: GoalsTable;
  workouts: WorkoutsTable;
  training_plans: TrainingPlansTable;
  plan_day_overrides: PlanDayOverridesTable;
  calendar_tokens: CalendarTokensTable;
  ride_compliance: RideComplianceTable;
  pending_batch_passes: PendingBatchPassesTable;
}

/** A climb the rider rides again (0013): its ends, length and gradient profile. */
export interface SegmentsTable {
  id: Generated<string>;
  user_id: string;
  /** Null: named per reader from its length and gradient. */
  name: string | null;
  start_lat: number;
  start_lng: number;
  end_lat: number;
  end_lng: number;
  length_m: number;
  avg_grade_pct: number;
  section_grade_pct: number[];
  /** 0016: 'climb' (the climb detector) or 'strava' (first seen as a Strava segment). */
  source: Generated<SegmentSource>;
  /** 0016: the Strava segment it is. */
  strava_segment_id: number | null;
  /** 0016: Strava's name of the segment (the rider's `name` wins). */
  source_name: string | null;
  starred: Generated<boolean>;
  hidden: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** One ride up a segment (0013), deleted with its ride. */
export interface SegmentEffortsTable {
  id: Generated<string>;
  segment_id: string;
  activity_id: string;
  user_id: string;
  start_time: Date;
  start_offset_s: number;
  end_offset_s: number;
  elapsed_s: number;
  avg_power_w: number | null;
  avg_hr_bpm: number | null;
  weight_kg: number | null;
  temperature_c: number | null;
  splits_s: number[];
  section_power_w: (number | null)[];
  /** 0016: 'climb' (the climb detector) or 'strava' (a Strava segment effort). */
  source: Generated<SegmentSource>;
  /** 0016: Strava's effort id, as text. */
  strava_effort_id: string | null;
}

/** Bike fitting (0018): the rider's body, dated (cm, kg). */
export interface BodyMeasurementsTable {
  id: Generated<string>;
  user_id: string;
  measured_on: string;
  height_cm: number | null;
  weight_kg: number | null;
  inseam_cm: number | null;
  torso_cm: number | null;
  arm_cm: number | null;
  shoulder_width_cm: number | null;
  sit_bone_width_cm: number | null;
  flexibility_score: number | null;
  injury_history: string | null;
  notes: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** A setup of one bike (0018): mm and degrees; knee angles are flexion. One active per bike. */
export interface BikePositionsTable {
  id: Generated<string>;
  user_id: string;
  bike_id: string;
  name: string | null;
  fit_date: string;
  saddle_height_mm: number | null;
  saddle_setback_mm: number | null;
  saddle_angle_deg: number | null;
  handlebar_drop_mm: number | null;
  handlebar_reach_mm: number | null;
  stem_length_mm: number | null;
  stem_angle_deg: number | null;
  handlebar_width_mm: number | null;
  crank_length_mm: number | null;
  cleat_fore_aft_mm: number | null;
  cleat_angle_deg: number | null;
  q_factor_mm: number | null;
  knee_angle_max_deg: number | null;
  knee_angle_min_deg: number | null;
  hip_angle_deg: number | null;
  back_angle_deg: number | null;
  shoulder_angle_deg: number | null;
  elbow_angle_deg: number | null;
  wrist_angle_deg: number | null;
  comfort_rating: number | null;
  power_rating: number | null;
  fitter_name: string | null;
  notes: string | null;
  is_active: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** A fitting session (0018); lists are JSON arrays of short texts. */
export interface FittingSessionsTable {
  id: Generated<string>;
  user_id: string;
  bike_id: string | null;
  session_date: string;
  session_type: string;
  fitter_name: string | null;
  goals: ColumnType<string[], string, string>;
  issues_addressed: ColumnType<string[], string, string>;
  adjustments_made: ColumnType<string[], string, string>;
  comfort_improvement: number | null;
  power_improvement: number | null;
  follow_up_required: boolean;
  follow_up_on: string | null;
  notes: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** A side photo (0018): its blob, the joints marked on it (image pixels) and the angles measured. */
export interface FittingPhotosTable {
  id: Generated<string>;
  user_id: string;
  position_id: string | null;
  blob_key: string;
  content_type: string;
  size_bytes: number;
  file_name: string | null;
  points: ColumnType<Record<string, { x: number; y: number }> | null, string | null, string | null>;
  angles: ColumnType<Record<string, number | null> | null, string | null, string | null>;
  notes: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}
export type SegmentSource = 'climb' | 'strava';

/** A part of a bike whose wear is followed (0017); DATE columns come back as text (YYYY-MM-DD). */
export interface BikeComponentsTable {
  id: Generated<string>;
  user_id: string;
  bike_id: string;
  kind: string;
  brand: string | null;
  model: string | null;
  installed_on: string;
  retired_on: string | null;
  replaces_id: string | null;
  price: number | null;
  service_km: number | null;
  service_hours: number | null;
  notes: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** One line of a bike's service log (0017), optionally about one of its parts. */
export interface BikeMaintenanceTable {
  id: Generated<string>;
  user_id: string;
  bike_id: string;
  component_id: string | null;
  performed_on: string;
  what: string;
  notes: string | null;
  cost: number | null;
  created_at: CreatedAt;
}

/** An event the rider trains for (migration 0027). */
export interface GoalsTable {
  id: Generated<string>;
  user_id: string;
  name: string;
  event_date: string;
  priority: 'A' | 'B' | 'C';
  kind: 'time_trial' | 'road_race' | 'gran_fondo' | 'climb';
  course_activity_id: string | null;
  expected_tss: number | null;
  notes: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** A rider's own structured workout; `structure` is the analysis workout model (migration 0027). */
export interface WorkoutsTable {
  id: Generated<string>;
  user_id: string;
  name: string;
  description: string | null;
  purpose: string | null;
  structure: ColumnType<unknown, string, string>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** The rider's plan settings; the days are computed on read (migration 0027). */
export interface TrainingPlansTable {
  user_id: string;
  start_date: string;
  time_zone: string;
  training_weekdays: number[];
  weekly_hours: number | null;
  target_ctl: number | null;
  ramp_per_week: number | null;
  load_weeks_per_block: Generated<number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** The rider's change to one planned day (migration 0027). */
export interface PlanDayOverridesTable {
  user_id: string;
  day: string;
  action: 'skip' | 'move' | 'swap' | 'edit';
  other_day: string | null;
  library_workout_id: string | null;
  workout_id: string | null;
  tss: number | null;
  note: string | null;
  created_at: UpdatedAt;
}

/** The private calendar feed's token, as its SHA-256 (migration 0027). */
export interface CalendarTokensTable {
  user_id: string;
  token_hash: string;
  created_at: UpdatedAt;
}

/**
 * A ride's advanced-page facts as stored in `activities.advanced_facts` (migration 0015): the
 * figures of @vatio/analysis `RideAdvancedFacts`, rounded (powers to 0.01 W, seconds and summed
 * cadence to 0.1), with the FTP and the durability split work they were measured against, so the
 * advanced page knows when they still hold. The gradient curves are already on the page's grid
 * (`GRADIENT_CURVE_DURATIONS_S`, ten durations); tuples keep the JSON small.
 */
export interface StoredAdvancedFacts {
  /** Recorded power: without it the FTP and the split work change nothing. */
  hasPower: boolean;
  /** The FTP the sprints and hard efforts were found with; null: none (no sprints, no efforts). */
  ftpW: number | null;
  /** Where the durability split was made (kJ), from the rider's weight when measured. */
  durabilityWorkKj: number;
  workKj: number | null;
  gradient: Record<string, { timeS: number; powerW: Array<number | null> }> | null;
  durability: { freshW: number | null; fatiguedW: number | null } | null;
  /** [startS, durationS, peakPowerW, peakAccelerationMps2, peakTorqueNm]. */
  sprints: Array<[number, number, number, number | null, number | null]>;
  hardEffortsW: number[];
  /** [powerW, heartRateBpm]. */
  steady: Array<[number, number]>;
  /** `byPower`: [fromW, timeS, cadenceSum]. */
  cadence: { timeByCadenceS: number[]; byPower: Array<[number, number, number]> } | null;
  pedaling: {
    leftBalancePct: number | null;
    torqueEffectivenessPct: number | null;
    pedalSmoothnessPct: number | null;
    /** Platform centre offset [left, right], mm (ANALYSIS_VERSION 7; absent in older rows). */
    pco?: [number | null, number | null];
    /** Power phase per leg: [startDeg, endDeg, arcDeg, peakStartDeg, peakEndDeg, peakArcDeg]. */
    phase?: { left: PhaseTuple | null; right: PhaseTuple | null };
  };
}

/** One leg's power phase, rounded: [startDeg, endDeg, arcDeg, peakStartDeg, peakEndDeg, peakArcDeg]. */
export type PhaseTuple = [number, number, number, number | null, number | null, number | null];

/**
 * A linked ride's compliance with its planned workout (0031), kept with what it was measured from:
 * a different `input_key` (ride changed, workout edited, FTP changed) means it is measured again.
 */
export interface RideComplianceTable {
  activity_id: string;
  user_id: string;
  input_key: string;
  answer: ColumnType<unknown, string, string>;
  computed_at: CreatedAt;
}

/**
 * A ride deletion's batch pass not yet ended (0037): written with the deletion, removed once the pass
 * has written; one left over is run again (activities/pending-passes.ts).
 */
export interface PendingBatchPassesTable {
  id: Generated<string>;
  user_id: string;
  /** The deleted ride's start: the rides in [it, it + the pass window) are measured again. */
  curves_removed_at: Date;
  created_at: CreatedAt;
}
