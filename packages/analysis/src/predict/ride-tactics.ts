import { wPrimeBalanceDifferentialJ, wPrimeBalanceParameters } from '../curve/w-prime-balance.ts';
import type { ActivityStreams } from '../streams/activity-streams.ts';
import { ENERGY_ZONES, type EnergyZone, energyByZoneKj, surgeCount, wPrimeMatches } from './tactical.ts';

/**
 * One ride's tactical facts, computed once when the ride is analysed (import, re-analysis) and kept
 * with it, so the period's tactical analysis adds stored numbers instead of decoding every stream.
 * Each number is the tested function's (tactical.ts) on the ride's streams; `ftpW` and the critical
 * power they were measured against are kept too, so a reader can tell whether they still apply.
 */
export interface RideTactics {
  /** The FTP the surges and energy zones were measured against, W. */
  readonly ftpW: number;
  /** Recorded (non-gap) seconds: the hours surges and matches are counted per. */
  readonly movingS: number;
  readonly surges: number;
  /** W′ balance drops (`wPrimeMatches`); null without a usable critical power for the ride. */
  readonly matches: number | null;
  /**
   * The critical power and W′ the W′ balance was computed with, or null: the ride page's, after
   * `wPrimeBalanceParameters` (GoldenCheetah's minimum CP where the fitted ones would take the balance
   * below zero); null too where no correction supports the ride (its balance is not shown either).
   */
  readonly cpW: number | null;
  readonly wPrimeJ: number | null;
  /**
   * The critical power and W′ the ride's window gave, before any correction (null without one): what
   * a later import is compared with to know whether these facts still hold. Absent on facts stored
   * before ANALYSIS_VERSION 12, whose `cpW` and `wPrimeJ` were the window's own.
   */
  readonly fittedCpW?: number | null;
  readonly fittedWPrimeJ?: number | null;
  readonly energyKj: Readonly<Record<EnergyZone, number>>;
}

/**
 * The tactical facts of one ride with power, measured against its FTP and, for matches, the critical
 * power and W′ its ride page's W′ balance uses (`criticalPowerOf` on the bests of the 90 days up to
 * the ride). Undefined without power or an FTP: nothing to measure against.
 */
export function rideTactics(
  streams: ActivityStreams,
  rider: {
    readonly ftpW: number | undefined;
    readonly criticalPower: { readonly cpW: number; readonly wPrimeJ: number } | undefined;
  },
): RideTactics | undefined {
  const { ftpW, criticalPower: cp } = rider;
  if (streams.powerW === undefined || ftpW === undefined || !(ftpW > 0)) return undefined;
  let movingS = 0;
  for (let i = 0; i < streams.gapMask.length; i++) if (streams.gapMask[i] === 0) movingS++;
  const zones = energyByZoneKj(streams, ftpW);
  // The same parameters the ride page draws the balance with, so a match is never counted from a
  // balance that the ride page would not show (one that goes below zero).
  const parameters = cp ? wPrimeBalanceParameters(streams, cp) : undefined;
  const used = parameters && parameters.status !== 'unsupported' ? parameters : undefined;
  const balance = used ? wPrimeBalanceDifferentialJ(streams, used) : undefined;
  const energyKj = Object.fromEntries(ENERGY_ZONES.map((z) => [z, zones[z]])) as Record<EnergyZone, number>;
  return {
    ftpW,
    movingS,
    surges: surgeCount(streams, ftpW),
    matches: used && balance ? wPrimeMatches(balance, used.wPrimeJ) : null,
    cpW: used && balance ? used.cpW : null,
    wPrimeJ: used && balance ? used.wPrimeJ : null,
    fittedCpW: cp?.cpW ?? null,
    fittedWPrimeJ: cp?.wPrimeJ ?? null,
    energyKj,
  };
}
