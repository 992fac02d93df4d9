import type { ActivityRepository, RideLoad } from './activity.repository.ts';
import { curvesAround } from './ride-tactics.service.ts';
import {
  EFTP_WINDOW_DAYS,
  type FtpEstimateAtDate,
  estimateFtpAt,
  type StoredCurve,
  withEstimatedFtp,
  withoutEstimatedFtp,
} from './estimated-ftp.ts';

const DAY_MS = 86_400_000;

interface AnalysedColumns {
  columns: {
    has_power: boolean;
    normalized_power_w: number | null;
    intensity_factor: number | null;
    training_stress_score: number | null;
    ftp_w: number | null;
  };
  summaryJson: string;
}

/**
 * Rides with power and no FTP (none in force, none recorded, none nearer in time) are measured
 * against the rider's estimated FTP at their date (estimated-ftp.ts), from the stored ride curves.
 */
export class RideFtpService {
  constructor(private readonly deps: { activities: ActivityRepository; now: () => Date }) {}

  /**
   * A ride just analysed: when it has power and no FTP, its load against the eFTP of the window
   * ending at its start (`ownCurve` joins the stored curves when the ride is not stored yet).
   * `windowCurves`, when given, reads stored curves that hold at least that window (the import reads
   * them once for the eFTP and the window's critical power: issue 28); `estimateFtpAt` counts only
   * the window's.
   */
  async applyEstimate<R extends AnalysedColumns>(
    userId: string,
    ride: R,
    start: Date,
    ownCurve: { durations_s: number[]; power_w: number[] } | undefined,
    windowCurves?: () => Promise<readonly StoredCurve[]>,
  ): Promise<R> {
    if (!ride.columns.has_power || ride.columns.ftp_w !== null) return ride;
    const stored: readonly StoredCurve[] = windowCurves
      ? await windowCurves()
      : await this.deps.activities.curves(userId, {
          from: new Date(start.getTime() - EFTP_WINDOW_DAYS * DAY_MS),
          to: new Date(start.getTime() + 1),
        });
    const curves: readonly StoredCurve[] = ownCurve
      ? [
          ...stored.filter((c) => c.start_time.getTime() !== start.getTime()),
          { start_time: start, ...ownCurve },
        ]
      : stored;
    const estimate = estimateFtpAt(curves, start);
    return estimate ? withEstimatedFtp(ride, estimate) : ride;
  }

  /**
   * Every ride measured against an estimate (or with power and no FTP), measured again against the eFTP its window gives now
   * (after an import batch has stored rides its window did not yet hold). Returns how many changed.
   * The whole history: the import's batch pass reads only the rides its batch can change
   * (`reestimate` on batch-pass.repository.ts's read); this one stays for the tests that check it
   * against that.
   */
  async rederiveEstimated(userId: string): Promise<number> {
    const { activities } = this.deps;
    const rides = await activities.ridesWithEstimatedFtp(userId);
    if (rides.length === 0) return 0;
    // Only the curves their windows can hold (issue 28: every stored curve was read).
    const curves = await curvesAround(activities, userId, rides, EFTP_WINDOW_DAYS);
    const changes = reestimate(rides, curves);
    for (const change of changes) {
      const { id, ...load } = change;
      await activities.updateLoad(userId, id, { ...load, updated_at: this.deps.now() });
    }
    return changes.length;
  }
}

/**
 * A ride measured against an estimated FTP, or one with power that has no FTP (its window gave no
 * estimate when it was stored), as `reestimate` reads it.
 */
export interface EstimatedFtpRide {
  id: string;
  start_time: Date;
  normalized_power_w: number | null;
  ftp_w: number | null;
  summary: unknown;
}

/**
 * The rides (measured against an estimated FTP, or with power and no FTP) whose eFTP the curves
 * (every curve their windows hold) give now differs from the one they were measured with, each with
 * its load against it.
 *
 * Issue 28 (trust): also those whose eFTP is the same but stands on other rides: the summary says how
 * many rides of the window and which method it came from (the ride page's `settings_used.ftp_estimate`),
 * and a ride deleted from the window (or stored in it) that leaves the FTP as it was changed that, so
 * the page said "from 3 rides" of a window that held 2. Its load is the same; only the summary moves.
 *
 * Issue 28 (trust): and those whose window gives no estimate any more (the rides it stood on deleted):
 * they kept the eFTP, IF and TSS of rides that were gone. They become what the import stores for a ride
 * whose window gives none (`withoutEstimatedFtp`: no FTP, no IF or TSS, "—" and why on the ride page).
 * The other way round, a ride stored with none gets one once a ride stored later fills its window (a
 * ten-minute ride uploaded before the long ride of the week before it): as uploaded in order.
 */
export function reestimate(rides: readonly EstimatedFtpRide[], curves: readonly StoredCurve[]): RideLoad[] {
  const changes: RideLoad[] = [];
  for (const ride of rides) {
    const estimate: FtpEstimateAtDate | undefined = estimateFtpAt(curves, ride.start_time);
    const summary = ride.summary as {
      ftpSource?: string;
      ftpEstimate?: { method?: string; rides?: number };
    } | null;
    const said = summary?.ftpEstimate;
    const estimated = summary?.ftpSource === 'estimated';
    if (!estimate && !estimated) continue;
    if (
      estimate &&
      estimated &&
      estimate.ftpW === ride.ftp_w &&
      said?.rides === estimate.rides &&
      said?.method === estimate.method
    )
      continue;
    const stored = {
      columns: {
        normalized_power_w: ride.normalized_power_w,
        intensity_factor: null,
        training_stress_score: null,
        ftp_w: null,
      },
      summaryJson: JSON.stringify(ride.summary),
    };
    const next = estimate ? withEstimatedFtp(stored, estimate) : withoutEstimatedFtp(stored);
    changes.push({
      id: ride.id,
      ftp_w: next.columns.ftp_w,
      intensity_factor: next.columns.intensity_factor,
      training_stress_score: next.columns.training_stress_score,
      summary: next.summaryJson,
    });
  }
  return changes;
}
