/**
 * The named choices of the ride report (`ride-report.ts`): one value each, used by the import
 * pipeline, the ride page and `vatio analyze` alike, so the same file gives the same numbers
 * everywhere. Each says where it comes from; docs/formulas/ has the worked numbers.
 */
import type { FitRange } from '../curve/power-duration-models.ts';
import type { ClimbDetectionOptions } from '../climbing/climbs.ts';
import type { GapPolicy } from '../curve/mean-max.ts';

/**
 * Climb detection: valley → peak rises of at least 20 m at 3 % or steeper, ignoring dips and rises
 * under 3 m. 3 m is GoldenCheetah's elevation hysteresis (`GC_ELEVATION_HYSTERESIS`, 3.0 when unset);
 * the ride page used 5 m and `vatio analyze` 3 m until report version 4 (docs/formulas/climbing.md).
 */
export const CLIMB_OPTIONS: ClimbDetectionOptions = { hysteresisM: 3, minGainM: 20, minAverageGradePct: 3 };

/**
 * Stops count as 0 W in the best-power curve (as GoldenCheetah and intervals.icu treat a pause inside
 * an effort), so a 20-min best is never two efforts joined across a café stop.
 */
export const MEAN_MAX_GAPS: GapPolicy = 'zero';

/**
 * The bests Vatio's critical power is read from: GoldenCheetah's default 2P fit, the envelope of the
 * 2–3⅓ min and 12–20 min bests (`fitTwoParameterEnvelope`, `PDModel.cpp` `CP2Model`). Used for the eFTP
 * (`estimatedFtp`), the W′ balance of the ride page and the 2P estimate of each ride; the fit's R² on
 * power is taken over this range. Until analysis version 8 it was a regression over every 3–20 min best.
 */
export const CP_FIT_RANGE: FitRange = { minDurationS: 120, maxDurationS: 1200 };

/** Days of rides whose bests an eFTP or a ride's critical power is fitted from (WKO's 90-day mFTP window). */
export const EFTP_WINDOW_DAYS = 90;

/**
 * Air density for the aero fit: per second from the recorded altitude (ISA pressure with a standard
 * sea-level pressure: files carry no barometric pressure) and the recorded temperature (ISA 15 °C where
 * a second has none), dry air as in the ISA (no head unit records humidity; air at 50 % humidity is
 * lighter by 0.4 % at 20 °C and 0.8 % at 30 °C, saturated air at 30 °C by 1.6 %: under a whole-ride
 * fit's usual CdA error). The ride page used one ρ
 * from the first altitude and temperature at an assumed 50 % humidity, `vatio analyze` this rule,
 * until analysis version 4.
 */
export const AIR_DENSITY = {
  seaLevelPressurePa: 101_325,
  defaultTemperatureC: 15,
  relativeHumidityPct: 0,
} as const;

/**
 * What the aero fit assumes when the rider has not said (DESIGN: say it, never assume silently): the
 * spec's 75 kg rider (000 §9); 9 kg of road bike, bottles, computer and kit; drivetrain efficiency of a
 * clean chain drive, η = 0.976 (Spicer et al. 2001: chain drives 97–99 %). No wind.
 */
export const AERO_DEFAULTS = {
  riderKg: 75,
  bikeKg: 9,
  drivetrainEfficiency: 0.976,
} as const;

/**
 * A ride's whole-ride aero fit is followed week to week only when the fit is rated good
 * (`rateAeroFit`) and the CdA's standard error is at most this, m².
 */
export const AERO_TRUSTWORTHY_CDA_SE_M2 = 0.02;

/**
 * Aerobic decoupling has no option: the recorded seconds with both power and a heart rate are split in
 * two halves by count, each half's mean power over its mean heart rate (GoldenCheetah
 * `AerobicDecoupling.cpp`; `heart/decoupling.ts`). No minimum length: under an hour it reads as noise,
 * and the ride page says so in words, not by hiding the number.
 */
export const DECOUPLING_SPLIT = 'halves-by-usable-seconds' as const;

/** Sub-sports of a ride on a trainer or in a game: no real road, so no aero fit (FIT profile names). */
export const VIRTUAL_SUB_SPORTS: ReadonlySet<string> = new Set(['virtualActivity', 'indoorCycling', 'spin']);
