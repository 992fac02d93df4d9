import {
  type AeroFit,
  type AscentSource,
  aeroFitTrustworthy,
  climbingTotals,
  type FtpSource,
  isVirtualRide,
  type RideAero,
  type RideReport,
  type RideSummary,
  resolveFtp,
  rideReportStoredPart,
} from '@vatio/analysis';
import type { Activity } from '@vatio/formats';
import type { ActivitiesTable } from '../../db/schema.ts';
import type { RideSettings } from '../../kernel/ride-settings.ts';
import {
  type DayPart,
  dayPartAt,
  defaultRideName as defaultRideNameOf,
  type RideLanguage,
} from './ride-name.ts';

/**
 * Bumped whenever the stored analysis changes; at start-up the server re-analyses older rows in the
 * background (ReanalysisService.scheduleOutdated). 2: the whole-ride aero fit is kept. 3: ascent is
 * smoothed before GoldenCheetah's threshold rule, W′ balance counts pauses as recovery, zone boundaries
 * belong to the upper zone, an implausible aero fit is never trustworthy, per-ride curves are on the
 * shared grid with stops counted as 0 W (re-analysis rewrites the curve and the rider's best
 * envelope), the part of the day the ride started (`day_part`, for its default name) from its
 * longitude, the profile's weight and the bike's weight reach the analysis (the aero fit keeps its
 * assumptions), and rides with power and no FTP are measured against the nearest FTP entry or an
 * estimated FTP. 4: one ride report for import, ride page and `vatio analyze` (@vatio/analysis
 * `rideReport`): the aero fit takes the air density per second (altitude and temperature, dry air)
 * instead of one value from the first altitude and temperature at 50 % humidity, and its stored
 * temperature and pressure are the ride's mean instead of its first reading. (The ride page's climbs,
 * now 3 m hysteresis instead of 5 m, and its decoupling block are computed on view, not stored.) The
 * ride's climbs added up (`climbing`: time, gain, work) are kept in the summary, for the performance
 * panel's VAM and climbing efficiency without decoding streams.
 * 5: each ride's tactical facts (`tactics`: surges, energy by zone, W′ matches; @vatio/analysis
 * `rideTactics`) are kept, so the predictive analysis reads them instead of decoding streams; and the aero fit leaves out seconds
 * under 1.5 m/s and the coast down into each stop (braking), cutting the ride there
 * (`aero/virtual-elevation.ts`).
 * 6: each ride's advanced-page facts (`advanced_facts`: gradient split curve, durability split,
 * sprints, hard efforts, steady stretches, cadence, pedalling; @vatio/analysis `rideAdvancedFacts`,
 * stored by `ride-advanced-facts.ts`) are kept, so GET /api/analytics/advanced reads them instead
 * of decoding streams. (The segments work of the same session may also claim 6: one re-analysis
 * serves both.)
 * 7: the advanced facts add each ride's platform centre offset and power phase per leg (dual-sided
 * pedals; @vatio/analysis `pedalPhaseSummary`), read from the stored streams.
 * 8: the stored ascent is the device's own when the file carries one (FIT session total_ascent), the
 * estimate from the altitude stream only where it does not, and the summary says which
 * (`elevationGainSource`; @vatio/analysis `rideAscent`).
 * 9: critical power is GoldenCheetah's default 2-parameter fit, the envelope of the 2–3⅓ and 12–20
 * min bests, within physiological bounds (`criticalPowerOf`, `estimatedFtp`), instead of a regression
 * over every 3–20 min best: the eFTP a ride without FTP is measured against (IF, TSS) and the critical
 * power of its tactical facts change.
 * 10: figures a ride's data does not support are no longer stored (issue 25): decoupling and HR drift
 * need an hour of power and heart rate; a torque effectiveness or pedal smoothness of 0 % at positive
 * power is a device's "not measured"; crank torque only from seconds pedalled at 30 rpm or more.
 * 11: the rider's own values outrank the file's (issue 25): FTP is the rider's in force, else the
 * rider's nearest entry, and only then the device's; max HR, LTHR and weight take the nearest entry
 * when none was in force; the weight is one dated record (migration 0027 made the profile's weight an
 * entry), so rides analysed with the demo's or the device's values are measured again.
 * 12: a ride's stored tactical matches use the W′ balance the ride page draws (`wPrimeBalanceParameters`,
 * GoldenCheetah's minimum CP where the fitted CP and W′ take the balance below zero), not the raw one;
 * and the summary keeps the date its weight entry holds from (`weightFrom`), so a segment effort's W/kg
 * can say which weight and from when.
 */
export const ANALYSIS_VERSION = 12;

export type { FtpSource };

/**
 * Which FTP a ride is measured against before any estimate (@vatio/analysis `resolveFtp`): the
 * rider's value at the ride's date, else the one the device recorded, else the rider's entry nearest
 * in time. The eFTP is applied later, once the rider's stored curves are at hand (ride-ftp.service.ts).
 */
export function rideFtp(
  activity: Activity,
  settings: Pick<RideSettings, 'ftpW' | 'nearestFtpW'>,
): { ftpW: number | undefined; source: FtpSource } {
  return resolveFtp({
    settingsW: settings.ftpW,
    fileW: activity.deviceSummary.ftpW,
    nearestW: settings.nearestFtpW,
  });
}

/** Strava-style activity type from the file's sport and sub-sport. */
export function activityType(activity: Activity): string {
  const sub = activity.subSport ?? '';
  if (isVirtualRide(activity.subSport)) return 'VirtualRide';
  if (sub === 'mountain' || sub === 'downhill' || sub === 'cyclocross') return 'MountainBikeRide';
  if (sub === 'gravelCycling') return 'GravelRide';
  if (sub === 'eBikeFitness' || sub === 'eBikeMountain' || activity.sport === 'eBiking') return 'EBikeRide';
  return 'Ride';
}

/** Cycling files, and files whose sport is unknown (GPX/TCX often carry none), are rides; the rest are not. */
export function isCycling(activity: Activity): boolean {
  return (
    ['cycling', 'eBiking', 'unknown', 'generic'].includes(activity.sport) || activity.sportSource !== 'file'
  );
}

/**
 * The part of the day where the ride started, for its default name (`ride-name.ts`): local time is
 * estimated from the starting longitude (15° per hour) when the ride has GPS, else UTC.
 */
export function rideDayPart(activity: Activity): DayPart {
  const lng = activity.streams.lngDeg?.find((v) => Number.isFinite(v));
  const offsetH = lng === undefined ? 0 : Math.round(lng / 15);
  return dayPartAt((activity.startTime.getUTCHours() + offsetH + 24) % 24);
}

/** A name for a ride whose file has none, in one language (the stored row keeps only its day part). */
export function defaultRideName(activity: Activity, language: RideLanguage = 'en'): string {
  return defaultRideNameOf(rideDayPart(activity), activityType(activity) === 'VirtualRide', language);
}

function finiteOrNull(value: number | undefined): number | null {
  return value === undefined || !Number.isFinite(value) ? null : value;
}

function maxOf(values: Float64Array | undefined): number | undefined {
  if (!values) return undefined;
  let max = Number.NEGATIVE_INFINITY;
  for (const v of values) if (v > max) max = v;
  return Number.isFinite(max) ? max : undefined;
}

function lastFinite(values: Float64Array | undefined): number | undefined {
  if (!values) return undefined;
  for (let i = values.length - 1; i >= 0; i--) if (Number.isFinite(values[i])) return values[i];
  return undefined;
}

function hasAny(values: Float64Array | undefined): boolean {
  return values?.some((v) => Number.isFinite(v)) ?? false;
}

/**
 * The whole-ride aero fit kept with a ride's summary, for the aerodynamics trend and the ride page
 * (which shows it as stored, never fitting again), with every input it did not measure.
 */
export type StoredAeroFit = Pick<AeroFit, 'cdaM2' | 'crr' | 'r2' | 'rmseM' | 'cdaSeM2'> &
  Pick<
    RideAero,
    | 'airDensityKgM3'
    | 'riderKg'
    | 'riderKgSource'
    | 'bikeKg'
    | 'bikeKgSource'
    | 'temperatureC'
    | 'temperatureRecorded'
    | 'pressurePa'
  > & {
    /** Whether the fit is good enough to follow week to week (`aeroFitTrustworthy`). */
    readonly trustworthy: boolean;
  };

/** The stored form of a ride's aero fit. */
export function storedAeroFit(aero: RideAero): StoredAeroFit {
  const { fit } = aero;
  return {
    cdaM2: fit.cdaM2,
    crr: fit.crr,
    r2: fit.r2,
    rmseM: fit.rmseM,
    cdaSeM2: fit.cdaSeM2,
    trustworthy: aeroFitTrustworthy(fit),
    airDensityKgM3: aero.airDensityKgM3,
    riderKg: aero.riderKg,
    riderKgSource: aero.riderKgSource,
    bikeKg: aero.bikeKg,
    bikeKgSource: aero.bikeKgSource,
    temperatureC: aero.temperatureC,
    temperatureRecorded: aero.temperatureRecorded,
    pressurePa: aero.pressurePa,
  };
}

export interface AnalysedRide {
  summary: RideSummary;
  /**
   * The ride's climbs as the report detected them (`CLIMB_OPTIONS`), for its climbing totals and its
   * segments without detecting them again (issue 28).
   */
  climbs: RideReport['climbs'];
  /** Where the stored ascent (`elevation_gain_m`) comes from: the device's own, or Vatio's estimate. */
  elevationGainSource: AscentSource | undefined;
  aero: StoredAeroFit | undefined;
  ftpW: number | undefined;
  ftpSource: FtpSource;
  /** The rider's weight the analysis used, and where it came from. */
  weightKg: number | undefined;
  weightSource: RideSettings['weightSource'];
  /** The date the weight entry holds from (a screen says which weight and from when). */
  weightFrom: string | undefined;
  /** The activity row's measured columns (what a re-analysis may rewrite). */
  columns: Omit<
    ActivitiesTable,
    | 'id'
    | 'user_id'
    | 'bike_id'
    | 'source'
    | 'strava_id'
    | 'content_hash'
    | 'name'
    | 'notes'
    | 'summary'
    | 'tactics'
    | 'advanced_facts'
    | 'workout_ref'
    | 'analysis_version'
    | 'reanalysis_pending'
    | 'recovered'
    | 'created_at'
    | 'updated_at'
  > & { sport: string };
}

/**
 * Every stored number of one ride, analysed with the rider's settings at the ride's date (the
 * profile's weight where no dated weight applies; the ride's bike's weight).
 */
export function analyseImportedRide(activity: Activity, settings: RideSettings): AnalysedRide {
  const { ftpW, source } = rideFtp(activity, settings);
  // The stored figures of the one ride report (`rideReport` builds on the same function), without
  // the ones only the ride page shows (issue 28).
  const report = rideReportStoredPart(
    {
      streams: activity.streams,
      virtual: isVirtualRide(activity.subSport),
      deviceAscentM: activity.deviceSummary.ascentM,
    },
    {
      ftpW,
      weightKg: settings.weightKg,
      weightSource: settings.weightSource,
      bikeKg: settings.bikeKg,
      maxHrBpm: settings.maxHrBpm,
      lthrBpm: settings.lthrBpm,
      criticalPower: undefined,
    },
    { aero: 'fit' },
  );
  const { summary, aero } = report;
  const streams = activity.streams;
  const type = activityType(activity);
  const distanceM = lastFinite(streams.distanceM) ?? activity.deviceSummary.distanceM;
  const movingS = Math.round(activity.timerTimeS);
  const device = activity.device;
  return {
    summary,
    climbs: report.climbs,
    elevationGainSource: report.elevationGainSource,
    aero: aero && storedAeroFit(aero),
    ftpW,
    ftpSource: source,
    weightKg: settings.weightKg,
    weightSource: settings.weightSource,
    weightFrom: settings.weightFrom,
    columns: {
      type,
      day_part: rideDayPart(activity),
      sport: activity.sport,
      sub_sport: activity.subSport ?? null,
      start_time: activity.startTime,
      elapsed_time_s: Math.round(activity.elapsedTimeS),
      moving_time_s: movingS,
      distance_m: finiteOrNull(distanceM),
      elevation_gain_m: finiteOrNull(report.elevationGainM),
      average_speed_mps: distanceM !== undefined && movingS > 0 ? distanceM / movingS : null,
      max_speed_mps: finiteOrNull(maxOf(streams.speedMps)),
      average_power_w: finiteOrNull(summary.averagePowerW),
      max_power_w: finiteOrNull(summary.maxPowerW),
      normalized_power_w: finiteOrNull(summary.normalizedPowerW),
      intensity_factor: finiteOrNull(summary.intensityFactor),
      training_stress_score: finiteOrNull(summary.trainingStressScore),
      variability_index: finiteOrNull(summary.variabilityIndex),
      work_kj: finiteOrNull(summary.workKj),
      ftp_w: ftpW ?? null,
      average_heartrate_bpm: finiteOrNull(summary.averageHeartRateBpm),
      max_heartrate_bpm: finiteOrNull(summary.maxHeartRateBpm),
      average_cadence_rpm: finiteOrNull(summary.averageCadenceRpm),
      calories_kcal: finiteOrNull(activity.deviceSummary.calories),
      device_name: device.name ?? ([device.manufacturer, device.product].filter(Boolean).join(' ') || null),
      has_power: hasAny(streams.powerW),
      has_heartrate: hasAny(streams.heartRateBpm),
      has_gps: hasAny(streams.latDeg),
    },
  };
}

/**
 * The JSON kept in `activities.summary`: every per-ride number except the curve (stored apart in
 * activity_curves), with how FTP was chosen and what the decoder noticed. Import and re-analysis
 * write the same shape.
 */
export function storedSummaryJson(analysed: AnalysedRide, activity: Activity): string {
  const { meanMax: _curve, ...rest } = analysed.summary;
  return JSON.stringify({
    ...rest,
    aeroFit: analysed.aero ?? null,
    climbing: climbingTotals(activity.streams, undefined, analysed.climbs) ?? null,
    // The stored ascent's source; the estimate itself stays in `elevationGainM` (from the streams).
    elevationGainSource: analysed.elevationGainSource ?? null,
    ftpSource: analysed.ftpSource,
    weightKg: analysed.weightKg ?? null,
    weightSource: analysed.weightSource ?? null,
    weightFrom: analysed.weightFrom ?? null,
    warnings: activity.warnings,
    integrity: activity.integrity ?? true,
  });
}
