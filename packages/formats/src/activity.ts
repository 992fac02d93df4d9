/**
 * The one shape every decoder produces: metadata, the device's own summary (kept apart from anything
 * Vatio computes), laps, events and columnar streams on a 1 Hz timeline.
 */

import type { ChannelName as AnalysisChannelName } from '@vatio/analysis';

export type ActivityFormat = 'fit' | 'tcx' | 'gpx';

/**
 * Every stream channel, in a stable order (the stream blob writer relies on it): the analysis
 * channels (`CHANNEL_NAMES` of `@vatio/analysis`) plus the per-leg pedal figures the files carry.
 * The list is spelled out rather than built from the analysis one because its order is a storage
 * format; `EVERY_ANALYSIS_CHANNEL` below fails to compile if an analysis channel is missing.
 */
export const CHANNELS = [
  'powerW',
  'heartRateBpm',
  'cadenceRpm',
  'speedMps',
  'distanceM',
  'altitudeM',
  'latDeg',
  'lngDeg',
  'temperatureC',
  /** Left leg's share of power, 0–100 %. */
  'leftRightBalancePct',
  /** Mean of left and right when both are recorded, otherwise the one recorded. */
  'torqueEffectivenessPct',
  'torqueEffectivenessLeftPct',
  'torqueEffectivenessRightPct',
  /** The device's combined figure when recorded, otherwise the mean of left and right. */
  'pedalSmoothnessPct',
  'pedalSmoothnessLeftPct',
  'pedalSmoothnessRightPct',
  /**
   * Platform centre offset, mm: where along the pedal spindle the force is applied, from the centre
   * of the pedal; positive is outward (FIT record left_pco / right_pco, Garmin Vector and Rally).
   */
  'platformCentreOffsetLeftMm',
  'platformCentreOffsetRightMm',
  /**
   * Power phase, degrees of crank angle from top dead centre (FIT record left/right_power_phase
   * [start, end] and *_power_phase_peak [start, end], 0–360°): where each leg produces positive power,
   * and the middle of it where it produces most.
   */
  'powerPhaseStartLeftDeg',
  'powerPhaseEndLeftDeg',
  'powerPhasePeakStartLeftDeg',
  'powerPhasePeakEndLeftDeg',
  'powerPhaseStartRightDeg',
  'powerPhaseEndRightDeg',
  'powerPhasePeakStartRightDeg',
  'powerPhasePeakEndRightDeg',
] as const;

export type ChannelName = (typeof CHANNELS)[number];

/** Compile-time check: decoded streams carry every channel the analysis reads. */
export const EVERY_ANALYSIS_CHANNEL: Exclude<AnalysisChannelName, ChannelName> extends never ? true : never =
  true;

/**
 * Columnar streams on a 1 Hz timeline: index i is `timeS[i] === i` seconds after `startTime`.
 * Values are NaN where there is no value; a channel the file does not carry is `undefined`.
 * `gapMask[i] === 1` marks a pause or a hole in the data (timer stopped, recording dropped out for
 * longer than the fill limit): consumers must skip those seconds, never read them as zeros.
 */
export type ActivityStreams = {
  timeS: Float64Array;
  gapMask: Uint8Array;
} & { [K in ChannelName]?: Float64Array };

export interface DeviceInfo {
  manufacturer?: string;
  product?: string;
  /** Human name when the file gives one (FIT product_name, TCX Creator/Name, GPX creator). */
  name?: string;
  serialNumber?: number;
  softwareVersion?: number;
}

export interface SensorInfo extends DeviceInfo {
  /** e.g. 'bikePower', 'heartRate', 'bikeSpeedCadence' (FIT antplus/ble/local device type). */
  deviceType?: string;
}

export interface Lap {
  /** Seconds after the activity's `startTime`. */
  startTimeS: number;
  elapsedTimeS?: number;
  timerTimeS?: number;
  distanceM?: number;
  avgPowerW?: number;
  maxPowerW?: number;
  normalizedPowerW?: number;
  avgHeartRateBpm?: number;
  maxHeartRateBpm?: number;
  avgCadenceRpm?: number;
  avgSpeedMps?: number;
  ascentM?: number;
  /** What ended the lap, as the file names it ('manual', 'distance', 'sessionEnd'...). */
  trigger?: string;
}

export interface ActivityEvent {
  /** Seconds after the activity's `startTime`. */
  timeS: number;
  /** FIT event name ('timer', 'rearGearChange', 'calibration'...). */
  event: string;
  /** FIT event type name ('start', 'stop', 'stopAll', 'marker'...). */
  eventType: string;
  data?: number;
}

/**
 * The device's own session figures, exactly as recorded (0 stays 0, e.g. an FTP of 0), undefined where
 * the file has none. An independent oracle for Vatio's own metrics, never a substitute for them.
 */
export interface DeviceSummary {
  elapsedTimeS?: number;
  timerTimeS?: number;
  distanceM?: number;
  avgPowerW?: number;
  maxPowerW?: number;
  normalizedPowerW?: number;
  trainingStressScore?: number;
  intensityFactor?: number;
  /** FIT session threshold_power. */
  ftpW?: number;
  workJ?: number;
  avgHeartRateBpm?: number;
  maxHeartRateBpm?: number;
  avgCadenceRpm?: number;
  avgSpeedMps?: number;
  ascentM?: number;
  descentM?: number;
  calories?: number;
  /** Left leg's share from FIT left_right_balance_100, when the right-side flag makes it unambiguous. */
  leftRightBalancePct?: number;
}

/** One session of a (possibly multisport) FIT file, so a caller can see what was left out. */
export interface SessionInfo {
  sport: string;
  subSport?: string;
  startTime: Date;
  elapsedTimeS?: number;
  /** True for the session this Activity was built from. */
  selected: boolean;
}

/**
 * The workout a ride was ridden from, as the file names it (FIT `workout` message's description
 * `vatio-workout:<kind>:<ref>`, fit/workout-tag.ts): e.g. kind 'library', ref 'threshold-2x20'.
 */
export interface WorkoutTag {
  kind: string;
  ref: string;
}

export interface Activity {
  format: ActivityFormat;
  /** Lower-camel FIT sport name ('cycling', 'running'...) or 'unknown'. */
  sport: string;
  subSport?: string;
  /** 'file' when the file names the sport; 'inferred' when deduced (power meter data, cycling device). */
  sportSource: 'file' | 'inferred' | 'unknown';
  name?: string;
  /** FIT only: the Vatio workout the ride followed, when the file carries its reference. */
  workoutTag?: WorkoutTag;
  device: DeviceInfo;
  sensors: SensorInfo[];
  /** UTC instant of `timeS === 0`. */
  startTime: Date;
  /** Wall-clock duration: the device's session figure when plausible, otherwise the span of the data. */
  elapsedTimeS: number;
  /** Moving time: the device's timer time when the file has one, otherwise seconds outside gaps. */
  timerTimeS: number;
  laps: Lap[];
  events: ActivityEvent[];
  deviceSummary: DeviceSummary;
  streams: ActivityStreams;
  /** FIT only: false when the file fails its size/CRC check (truncated) but records could be read. */
  integrity?: boolean;
  /** Set for multisport files: every session, with the one selected. */
  sessions?: SessionInfo[];
  /** Plain-English notes on what the decoder did with odd data (dropped fields, truncation...). */
  warnings: string[];
}
