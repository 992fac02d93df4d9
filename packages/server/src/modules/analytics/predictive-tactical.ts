import {
  ENERGY_ZONES,
  energyByZoneKj,
  type PowerDurationModel,
  surgeCount,
  tacticalAdvice,
  wPrimeBalanceDifferentialJ,
  wPrimeMatches,
} from '@vatio/analysis';
import type { PredictiveResponse } from '@vatio/schemas';
import type { BlobStore } from '../../storage/blob-store.ts';
import { decodeStreams } from '../../storage/stream-codec.ts';
import type { AnalyticsLoadRepository } from './analytics-load.repository.ts';

const round = (v: number, digits = 1) => Number(v.toFixed(digits));

/**
 * Surges, matches and energy by zone over the period's rides with power, from their stream blobs:
 * each ride measured against the FTP it was analysed with (else the current FTP); matches from the
 * differential W′ balance with the 90-day CP and W′ (none without a usable fit).
 */
export async function tacticalAnalysis(
  deps: { repository: AnalyticsLoadRepository; blobs: BlobStore },
  userId: string,
  period: { from: Date; to: Date },
  currentFtpW: number | undefined,
  cp: PowerDurationModel | undefined,
): Promise<PredictiveResponse['tactical']> {
  const blobs = await deps.repository.streamBlobs(userId, period);
  if (blobs.length === 0) return null;
  let movingS = 0;
  let surges = 0;
  let matches = 0;
  let rides = 0;
  const energy = { endurance: 0, tempo: 0, threshold: 0, vo2max: 0, neuromuscular: 0 };
  for (const entry of blobs) {
    const ftpW = entry.ftp_w ?? currentFtpW;
    if (!ftpW) continue;
    const streams = decodeStreams(await deps.blobs.get(entry.blob_key));
    if (!streams.powerW) continue;
    rides++;
    for (let i = 0; i < streams.gapMask.length; i++) if (streams.gapMask[i] === 0) movingS++;
    surges += surgeCount(streams, ftpW);
    const zones = energyByZoneKj(streams, ftpW);
    for (const zone of ENERGY_ZONES) energy[zone] += zones[zone];
    if (cp) {
      const balance = wPrimeBalanceDifferentialJ(streams, cp);
      if (balance) matches += wPrimeMatches(balance, cp.wPrimeJ);
    }
  }
  if (rides === 0) return null;
  const hours = movingS / 3600;
  const perHour = (n: number) => (hours > 0 ? n / hours : 0);
  return {
    rides,
    hours: round(hours, 2),
    surges,
    surges_per_hour: round(perHour(surges)),
    matches_burned: cp ? matches : null,
    matches_per_hour: cp ? round(perHour(matches)) : null,
    energy_kj: Object.fromEntries(ENERGY_ZONES.map((z) => [z, round(energy[z])])) as typeof energy,
    advice: tacticalAdvice({
      surgesPerHour: perHour(surges),
      matchesPerHour: cp ? perHour(matches) : undefined,
      energyKj: energy,
    }),
  };
}
