import {
  AIR_DENSITY,
  type ActivityStreams,
  type AttributedCurve,
  criticalPowerOf,
  EFTP_WINDOW_DAYS,
  fitRideAero,
  PEDAL_PHASE_FIGURES,
  type PedalPhaseFigure,
  type PedalPhaseSummary,
  pedalPhaseFigures,
  rateAeroFit,
  rideReport,
  type WeightSource,
} from '@vatio/analysis';
import type { ActivityAnalysisResponse, FtpSource } from '@vatio/schemas';
import type { RideSettings } from '../../kernel/ride-settings.ts';
import type { ActivityRow } from './activity.repository.ts';
import type { StoredRideCurve } from './best-curve.repository.ts';
import { type StoredAeroFit, storedAeroFit } from './ride-import-analysis.ts';
import { bestOfRideCurves, type CurveSource } from './rider-best-curve.ts';

// The ride page's analysis: @vatio/analysis `rideReport` on the stored stream blob (never by
// re-decoding the file), measured against the FTP the ride row stores, with the rider's critical power
// from the bests of the 90 days before the ride. The summary numbers are the row's (the same report
// computed them at import); the aero fit is the one stored with the ride, never fitted again here.

const round = (v: number | undefined, digits = 1) =>
  v === undefined || !Number.isFinite(v) ? null : Number(v.toFixed(digits));

/**
 * The ride's aero fit as stored with it (import or re-analysis: the settings, profile and bike
 * weights at the ride's date). Only a row an older analysis stored without the fit's assumptions is
 * fitted here, until its re-analysis rewrites it.
 */
function aeroOf(
  row: ActivityRow,
  streams: ActivityStreams,
  settings: RideSettings,
): StoredAeroFit | undefined {
  if (row.type === 'VirtualRide') return undefined; // retyped by the rider: no real elevation to fit
  const stored = (row.summary as { aeroFit?: StoredAeroFit | null }).aeroFit;
  if (stored === null && row.analysis_version >= 3) return undefined; // 3: fits keep their assumptions
  if (stored && typeof stored.riderKg === 'number') return stored;
  const aero = fitRideAero(streams, {
    riderKg: settings.weightKg,
    riderKgSource: settings.weightSource,
    bikeKg: settings.bikeKg,
  });
  return aero && storedAeroFit(aero);
}

/** The date of the rider's FTP entry a ride's stored FTP came from, when it came from one. */
function ftpFromOf(source: FtpSource | undefined, settings: RideSettings): string | null {
  return source === 'settings' || source === 'nearest' ? (settings.ftpFrom ?? null) : null;
}

export interface RideDetailInput {
  row: ActivityRow;
  streams: ActivityStreams;
  settings: RideSettings;
  ownCurve: { durations_s: number[]; power_w: number[] } | undefined;
  /** Per-ride curves of the 90 days up to and including the ride (`RECENT_BESTS_DAYS`). */
  recentCurves: StoredRideCurve[];
  /** The rider's all-time best curve (the "vs best" line). */
  bestCurve: AttributedCurve<CurveSource>;
}

/** @vatio/analysis `wPrimeBalanceParameters` status as the API names it. */
const WBAL_ADJUSTMENT = {
  fitted: 'none',
  'cp-raised': 'cp_raised',
  'w-prime-raised': 'w_prime_raised',
  unsupported: 'unsupported',
} as const;

/** Days of bests before a ride its critical power is fitted from (the eFTP's window). */
export const RECENT_BESTS_DAYS = EFTP_WINDOW_DAYS;

export function rideDetailAnalysis({
  row,
  streams,
  settings,
  ownCurve,
  recentCurves,
  bestCurve: best,
}: RideDetailInput): Omit<ActivityAnalysisResponse, 'laps'> {
  const summary = row.summary as Record<string, number | string | undefined>;
  const ftpW = row.ftp_w ?? undefined;
  const report = rideReport(
    // Virtual or retyped by the rider: the stored fit (none) stands, and nothing is fitted here.
    { streams, virtual: row.type === 'VirtualRide' },
    {
      ftpW,
      weightKg: settings.weightKg,
      weightSource: settings.weightSource,
      bikeKg: settings.bikeKg,
      maxHrBpm: settings.maxHrBpm,
      lthrBpm: settings.lthrBpm,
      criticalPower: criticalPowerOf(bestOfRideCurves(recentCurves)),
    },
    { aero: 'skip' },
  );
  const wBal = report.wPrimeBalance;
  const climbs = report.climbs.map((c) => ({
    start_s: c.startS,
    end_s: c.endS,
    length_m: round(c.lengthM, 0),
    gain_m: round(c.gainM, 0),
    average_grade_pct: round(c.averageGradePct, 1),
    vam_m_h: round(c.vamMPerH, 0),
    category: c.category,
    average_power_w: round(c.averagePowerW, 0),
  }));
  const decoupling = report.decoupling;

  const aero = aeroOf(row, streams, settings);

  return {
    activity_id: row.id,
    settings_used: {
      ftp_w: ftpW ?? null,
      ftp_source: (summary.ftpSource as FtpSource | undefined) ?? (ftpW ? 'settings' : 'none'),
      ftp_estimate:
        (summary.ftpEstimate as ActivityAnalysisResponse['settings_used']['ftp_estimate'] | undefined) ??
        null,
      // The rider's own FTP entry the ride is measured against, when it is one (settings, nearest).
      ftp_from: ftpFromOf(summary.ftpSource as FtpSource | undefined, settings),
      weight_kg: settings.weightKg ?? null,
      weight_source: settings.weightSource ?? null,
      weight_from: settings.weightFrom ?? null,
      bike_kg: settings.bikeKg ?? null,
      max_hr_bpm: settings.maxHrBpm ?? null,
      max_hr_source: settings.maxHrSource ?? null,
      max_hr_from: settings.maxHrFrom ?? null,
      lthr_bpm: settings.lthrBpm ?? null,
      lthr_source: settings.lthrSource ?? null,
      lthr_from: settings.lthrFrom ?? null,
    },
    summary: {
      moving_time_s: row.moving_time_s,
      elapsed_time_s: row.elapsed_time_s,
      average_power_w: round(row.average_power_w ?? undefined),
      max_power_w: round(row.max_power_w ?? undefined, 0),
      normalized_power_w: round(row.normalized_power_w ?? undefined),
      variability_index: round(row.variability_index ?? undefined, 3),
      intensity_factor: round(row.intensity_factor ?? undefined, 3),
      training_stress_score: round(row.training_stress_score ?? undefined),
      work_kj: round(row.work_kj ?? undefined, 0),
      x_power_w: round(summary.xPowerW as number | undefined),
      average_heartrate_bpm: round(row.average_heartrate_bpm ?? undefined, 0),
      max_heartrate_bpm: round(row.max_heartrate_bpm ?? undefined, 0),
      efficiency_factor: round(summary.efficiencyFactor as number | undefined, 3),
      // From the report computed now, not the stored summary: a row stored before decoupling needed
      // an hour still holds a figure the rule no longer gives.
      aerobic_decoupling_pct: round(report.decoupling?.pct, 2),
      heart_rate_drift_pct: round(report.decoupling?.driftPct, 2),
      average_cadence_rpm: round(row.average_cadence_rpm ?? undefined, 0),
      elevation_gain_m: round(row.elevation_gain_m ?? undefined, 0),
      watts_per_kg: round(report.wattsPerKg, 2),
    },
    power_curve: ownCurve
      ? ownCurve.durations_s.map((d, i) => ({ duration_s: d, power_w: ownCurve.power_w[i]! }))
      : [],
    best_power_curve: best.durationsS.map((d, i) => ({
      duration_s: d,
      power_w: best.powerW[i]!,
      activity_id: best.source[i]!.activityId,
      date: best.source[i]!.date,
    })),
    zones: {
      power: report.zones.power.map(({ zone: z, timeS }) => ({
        zone: z.zone,
        name_key: z.nameKey,
        min_w: round(z.minW, 0),
        max_w: Number.isFinite(z.maxW) ? round(z.maxW, 0) : null,
        time_s: timeS,
      })),
      heart_rate: report.zones.heartRate.map(({ zone: z, timeS }) => ({
        zone: z.zone,
        name_key: z.nameKey,
        min_bpm: round(z.minBpm, 0),
        max_bpm: Number.isFinite(z.maxBpm) ? round(z.maxBpm, 0) : null,
        time_s: timeS,
      })),
    },
    w_prime_balance: wBal
      ? {
          cp_w: round(wBal.cpW, 0),
          w_prime_j: round(wBal.wPrimeJ, 0),
          source: `GoldenCheetah envelope 2-parameter fit over the ${RECENT_BESTS_DAYS} days before the ride`,
          adjustment: WBAL_ADJUSTMENT[wBal.parameters.status],
          fitted_cp_w: round(wBal.parameters.fittedCpW, 0),
          fitted_w_prime_j: round(wBal.parameters.fittedWPrimeJ, 0),
          fitted_min_j: round(wBal.parameters.fittedMinJ, 0),
          min_j: round(wBal.minJ, 0),
          series_j: wBal.seriesJ
            ? Array.from(wBal.seriesJ, (v, i) =>
                streams.gapMask[i] || !Number.isFinite(v) ? null : Math.round(v),
              )
            : [],
        }
      : null,
    decoupling:
      decoupling && decoupling.pct !== undefined
        ? {
            pw_hr_pct: round(decoupling.pct, 2),
            first_half_ef: round(decoupling.firstHalfEf, 3),
            second_half_ef: round(decoupling.secondHalfEf, 3),
          }
        : null,
    decoupling_unavailable: report.decouplingGap
      ? {
          reason: report.decouplingGap.reason,
          seconds: report.decouplingGap.seconds,
          required_s: report.decouplingGap.requiredS,
        }
      : null,
    aero: aero
      ? {
          cda_m2: round(aero.cdaM2, 3),
          crr: round(aero.crr, 4),
          rmse_m: round(aero.rmseM, 2),
          r2: round(aero.r2, 3),
          // 'implausible' whenever CdA or Crr is physically impossible, whatever the R² (fit-rating.ts).
          ...rateAeroFit(aero),
          air_density_kg_m3: round(aero.airDensityKgM3, 3),
          // Every input the fit did not measure, and whether it is the rider's own or a default.
          assumptions: {
            rider_kg: round(aero.riderKg, 1),
            rider_kg_source: serverWeightSource(aero.riderKgSource),
            bike_kg: round(aero.bikeKg, 1),
            bike_kg_source: aero.bikeKgSource,
            temperature_c: round(aero.temperatureC, 1),
            temperature_source: aero.temperatureRecorded ? 'recorded' : 'default',
            humidity_pct: AIR_DENSITY.relativeHumidityPct,
            pressure_hpa: round(aero.pressurePa / 100, 0),
          },
        }
      : null,
    pedaling: {
      left_balance_pct: round(summary.leftBalancePct as number | undefined),
      // Computed now (see aerobic_decoupling_pct): a stored 0 % from a device's filler is not shown.
      torque_effectiveness_pct: round(report.pedaling.torqueEffectivenessPct),
      pedal_smoothness_pct: round(report.pedaling.pedalSmoothnessPct),
      cadence_variability_pct: round(report.pedaling.cadenceVariabilityPct),
      torque_variability_pct: round(report.pedaling.torqueVariabilityPct),
      stability_index_pct: round(report.pedaling.stabilityIndexPct),
      unavailable: {
        torque_effectiveness: report.pedaling.gaps.torqueEffectiveness ?? null,
        pedal_smoothness: report.pedaling.gaps.pedalSmoothness ?? null,
        torque_variability: report.pedaling.gaps.torqueVariability ?? null,
      },
      ...roundedPedalPhase(report.pedaling),
    },
    climbs,
    // Rounded as `vatio analyze` rounds them (report-agreement.test.ts compares the two).
    ftp_estimates: report.ftpEstimates.map((e) => ({
      method: e.method,
      ftp_w: round(e.ftpW, 1) ?? 0,
      confidence: round(e.confidence, 2) ?? 0,
      ...(e.implausible && { implausible: [...e.implausible] }),
      ...(e.fit && {
        fit: {
          cp_w: round(e.fit.cpW, 1) ?? 0,
          w_prime_j: round(e.fit.wPrimeJ, 0) ?? 0,
          r2: round(e.powerR2, 3) ?? 0,
        },
      }),
    })),
  };
}

/** The server passes the rider's weight from the dated settings (or an older profile), never a command-line flag (`vatio analyze`'s). */
function serverWeightSource(source: WeightSource): 'settings' | 'nearest' | 'profile' | 'default' {
  return source === 'flag' ? 'settings' : source;
}

/** Platform centre offset (mm) and power phase (degrees) to 0.1, as `vatio analyze` rounds them. */
function roundedPedalPhase(p: PedalPhaseSummary): { [K in PedalPhaseFigure]: number | null } {
  const figures = pedalPhaseFigures(p);
  const out = {} as { [K in PedalPhaseFigure]: number | null };
  for (const key of PEDAL_PHASE_FIGURES) out[key] = round(figures[key]);
  return out;
}
