import { type ActivityStreams, criticalPowerOf, type RideTactics, rideTactics } from '@vatio/analysis';
import type { BlobStore } from '../../storage/blob-store.ts';
import { decodeStreams } from '../../storage/stream-codec.ts';
import type { ActivityRepository } from './activity.repository.ts';
import type { StoredRideCurve } from './best-curve.repository.ts';
import { RECENT_BESTS_DAYS } from './ride-detail-analysis.ts';
import { bestOfRideCurves } from './rider-best-curve.ts';

const DAY_MS = 86_400_000;

/**
 * The critical power and W′ a ride's W′ balance is computed with, as its ride page computes it
 * (ride-detail-analysis.ts): the 2-parameter fit of the bests of the rides of the 90 days up to and
 * including the ride. `curves` may hold more rides; only that window's count.
 */
export function rideCriticalPower(
  curves: readonly StoredRideCurve[],
  start: Date,
): { cpW: number; wPrimeJ: number } | undefined {
  const to = start.getTime();
  const from = to - RECENT_BESTS_DAYS * DAY_MS;
  const window = curves.filter((c) => c.start_time.getTime() > from && c.start_time.getTime() <= to);
  return window.length === 0 ? undefined : criticalPowerOf(bestOfRideCurves(window));
}

// Curves come back from `real[]` columns; a fit on them may differ from the import's in the last bits.
const same = (stored: number | null, now: number) =>
  stored !== null && Math.abs(stored - now) <= 1e-6 * Math.max(1, Math.abs(now));

/** Whether a ride's stored tactics still hold: measured against its FTP and its window's critical power. */
export function tacticsHold(
  tactics: RideTactics | null,
  ftpW: number | null,
  cp: { cpW: number; wPrimeJ: number } | undefined,
): tactics is RideTactics {
  if (tactics === null || ftpW === null || tactics.ftpW !== ftpW) return false;
  if (cp === undefined) return tactics.cpW === null;
  return same(tactics.cpW, cp.cpW) && same(tactics.wPrimeJ, cp.wPrimeJ);
}

/**
 * A ride's tactical facts, computed once when it is stored or re-analysed (the predictive analysis
 * adds them up): against the FTP the ride is measured with (after any eFTP) and the critical power of
 * its ride page's W′ balance, read from the stored curves of its 90-day window.
 */
export class RideTacticsService {
  constructor(private readonly deps: { activities: ActivityRepository; blobs: BlobStore; now: () => Date }) {}

  /**
   * The JSON to store in `activities.tactics` (null without power or FTP). `ownCurve` joins the
   * stored curves when the ride is not stored yet (it replaces a stored curve with the same start).
   */
  async measure(
    userId: string,
    ride: { streams: ActivityStreams; start: Date; ftpW: number | null; hasPower: boolean },
    ownCurve: { durations_s: number[]; power_w: number[] } | undefined,
  ): Promise<string | null> {
    if (!ride.hasPower || ride.ftpW === null) return null;
    const start = ride.start;
    const stored = await this.deps.activities.curves(userId, {
      from: new Date(start.getTime() - RECENT_BESTS_DAYS * DAY_MS + 1),
      to: new Date(start.getTime() + 1),
    });
    const curves: StoredRideCurve[] = ownCurve
      ? [
          ...stored.filter((c) => c.start_time.getTime() !== start.getTime()),
          { activity_id: 'own', start_time: start, ...ownCurve },
        ]
      : stored;
    const tactics = rideTactics(ride.streams, {
      ftpW: ride.ftpW,
      criticalPower: rideCriticalPower(curves, start),
    });
    return tactics ? JSON.stringify(tactics) : null;
  }

  /**
   * After an import batch (files finish in any order, and each was measured against the rides stored
   * before it): every ride whose stored facts no longer hold — its FTP re-estimated, or a ride of the
   * batch changed its window's critical power — measured again from its stream. Returns how many.
   */
  async rederive(userId: string): Promise<number> {
    const { activities, blobs, now } = this.deps;
    const [rides, curves] = await Promise.all([
      activities.ridesForTactics(userId),
      activities.curves(userId),
    ]);
    let changed = 0;
    for (const ride of rides) {
      const cp = rideCriticalPower(curves, ride.start_time);
      if (tacticsHold(ride.tactics, ride.ftp_w, cp)) continue;
      const tactics = rideTactics(decodeStreams(await blobs.get(ride.blob_key)), {
        ftpW: ride.ftp_w ?? undefined,
        criticalPower: cp,
      });
      await activities.updateTactics(userId, ride.id, tactics ? JSON.stringify(tactics) : null, now());
      changed++;
    }
    return changed;
  }
}
