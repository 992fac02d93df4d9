/**
 * The stored history the server benches start from: rides written straight into the database
 * (activity rows with their summaries, per-ride curves on the analysis package's duration grid, and
 * the rider's best envelope) as the import job would have stored them, so 2,000 rides take seconds
 * instead of the half hour their import would. Shared by dashboard.ts and analytics.ts.
 */
import { meanMaxDurationsS } from '@vatio/analysis';
import { type DatabaseHandle, openDatabase, pgliteDirFor } from '../packages/server/src/db/database.ts';
import { ANALYSIS_VERSION } from '../packages/server/src/modules/activities/ride-import-analysis.ts';
import { windowCriticalPowers } from '../packages/server/src/modules/activities/ride-tactics.service.ts';
import { RiderBestCurve } from '../packages/server/src/modules/activities/rider-best-curve.ts';

/** Ride k: 1–5 h, one a day going back from today, with a plausible power-duration curve. */
export function benchRide(k: number, now: number) {
  const durationS = 3600 + ((k * 7919) % 4) * 3600 + ((k * 104_729) % 3600);
  const start = new Date(now - (k + 1) * 86_400_000 + ((k * 37) % 10) * 3_600_000);
  const cpW = 230 + ((k * 13) % 40);
  const wPrimeJ = 18_000 + ((k * 17) % 6000);
  const durations = meanMaxDurationsS(durationS);
  const power = durations.map(
    (d) => Math.min(1100, cpW + wPrimeJ / d) * (d > 1200 ? 1 - 0.04 * Math.log10(d / 1200) : 1),
  );
  const npW = cpW * 0.82;
  const averageW = cpW * 0.72;
  const climbS = Math.round(durationS * 0.2);
  const summary = {
    ftpBest20MinW: power[1199] ?? null,
    efficiencyFactor: 1.3,
    aerobicDecouplingPct: 2 + (k % 7),
    leftBalancePct: 48 + (k % 5),
    torqueEffectivenessPct: 70 + (k % 10),
    pedalSmoothnessPct: 18 + (k % 8),
    climbing: {
      count: 1 + (k % 4),
      timeS: climbS,
      gainM: climbS * 0.28,
      workKj: (climbS * averageW * 1.2) / 1000,
    },
  };
  return {
    start,
    durationS,
    durations,
    power,
    summary,
    row: {
      distance_m: durationS * 8.5,
      elevation_gain_m: (k * 31) % 1500,
      average_power_w: averageW,
      max_power_w: 1100,
      normalized_power_w: npW,
      intensity_factor: npW / 260,
      training_stress_score: ((durationS * npW * (npW / 260)) / (260 * 3600)) * 100,
      variability_index: npW / averageW,
      average_heartrate_bpm: 140 + (k % 20),
      max_heartrate_bpm: 175 + (k % 10),
      average_cadence_rpm: 84 + (k % 9),
    },
  };
}

/**
 * Ride k's tactical facts as the import keeps them (`activities.tactics`): against the FTP of 260 W and
 * the critical power of its 90-day window (`curves`: every seeded ride's), so the predictive analysis
 * adds them up as it does for imported rides.
 */
function benchTactics(
  k: number,
  ride: ReturnType<typeof benchRide>,
  cp: ReturnType<typeof windowCriticalPowers>[number],
) {
  const workKj = (ride.row.average_power_w * ride.durationS) / 1000;
  return JSON.stringify({
    ftpW: 260,
    movingS: ride.durationS,
    surges: k % 12,
    matches: cp ? k % 5 : null,
    cpW: cp?.cpW ?? null,
    wPrimeJ: cp?.wPrimeJ ?? null,
    energyKj: {
      endurance: workKj * 0.55,
      tempo: workKj * 0.2,
      threshold: workKj * 0.15,
      vo2max: workKj * 0.07,
      neuromuscular: workKj * 0.03,
    },
  });
}

/** `count` rides (ride k k+1 days ago) and an FTP of 260 W and 71 kg since 2000; seconds taken. */
export async function seedStoredRides(dataDir: string, userId: string, count: number) {
  const handle = await openDatabase({ pgliteDir: pgliteDirFor(dataDir) });
  try {
    return await seedStoredRidesInto(handle, userId, count);
  } finally {
    await handle.close();
  }
}

/**
 * The same history written through an open database handle (PGlite or PostgreSQL): the load bench
 * seeds many riders into one database, and on PostgreSQL while the server runs.
 */
export async function seedStoredRidesInto(handle: DatabaseHandle, userId: string, count: number) {
  const now = Date.now();
  const t0 = performance.now();
  await handle.db
    .insertInto('athlete_settings_history')
    .values({
      user_id: userId,
      effective_from: '2000-01-01',
      ftp_w: 260,
      weight_kg: 71,
      max_hr_bpm: null,
      lthr_bpm: null,
    })
    .execute();
  const all = Array.from({ length: count }, (_, k) => benchRide(k, now));
  const curves = all.map((r, k) => ({
    activity_id: String(k),
    start_time: r.start,
    durations_s: r.durations,
    // As stored in the real[] column (single precision).
    power_w: r.power.map((p) => Math.fround(p)),
  }));
  const cps = windowCriticalPowers(
    curves,
    all.map((r) => r.start),
  );
  for (let from = 0; from < count; from += 100) {
    const rides = all.slice(from, from + 100);
    await handle.db.transaction().execute(async (trx) => {
      const ids = await trx
        .insertInto('activities')
        .values(
          rides.map((r, i) => ({
            user_id: userId,
            source: 'upload' as const,
            content_hash: `bench-${from + i}`,
            name: `Bench ride ${from + i}`,
            type: 'Ride',
            sport: 'cycling',
            sub_sport: null,
            start_time: r.start,
            elapsed_time_s: r.durationS,
            moving_time_s: r.durationS,
            average_speed_mps: 8.5,
            max_speed_mps: 16,
            work_kj: (r.row.average_power_w * r.durationS) / 1000,
            ftp_w: 260,
            calories_kcal: null,
            device_name: 'bench',
            has_power: true,
            has_heartrate: true,
            has_gps: true,
            notes: null,
            summary: JSON.stringify(r.summary),
            tactics: benchTactics(from + i, r, cps[from + i]),
            analysis_version: ANALYSIS_VERSION,
            ...r.row,
          })),
        )
        .returning('id')
        .execute();
      await trx
        .insertInto('activity_curves')
        .values(
          rides.map((r, i) => ({
            activity_id: ids[i]!.id,
            user_id: userId,
            start_time: r.start,
            durations_s: r.durations,
            power_w: r.power,
          })),
        )
        .execute();
    });
  }
  await handle.db.transaction().execute((trx) => new RiderBestCurve().rebuild(trx, userId, new Date()));
  return (performance.now() - t0) / 1000;
}
