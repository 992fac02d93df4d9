import { resolveFtp } from '@vatio/analysis';
import type { AthleteSettingsRow } from './athlete-settings.repository.ts';
import { riderValueAt } from './ride-settings.ts';

/** Where a screen's "your FTP" came from (the ride's `ftp_source`, with the newest ride's for "file"). */
export type CurrentFtpSource = 'settings' | 'nearest' | 'ride' | 'estimated';

export interface CurrentFtp {
  readonly ftpW: number;
  readonly source: CurrentFtpSource;
  /** The date the rider's entry holds from (settings, nearest); null otherwise. */
  readonly from: string | null;
}

/**
 * The rider's FTP on `date`, resolved in the order a ride's is (analysis `resolveFtp`, issue 25): the
 * rider's entry in force on the date, else the rider's nearest entry in time (the rider's word from
 * another date outranks a device's), else the newest ride's device FTP, else an estimate from the
 * power curve. Undefined when there is none of them: the caller says what it falls back to.
 */
export function currentFtpOf(
  history: readonly AthleteSettingsRow[],
  date: string,
  others: { readonly rideW?: number | undefined; readonly estimatedW?: number | undefined },
): CurrentFtp | undefined {
  const rider = riderValueAt(history, 'ftp_w', date);
  const resolved = resolveFtp({
    settingsW: rider?.source === 'settings' ? rider.value : undefined,
    nearestW: rider?.source === 'nearest' ? rider.value : undefined,
    fileW: others.rideW,
    estimatedW: others.estimatedW,
  });
  if (resolved.ftpW === undefined || resolved.source === 'none') return undefined;
  const source = resolved.source === 'file' ? 'ride' : resolved.source;
  const from = source === 'settings' || source === 'nearest' ? (rider?.from ?? null) : null;
  return { ftpW: resolved.ftpW, source, from };
}
