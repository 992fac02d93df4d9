import { type AthleteSettingsRow, type SettingsAtDate, settingsAt } from './athlete-settings.repository.ts';

/**
 * What a ride's analysis knows about the rider beyond its file: the dated settings, the weight given
 * in the profile (at onboarding or later) and the weight of the ride's bike. Plain data, so a worker
 * thread can receive it.
 */
export interface RiderBaseline {
  history: AthleteSettingsRow[];
  /** The profile's weight: in force on every date no dated weight covers. */
  profileWeightKg: number | null;
}

export type WeightSource = 'settings' | 'profile';

/** The rider's values on a ride's date, with where the weight came from and the ride's bike weight. */
export interface RideSettings extends SettingsAtDate {
  weightSource: WeightSource | undefined;
  /** The FTP entry nearest in time when none is in force on the date (the earliest one after it). */
  nearestFtpW: number | undefined;
  /** The ride's bike's own weight, when the rider gave one. */
  bikeKg: number | undefined;
}

/**
 * Dated settings win from their date on; before the first dated weight the profile's weight is the
 * rider's weight (DESIGN: the rider said it once, at onboarding, and every per-kilogram figure uses it).
 */
export function rideSettingsAt(
  baseline: RiderBaseline,
  date: string,
  bikeKg: number | null | undefined,
): RideSettings {
  const dated = settingsAt(baseline.history, date);
  const profileKg = baseline.profileWeightKg ?? undefined;
  const weightKg = dated.weightKg ?? profileKg;
  const nearestFtpW = dated.ftpW
    ? undefined
    : (baseline.history
        .filter((h) => h.effective_from > date && h.ftp_w !== null)
        .sort((a, b) => (a.effective_from < b.effective_from ? -1 : 1))[0]?.ftp_w ?? undefined);
  return {
    ...dated,
    weightKg,
    weightSource: dated.weightKg !== undefined ? 'settings' : profileKg !== undefined ? 'profile' : undefined,
    nearestFtpW,
    bikeKg: bikeKg ?? undefined,
  };
}

/** The ride's date as the settings know it (UTC day of its start). */
export const rideDate = (start: Date): string => start.toISOString().slice(0, 10);
