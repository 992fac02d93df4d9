import {
  attributeCurve,
  EFTP_WINDOW_DAYS,
  estimatedFtp,
  type FtpMethod,
  intensityFactor,
  mergeCurves,
  trainingStressScore,
} from '@vatio/analysis';

/**
 * The rider's estimated FTP (eFTP) at a ride's date, for rides with power and no FTP the rider gave:
 * @vatio/analysis `estimatedFtp` (CP of the Monod–Scherrer model by GoldenCheetah's envelope of the
 * 2–3⅓ and 12–20 min bests, within its physiological bounds, else 95 % of the best 20 minutes) on the bests of the rider's stored ride curves from the `EFTP_WINDOW_DAYS` (90)
 * days up to and including the ride (docs/formulas/critical-power.md "Estimated FTP for load"). Not
 * circular: ride curves do not depend on FTP.
 */
export { EFTP_WINDOW_DAYS };
const DAY_MS = 86_400_000;

export interface StoredCurve {
  start_time: Date;
  durations_s: number[];
  power_w: number[];
}

export interface FtpEstimateAtDate {
  ftpW: number;
  method: FtpMethod;
  /** How many rides' curves the window held (the ride itself included). */
  rides: number;
}

/** Where the eFTP window ending at `start` begins, in ms (the window is (that, start]). */
export const eftpWindowStartMs = (start: Date): number => start.getTime() - EFTP_WINDOW_DAYS * DAY_MS;

/** The curves of the window ending at `start` (the ride's own curve is one of them once stored). */
export function curvesInWindow<C extends StoredCurve>(curves: readonly C[], start: Date): C[] {
  const end = start.getTime();
  const from = eftpWindowStartMs(start);
  return curves.filter((c) => c.start_time.getTime() <= end && c.start_time.getTime() > from);
}

export function estimateFtpAt(curves: readonly StoredCurve[], start: Date): FtpEstimateAtDate | undefined {
  const window = curvesInWindow(curves, start);
  if (window.length === 0) return undefined;
  const best = mergeCurves(
    window.map((c) => attributeCurve({ durationsS: c.durations_s, powerW: c.power_w }, null)),
  );
  const estimate = estimatedFtp({ durationsS: best.durationsS, powerW: best.powerW });
  return estimate && { ...estimate, rides: window.length };
}

/** IF and TSS of a ride measured against `ftpW` (Coggan; packages/analysis power/training-stress.ts). */
export function loadAgainst(ride: { npW: number | null | undefined; movingS: number }, ftpW: number) {
  const npW = ride.npW ?? undefined;
  return {
    intensityFactor: intensityFactor({ npW, ftpW }) ?? null,
    trainingStressScore: trainingStressScore({ durationS: ride.movingS, npW, ftpW }) ?? null,
  };
}

/** The stored ride (columns + summary JSON) measured against an estimated FTP, said so in the summary. */
export function withEstimatedFtp<
  R extends {
    columns: {
      normalized_power_w: number | null;
      intensity_factor: number | null;
      training_stress_score: number | null;
      ftp_w: number | null;
    };
    summaryJson: string;
  },
>(ride: R, estimate: FtpEstimateAtDate): R {
  const summary = JSON.parse(ride.summaryJson) as Record<string, unknown>;
  const load = loadAgainst(
    { npW: ride.columns.normalized_power_w, movingS: Number(summary.movingTimeS ?? 0) },
    estimate.ftpW,
  );
  return {
    ...ride,
    columns: {
      ...ride.columns,
      ftp_w: estimate.ftpW,
      intensity_factor: load.intensityFactor,
      training_stress_score: load.trainingStressScore,
    },
    summaryJson: JSON.stringify({
      ...summary,
      ...load,
      ftpSource: 'estimated',
      ftpEstimate: { method: estimate.method, windowDays: EFTP_WINDOW_DAYS, rides: estimate.rides },
    }),
  };
}

/**
 * The stored ride (columns + summary JSON) once its window gives no eFTP any more (issue 28, trust: a
 * deleted ride took the curves the estimate stood on): what the import stores for a ride with power
 * whose window gives none (RideFtpService.applyEstimate leaves the analysis as it is): no FTP
 * (`ftpSource` 'none', the ride page says so), so no IF or TSS (Coggan's need one), and no estimate.
 */
export function withoutEstimatedFtp<
  R extends {
    columns: {
      intensity_factor: number | null;
      training_stress_score: number | null;
      ftp_w: number | null;
    };
    summaryJson: string;
  },
>(ride: R): R {
  const {
    intensityFactor: _if,
    trainingStressScore: _tss,
    ftpEstimate: _estimate,
    ...summary
  } = JSON.parse(ride.summaryJson) as Record<string, unknown>;
  return {
    ...ride,
    columns: { ...ride.columns, ftp_w: null, intensity_factor: null, training_stress_score: null },
    summaryJson: JSON.stringify({ ...summary, ftpSource: 'none' }),
  };
}
