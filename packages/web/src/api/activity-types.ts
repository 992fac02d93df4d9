// Shapes of the import, activity and athlete-settings answers (docs/API.md, snake_case).

export const ACTIVITY_TYPES = ['Ride', 'VirtualRide', 'GravelRide', 'MountainBikeRide', 'EBikeRide'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/** `recovered`: stored from a damaged file, of which only the first part could be read. */
export type ImportFileStatus = 'queued' | 'processing' | 'done' | 'recovered' | 'duplicate' | 'failed';
export type ImportStatus = 'queued' | 'processing' | 'done';

export interface ImportCounts {
  total: number;
  queued: number;
  processing: number;
  done: number;
  recovered: number;
  duplicate: number;
  failed: number;
}

export interface ImportFile {
  id: string;
  name: string;
  status: ImportFileStatus;
  message?: string | null;
  message_code?: string | null;
  activity_id?: string | null;
}

export interface ImportSummary {
  id: string;
  status: ImportStatus;
  created_at: string;
  updated_at: string;
  counts: ImportCounts;
}

export interface ImportDetail extends ImportSummary {
  files: ImportFile[];
}

export interface UploadResult {
  import_id: string;
  files: ImportFile[];
}

export interface Activity {
  id: string;
  name: string;
  /** True when `name` is Vatio's default in the page's language (the ride has no name of its own). */
  name_is_default: boolean;
  type: ActivityType | string;
  sport: string | null;
  sub_sport: string | null;
  source: 'upload' | 'strava' | 'demo' | string;
  start_date: string;
  distance: number | null;
  moving_time: number | null;
  elapsed_time: number | null;
  total_elevation_gain: number | null;
  average_speed: number | null;
  max_speed: number | null;
  average_power: number | null;
  max_power: number | null;
  normalized_power: number | null;
  intensity_factor: number | null;
  training_stress_score: number | null;
  variability_index: number | null;
  work_kj: number | null;
  ftp_w: number | null;
  /** How ftp_w was chosen; IF and TSS are measured against it. */
  ftp_source: FtpSource;
  average_heartrate: number | null;
  max_heartrate: number | null;
  average_cadence: number | null;
  calories: number | null;
  device_name: string | null;
  has_streams: boolean;
  has_power: boolean;
  has_heartrate: boolean;
  has_gps: boolean;
  bike_id: string | null;
  notes: string | null;
  created_at: string;
  updated_at: string;
}

export interface Lap {
  index: number;
  start_offset_s: number;
  elapsed_time: number | null;
  moving_time: number | null;
  distance: number | null;
  average_power: number | null;
  max_power: number | null;
  normalized_power: number | null;
  average_heartrate: number | null;
  average_cadence: number | null;
  average_speed: number | null;
}

export interface ActivityDetail extends Activity {
  laps?: Lap[];
}

export interface ActivityPage {
  activities: Activity[];
  total: number;
  limit: number;
  offset: number;
}

export interface ActivityUpdate {
  name?: string;
  type?: string;
  bike_id?: string | null;
  notes?: string | null;
}

type Series = (number | null)[] | null;

export interface ActivityStreamsJson {
  time: number[];
  moving?: boolean[] | null;
  watts?: Series;
  heartrate?: Series;
  cadence?: Series;
  velocity?: Series;
  distance?: Series;
  altitude?: Series;
  latlng?: ([number, number] | null)[] | null;
  temp?: Series;
  left_right_balance?: Series;
  torque_effectiveness?: Series;
  pedal_smoothness?: Series;
}

export interface PowerZone {
  zone: number;
  name_key: string;
  min_w: number;
  max_w: number | null;
  time_s: number;
}

export interface HeartRateZone {
  zone: number;
  name_key?: string;
  min_bpm: number;
  max_bpm: number | null;
  time_s: number;
}

export interface Climb {
  start_s: number;
  end_s: number;
  length_m: number;
  gain_m: number;
  average_grade_pct: number;
  vam_m_h: number | null;
  category: string | number | null;
  average_power_w: number | null;
}

export interface CurvePoint {
  duration_s: number;
  power_w: number;
}

export interface BestCurvePoint extends CurvePoint {
  activity_id?: string;
  date?: string;
}

export interface ActivityAnalysis {
  activity_id: string;
  settings_used: {
    ftp_w: number | null;
    ftp_source: FtpSource;
    /** How an estimated FTP was found (eFTP from the rider's power curve). */
    ftp_estimate: { method: string; windowDays: number; rides: number } | null;
    weight_kg: number | null;
    weight_source: 'settings' | 'profile' | null;
    bike_kg: number | null;
    max_hr_bpm: number | null;
    lthr_bpm: number | null;
  };
  summary: {
    moving_time_s: number | null;
    elapsed_time_s: number | null;
    average_power_w: number | null;
    max_power_w: number | null;
    normalized_power_w: number | null;
    variability_index: number | null;
    intensity_factor: number | null;
    training_stress_score: number | null;
    work_kj: number | null;
    x_power_w: number | null;
    average_heartrate_bpm: number | null;
    max_heartrate_bpm: number | null;
    efficiency_factor: number | null;
    aerobic_decoupling_pct: number | null;
    heart_rate_drift_pct: number | null;
    average_cadence_rpm: number | null;
    elevation_gain_m: number | null;
    watts_per_kg: number | null;
  };
  power_curve: CurvePoint[];
  best_power_curve: BestCurvePoint[];
  zones: { power: PowerZone[]; heart_rate: HeartRateZone[] } | null;
  w_prime_balance: {
    cp_w: number;
    w_prime_j: number;
    source: string;
    min_j: number;
    series_j: (number | null)[];
  } | null;
  decoupling: { pw_hr_pct: number; first_half_ef: number; second_half_ef: number } | null;
  aero: {
    cda_m2: number;
    crr: number;
    rmse_m: number;
    r2: number;
    /** 'implausible' whenever CdA or Crr is physically impossible, whatever the R². */
    rating: 'good' | 'fair' | 'poor' | 'implausible';
    /** The physical bounds an implausible fit breaks. */
    implausible: ('cda_low' | 'cda_high' | 'crr_low' | 'crr_high')[];
    air_density_kg_m3: number;
    assumptions: {
      rider_kg: number;
      rider_kg_source: 'settings' | 'profile' | 'default';
      bike_kg: number;
      bike_kg_source: 'bike' | 'default';
      temperature_c: number;
      temperature_source: 'recorded' | 'default';
      humidity_pct: number;
      pressure_hpa: number;
    };
  } | null;
  pedaling: {
    left_balance_pct: number | null;
    torque_effectiveness_pct: number | null;
    pedal_smoothness_pct: number | null;
    cadence_variability_pct: number | null;
    torque_variability_pct: number | null;
    stability_index_pct: number | null;
  } | null;
  climbs: Climb[];
  laps: Lap[];
}

/**
 * settings: the rider's FTP on the ride's date; file: the device's; nearest: the rider's FTP entry
 * nearest in time; estimated: eFTP from the rider's power curve; none.
 */
export type FtpSource = 'settings' | 'file' | 'nearest' | 'estimated' | 'none';

/** POST /api/athlete-settings answers the entry and how many rides are being re-analysed. */
export interface AthleteSettingsSaved extends AthleteSettingsEntry {
  reanalysis: { rides: number };
}

export interface AthleteSettingsEntry {
  id: string;
  effective_from: string;
  ftp_w: number | null;
  weight_kg: number | null;
  max_hr_bpm: number | null;
  lthr_bpm: number | null;
}

export interface AthleteSettingsInput {
  effective_from: string;
  ftp_w?: number | null;
  weight_kg?: number | null;
  max_hr_bpm?: number | null;
  lthr_bpm?: number | null;
}

export interface ReanalysisStatus {
  status: 'idle' | 'running';
  /** Rides still waiting for their re-analysis. */
  remaining?: number;
  /** Older shape of the contract: rides of the current batch and how many are finished. */
  total?: number;
  done?: number;
}
