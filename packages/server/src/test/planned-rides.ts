import { join } from 'node:path';
import { type Activity, encodeFit, generateRide } from '@vatio/formats';
import { RideFtpService } from '../modules/activities/ride-ftp.service.ts';
import { RideTacticsService } from '../modules/activities/ride-tactics.service.ts';
import { FsBlobStore } from '../storage/blob-store.ts';
import type { Harness } from './harness.ts';

/**
 * Rides planned for the batch pass's tests (issue 28: imports/batch-scope.routes.test.ts,
 * activities/delete-pass.routes.test.ts): a history of generated rides, the stored figures a pass may
 * change, and the pass over the rider's whole history that both check the scoped passes against.
 */

export const DAY_MS = 86_400_000;

export interface Planned {
  daysAgo: number;
  seed: number;
  /** The FTP the file carries (the device's); without it the ride is measured against an eFTP. */
  fileFtp: boolean;
  power: boolean;
  /** The FTP the generator rides with: the strong ride sets the bests of the windows that hold it. */
  riderFtpW: number;
  intervals: { count: number; workS: number; restS: number; intervalPct: number };
  /** Half an hour without it; a ride under 20 minutes alone gives no eFTP (estimated-ftp.ts). */
  durationS?: number;
}

export const SHORT = { count: 5, workS: 180, restS: 180, intervalPct: 1.15 };
export const LONG = { count: 2, workS: 720, restS: 300, intervalPct: 0.98 };
export const EASY = { count: 0, workS: 1, restS: 1, intervalPct: 1 };

/** The strong ride's day; the edge ride 89 days after it: the last day whose windows hold it. */
export const STRONG_DAYS_AGO = 100;
export const EDGE_DAYS_AGO = STRONG_DAYS_AGO - 89;

/** The UTC date `daysAgo` days before today. */
export const dayOf = (daysAgo: number) =>
  new Date((Math.floor(Date.now() / DAY_MS) - daysAgo) * DAY_MS).toISOString().slice(0, 10);

/** The planned ride as a FIT file, half an hour (or `durationS`) from 08:00 UTC of its day. */
export function rideFile(p: Planned): Uint8Array {
  const ride: Activity = generateRide({
    seed: p.seed,
    durationS: p.durationS ?? 1800,
    ftpW: p.riderFtpW,
    intervals: p.intervals,
    startTime: new Date(Math.floor(Date.now() / DAY_MS - p.daysAgo) * DAY_MS + 8 * 3_600_000),
  });
  const streams = p.power
    ? ride.streams
    : { ...ride.streams, powerW: undefined, leftRightBalancePct: undefined };
  return encodeFit({
    ...ride,
    streams,
    deviceSummary: { ...ride.deviceSummary, ftpW: p.fileFtp ? ride.deviceSummary.ftpW : undefined },
  });
}

/** Every stored figure a pass may change, by ride, oldest first. */
export async function storedFigures(h: Harness, userId: string) {
  const rows = await h.database.db
    .selectFrom('activities')
    .select([
      'id',
      'start_time',
      'ftp_w',
      'intensity_factor',
      'training_stress_score',
      'summary',
      'tactics',
      'advanced_facts',
    ])
    .where('user_id', '=', userId)
    .orderBy('start_time')
    .execute();
  return rows.map((r) => ({ ...r, start_time: r.start_time.toISOString() }));
}

/** The pass over the rider's whole history, as the import (and the Strava sync's end) ran it before issue 28. */
export async function wholeHistoryPass(h: Harness, userId: string): Promise<void> {
  const blobs = new FsBlobStore(join(h.dataDir, 'blobs'));
  await new RideFtpService({ activities: h.services.activities, now: h.now }).rederiveEstimated(userId);
  await new RideTacticsService({
    activities: h.services.activities,
    blobs,
    now: h.now,
    athleteSettings: h.services.athleteSettings,
  }).rederive(userId);
}
