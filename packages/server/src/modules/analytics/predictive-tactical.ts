import {
  ENERGY_ZONES,
  type EnergyZone,
  type RideTactics,
  rideTactics,
  tacticalAdvice,
} from '@vatio/analysis';
import type { PredictiveResponse } from '@vatio/schemas';
import type { BlobStore } from '../../storage/blob-store.ts';
import { decodeStreams } from '../../storage/stream-codec.ts';
import type { ActivityRepository } from '../activities/activity.repository.ts';
import type { StoredRideCurve } from '../activities/best-curve.repository.ts';
import { tacticsHold, windowCriticalPowers } from '../activities/ride-tactics.service.ts';

const round = (v: number, digits = 1) => Number(v.toFixed(digits));

/**
 * Surges, matches and energy by zone over the period's rides with power, added up from each ride's
 * stored tactical facts (`activities.tactics`, computed once at import or re-analysis): each ride
 * measured against the FTP it was analysed with, its matches against the critical power and W′ of its
 * own ride page's W′ balance (the bests of the 90 days up to the ride; none without a usable fit).
 * A ride whose stored facts no longer hold (its FTP was re-estimated, or a ride imported later changed
 * its window's critical power) or has none (no FTP of its own: the current FTP) is measured from its
 * stream blob, as before the facts were kept. `curves` must hold every ride curve of the 90 days
 * before the period's first ride.
 */
export async function tacticalAnalysis(
  deps: { activities: Pick<ActivityRepository, 'ridesWithPower'>; blobs: BlobStore },
  userId: string,
  period: { from: Date; to: Date },
  currentFtpW: number | undefined,
  curves: readonly StoredRideCurve[],
): Promise<PredictiveResponse['tactical']> {
  const rows = await deps.activities.ridesWithPower(userId, { range: period });
  if (rows.length === 0) return null;
  const measured: RideTactics[] = [];
  const cps = windowCriticalPowers(
    curves,
    rows.map((r) => r.start_time),
  );
  for (const [k, row] of rows.entries()) {
    const cp = cps[k];
    if (tacticsHold(row.tactics, row.ftp_w, cp)) {
      measured.push(row.tactics);
      continue;
    }
    const ftpW = row.ftp_w ?? currentFtpW;
    if (ftpW === undefined || row.blob_key === null) continue;
    const streams = decodeStreams(await deps.blobs.get(row.blob_key));
    const tactics = rideTactics(streams, { ftpW, criticalPower: cp });
    if (tactics) measured.push(tactics);
  }
  return tacticalTotals(measured);
}

/** The period's totals of its rides' tactical facts, with the advice they lead to. */
export function tacticalTotals(rides: readonly RideTactics[]): PredictiveResponse['tactical'] {
  if (rides.length === 0) return null;
  let movingS = 0;
  let surges = 0;
  // Matches per hour of the rides they could be counted on (those with a critical power).
  let matches = 0;
  let matchedS = 0;
  let matchedRides = 0;
  const energy: Record<EnergyZone, number> = {
    endurance: 0,
    tempo: 0,
    threshold: 0,
    vo2max: 0,
    neuromuscular: 0,
  };
  for (const ride of rides) {
    movingS += ride.movingS;
    surges += ride.surges;
    for (const zone of ENERGY_ZONES) energy[zone] += ride.energyKj[zone];
    if (ride.matches !== null) {
      matches += ride.matches;
      matchedS += ride.movingS;
      matchedRides++;
    }
  }
  const hours = movingS / 3600;
  const perHour = (n: number, h: number) => (h > 0 ? n / h : 0);
  const withMatches = matchedRides > 0;
  const matchesPerHour = perHour(matches, matchedS / 3600);
  return {
    rides: rides.length,
    hours: round(hours, 2),
    surges,
    surges_per_hour: round(perHour(surges, hours)),
    matches_burned: withMatches ? matches : null,
    matches_per_hour: withMatches ? round(matchesPerHour) : null,
    energy_kj: Object.fromEntries(ENERGY_ZONES.map((z) => [z, round(energy[z])])) as typeof energy,
    advice: tacticalAdvice({
      surgesPerHour: perHour(surges, hours),
      matchesPerHour: withMatches ? matchesPerHour : undefined,
      energyKj: energy,
    }),
  };
}
