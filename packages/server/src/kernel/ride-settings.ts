import {
  type AthleteSettingsRow,
  type RiderBaseline,
  type SettingsAtDate,
  settingsAt,
} from './athlete-settings.repository.ts';

/**
 * settings: the rider's entry in force on the date; nearest: none was in force yet, so the rider's
 * earliest entry after it (the value nearest in time the rider gave).
 */
export type RiderValueSource = 'settings' | 'nearest';

/** One of the rider's values on a date, where it came from and the date its entry holds from. */
export interface RiderValue {
  value: number;
  source: RiderValueSource;
  /** effective_from of the entry the value comes from (YYYY-MM-DD). */
  from: string;
}

type ValueKey = 'ftp_w' | 'weight_kg' | 'max_hr_bpm' | 'lthr_bpm';

/**
 * The rider's own value of `key` for a date: the newest entry on or before it that sets it, else the
 * earliest entry after it. The rider's word, even from another date, outranks a device file's
 * threshold or an estimate (issue 25: a head unit's FTP of 200 W left from years ago must not
 * measure a ride of a rider who says 265 W).
 */
export function riderValueAt(
  history: readonly AthleteSettingsRow[],
  key: ValueKey,
  date: string,
): RiderValue | undefined {
  let inForce: AthleteSettingsRow | undefined;
  let nearest: AthleteSettingsRow | undefined;
  for (const h of history) {
    if (h[key] === null) continue;
    if (h.effective_from <= date) {
      if (!inForce || h.effective_from > inForce.effective_from) inForce = h;
    } else if (!nearest || h.effective_from < nearest.effective_from) nearest = h;
  }
  if (inForce) return { value: inForce[key]!, source: 'settings', from: inForce.effective_from };
  if (nearest) return { value: nearest[key]!, source: 'nearest', from: nearest.effective_from };
  return undefined;
}

/** The rider's body weight on a date (every per-kilogram figure divides by this one). */
export const riderWeightAt = (baseline: RiderBaseline, date: string): RiderValue | undefined =>
  riderValueAt(baseline.history, 'weight_kg', date);

export type WeightSource = RiderValueSource;

/** The rider's values on a ride's date, with where each came from and the ride's bike weight. */
export interface RideSettings extends SettingsAtDate {
  /** The rider's weight: in force on the date, else the nearest entry; with its source and date. */
  weightSource: WeightSource | undefined;
  weightFrom: string | undefined;
  /** Max HR and LTHR resolve as the weight does (in force, else nearest). */
  maxHrSource: RiderValueSource | undefined;
  maxHrFrom: string | undefined;
  lthrSource: RiderValueSource | undefined;
  lthrFrom: string | undefined;
  /** The rider's FTP entry in force on the date (ftpW) or, when none is, the nearest in time. */
  ftpFrom: string | undefined;
  /** The FTP entry nearest in time when none is in force on the date (the earliest one after it). */
  nearestFtpW: number | undefined;
  /** The ride's bike's own weight, when the rider gave one. */
  bikeKg: number | undefined;
}

/**
 * The rider's values at a ride's date. FTP keeps the entry in force (`ftpW`) apart from the nearest
 * one (`nearestFtpW`), because the choice among rider, file and estimate is @vatio/analysis
 * `resolveFtp`; weight, max HR and LTHR have no other candidate (files carry none the decoder reads)
 * and resolve here.
 */
export function rideSettingsAt(
  baseline: RiderBaseline,
  date: string,
  bikeKg: number | null | undefined,
): RideSettings {
  const inForce = settingsAt(baseline.history, date);
  const ftp = riderValueAt(baseline.history, 'ftp_w', date);
  const weight = riderWeightAt(baseline, date);
  const maxHr = riderValueAt(baseline.history, 'max_hr_bpm', date);
  const lthr = riderValueAt(baseline.history, 'lthr_bpm', date);
  return {
    ftpW: inForce.ftpW,
    nearestFtpW: ftp?.source === 'nearest' ? ftp.value : undefined,
    ftpFrom: ftp?.from,
    weightKg: weight?.value,
    weightSource: weight?.source,
    weightFrom: weight?.from,
    maxHrBpm: maxHr?.value,
    maxHrSource: maxHr?.source,
    maxHrFrom: maxHr?.from,
    lthrBpm: lthr?.value,
    lthrSource: lthr?.source,
    lthrFrom: lthr?.from,
    bikeKg: bikeKg ?? undefined,
  };
}

/** The ride's date as the settings know it (UTC day of its start). */
export const rideDate = (start: Date): string => start.toISOString().slice(0, 10);
