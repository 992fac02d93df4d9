/**
 * The JSON shape of `vatio analyze --json` and how it is computed from a decoded activity. Names
 * are snake_case with units, as issue 3 lists them; more fields may be added, none renamed. Absent
 * numbers are null (no power meter, no heart-rate strap…), never 0.
 */
import {
  bestAveragePowerW,
  curvePowerAtW,
  estimatedFtp,
  type FtpSource as ReportFtpSource,
  isVirtualRide,
  MEAN_MAX_GAPS,
  meanMaxCurve,
  normalizedPowerW,
  PEDAL_PHASE_FIGURES,
  type PedalPhaseFigure,
  type PedalPhaseSummary,
  pedalPhaseFigures,
  type RideReport,
  rateAeroFit,
  resolveFtp,
  rideReport,
  sliceStreams,
  summarizeRide,
} from '@vatio/analysis';
import type { Activity, DeviceSummary } from '@vatio/formats';

export interface AnalyzeOptions {
  readonly ftpW?: number;
  readonly weightKg?: number;
  readonly maxHrBpm?: number;
}

export type FtpSource = 'flag' | 'file' | 'estimate';

export interface ZoneReport {
  readonly id: string;
  readonly zone: number;
  readonly name_key: string;
  readonly min: number;
  /** null for the open top zone. */
  readonly max: number | null;
  readonly time_s: number;
}

export interface LapReport {
  readonly index: number;
  readonly start_s: number;
  readonly elapsed_time_s: number | null;
  readonly moving_time_s: number;
  readonly distance_m: number | null;
  readonly average_w: number | null;
  readonly normalized_w: number | null;
  readonly max_w: number | null;
  readonly average_bpm: number | null;
  readonly trigger: string | null;
}

export interface AnalyzeReport {
  readonly file: string;
  readonly format: string;
  readonly sport: string;
  readonly sub_sport: string | null;
  readonly device: string | null;
  readonly start_time: string;
  readonly elapsed_time_s: number;
  readonly moving_time_s: number;
  readonly distance_m: number | null;
  readonly elevation_gain_m: number | null;
  /** Where elevation_gain_m comes from: the device's own figure, or Vatio's estimate (`rideAscent`). */
  readonly elevation_gain_source: 'device' | 'estimated' | null;
  readonly power: {
    readonly average_w: number | null;
    readonly max_w: number | null;
    readonly normalized_w: number | null;
    readonly x_power_w: number | null;
    readonly variability_index: number | null;
    readonly work_kj: number | null;
    readonly intensity_factor: number | null;
    readonly training_stress_score: number | null;
    readonly ftp_w: number | null;
    readonly ftp_source: FtpSource | null;
    readonly w_per_kg: number | null;
  };
  readonly heart_rate: {
    readonly average_bpm: number | null;
    readonly max_bpm: number | null;
    readonly decoupling_pct: number | null;
    readonly drift_pct: number | null;
    readonly efficiency_factor: number | null;
    /** Mean power over mean heart rate of each half the decoupling compares. */
    readonly first_half_ef: number | null;
    readonly second_half_ef: number | null;
  };
  readonly cadence: { readonly average_rpm: number | null };
  readonly pedaling: {
    readonly left_balance_pct: number | null;
    readonly torque_effectiveness_pct: number | null;
    readonly pedal_smoothness_pct: number | null;
    readonly cadence_variability_pct: number | null;
    readonly torque_variability_pct: number | null;
    readonly stability_index_pct: number | null;
  } & { readonly [K in PedalPhaseFigure]: number | null };
  readonly power_curve: ReadonlyArray<{ readonly duration_s: number; readonly power_w: number }>;
  readonly ftp_estimates: ReadonlyArray<{
    readonly method: string;
    readonly ftp_w: number;
    readonly confidence: number;
    /** CP fits: the physiological bounds broken (`implausibleReasons`); non-empty: rejected. */
    readonly implausible?: readonly string[];
  }>;
  readonly zones: {
    readonly power: readonly ZoneReport[];
    readonly heart_rate: readonly ZoneReport[];
    readonly max_hr_bpm: number | null;
  };
  readonly aero: {
    readonly cda_m2: number | null;
    readonly crr: number | null;
    /** R² of the virtual elevation against the measured altitude, 0–1. */
    readonly fit_quality: number | null;
    readonly rmse_m: number | null;
    /** false when CdA or Crr lies outside what a rider on a bicycle can have (`aeroImplausibilities` in the analysis package). */
    readonly plausible: boolean | null;
    readonly system_mass_kg: number | null;
    readonly rider_mass_source: 'flag' | 'assumed';
    readonly air_density_kg_m3: number | null;
  };
  readonly rider: { readonly weight_kg: number | null; readonly vo2max_ml_kg_min: number | null };
  readonly climbs: ReadonlyArray<{
    readonly start_s: number;
    readonly end_s: number;
    readonly length_m: number;
    readonly gain_m: number;
    readonly average_grade_pct: number;
    readonly vam_m_per_h: number | null;
    readonly category: string;
    readonly average_power_w: number | null;
  }>;
  readonly laps: readonly LapReport[];
  readonly device_summary: Record<string, number>;
  readonly warnings: readonly string[];
}

/** Durations shown in `power_curve`, s: the usual peak-power table up to four hours. */
export const CURVE_DURATIONS_S = [
  1, 5, 10, 15, 30, 60, 120, 180, 300, 480, 600, 1200, 1800, 2700, 3600, 5400, 7200, 10_800, 14_400,
] as const;

/** Rounds for display in JSON; null for undefined or non-finite. */
export function rounded(value: number | undefined, digits: number): number | null {
  if (value === undefined || !Number.isFinite(value)) return null;
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

function lastFinite(values: Float64Array | undefined): number | undefined {
  if (!values) return undefined;
  for (let i = values.length - 1; i >= 0; i--) if (Number.isFinite(values[i]!)) return values[i];
  return undefined;
}

/** The report's FTP source in the words `vatio analyze` has always printed (`--ftp` is the rider's word). */
const FTP_SOURCE: Record<ReportFtpSource, FtpSource | null> = {
  settings: 'flag',
  file: 'file',
  nearest: 'flag',
  estimated: 'estimate',
  none: null,
};

function powerCurve(activity: Activity, summary: RideReport['summary']): AnalyzeReport['power_curve'] {
  const curve = summary.meanMax;
  if (curve === undefined) return [];
  const out: Array<{ duration_s: number; power_w: number }> = [];
  for (const d of CURVE_DURATIONS_S) {
    const power = curvePowerAtW(curve, d) ?? bestAveragePowerW(activity.streams, d, { gaps: 'zero' })?.powerW;
    if (power !== undefined) out.push({ duration_s: d, power_w: rounded(power, 1) ?? 0 });
  }
  return out;
}

function zones<Z extends { id: string; zone: number; nameKey: string }>(
  list: readonly Z[],
  bounds: (z: Z) => [number, number],
  seconds: readonly number[] | undefined,
): ZoneReport[] {
  return list.map((z, k) => {
    const [min, max] = bounds(z);
    return {
      id: z.id,
      zone: z.zone,
      name_key: z.nameKey,
      min: rounded(min, 1) ?? 0,
      max: rounded(max, 1),
      time_s: seconds?.[k] ?? 0,
    };
  });
}

function lapReports(activity: Activity): LapReport[] {
  const n = activity.streams.timeS.length;
  return activity.laps.map((lap, index) => {
    // A lap ends where the next begins; its own duration bounds it when the file gives one.
    const next = activity.laps[index + 1]?.startTimeS ?? n;
    const own = lap.elapsedTimeS ?? lap.timerTimeS;
    const end = own === undefined ? next : Math.min(next, lap.startTimeS + own);
    const slice = sliceStreams(activity.streams, lap.startTimeS, end);
    const summary = summarizeRide(slice, {
      ftpW: undefined,
      criticalPower: undefined,
      heartRateZones: undefined,
      meanMaxGaps: MEAN_MAX_GAPS,
    });
    return {
      index: index + 1,
      start_s: rounded(lap.startTimeS, 1) ?? 0,
      elapsed_time_s: rounded(lap.elapsedTimeS, 1),
      moving_time_s: summary.movingTimeS,
      distance_m: rounded(lap.distanceM, 1),
      average_w: rounded(summary.averagePowerW, 1),
      normalized_w: rounded(normalizedPowerW(slice), 1),
      max_w: rounded(summary.maxPowerW, 0),
      average_bpm: rounded(summary.averageHeartRateBpm, 1),
      trigger: lap.trigger ?? null,
    };
  });
}

/** The device's own session figures, snake_case with units (work in kJ), only those it recorded. */
export function deviceSummaryReport(s: DeviceSummary): Record<string, number> {
  const pairs: Array<[string, number | undefined]> = [
    ['elapsed_time_s', s.elapsedTimeS],
    ['timer_time_s', s.timerTimeS],
    ['distance_m', s.distanceM],
    ['average_w', s.avgPowerW],
    ['max_w', s.maxPowerW],
    ['normalized_w', s.normalizedPowerW],
    ['training_stress_score', s.trainingStressScore],
    ['intensity_factor', s.intensityFactor],
    ['ftp_w', s.ftpW],
    ['work_kj', s.workJ === undefined ? undefined : s.workJ / 1000],
    ['average_bpm', s.avgHeartRateBpm],
    ['max_bpm', s.maxHeartRateBpm],
    ['average_rpm', s.avgCadenceRpm],
    ['average_speed_mps', s.avgSpeedMps],
    ['ascent_m', s.ascentM],
    ['descent_m', s.descentM],
    ['calories_kcal', s.calories],
    ['left_balance_pct', s.leftRightBalancePct],
  ];
  const out: Record<string, number> = {};
  for (const [key, value] of pairs) if (value !== undefined && Number.isFinite(value)) out[key] = value;
  return out;
}

/**
 * Everything `vatio analyze` reports for one decoded activity: the ride report (@vatio/analysis
 * `rideReport`, the same the server stores and its ride page shows) measured against `--ftp`, else the
 * file's FTP, else the eFTP of the ride's own curve (`resolveFtp`, `estimatedFtp`).
 */
export function buildAnalyzeReport(
  activity: Activity,
  file: string,
  options: AnalyzeOptions = {},
): AnalyzeReport {
  const streams = activity.streams;
  const curve = meanMaxCurve(streams, { gaps: MEAN_MAX_GAPS });
  const ftp = resolveFtp({
    settingsW: options.ftpW,
    fileW: activity.deviceSummary.ftpW,
    estimatedW: curve === undefined ? undefined : estimatedFtp(curve)?.ftpW,
  });
  const report = rideReport(
    {
      streams,
      virtual: isVirtualRide(activity.subSport),
      deviceAscentM: activity.deviceSummary.ascentM,
    },
    {
      ftpW: ftp.ftpW,
      weightKg: options.weightKg,
      weightSource: options.weightKg === undefined ? undefined : 'flag',
      bikeKg: undefined,
      maxHrBpm: options.maxHrBpm,
      lthrBpm: undefined,
      criticalPower: undefined,
    },
    { aero: 'fit' },
  );
  const { summary, aero } = report;
  const device = activity.device;

  return {
    file,
    format: activity.format,
    sport: activity.sport,
    sub_sport: activity.subSport ?? null,
    device: device.name ?? ([device.manufacturer, device.product].filter(Boolean).join(' ') || null),
    start_time: activity.startTime.toISOString(),
    elapsed_time_s: rounded(activity.elapsedTimeS, 1) ?? 0,
    moving_time_s: rounded(activity.timerTimeS, 1) ?? 0,
    distance_m: rounded(lastFinite(streams.distanceM) ?? activity.deviceSummary.distanceM, 1),
    elevation_gain_m: rounded(report.elevationGainM, 1),
    elevation_gain_source: report.elevationGainSource ?? null,
    power: {
      average_w: rounded(summary.averagePowerW, 1),
      max_w: rounded(summary.maxPowerW, 0),
      normalized_w: rounded(summary.normalizedPowerW, 1),
      x_power_w: rounded(summary.xPowerW, 1),
      variability_index: rounded(summary.variabilityIndex, 3),
      work_kj: rounded(summary.workKj, 1),
      intensity_factor: rounded(summary.intensityFactor, 3),
      training_stress_score: rounded(summary.trainingStressScore, 1),
      ftp_w: rounded(ftp.ftpW, 1),
      ftp_source: FTP_SOURCE[ftp.source],
      w_per_kg: rounded(report.wattsPerKg, 2),
    },
    heart_rate: {
      average_bpm: rounded(summary.averageHeartRateBpm, 1),
      max_bpm: rounded(summary.maxHeartRateBpm, 0),
      decoupling_pct: rounded(report.decoupling?.pct, 2),
      drift_pct: rounded(report.decoupling?.driftPct, 2),
      efficiency_factor: rounded(summary.efficiencyFactor, 3),
      first_half_ef: rounded(report.decoupling?.firstHalfEf, 3),
      second_half_ef: rounded(report.decoupling?.secondHalfEf, 3),
    },
    cadence: { average_rpm: rounded(summary.averageCadenceRpm, 1) },
    pedaling: {
      left_balance_pct: rounded(report.pedaling.leftBalancePct, 1),
      torque_effectiveness_pct: rounded(report.pedaling.torqueEffectivenessPct, 1),
      pedal_smoothness_pct: rounded(report.pedaling.pedalSmoothnessPct, 1),
      cadence_variability_pct: rounded(report.pedaling.cadenceVariabilityPct, 1),
      torque_variability_pct: rounded(report.pedaling.torqueVariabilityPct, 1),
      stability_index_pct: rounded(report.pedaling.stabilityIndexPct, 1),
      ...roundedPedalPhase(report.pedaling),
    },
    power_curve: powerCurve(activity, summary),
    ftp_estimates: report.ftpEstimates.map((e) => ({
      method: e.method,
      ftp_w: rounded(e.ftpW, 1) ?? 0,
      confidence: rounded(e.confidence, 2) ?? 0,
      ...(e.implausible && { implausible: [...e.implausible] }),
    })),
    zones: {
      power: zones(
        report.zones.power.map((z) => z.zone),
        (z) => [z.minW, z.maxW],
        report.zones.power.map((z) => z.timeS),
      ),
      heart_rate: zones(
        report.zones.heartRate.map((z) => z.zone),
        (z) => [z.minBpm, z.maxBpm],
        report.zones.heartRate.map((z) => z.timeS),
      ),
      max_hr_bpm: options.maxHrBpm ?? null,
    },
    aero: {
      cda_m2: rounded(aero?.fit.cdaM2, 4),
      crr: rounded(aero?.fit.crr, 5),
      fit_quality: rounded(aero?.fit.r2, 3),
      rmse_m: rounded(aero?.fit.rmseM, 2),
      plausible: aero === undefined ? null : rateAeroFit(aero.fit).rating !== 'implausible',
      system_mass_kg: rounded(aero === undefined ? undefined : aero.riderKg + aero.bikeKg, 1),
      rider_mass_source: options.weightKg === undefined ? 'assumed' : 'flag',
      air_density_kg_m3: rounded(aero?.airDensityKgM3, 4),
    },
    rider: {
      weight_kg: options.weightKg ?? null,
      vo2max_ml_kg_min: rounded(report.vo2maxMlKgMin, 1),
    },
    climbs: report.climbs.map((c) => ({
      start_s: c.startS,
      end_s: c.endS,
      length_m: rounded(c.lengthM, 1) ?? 0,
      gain_m: rounded(c.gainM, 1) ?? 0,
      average_grade_pct: rounded(c.averageGradePct, 2) ?? 0,
      vam_m_per_h: rounded(c.vamMPerH, 0),
      category: c.category,
      average_power_w: rounded(c.averagePowerW, 1),
    })),
    laps: lapReports(activity),
    device_summary: deviceSummaryReport(activity.deviceSummary),
    warnings: activity.warnings,
  };
}

/** Platform centre offset (mm) and power phase (degrees) to 0.1, as the ride page's API rounds them. */
function roundedPedalPhase(p: PedalPhaseSummary): { [K in PedalPhaseFigure]: number | null } {
  const figures = pedalPhaseFigures(p);
  const out = {} as { [K in PedalPhaseFigure]: number | null };
  for (const key of PEDAL_PHASE_FIGURES) out[key] = rounded(figures[key], 1);
  return out;
}
